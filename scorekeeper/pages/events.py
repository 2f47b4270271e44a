"""Club nights' pages: the new-event form, the event page (the organiser's too), the big screen, exports."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_datetime, format_time, get_locale
from markupsafe import Markup

from ..extensions import db
from ..games import GAMES
from ..models import token_matches
from ..rules.errors import RuleError
from ..rules.events import TableProgress, progress
from ..store import events, idempotency, ladder_chances, writes
from ..store.event_views import Viewed, current_version, event_view, keep_part, view_of, viewed
from ..web import access
from ..web.i18n import listed
from ..web.limits import creation_limit, edit_token_attempts, seating_limit
from ..web.links import absolute_url, qr_svg
from ..web.vary import vary_on
from . import event_csv, made_once
from .event_figures import event_figure, table_lines, worked_lines
from .event_forms import NewEventForm, SeatRoundForm

bp = Blueprint("events", __name__, url_prefix="/events")
bp.add_app_template_global(format_datetime)
bp.add_app_template_global(event_figure)
bp.add_app_template_global(worked_lines)
bp.add_app_template_global(table_lines)


def organiser_key(public_id: str) -> str:
    """Under which key this browser keeps the organiser's token of the event `public_id`."""
    return f"event:{public_id}"


def organiser_token(public_id: str, edit_token_hash: str) -> str | None:
    """The organiser's token, if this browser holds it."""
    token = access.remembered_token(organiser_key(public_id))
    return token if token_matches(token, edit_token_hash) else None


@bp.app_template_global()
def spoken_list(items: list[Any]) -> str:
    """Table numbers or names as the reader's language lists them: "1, 2 and 3", "1, 2 und 3"."""
    return listed([str(item) for item in items], str(get_locale()))


@bp.app_template_global()
def clock_time(stamp: str) -> str:
    """When a round ends by its clock, written the reader's way ("21:40")."""
    return format_time(datetime.fromisoformat(stamp), "short")


@bp.app_template_global()
def event_moment(stamp: str) -> str:
    """When a table was corrected, written the reader's way."""
    return format_datetime(datetime.fromisoformat(stamp), "short")


@bp.route("/new", methods=["GET", "POST"])
@creation_limit
def new_event() -> ResponseReturnValue:
    if request.method == "POST" and (answer := made_once.replayed(request.path, organiser_key)) is not None:
        return answer  # this very form again (a double tap, a retry): the event it created, organised from here too
    form = NewEventForm()
    if form.validate_on_submit():
        try:
            created = events.create_event(form.payload())
            return made_once.committed(request.path, url_for("events.show_event", event_id=created.event.public_id),
                                       organiser_key, public_id=created.event.public_id, token=created.edit_token)
        except RuleError as error:
            db.session.rollback()
            form.attach(error)
    status = 422 if form.is_submitted() else 200
    return render_template("events/new.html", form=form), status


@bp.get("/<event_id>/organise")
@edit_token_attempts
def organise(event_id: str) -> ResponseReturnValue:
    """The organiser's link: this browser keeps the token, then shows the event page with its controls."""
    event = events.event_or_404(event_id)
    token = request.args.get("token", "")
    if not event.has_edit_token(token):
        abort(403)
    access.remember_key(organiser_key(event.public_id), token)
    return redirect(url_for("events.show_event", event_id=event.public_id), 303)


@bp.get("/<event_id>")
def show_event(event_id: str) -> ResponseReturnValue:
    """Standings and everyone's tables by the plain link; the organiser also sees the controls and edit links."""
    kept = viewed(event_id, LEADERBOARD, TABLES)
    token = organiser_token(kept.view["id"], kept.view["edit_token_hash"])
    context = with_leaderboard(kept, token)
    # The tables as every reader sees them are kept too; the organiser, and a table's phone that may confirm, get
    # their own (edit links and QR codes, "Ben confirms").
    context["tables"] = (with_part(kept, TABLES, lambda: context) if not (context["organiser"] or context["confirming"])
                         else Markup(render_template(TABLES, **context)))  # noqa: S704  # our own render
    response = make_response(render_template("events/show.html", **context,
                                             chances=chances(kept)))
    vary_on(response, "Cookie")
    return response


