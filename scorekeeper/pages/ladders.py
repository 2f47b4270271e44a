"""A ladder's pages: a new ladder, its page (ratings, why they moved, their chart), the keeper's link and QR code,
and a new club night of the ladder."""

from __future__ import annotations

from typing import Any

from babel.numbers import get_decimal_symbol
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_percent, get_locale, gettext
from markupsafe import Markup

from ..extensions import db
from ..games import GAMES
from ..models import Ladder
from ..rules.errors import FieldError, RuleError
from ..store import events, ladder_chances, ladders
from ..web import access, charts
from ..web.i18n import minus_sign
from ..web.limits import creation_limit, edit_token_attempts
from ..web.links import absolute_url, qr_svg
from ..web.vary import vary_on
from . import made_once
from .event_forms import NewEventForm
from .ladder_forms import NewLadderForm

bp = Blueprint("ladders", __name__, url_prefix="/ladders")
bp.add_app_template_filter(format_percent)  # a ladder's chances, on its club nights' pages too


def keeper_key(public_id: str) -> str:
    """Under which key this browser keeps the ladder keeper's token of the ladder `public_id`."""
    return f"ladder:{public_id}"


def keeper_token(ladder: Ladder) -> str | None:
    """The keeper's token, if this browser holds it."""
    token = access.remembered_token(keeper_key(ladder.public_id))
    return token if ladder.has_edit_token(token) else None


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
        return gettext("shared place %(place)s at table %(table)s with %(names)s: %(change)s",
                       place=match["place"], table=match["table"], names=names, change=change)
    return gettext("placed %(place)s of %(sides)s at table %(table)s against %(names)s: %(change)s",
                   place=match["place"], sides=match["sides"], table=match["table"], names=names, change=change)


def rating_chart(view: dict[str, Any]) -> charts.Chart | None:
    """Every player's rating after each evening, from 0 (the defaults' rating) before the first; in tenths, as
    the chart's geometry takes whole numbers."""
    if not view["ratings"] or not view["events"]:
        return None
    series = {line["player"]: [0, *(round(10 * (r or 0.0)) for r in evenings)]
              for line, evenings in zip(view["ratings"], view["evenings"], strict=True)}
    return charts.plot(series)


@bp.route("/new", methods=["GET", "POST"])
@creation_limit
def new_ladder() -> ResponseReturnValue:
    if request.method == "POST" and (answer := made_once.replayed(request.path, keeper_key)) is not None:
        return answer
    form = NewLadderForm()
    if form.validate_on_submit():
        try:
            created = ladders.create_ladder(form.payload())
            return made_once.committed(
                request.path, url_for("ladders.show_ladder", ladder_id=created.ladder.public_id), keeper_key,
                public_id=created.ladder.public_id, token=created.edit_token)
        except RuleError as error:
            db.session.rollback()
            form.attach(error)
    status = 422 if form.is_submitted() else 200
    return render_template("ladders/new.html", form=form), status


STANDINGS = "ladders/_standings.html"


@bp.get("/<ladder_id>")
def show_ladder(ladder_id: str) -> ResponseReturnValue:
    """The ladder's page; its ratings, chart and matches (the same for every reader) are kept for the ladder's
    version in each language, so a ladder of 1,500 matches answers from its kept part."""
    language = str(get_locale())
    version, standings = ladders.ladder_part(ladder_id, STANDINGS, language)
    if standings is None:
        view = ladders.ladder_view(ladder_id)
        standings = render_template(STANDINGS, view=view, figure=ladder_figure, why=why, chart=rating_chart(view))
        ladders.keep_part(ladder_id, STANDINGS, language, version, standings)
    ladder = ladders.ladder_or_404(ladder_id)
    token = keeper_token(ladder)
    response = Response(render_template(
        "ladders/show.html", ladder=ladder, kind=GAMES[ladder.kind], events=ladders.evening_count(ladder),
        standings=Markup(standings),  # noqa: S704  # our own render
        keeper_link=absolute_url("ladders.keep", ladder_id=ladder.public_id, token=token) if token else None,
        ladder_link=absolute_url("ladders.show_ladder", ladder_id=ladder.public_id)))
    vary_on(response, "Cookie")
    return response


@bp.get("/<ladder_id>/keep")
@edit_token_attempts
def keep(ladder_id: str) -> ResponseReturnValue:
    """The keeper's link: this browser keeps the token, then shows the ladder page with its controls."""
    ladder = ladders.ladder_or_404(ladder_id)
    token = request.args.get("token", "")
    if not ladder.has_edit_token(token):
        abort(403)
    access.remember_key(keeper_key(ladder.public_id), token)
    return redirect(url_for("ladders.show_ladder", ladder_id=ladder.public_id), 303)


@bp.get("/<ladder_id>/qr.svg")
def keeper_qr(ladder_id: str) -> ResponseReturnValue:
    """The QR code of the keeper's link, to open the ladder's controls on another phone."""
    ladder = ladders.ladder_or_404(ladder_id)
    token = keeper_token(ladder)
    if token is None:
        abort(403)
    response = Response(qr_svg(absolute_url("ladders.keep", ladder_id=ladder.public_id, token=token)),
                        mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    vary_on(response, "Cookie")
    return response


@bp.route("/<ladder_id>/events/new", methods=["GET", "POST"])
@creation_limit
def new_event(ladder_id: str) -> ResponseReturnValue:
    """A new club night of the ladder (its keeper only); the evening's organiser's link follows."""
    ladder = ladders.ladder_or_404(ladder_id)
    token = keeper_token(ladder)
    if token is None:
        abort(403)
    if request.method == "POST" and (answer := made_once.replayed(request.path)) is not None:
        return answer
    form = NewEventForm(data=None if request.method == "POST" else {"game": ladder.kind})
    if form.validate_on_submit():
        try:
            locked = ladders.keepers_ladder(ladder.public_id, token)
            if isinstance(locked, FieldError):
                abort(403)
            ladders.join(locked, form.game.data)
            created = events.create_event(form.payload())
            created.event.ladder_id = locked.id
            # The evening's organiser's link, which this keeper hands over (the keeper's browser keeps no token).
            return made_once.committed(
                request.path, url_for("events.organise", event_id=created.event.public_id, token=created.edit_token))
        except RuleError as error:
            db.session.rollback()
            form.attach(error)
    status = 422 if form.is_submitted() else 200
    return render_template("events/new.html", form=form, ladder=ladder,
                           action=url_for("ladders.new_event", ladder_id=ladder.public_id)), status



@bp.get("/evenings/<event_id>/chances")
def evening_chances(event_id: str) -> ResponseReturnValue:
    """The chances of a ladder's club night's latest round, for the big screen to follow a new round seated."""
    if ladder_chances.evening_of_ladder(event_id) is None:
        abort(404)
    response = Response(render_template("ladders/_chances.html",
                                        chances={"event": event_id, "tables": ladder_chances.round_chances(event_id)}))
    response.headers["Cache-Control"] = "no-cache"
    return response
