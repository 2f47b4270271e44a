"""`flask --app scorekeeper.app purge` (store/purge.py): abandoned games go, with all kept for them; sessions and
club nights go only as a whole."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select, text, update

from scorekeeper.extensions import db
from scorekeeper.models import (
    Event,
    EventTable,
    Game,
    Hand,
    IdempotencyKey,
    Piece,
    Render,
    RenderCacheSize,
    Seat,
    utcnow,
)

from ..games import PIQUET_DEALS, PIQUET_GAME, SPADES_GAME, SPADES_HANDS
from .api_client import create
from .test_api_events import EVENT, play, seat
from .test_api_events import create as create_event

DAY = timedelta(days=1)
KEPT_FOR_EACH_GAME = (Hand, Seat, Piece, Render, IdempotencyKey)


def age(app, public_ids, days):
    """Make the games look unchanged for `days` days (and created then)."""
    with app.app_context():
        then = utcnow() - days * DAY
        db.session.execute(update(Game).where(Game.public_id.in_(public_ids)).values(changed_at=then, created_at=then))
        db.session.commit()


def age_event(app, event_id, days):
    with app.app_context():
        event = db.session.execute(select(Event).filter_by(public_id=event_id)).scalar_one()
        event.created_at = utcnow() - days * DAY
        games = [table.game.public_id for table in event.tables]
        db.session.commit()
    age(app, games, days)
    return games


def counts(app):
    with app.app_context():
        return {model.__name__: db.session.execute(select(func.count()).select_from(model)).scalar_one()
                for model in (Game, Event, EventTable, *KEPT_FOR_EACH_GAME)}


def games_left(app):
    with app.app_context():
        return set(db.session.execute(select(Game.public_id)).scalars())


def used(client, table):
    """A game as players leave it: hands written with keys, read in four languages (renders and pieces kept)."""
    for number, hand in enumerate(SPADES_HANDS[:3], start=1):
        assert table.post(hand, headers={**table.headers, "Idempotency-Key": f"hand-{number}"}).status_code == 201
    for language in ("en", "fr", "de", "es"):
        assert client.get(f"/g/{table.id}", headers={"Accept-Language": language}).status_code == 200
        assert client.get(table.path, headers={"Accept-Language": language}).status_code == 200
    return table


def purge(app, *args):
    result = app.test_cli_runner().invoke(args=["purge", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_game_with_no_change_for_a_year_goes_with_all_kept_for_it(app, client):
    before = counts(app)
    abandoned = used(client, create(client, SPADES_GAME))
    played = used(client, create(client, SPADES_GAME))
    with_game = counts(app)
    assert all(with_game[model.__name__] > before[model.__name__] for model in KEPT_FOR_EACH_GAME)
    age(app, [abandoned.id], 366)
    age(app, [played.id], 364)

    assert purge(app, "--dry-run").startswith("Would purge 1 games (3 hands) and 0 club nights with no change for "
                                              "365 days")
    assert games_left(app) == {abandoned.id, played.id}

    assert purge(app).startswith("Purged 1 games (3 hands) and 0 club nights")

    assert games_left(app) == {played.id}
    assert client.get(f"/g/{abandoned.id}").status_code == 404
    assert played.get()["hands"][2]["number"] == 3
    # What was kept for the two games (used alike) is halved: nothing of the purged one is left.
    assert counts(app) == {name: with_game[name] - (with_game[name] - before[name]) // 2 for name in with_game}
    with app.app_context():
        kept = sum(db.session.execute(select(func.coalesce(func.sum(model.size), 0))).scalar_one()
                   for model in (Render, Piece))
        assert db.session.get(RenderCacheSize, 1).bytes == kept, "the cache's kept size lets go of the purged renders and pieces"


def test_any_change_counts_and_the_time_is_a_setting_or_an_option(app, client):
    touched = create(client, SPADES_GAME)
    age(app, [touched.id], 400)
    assert touched.post(SPADES_HANDS[0]).status_code == 201, "a hand recorded now is a change"
    undone = create(client, SPADES_GAME)
    undone.add(SPADES_HANDS[0])
    age(app, [undone.id], 400)
    assert undone.delete(1).status_code == 204, "so is an undo"
    old = create(client, SPADES_GAME)
    age(app, [old.id], 40)

    assert purge(app).startswith("Purged 0 games")
    assert purge(app, "--older-than", "50").startswith("Purged 0 games")
    assert purge(app, "--older-than", "30").startswith("Purged 1 games (0 hands)")
    assert games_left(app) == {touched.id, undone.id}

    app.config["PURGE_AFTER_DAYS"] = 10
    age(app, [touched.id], 20)
    assert purge(app).startswith("Purged 1 games (1 hands) and 0 club nights with no change for 10 days")
    assert games_left(app) == {undone.id}


def test_a_session_goes_only_as_a_whole(app, client):
    first = create(client, PIQUET_GAME)
    first.add(*PIQUET_DEALS)
    second = first.next().get_json()["id"]
    age(app, [first.id], 500)

    assert purge(app).startswith("Purged 0 games"), "the second partie was played now: the first stays with it"

    age(app, [second], 400)
    assert purge(app).startswith("Purged 2 games (6 hands)")
    assert games_left(app) == set()


def test_a_club_night_goes_only_as_a_whole_with_its_tables(app, client):
    finished = create_event(client, {**EVENT, "rounds": 1})
    for table in seat(client, finished)["tables"]:
        play(client, table)
    going = create_event(client, EVENT)
    tables = seat(client, going)["tables"]
    play(client, tables[0])
    finished_games = age_event(app, finished["id"], 400)
    going_games = age_event(app, going["id"], 400)
    play(client, tables[1])

    assert purge(app, "--dry-run").startswith(
        f"Would purge {len(finished_games)} games ({len(finished_games)} hands) and 1 club nights")
    purge(app)

    assert games_left(app) == set(going_games)
    assert client.get(f"/api/v1/events/{finished['id']}").status_code == 404
    kept = client.get(f"/api/v1/events/{going['id']}").get_json()
    assert [table["game"] for table in kept["tables"]] == [table["game"] for table in tables]
    assert sum(line["tables"] for line in kept["standings"]) == 2 * 3, "two tables of three played"
    with app.app_context():
        assert db.session.execute(text("SELECT count(*) FROM event_table")).scalar_one() == len(tables)
