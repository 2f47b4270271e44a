"""One form class per screen."""

from .piquet import CheckerForm, NewPiquetGameForm, PiquetDealForm
from .spades import NewSpadesGameForm, SpadesHandForm

__all__ = ["CheckerForm", "NewPiquetGameForm", "NewSpadesGameForm", "PiquetDealForm", "SpadesHandForm"]