def chances(kept: Viewed) -> dict[str, Any] | None:
    """A ladder's club night: each table of its latest round with each side's chances (None for another night)."""
    return {"event": kept.public_id, "tables": ladder_chances.round_chances(kept.public_id)} if kept.in_ladder else None


LEADERBOARD = "events/_leaderboard.html"
TABLES = "events/_tables.html"
SEATING = "events/_seating.html"


def with_leaderboard(kept: Viewed, token: str | None) -> dict[str, Any]:
    """`page_context` with the standings drawn (`leaderboard`)."""
    context = page_context(kept.view, token)
    context["leaderboard"] = with_part(kept, LEADERBOARD, lambda: context)
    return context


def screen_context(kept: Viewed) -> dict[str, Any]:
    """What the big screen and its polls show: the event's name, the round's seating and the standings. While
    those are kept, the view (every table's) is not decoded, so the screen costs the same however many tables the
    event has."""
    return {"name": kept.name, "event_id": kept.public_id, "live_etag": live_etag(kept.version),
            "seating": with_part(kept, SEATING, lambda: page_context(kept.view, None)),
            "leaderboard": with_part(kept, LEADERBOARD, lambda: page_context(kept.view, None))}


def with_part(kept: Viewed, part: str, context: Callable[[], dict[str, Any]]) -> Markup:
    """The template `part`, drawn from the view alone (`context()`, asked for only then): kept for this version and
    language, or drawn and kept."""
    html = kept.parts[part]
    if html is None:
        html = render_template(part, **context())
        keep_part(kept, part, html)
    return Markup(html)  # noqa: S704  # our own render


def page_context(view: dict[str, Any], token: str | None) -> dict[str, Any]:
    """What the event's templates show: the view, and for this reader the edit links and confirmations it may use."""
    tables = view["tables"]
    edit_links = {
        t["game"]: absolute_url("views.join", game_id=t["game"], token=events.table_token(token, t["game"]))
        for t in tables
    } if token else {}
    # Finished tables waiting for a confirmation: the organiser may confirm each, a table's phone its own.
    awaiting = {t["game"]: t["edit_hash"] for t in tables if t["status"] == "finished" and t["confirmed_by"] is None}
    held = set(awaiting) if token else access.holding_tokens(awaiting)
    confirming = {t["game"]: t["confirmers"] for t in tables if t["game"] in held}
    current = [t for t in tables if t["round"] == view["round"]]
    wanted = request.args.get("player", "").strip().casefold()
    player = next((name for name in view["players"] if name.casefold() == wanted), None) if wanted else None
    return {
        "player": player,
        "player_tables": [t for t in tables if player in t["players"]] if player else [],
        "player_byes": [b["round"] for b in view["byes"] if b["player"] == player] if player else [],
        "view": view, "kind": GAMES[view["game"]], "organiser": token is not None, "confirming": confirming,
        # In Python: Jinja's sort filter takes a tenth of a 30-table event's page for its 90 names.
        "players_by_name": sorted(view["players"], key=str.lower),
        "edit_links": edit_links, "rounds": range(view["round"], 0, -1),
        "playing": [t["table"] for t in current if t["status"] != "finished"],
        "unconfirmed": [t["table"] for t in current if t["status"] == "finished" and t["confirmed_by"] is None],
        "organiser_link": absolute_url("events.organise", event_id=view["id"], token=token) if token else None,
        "event_link": absolute_url("events.show_event", event_id=view["id"]),
        "live_etag": live_etag(view["version"]), "seat_form": SeatRoundForm(),
        "progress": progress(view["rounds"], [
            TableProgress(t["round"], t["table"], t["status"] == "finished", t["confirmed_by"] is not None)
            for t in tables]),
    }


