"""The players screen: find a player's stats by name."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField


class FindPlayerForm(FlaskForm):
    """A search, sent with GET: nothing to protect from cross-site posting."""

    class Meta:
        csrf = False

    name = StringField(_l("Find a player"))

    @property
    def wanted(self) -> str:
        return (self.name.data or "").strip()
