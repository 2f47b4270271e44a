"""Who may change a game: holders of its edit token.

The creator's browser remembers the token in the signed session cookie; a
"share edit access" link hands it to other phones. The plain game link is
read-only. Nothing is kept in the process.
"""

from __future__ import annotations

from flask import session

from .models import Game

REMEMBERED_GAMES = 25


def remember_token(game: Game, token: str) -> None:
    """Keep the token in this browser (the most recent games only, to keep the cookie small)."""
    tokens = dict(session.get("edit_tokens", {}))
    tokens.pop(game.edit_key, None)
    tokens[game.edit_key] = token
    session["edit_tokens"] = dict(list(tokens.items())[-REMEMBERED_GAMES:])


def token_for(game: Game) -> str | None:
    return session.get("edit_tokens", {}).get(game.edit_key)


def can_edit(game: Game) -> bool:
    return game.has_edit_token(token_for(game))


def remembered_keys() -> list[str]:
    """Edit keys (game or session ids) of the games this browser can edit, most recent first."""
    return list(reversed(session.get("edit_tokens", {})))
