"""The HTML pages: one blueprint a module, shared page helpers in `game_page.py`."""
