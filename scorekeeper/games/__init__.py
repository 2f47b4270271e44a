"""The games the app keeps score for: the one registry.

A new game is new files (its engine in `rules/<game>/`, its folder `games/<game>/`,
its templates and tests: docs/architecture.md, "Adding a game", lists them), one
entry in the line below and one in `rules/registry.py`; see `base.GameKind`.
"""

from __future__ import annotations

from . import dummy_spades, piquet, spades
from .base import GameKind, Registry

GAMES = Registry(dummy_spades.KIND, piquet.KIND, spades.KIND)

__all__ = ["GAMES", "GameKind"]
