"""A ladder's page: every player's place, rating, tables and change since the last evening, and why it moved."""

from __future__ import annotations

from typing import Any

from babel.numbers import get_decimal_symbol
from flask import Blueprint, render_template
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, gettext, ngettext

from ..games import GAMES
from ..store import ladders
from ..web.i18n import minus_sign

bp = Blueprint("ladders", __name__, url_prefix="/ladders")


def ladder_figure(value: float, *, signed: bool = False) -> str:
    """A rating as the page shows it: two decimals with the reader's decimal sign and minus sign."""
    shown = round(value, 2)
    text = f"{abs(shown):.2f}".replace(".", str(get_decimal_symbol(str(get_locale()))))
    if shown < 0:
        return minus_sign() + text
    return "+" + text if signed and shown > 0 else text


def why(match: dict[str, Any]) -> str:
    """The words of why a rating moved: "won table 2 against Ben (rated 6.10) and Cid (2.40): +1.80"."""
    against = [gettext("%(name)s (rated %(rating)s)", name=name, rating=ladder_figure(rating))
               for name, rating in match["against"]]
    names = against[0] if len(against) == 1 else gettext(
        "%(names)s and %(last)s", names=", ".join(against[:-1]), last=against[-1])
    change = ladder_figure(match["change"], signed=True)
    if match["place"] == 1 and not match["shared"]:
        return gettext("won table %(table)s against %(names)s: %(change)s", table=match["table"], names=names,
                       change=change)
    if match["shared"]:
        return gettext("shared place %(place)s at table %(table)s with %(names)s: %(change)s", place=match["place"],
                       table=match["table"], names=names, change=change)
    return ngettext("came %(num)d of %(sides)s at table %(table)s against %(names)s: %(change)s",
                    "came %(num)d of %(sides)s at table %(table)s against %(names)s: %(change)s", match["place"],
                    sides=match["sides"], table=match["table"], names=names, change=change)


@bp.get("/<ladder_id>")
def show_ladder(ladder_id: str) -> ResponseReturnValue:
    view = ladders.ladder_view(ladder_id)
    return render_template("ladders/show.html", view=view, kind=GAMES[view["game"]], figure=ladder_figure, why=why)
