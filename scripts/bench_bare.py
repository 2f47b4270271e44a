"""The yardstick of `make bench`: a bare Flask app answering a 6 KB page."""

from flask import Flask

PAGE = "<!doctype html><title>Bare</title><main>" + ("<p>" + "y" * 93 + "</p>") * 61 + "</main>"  # 6 KB

app = Flask(__name__)


@app.get("/")
def page() -> str:
    return PAGE
