"""Fixtures shared by the web and browser tests: an app on a real SQLite database."""

from __future__ import annotations

import pytest
from flask_migrate import upgrade

from scorekeeper import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.db'}",
        }
    )
    with app.app_context():
        upgrade()
    return app


@pytest.fixture
def client(app):
    return app.test_client()
