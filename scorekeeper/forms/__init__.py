"""One form class per screen: `forms/<game>.py` for each game's own, `common.py` for what they share."""
