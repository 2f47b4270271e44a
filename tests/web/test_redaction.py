"""Edit tokens never reach a log line: the redaction itself, and the app's own log."""

from __future__ import annotations

import logging

import pytest

from scorekeeper.web.security import RedactTokens, redact


@pytest.mark.parametrize(
    ("line", "logged"),
    [
        ('"GET /g/Ab3/join/s3cr3t HTTP/1.1" 303', '"GET /g/Ab3/join/[token] HTTP/1.1" 303'),
        ("GET /g/Ab3/join/s3cr3t?x=1 HTTP/1.1", "GET /g/Ab3/join/[token]?x=1 HTTP/1.1"),
        ("GET /g/Ab3%2F%6Aoin%2Fs3cr3t HTTP/1.1", "GET /g/Ab3/join/[token] HTTP/1.1"),
        ("GET //g/Ab3//join/s3cr3t HTTP/1.1", "GET //g/Ab3//join/[token] HTTP/1.1"),
        ("GET /events/Ev1/organise?token=s3cr3t HTTP/1.1", "GET /events/Ev1/organise?token=[token] HTTP/1.1"),
        ("GET /events/Ev1/organise?lang=fr&TOKEN=s3cr3t&x=1 HTTP/1.1",
         "GET /events/Ev1/organise?lang=fr&TOKEN=[token]&x=1 HTTP/1.1"),
        ("GET /events/Ev1/organise?%74oken=s3%63r3t HTTP/1.1", "GET /events/Ev1/organise?token=[token] HTTP/1.1"),
        ("GET /x?edit_token=s3cr3t HTTP/1.1", "GET /x?edit_token=[token] HTTP/1.1"),
        ("GET /g/Ab3/summary HTTP/1.1", "GET /g/Ab3/summary HTTP/1.1"),
        ("GET /players?name=%C3%A9 HTTP/1.1", "GET /players?name=%C3%A9 HTTP/1.1"),  # left as sent
    ],
)
def test_the_token_of_an_edit_link_is_blanked(line, logged):
    assert redact(line) == logged


def test_the_filter_blanks_a_formatted_message():
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "Error handling request %s", ("/g/a/join/s3cr3t",), None)
    RedactTokens().filter(record)
    assert record.getMessage() == "Error handling request /g/a/join/[token]"


def test_the_apps_own_log_never_shows_a_token(app, caplog):
    with caplog.at_level(logging.ERROR):
        app.logger.error("Exception on %s [%s]", "/g/Ab3/join/s3cr3t", "GET")
    assert caplog.messages == ["Exception on /g/Ab3/join/[token] [GET]"]
