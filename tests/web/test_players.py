"""Players across games: recognised by name in any case, suggested as you type, and their stats.

The games are recorded through the JSON API. Ann plays in every one of
them, spelt "Ann", "ann" and " ANN ", which is one player.
"""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta

import pytest
from sqlalchemy import event, select, update

from scorekeeper.extensions import db
from scorekeeper.models import Game, PlayerRecord, utcnow
from scorekeeper.store import player_records, records

from .api_client import Table
from .forms_client import post_form

E, Y = "elder", "younger"
ALTERNATE = [E, Y] * 6

# Ann deals, so Ben, Cid, Ann bid. Ann declares 9 with nil on her own hand and takes
# nothing; the dummy takes 10: 90 + 1 (1 bag) + 100 = 191, past the target of 100: Ann wins.
SPADES_WON = (
    {"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann", "settings": {"target": 100}},
    [{"bids": [{"player": "Ann", "bid": 9, "nil": ["Ann"]}, {"player": "Ben", "bid": 2}, {"player": "Cid", "bid": 2}],
      "tricks": {"Ann": 0, "dummy": 10, "Ben": 2, "Cid": 1}}],
)
# Eve declares 7 and takes 8: 71, past 50, Eve wins. ann defends with Dee and bids 3: the
# defenders take 5, +32 (2 bags). Her nil on the dummy is void; her nil on Dee applies and
# fails (Dee took 1): -100. ann ends on -68.
SPADES_LOST = (
    {"game": "dummy-spades", "players": ["ann", "Dee", "Eve"], "first_dealer": "ann", "settings": {"target": 50}},
    [{"bids": [{"player": "ann", "bid": 3, "nil": ["dummy", "Dee"]}, {"player": "Dee", "bid": 4},
               {"player": "Eve", "bid": 7}],
      "tricks": {"ann": 4, "dummy": 3, "Dee": 1, "Eve": 5}}],
)
# Not finished, bag limit 5. Hand 1: Ben declares 6 and is set; ANN bids 2, the defenders
# take 8: +26 and 6 bags, which reach the limit: -100, 1 bag left. Hand 2: ANN declares 8
# and her team takes 6: set, -80.
SPADES_UNFINISHED = (
    {"game": "dummy-spades", "players": ["Ben", "Cid", " ANN "], "first_dealer": "Ben", "settings": {"bag_limit": 5}},
    [{"bids": [{"player": "ANN", "bid": 2}, {"player": "Ben", "bid": 6}, {"player": "Cid", "bid": 2}],
      "tricks": {"ANN": 3, "dummy": 2, "Ben": 3, "Cid": 5}},
     {"bids": [{"player": "ANN", "bid": 8}, {"player": "Ben", "bid": 3}, {"player": "Cid", "bid": 3}],
      "tricks": {"ANN": 3, "dummy": 3, "Ben": 4, "Cid": 3}}],
)
# Ben deals first, so Ann is elder in deals 1, 3 and 5.
# 1: Ann's point of 6 (6), sixieme (16) and quatorze of aces (14) make 36 before Ben scores:
#    repique 60; the tricks alternate, 12 trick points each. Ann 108, Ben 12.
# 2: nothing declared, tricks alternate: 12 each. Ann 120, Ben 24.
# 3: Ann's point of 5 (5), quint (15) and trio of kings (3) make 23; she leads (1) and wins
#    the first six tricks (6): 30 before Ben scores, pique 30; Ben takes the last six (7).
#    Ann 180, Ben 31.
# 4: Ann, younger, wins every trick: 13 trick points and capot 40; Ben 1 for the lead. Ann 233, Ben 32.
# 5, 6: tricks alternate, 12 each. Ann 257, Ben 56: Ben is rubiconed, Ann scores 100 + 257 + 56 = 413.
REPIQUE_DEAL = {"point": {E: {"cards": 6, "value": 60}}, "sequences": {E: [{"length": 6, "top": "A"}]},
                "sets": {E: [{"size": 4, "rank": "A"}]}, "tricks": ALTERNATE}
PIQUE_DEAL = {"point": {E: {"cards": 5, "value": 50}}, "sequences": {E: [{"length": 5, "top": "A"}]},
              "sets": {E: [{"size": 3, "rank": "K"}]}, "tricks": [E] * 6 + [Y] * 6}
