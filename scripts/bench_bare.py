"""The yardsticks of `make bench`: a bare Flask app answering a 6 KB page.

Beside the bare page, two routes show what the stack allows a request that
needs the database, with the app's own database set-up (SQLAlchemy, the
same pragmas and transactions): `/one-query` reads one game's version,
`/one-write` commits one row. A game page needs at least the first, a saved
hand at least the second.
"""

from pathlib import Path

from flask import Flask, request
from sqlalchemy import text

from scorekeeper import database
from scorekeeper.config import configure
from scorekeeper.extensions import db

PAGE = "<!doctype html><title>Bare</title><main>" + ("<p>" + "y" * 93 + "</p>") * 61 + "</main>"  # 6 KB

app = Flask(__name__, instance_path=str(Path(__file__).resolve().parent.parent / "instance"))
configure(app, None)  # the database `make run` was given
db.init_app(app)
database.init_app(app)
with app.app_context():
    with db.engine.begin() as connection:
        connection.execute(text("CREATE TABLE IF NOT EXISTS bench_write (body TEXT)"))


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
