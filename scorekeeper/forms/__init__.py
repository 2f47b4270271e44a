"""One form class per screen."""

from .spades import NewSpadesGameForm, SpadesHandForm

__all__ = ["NewSpadesGameForm", "SpadesHandForm"]