RUBICON_PARTIE = (
    {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben"},
    [REPIQUE_DEAL, {"tricks": ALTERNATE}, PIQUE_DEAL, {"tricks": [Y] * 12}, {"tricks": ALTERNATE},
     {"tricks": ALTERNATE}],
)
# Saunt to 50: Ann, elder, wins every trick: 13 + capot 40 = 53 and the game.
SAUNT_GAME = (
    {"game": "piquet", "players": ["Ann", "Ben"], "first_dealer": "Ben", "settings": {"variant": "saunt", "target": 50}},
    [{"tricks": [E] * 12}],
)
EVERY_GAME = (SPADES_WON, SPADES_LOST, SPADES_UNFINISHED, RUBICON_PARTIE, SAUNT_GAME)


def record(client, game):
    """Create a game through the API and post its hands; returns the game's id."""
    payload, hands = game
    response = client.post("/api/v1/games", json=payload)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    for hand in hands:
        posted = client.post(f"/api/v1/games/{created['id']}/hands", json=hand,
                             headers={"Authorization": f"Bearer {created['edit_token']}"})
        assert posted.status_code == 201, posted.get_json()
    return created["id"]


@pytest.fixture
def played(client):
    for game in EVERY_GAME:
        record(client, game)
    return client


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", fragment))).strip()


def stats(page: str, section: str) -> dict[str, str]:
    """The figures of one section of a player's page: {label: value}."""
    block = re.search(rf'<section class="player-stats" aria-labelledby="{section}">(.*?)</section>', page, re.S)
    assert block, f"no {section} section"
    return {text(label): text(value) for label, value in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", block.group(1), re.S)}


def heading(page: str) -> str:
    return text(re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1))


def suggestions(page: str) -> list[str]:
    datalist = re.search(r'<datalist id="player-names">(.*?)</datalist>', page, re.S).group(1)
    return [html.unescape(value) for value in re.findall(r'<option value="([^"]*)"', datalist)]


def test_a_players_spades_stats_count_every_game_and_hand(played):
    page = played.get("/players/Ann").get_data(as_text=True)

    assert stats(page, "spades-stats") == {
        "Games finished": "2",
        "Games not finished": "1",
        "Wins": "1 of 2 (50%)",
        "Average final score": "61.5",  # (191 - 68) / 2
        "Bids made": "3 of 4 (75%)",  # set only in the last hand
        "Declarer": "2 of 4 (50%)",
        "Nils made": "1 of 2 (50%)",  # the void nil on the dummy does not count
        "Bags per hand": "2.25",  # 1 + 2 + 6 + 0 bags in 4 hands
    }


def kept_records(app):
    """The players' sums as their next page reads them: brought up to date with the games changed since."""
    with app.app_context():
        with db.engine.begin() as connection:
            player_records.count_pending(connection)
        rows = db.session.execute(select(PlayerRecord.name_key, PlayerRecord.kind, PlayerRecord.name,
                                         PlayerRecord.latest_game, PlayerRecord.games, PlayerRecord.record))
        return sorted((*row[:-1], json.dumps(as_multiset(row[-1]), sort_keys=True)) for row in rows)


def as_multiset(record):
    """A record with its lists (final scores) in order: a sum's lists hold its games' scores in any order."""
    return {name: sorted(value) if isinstance(value, list) else as_multiset(value) if isinstance(value, dict)
            else value for name, value in record.items()}


def counted_again(app):
    """The players' records counted from scratch, every game replayed, as the migration counts them."""
    with app.app_context():
        with db.engine.begin() as connection:
            player_records.count_again(connection)
    return kept_records(app)


def test_the_page_reads_the_players_kept_record(played, app):
    first = stats(played.get("/players/Ann").get_data(as_text=True), "spades-stats")
    with app.app_context():
        kept = db.session.get_one(PlayerRecord, ("ann", "dummy-spades"))
        assert (kept.name, kept.games) == ("ANN", 3)
        kept.record = {**kept.record, "bags": kept.record["bags"] + 100}
        db.session.commit()

    assert stats(played.get("/players/Ann").get_data(as_text=True), "spades-stats")["Bags per hand"] != (
        first["Bags per hand"]), "the kept record is what the page shows"


def test_every_change_to_a_game_reaches_its_players_records_by_their_next_page(played, app):
    kept = kept_records(app)
    assert counted_again(app) == kept
    payload, hands = SPADES_WON
    table = Table(played, played.post("/api/v1/games", json=payload).get_json())
    table.add(*hands)
    assert table.put(1, SPADES_LOST[1][0] | {"bids": [{"player": "Ann", "bid": 3}, {"player": "Ben", "bid": 4},
                                                       {"player": "Cid", "bid": 7}],
                                             "tricks": {"Ann": 4, "dummy": 3, "Ben": 1, "Cid": 5}}
                     ).status_code == 200
    unfinished = Table(played, played.post("/api/v1/games", json=SPADES_UNFINISHED[0]).get_json())
    unfinished.add(*SPADES_UNFINISHED[1])
    assert unfinished.delete(2).status_code == 204
    after = kept_records(app)
    assert after != kept
    assert counted_again(app) == after

    assert played.get(f"/g/{table.id}/join/{table.token}").status_code == 303
    assert post_form(played, f"/g/{table.id}/delete", {}, f"/g/{table.id}/delete").status_code == 303
    assert played.get(f"/g/{table.id}").status_code == 404
    assert counted_again(app) == kept_records(app)
    page = played.get("/players/Ann").get_data(as_text=True)
    assert stats(page, "spades-stats")["Games not finished"] == "2"


def test_purged_games_come_off_their_players_records(played, app):
    with app.app_context():
        db.session.execute(update(Game).where(Game.kind == "piquet").values(changed_at=utcnow() - timedelta(days=400)))
        db.session.commit()
    assert app.test_cli_runner().invoke(args=["purge"]).output.startswith("Purged 2 games")

    assert counted_again(app) == kept_records(app)
    assert 'aria-labelledby="piquet-stats"' not in played.get("/players/Ann").get_data(as_text=True)
    assert played.get("/players/Ben").status_code == 200, "Ben played Spades too"


def count_page_queries(app, client, path):
    """The SQL statements reading `path` runs."""
    statements = []

    def note(_conn, _cursor, statement, *_args):
        if statement != "BEGIN":
            statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        assert client.get(path).status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return statements


def test_the_page_counts_the_games_changed_since_in_as_many_statements_for_one_as_for_thirty(app, client):
    record(client, SPADES_WON)
    one_changed = count_page_queries(app, client, "/players/Ann")
    none_changed = count_page_queries(app, client, "/players/Ann")
    for game in (SPADES_WON, SPADES_LOST, SPADES_UNFINISHED, RUBICON_PARTIE, SAUNT_GAME) * 6:
        record(client, game)
    thirty_changed = count_page_queries(app, client, "/players/Ann")

    assert len(none_changed) == 2, "the games pending (none), then the player's sums"
    assert none_changed[0].startswith("UPDATE game SET records_pending")
    assert "FROM player_record" in none_changed[1]
    assert len(one_changed) == len(thirty_changed) > 2
    assert not any(re.search(r"\b(hand|seat|render)\b", statement) for statement in one_changed + thirty_changed)


def test_a_save_leaves_the_sums_to_the_next_page(played, app):
    before = kept_records(app)
    payload, hands = SPADES_WON
    table = Table(played, played.post("/api/v1/games", json=payload).get_json())
    with app.app_context():
        sums = db.session.execute(select(PlayerRecord.name_key, PlayerRecord.games)).all()
    table.add(*hands)
    with app.app_context():
        assert db.session.execute(select(PlayerRecord.name_key, PlayerRecord.games)).all() == sums
        assert db.session.execute(select(Game.records_pending).filter_by(public_id=table.id)).scalar_one()

    page = played.get("/players/Ann").get_data(as_text=True)
    assert stats(page, "spades-stats")["Games finished"] == "3"
    with app.app_context():
        assert not db.session.execute(select(Game.records_pending).filter_by(public_id=table.id)).scalar_one()
    assert kept_records(app) != before


def test_an_imported_game_reaches_its_players_sums_as_it_commits_and_leaves_the_next_page_nothing_to_count(
        played, app):
    exported = played.get(f"/g/{record(played, SPADES_WON)}/export.json").get_json()
    with app.app_context():
        sums = dict(db.session.execute(select(PlayerRecord.name_key, PlayerRecord.games)
                                       .where(PlayerRecord.kind == "dummy-spades")).all())
        db.session.execute(update(Game).values(records_pending=False))
        db.session.commit()

    imported = played.post("/api/v1/games/import", json=exported)

    assert imported.status_code == 201, imported.get_json()
    with app.app_context():
        assert not db.session.execute(select(Game.records_pending)
                                      .filter_by(public_id=imported.get_json()["id"])).scalar_one()
        after = dict(db.session.execute(select(PlayerRecord.name_key, PlayerRecord.games)
                                        .where(PlayerRecord.kind == "dummy-spades")).all())
    assert {key: games - sums.get(key, 0) for key, games in after.items() if games != sums.get(key, 0)} == {
        "ann": 1, "ben": 1, "cid": 1}


def test_a_players_piquet_stats_count_parties_settlements_and_bonuses(played):
    page = played.get("/players/Ann").get_data(as_text=True)

    assert stats(page, "piquet-stats") == {
        "Rubicon parties": "1",
        "Parties won": "1 of 1 (100%)",
        "Settlements won": "413 points",
        "Settlements lost": "0 points",
        "Times rubiconed": "0",
        "Saunt games won": "1 of 1 (100%)",
        "Deals played": "7",
        "Repiques": "1",
        "Piques": "1",
        "Capots": "2",
    }


def test_the_rubiconed_opponent_has_the_settlement_lost(played):
    page = played.get("/players/Ben").get_data(as_text=True)

    assert stats(page, "piquet-stats") == {
        "Rubicon parties": "1",
        "Parties won": "0 of 1 (0%)",
        "Settlements won": "0 points",
        "Settlements lost": "413 points",
        "Times rubiconed": "1",
        "Saunt games won": "0 of 1 (0%)",
        "Deals played": "7",
        "Repiques": "0",
        "Piques": "0",
        "Capots": "0",
    }
    assert stats(page, "spades-stats")["Nils made"] == "no nil that applied yet"


@pytest.mark.parametrize("spelling", ["Ann", "ann", "ANN", "aNn", " Ann "])
def test_a_player_is_recognised_in_any_case_and_shown_as_in_their_latest_game(played, spelling):
    response = played.get(f"/players/{spelling}")

    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert heading(page) == "Ann"
    assert stats(page, "spades-stats")["Games finished"] == "2"


def test_a_player_of_one_game_kind_has_only_that_section(played):
    page = played.get("/players/Dee").get_data(as_text=True)

    assert 'aria-labelledby="piquet-stats"' not in page
    assert stats(page, "spades-stats") == {
        "Games finished": "1",
        "Wins": "0 of 1 (0%)",
        "Average final score": "41",
        "Bids made": "1 of 1 (100%)",
        "Declarer": "0 of 1 (0%)",
        "Nils made": "no nil that applied yet",
        "Bags per hand": "1",
    }


def test_an_unknown_player_is_a_404_page_that_says_so(played):
    response = played.get("/players/Zed")

    assert response.status_code == 404
    assert "Nobody called “Zed” has played here yet." in response.get_data(as_text=True)


def test_a_player_in_games_not_yet_played_has_empty_figures(client):
    record(client, ({"game": "dummy-spades", "players": ["Ann", "Ben", "Cid"], "first_dealer": "Ann"}, []))

    page = client.get("/players/Cid").get_data(as_text=True)

    assert stats(page, "spades-stats") == {
        "Games finished": "0",
        "Games not finished": "1",
        "Wins": "no finished game yet",
        "Average final score": "no finished game yet",
        "Bids made": "no hand yet",
        "Declarer": "no hand yet",
        "Nils made": "no nil that applied yet",
        "Bags per hand": "no hand yet",
    }


def test_both_new_game_forms_suggest_the_most_frequent_names(played):
    # Ann plays 5 games, Ben 4, Cid 2; Dee and Eve 1 each, in the same game.
    for kind in ("dummy-spades", "piquet"):
        page = played.get(f"/new/{kind}").get_data(as_text=True)
        assert suggestions(page) == ["Ann", "Ben", "Cid", "Dee", "Eve"]
        assert page.count('list="player-names"') == (3 if kind == "dummy-spades" else 2)


def test_suggestions_count_only_the_latest_games_and_stop_at_the_limit(played, app):
    with app.app_context():
        assert records.frequent_players(2) == [("Ann", 5), ("Ben", 4)]
        # The latest two games are the partie and the Saunt game: Ann and Ben only.
        assert records.frequent_players(10, latest_games=2) == [("Ann", 2), ("Ben", 2)]
        assert records.frequent_players(10, latest_games=3) == [("Ann", 3), ("Ben", 3), ("Cid", 1)]


def test_a_suggested_name_takes_the_spelling_of_its_latest_game(client):
    record(client, ({"game": "piquet", "players": ["ann", "Ben"], "first_dealer": "Ben"}, []))
    record(client, ({"game": "piquet", "players": ["ANN", "Ben"], "first_dealer": "Ben"}, []))

    assert suggestions(client.get("/new/piquet").get_data(as_text=True)) == ["ANN", "Ben"]


def test_the_players_index_lists_who_plays_most_and_finds_a_player(played):
    page = played.get("/players").get_data(as_text=True)

    listed = re.findall(r'<a href="([^"]+)">\s*<span class="names">([^<]*)</span>\s*<small>([^<]*)</small>', page)
    assert listed == [("/players/Ann", "Ann", "5 games"), ("/players/Ben", "Ben", "4 games"),
                      ("/players/Cid", "Cid", "2 games"), ("/players/Dee", "Dee", "1 game"),
                      ("/players/Eve", "Eve", "1 game")]
    found = played.get("/players?name=%20eve%20")
    assert found.status_code == 200
    assert heading(found.get_data(as_text=True)) == "Eve"


def test_finding_an_unknown_player_says_so_next_to_the_field(played):
    response = played.get("/players?name=Zed")

    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.findall(r'<p class="error" id="name-error">([^<]*)</p>', page) == ["Nobody called “Zed” has played here yet."]
    assert 'aria-invalid="true"' in page


def test_the_home_page_links_to_the_players(client):
    assert 'href="/players"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("name", "url"),
    [
        ('Zoë "Q" <b>&amp;', "/players/Zo%C3%AB%20%22Q%22%20%3Cb%3E&amp;amp;"),
        ("50% off?#1", "/players/50%25%20off%3F%231"),
        ("A/B", "/players?name=A/B"),
        ("..", "/players?name=.."),
    ],
)
def test_names_with_odd_characters_are_escaped_and_reach_their_page(client, name, url):
    record(client, ({"game": "piquet", "players": [name, "Ben"], "first_dealer": "Ben"}, []))

    index = client.get("/players").get_data(as_text=True)
    assert f'<a href="{url}">' in index
    assert "<b>" not in index
    page = client.get(html.unescape(url))
    assert page.status_code == 200
    assert heading(page.get_data(as_text=True)) == name
    assert name in suggestions(client.get("/new/piquet").get_data(as_text=True))


def test_a_name_with_a_nul_byte_is_nobody(client):
    assert client.get("/players/a%00b").status_code == 404
    assert client.get("/players?name=a%00b").status_code == 422


def test_a_hand_saved_with_a_form_key_used_before_counts_too(app, client):
    """The key's note is refused (a savepoint rolled back), the hand stands, and the players' records follow it."""
    created = client.post("/api/v1/games", json={**SPADES_UNFINISHED[0], "players": ["Ann", "Ben", "Cid"],
                                                 "first_dealer": "Ann"}).get_json()
    game_url = f"/g/{created['id']}"
    assert client.get(f"{game_url}/join/{created['edit_token']}").status_code == 303
    hand = {"bids-0-bid": "7", "bids-1-bid": "5", "bids-2-bid": "6",
            "tricks-0": "5", "tricks-1": "2", "tricks-2": "3", "tricks-3": "3"}
    for number in (1, 2):
        form = {**hand, "hand": str(number), "version": str(number - 1), "request_key": "k" * 22}
        assert post_form(client, f"{game_url}/hands", form, game_url).status_code == 303

    assert len(Table(client, created).get()["hands"]) == 2
    assert kept_records(app) == counted_again(app)
