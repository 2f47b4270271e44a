"""Piquet: its kind, forms and stats record, deal preview and own pages."""

from .kind import KIND

__all__ = ["KIND"]
