"""The running state of each game, kept with its version, so that recording a hand does not replay the game.

Every change that scores the game (a hand added or replaced) stores the
engine's `running_state` in the game's row with the game's new version, in
the same transaction (an added hand: in the UPDATE that claims the version,
store/records.py). Adding the next hand reads it back with the game and
resumes the engine from it: no replay, whatever the length of the game.

A stored state counts only at the version it was written for, and only for
the rules engine that wrote it (`ENGINE`, a digest of the engine's source):
after an undo, a redo or a deploy that changed the rules, the game is
replayed once instead and its state written again. A stale state cannot be
used by construction.

States are pickled and read back by an unpickler that builds nothing but
the engine's own classes (and Python's plain containers), so a row of the
database cannot make the app run anything else.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from pathlib import Path
from typing import Any

from ..games import GAMES
from ..games.base import Engine
from ..models import Game

RULES = Path(__file__).resolve().parent.parent / "rules"
RULES_PACKAGE = "scorekeeper.rules"


def source_digest(folder: Path, pattern: str) -> str:
    """A digest of the files under `folder` matching `pattern`: it changes with any of them."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob(pattern)):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


ENGINE = source_digest(RULES, "*.py")
"""Which rules engine wrote a state: a state written by another engine (an older deploy) is not read."""


class _EngineUnpickler(pickle.Unpickler):
    """Builds only classes defined in the rules engine."""

    def find_class(self, module: str, name: str) -> Any:
        found = None
        if (module == RULES_PACKAGE or module.startswith(RULES_PACKAGE + ".")) and name.isidentifier():
            found = super().find_class(module, name)
        if not isinstance(found, type) or found.__module__ != module:
            raise pickle.UnpicklingError(f"not a class of the rules engine: {module}.{name}")
        return found


def dumps(engine: Engine) -> bytes:
    """The engine's running state, as stored."""
    return pickle.dumps(engine.running_state(), protocol=5)


def loads(data: bytes) -> Any:
    """A stored running state, read back."""
    return _EngineUnpickler(io.BytesIO(data)).load()


def resumed(game: Game) -> Engine | None:
    """The game's engine resumed from its stored state, if one is stored for its version (a query, unless the
    state was loaded with the game)."""
    if game.state_version != game.version or game.state_engine != ENGINE or game.state is None:
        return None
    kind = GAMES.of(game)
    engine = kind.replay(kind.restore(game), [])
    engine.resume(loads(game.state))
    return engine


def columns(version: int, engine: Engine) -> dict[str, Any]:
    """The game's row's columns that keep `engine`'s running state as the game's at `version`."""
    return {"state_version": version, "state_engine": ENGINE, "state": dumps(engine)}


def store(game: Game, engine: Engine) -> None:
    """Keep `engine`'s running state as the game's, at the game's (new) version; written at the next flush."""
    game.state_version, game.state_engine, game.state = game.version, ENGINE, dumps(engine)