@bp.post("/<event_id>/rounds")
@seating_limit(lambda: events.tables_a_round((request.view_args or {})["event_id"]))
def seat_round(event_id: str) -> ResponseReturnValue:
    if not SeatRoundForm().validate_on_submit():
        abort(400)
    event = events.event_or_404(event_id, lock=True)
    token = organiser_token(event.public_id, event.edit_token_hash)
    if token is None:
        abort(403)
    if (sent := idempotency.sent_before(request.path)) is not None:
        return redirect(sent.location, 303)  # this very button again (a double tap): the round it seated
    try:
        events.seat_next_round(event, token)
        idempotency.remember_form(request.path, url_for("events.show_event", event_id=event.public_id))
        writes.commit()
    except RuleError as error:
        db.session.rollback()
        if (sent := idempotency.sent_before(request.path)) is not None:
            return redirect(sent.location, 303)
        context = page_context(view_of(events.load_event(event_id)), token)
        for name, part in (("leaderboard", LEADERBOARD), ("tables", TABLES)):
            context[name] = Markup(render_template(part, **context))  # noqa: S704  # our own render
        context["refusal"] = [str(e.message) for e in error.errors]
        return render_template("events/show.html", **context), 409
    return redirect(url_for("events.show_event", event_id=event.public_id), 303)


@bp.post("/<event_id>/tables/<int:round_number>/<int:number>/confirm")
def confirm(event_id: str, round_number: int, number: int) -> ResponseReturnValue:
    """"Ben confirms": on the table's phone (or the organiser's), a player of another side confirms the result."""
    if not SeatRoundForm().validate_on_submit():
        abort(400)
    event = events.event_or_404(event_id, lock=True)
    state = events.load_event(event_id)
    played = next((t for t in state.tables if (t.row.round, t.row.number) == (round_number, number)), None)
    if played is None:
        abort(404)
    token = organiser_token(event.public_id, event.edit_token_hash) or access.token_for(played.game) or ""
    try:
        events.confirm(event, round_number, number, request.form.get("player"), token)
        writes.commit()
    except RuleError:
        db.session.rollback()  # the page shows the table as it stands: finished or not, confirmed or not
    if request.form.get("back") == "table":  # confirmed on the table's own page: back to it
        return redirect(url_for("views.show_game", game_id=played.game.public_id), 303)
    anchor = f"table-{round_number}-{number}"
    return redirect(url_for("events.show_event", event_id=event.public_id, _anchor=anchor), 303)


@bp.get("/<event_id>/tables/<game_id>/qr.svg")
def table_qr(event_id: str, game_id: str) -> ResponseReturnValue:
    """The QR code of a table's edit link, for the organiser to show that table's phone."""
    view = event_view(event_id)
    token = organiser_token(view["id"], view["edit_token_hash"])
    if token is None:
        abort(403)
    if not any(t["game"] == game_id for t in view["tables"]):
        abort(404)
    url = absolute_url("views.join", game_id=game_id, token=events.table_token(token, game_id))
    response = Response(qr_svg(url), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    vary_on(response, "Cookie")
    return response


@bp.get("/<event_id>/screen")
def screen(event_id: str) -> ResponseReturnValue:
    """The big-screen leaderboard: large type, kept up to date by polling with the event's ETag."""
    kept = viewed(event_id, SEATING, LEADERBOARD)
    return render_template("events/screen.html", **screen_context(kept), chances=chances(kept))


def live_etag(version: int) -> str:
    return f"event-{version}"


@bp.get("/<event_id>/live")
def live(event_id: str) -> ResponseReturnValue:
    """304 while the screen shows the event as it is (one query), else the round's seating and the leaderboard."""
    version = current_version(event_id)
    if version is None:
        abort(404)
    etag = live_etag(version)
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        context = screen_context(viewed(event_id, SEATING, LEADERBOARD))
        response = make_response(context["seating"] + context["leaderboard"])
        etag = context["live_etag"]
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/<event_id>/standings.csv")
def standings_csv(event_id: str) -> ResponseReturnValue:
    view = event_view(event_id)
    return csv_file(event_csv.standings_csv(view), f"event-{view['id']}-standings.csv")


@bp.get("/<event_id>/tables.csv")
def tables_csv(event_id: str) -> ResponseReturnValue:
    view = event_view(event_id)
    return csv_file(event_csv.tables_csv(view), f"event-{view['id']}-tables.csv")


def csv_file(text: str, filename: str) -> Response:
    return Response(text, mimetype="text/csv", headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/<event_id>/sheet")
def sheet(event_id: str) -> ResponseReturnValue:
    """The results on one printable page."""
    return render_template("events/sheet.html", **with_leaderboard(viewed(event_id, LEADERBOARD), None))

