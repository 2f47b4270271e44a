"""Three-Player Dummy Hand Spades: its kind, forms and stats record."""

from .kind import KIND

__all__ = ["KIND"]
