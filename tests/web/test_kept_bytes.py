"""Everything the app keeps for readers (renders, whole answers, the hands' pieces) stays under one cap,
RENDER_CACHE_MAX_BYTES, however a long game is read."""

from __future__ import annotations

from flask_migrate import upgrade
from sqlalchemy import func, select

from scorekeeper.app import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Piece, Render, RenderCacheSize

from ..conftest import dispose, make_app
from .api_client import auth
from .test_hand_pieces import HAND, LONG_GAME

CAP = 200_000
LANGUAGES = ("en", "fr", "de", "es")


def kept(app) -> tuple[int, int, int]:
    """The bytes of every kept row, measured from the rows themselves; the size the cache keeps; the pieces."""
    with app.app_context():
        measured = sum(len(body.encode()) + len(br or b"") + len(gzip or b"")
                       for body, br, gzip in db.session.execute(select(Render.body, Render.br, Render.gzip)))
        measured += sum(len(body.encode()) for body in db.session.execute(select(Piece.body)).scalars())
        pieces = db.session.execute(select(func.count()).select_from(Piece)).scalar_one()
        return measured, db.session.get(RenderCacheSize, 1).bytes, pieces


def readers(game_id: str, token: str) -> list[tuple[str, dict[str, str]]]:
    """Every reader of a game: its page, older hands and one hand, summary, exports, API object, live poll, QR
    codes, player stats: as a viewer and as its editor (the edit link, the token), plain and compressed."""
    pages = [f"/g/{game_id}", f"/g/{game_id}/hands?before=200", f"/g/{game_id}/hands/150", f"/g/{game_id}/summary",
             f"/g/{game_id}/export.json", f"/g/{game_id}/export.csv", f"/g/{game_id}/live", f"/g/{game_id}/qr/view.svg",
             "/players", "/players/Ann"]
    api = f"/api/v1/games/{game_id}"
    return ([(path, {}) for path in pages] + [(f"/g/{game_id}/hands?before=100", {"HX-Request": "true"})]
            + [(api, {"Accept-Encoding": encoding}) for encoding in ("", "gzip", "br")] + [(api, auth(token))])


def test_a_long_imported_game_read_every_way_in_every_language_keeps_under_the_cap(tmp_path):
    app = make_app(tmp_path, RENDER_CACHE_MAX_BYTES=CAP)
    try:
        viewer, editor = app.test_client(), app.test_client()
        created = viewer.post("/api/v1/games/import", json={**LONG_GAME, "hands": [{"entry": HAND}] * 300})
        assert created.status_code == 201
        game_id, token = created.get_json()["id"], created.get_json()["edit_token"]
        assert editor.get(f"/g/{game_id}/join/{token}").status_code == 303
        most = most_pieces = 0
        for language in LANGUAGES:
            for client in (viewer, editor):
                for path, headers in readers(game_id, token):
                    response = client.get(path, headers={"Accept-Language": language, **headers})
                    assert response.status_code == 200, path
                    measured, counted, pieces = kept(app)
                    assert measured <= CAP, f"after {path} in {language}"
                    assert counted == measured, "the size the cache keeps is its rows' bytes"
                    most, most_pieces = max(most, measured), max(most_pieces, pieces)
        assert most > CAP // 2, "the readers filled the cache up to its cap"
        assert most_pieces >= 300, "the hands' pieces were kept, under the same cap"
    finally:
        dispose(app)


def test_the_cap_is_set_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    monkeypatch.setenv("RENDER_CACHE_MAX_BYTES", "60000")
    app = create_app()
    try:
        with app.app_context():
            upgrade()
        client = app.test_client()
        game_id = client.post("/api/v1/games/import", json={**LONG_GAME, "hands": [{"entry": HAND}] * 100}
                              ).get_json()["id"]
        for language in LANGUAGES:
            assert client.get(f"/g/{game_id}", headers={"Accept-Language": language}).status_code == 200
            assert 0 < kept(app)[0] <= 60000
    finally:
        dispose(app)
