"""The yardsticks of `make bench`: a bare Flask app answering a 6 KB page.

Beside the bare page, two routes show what the stack allows a request that
needs the database, with the app's own database set-up (SQLAlchemy, the
same pragmas and transactions): `/one-query` reads one game's version,
`/one-write` commits one row. A game page needs at least the first, a saved
hand at least the second.

`/minimal-save` is the minimal save transaction, the yardstick of a save:
the game's row read (locked on PostgreSQL, SQLite's write transaction
already holding the lock), a hand inserted, the game's row updated, and
the commit; nothing else, in the app's transactions (BEGIN IMMEDIATE,
WAL, synchronous FULL on SQLite).

A fourth, `/a-saves-statements`, runs the statements a hand saved through
the API runs (store/writes.py, records.py), each as a plain Core
statement, and commits: what the stack allows a save before any of its own Python
work (the rules engine, the answer, the ORM, Flask-Limiter). It changes
nothing the app reads: the UPDATE sets each column to itself, and the hand
goes into a table of its own. So they are copies of the app's statements,
not the app's own, which write what they change: a change to what a save
runs must be made here too.
"""

from pathlib import Path

from flask import Flask, request
from sqlalchemy import bindparam, select, text, update

from scorekeeper import database
from scorekeeper.config import configure
from scorekeeper.extensions import db
from scorekeeper.models import Game, Seat, table

PAGE = "<!doctype html><title>Bare</title><main>" + ("<p>" + "y" * 93 + "</p>") * 61 + "</main>"  # 6 KB

app = Flask(__name__, instance_path=str(Path(__file__).resolve().parent.parent / "instance"))
configure(app, None)  # the database `make run` was given
db.init_app(app)
database.init_app(app)
with app.app_context():
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS bench_write (body TEXT)"))
        connection.execute(text("CREATE TABLE IF NOT EXISTS bench_hand (game_id INTEGER, entry TEXT)"))


@app.get("/")
def page() -> str:
    return PAGE


@app.get("/one-query")
def one_query() -> str:
    db.session.execute(text("SELECT version FROM game WHERE public_id = :id"), {"id": request.args["game"]}).scalar()
    return PAGE


@app.post("/one-write")
def one_write() -> str:
    db.session.execute(text("INSERT INTO bench_write (body) VALUES (:body)"), {"body": request.get_data(as_text=True)})
    db.session.commit()
    return PAGE


GAME, SEAT = table(Game), table(Seat)
MINIMAL_SAVE = (
    select(GAME.c.id, GAME.c.version).where(GAME.c.public_id == bindparam("public_id")).with_for_update(),
    text("INSERT INTO bench_hand (game_id, entry) VALUES (:game_id, :entry)"),
    # Sets the version to itself: the row is written, and the app's games stay as they were.
    update(GAME).where(GAME.c.id == bindparam("game_id"), GAME.c.version == bindparam("seen"))
    .values(version=bindparam("seen")),
)


@app.post("/minimal-save")
def minimal_save() -> str:
    read, insert_hand, update_game = MINIMAL_SAVE
    connection = db.session.connection()
    game = connection.execute(read, {"public_id": request.args["game"]}).one()
    connection.execute(insert_hand, {"game_id": game.id, "entry": request.get_data(as_text=True)})
    connection.execute(update_game, {"game_id": game.id, "seen": game.version})
    db.session.commit()
    return PAGE


SAVES_STATEMENTS = (
    # store/writes.py: the game, its seats, running state and players' records, the game's row locked.
    select(GAME.c.id, GAME.c.kind, GAME.c.settings, GAME.c.edit_token_hash, GAME.c.version, GAME.c.state,
           GAME.c.records, SEAT.c.name).join(SEAT, SEAT.c.game_id == GAME.c.id)
    .where(GAME.c.public_id == bindparam("public_id")).with_for_update(of=GAME),
    text("INSERT INTO bench_hand (game_id, entry) VALUES (:game_id, :entry)"),
    # store/records.py: the version claimed, the running state and the records written, in one UPDATE.
    update(GAME).where(GAME.c.id == bindparam("game_id"), GAME.c.version == bindparam("seen"))
    .values(version=bindparam("seen"), state=GAME.c.state, records=GAME.c.records),
)


@app.post("/a-saves-statements")
def a_saves_statements() -> str:
    game, insert_hand, claim = SAVES_STATEMENTS
    connection = db.session.connection()
    rows = connection.execute(game, {"public_id": request.args["game"]}).all()
    game_id, seen = rows[0].id, rows[0].version
    connection.execute(insert_hand, {"game_id": game_id, "entry": request.get_data(as_text=True)})
    connection.execute(claim, {"game_id": game_id, "seen": seen})
    db.session.commit()
    return PAGE
