"""Posting the app's HTML forms through the Flask test client, CSRF token included."""

from __future__ import annotations

import re

from scorekeeper.extensions import db


def csrf_token(client, path: str) -> str:
    """The CSRF token of the page at `path` (every page carries it for htmx, but a viewer's game page, which
    is the same for every viewer)."""
    return token_in(client.get(path).get_data(as_text=True))


def token_in(page: str) -> str:
    """The CSRF token a page carries for htmx (its forms carry the same)."""
    return re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)


def post_form(client, path: str, data: dict, form_path: str | None = None, **kwargs):
    """Post `data` to `path` as the form on `form_path` (default: `path`) would: with its CSRF token, and with
    the game's version it was made on when it carries one and `data` does not say."""
    page = client.get(form_path or path).get_data(as_text=True)
    version = re.search(r'<input type="hidden" name="version" value="(\d+)">', page)
    made_on = {"version": version.group(1)} if version and "version" not in data else {}
    return client.post(path, data={**made_on, **data, "csrf_token": token_in(page)}, **kwargs)


def errors_in(html: str) -> list[str]:
    """The error messages shown beside fields, in page order."""
    return re.findall(r'<p class="error"[^>]*>([^<]*)</p>', html)


def stored(app, model) -> int:
    """How many rows of `model` the database holds."""
    with app.app_context():
        return db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one()
