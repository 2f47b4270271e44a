"""A hand saved from the game page through htmx answers with only what the save changed, each part swapped in
place by its id; every other way of saving (no JavaScript, a form sent again by the offline script) gets what it
got before."""

from __future__ import annotations

import re

import brotli

from .forms_client import csrf_token
from .test_pages_dummy_spades import E1_HAND
from .test_pages_dummy_spades import start as start_dummy_spades
from .test_pages_two_step import BIDS, TRICKS

HTMX_SAVE = {"HX-Request": "true", "HX-Target": "board"}


def form_of(client, game_url: str) -> dict[str, str]:
    """The hidden fields of the page's entry form: the hand, the version and the form's key."""
    page = client.get(game_url).get_data(as_text=True)
    form = re.search(r'<form id="hand-form".*?</form>', page, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="(hand|version|request_key|completes)" value="([^"]*)"', form))
    return {**fields, "csrf_token": csrf_token(client, game_url)}


def save(client, game_url: str, entry: dict, headers: dict | None = None, **extra):
    """Save `entry` from the game page as it is now, as htmx does (or with other `headers`)."""
    data = {**form_of(client, game_url), **entry, **extra}
    return client.post(f"{game_url}/hands", data=data, headers=HTMX_SAVE if headers is None else headers)


def swapped_parts(html: str) -> list[tuple[str, str]]:
    """The answer's parts swapped in place, in order: (the element's id, or "-", and its hx-swap-oob value)."""
    parts = []
    for tag in re.findall(r"<[a-z]+\b[^>]*\bhx-swap-oob=\"[^\"]+\"[^>]*>", html):
        ident = re.search(r'\bid="([^"]+)"', tag)
        parts.append((ident.group(1) if ident else "-", re.search(r'hx-swap-oob="([^"]+)"', tag).group(1)))
    return parts


def test_a_saved_hand_answers_the_live_status_standing_form_chart_new_line_and_undo_only(client):
    game_url = start_dummy_spades(client)
    assert save(client, game_url, E1_HAND).status_code == 200

    response = save(client, game_url, E1_HAND)

    assert response.status_code == 200
    assert response.headers["HX-Reswap"] == "none"
    html = response.get_data(as_text=True)
    assert swapped_parts(html) == [("live", "true"), ("standing", "true"), ("entry", "true"), ("chart", "true"),
                                   ("-", "afterbegin:#hands"), ("undo-redo", "true")]
    assert 'id="board"' not in html and 'id="record"' not in html and 'id="share-title"' not in html
    new_line = re.search(r'<div hx-swap-oob="afterbegin:#hands">(.*?)</div>\s*<div class="undo-redo"', html, re.S).group(1)
    assert re.findall(r'<details class="hand" id="(hand-\d+)"', new_line) == ["hand-2"]
    assert 'id="hand-1"' not in html
    assert re.findall(r'<td class="num score">(−?\d+)</td>', html) == ["142", "100", "−120"]
    assert '<h2>Hand 3</h2>' in html
    assert re.findall(r'name="(hand|version)" value="(\d+)"', html) == [("hand", "3"), ("version", "2")]
    assert 'data-etag="W/&#34;2.0.0.edit.en&#34;"' in html
    assert '<figure class="chart" id="score-chart">' in html
    assert "Undo hand 2" in html


def test_the_first_hand_answers_the_whole_record_which_had_no_chart_and_no_line_yet(client):
    game_url = start_dummy_spades(client)

    response = save(client, game_url, E1_HAND)

    html = response.get_data(as_text=True)
    assert swapped_parts(html) == [("live", "true"), ("standing", "true"), ("entry", "true"), ("record", "true"),
                                   ("undo-redo", "true")]  # Undo is under the form, not in the record
    assert "No hands yet." not in html and 'id="hand-1"' in html and 'id="score-chart"' in html
    assert 'id="undo-redo"' in html and 'id="board"' not in html


def test_the_play_of_a_waiting_hand_takes_the_place_of_its_waiting_line(client):
    game_url = start_dummy_spades(client)
    save(client, game_url, E1_HAND)

    bids = save(client, game_url, BIDS, step="first").get_data(as_text=True)
    assert swapped_parts(bids) == [("live", "true"), ("standing", "true"), ("entry", "true"), ("chart", "true"),
                                   ("-", "afterbegin:#hands"), ("undo-redo", "true")]
    assert '<details class="hand waiting" id="hand-2">' in bids

    tricks = save(client, game_url, {**BIDS, **TRICKS}).get_data(as_text=True)
    assert swapped_parts(tricks) == [("live", "true"), ("standing", "true"), ("entry", "true"), ("chart", "true"),
                                     ("-", "delete:#hand-2"), ("-", "afterbegin:#hands"), ("undo-redo", "true")]
    assert '<details class="hand" id="hand-2"' in tricks and "waiting" not in re.search(
        r'afterbegin:#hands">(.*?)<div class="undo-redo"', tricks, re.S).group(1)


def test_the_hand_that_ends_the_game_answers_the_whole_board(client):
    game_url = start_dummy_spades(client)
    answers = [save(client, game_url, E1_HAND) for _ in range(5)]  # Ann, 71 a hand, passes 300 at hand 5

    assert [answer.status_code for answer in answers] == [200] * 5
    assert ["HX-Reswap" in answer.headers for answer in answers] == [True, True, True, True, False]
    html = answers[-1].get_data(as_text=True)
    assert html.lstrip().startswith('<div id="board"') and "Ann wins" in html


def test_a_form_sent_again_by_the_offline_script_or_without_its_version_gets_the_whole_board(client):
    game_url = start_dummy_spades(client)
    save(client, game_url, E1_HAND)

    offline = save(client, game_url, E1_HAND, headers={"HX-Request": "true", "Idempotency-Key": "offline-1"})
    assert offline.status_code == 200 and "HX-Reswap" not in offline.headers
    assert offline.get_data(as_text=True).lstrip().startswith('<div id="board"')

    fields = form_of(client, game_url)
    del fields["version"]
    unversioned = client.post(f"{game_url}/hands", data={**fields, **E1_HAND}, headers=HTMX_SAVE)
    assert unversioned.status_code == 200 and "HX-Reswap" not in unversioned.headers

    plain = save(client, game_url, E1_HAND, headers={})
    assert plain.status_code == 303 and plain.headers["Location"] == game_url


def test_the_saved_parts_are_compressed_with_brotli_when_the_browser_takes_it(client):
    game_url = start_dummy_spades(client)
    save(client, game_url, E1_HAND)

    response = save(client, game_url, E1_HAND, headers={**HTMX_SAVE, "Accept-Encoding": "gzip, br"})

    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.vary
    html = brotli.decompress(response.get_data()).decode()
    assert swapped_parts(html)[0] == ("live", "true")
