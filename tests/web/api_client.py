"""A game created through the JSON API, as the Flask test client sees it."""

from __future__ import annotations


def errors(*pairs):
    """The API's error body for (field, message) pairs."""
    return {"errors": [{"field": field, "message": message} for field, message in pairs]}


def auth(token):
    return {"Authorization": f"Bearer {token}"}


class Table:
    """A created game: its id, edit token and the calls that change it."""

    def __init__(self, client, created):
        self.client = client
        self.id = created["id"]
        self.token = created["edit_token"]
        self.headers = auth(self.token)

    @property
    def path(self):
        return f"/api/v1/games/{self.id}"

    def get(self):
        response = self.client.get(self.path)
        assert response.status_code == 200
        return response.get_json()

    def post(self, hand, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.post(f"{self.path}/hands", json=hand, **kwargs)

    def put(self, number, hand, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.put(f"{self.path}/hands/{number}", json=hand, **kwargs)

    def delete(self, number, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.delete(f"{self.path}/hands/{number}", **kwargs)

    def next(self, **kwargs):
        kwargs.setdefault("headers", self.headers)
        return self.client.post(f"{self.path}/next", **kwargs)

    def add(self, *hands):
        """Record hands (or deals) in order, each expected to be accepted; returns the last response body."""
        for hand in hands:
            response = self.post(hand)
            assert response.status_code == 201, response.get_json()
        return response.get_json()


def create(client, payload):
    """Create a game through the API (expected to succeed) and return its Table."""
    response = client.post("/api/v1/games", json=payload)
    assert response.status_code == 201, response.get_json()
    return Table(client, response.get_json())
