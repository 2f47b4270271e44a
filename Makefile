# The two commands: `make run` and `make test`. Both set up everything they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
export HOST PORT

.PHONY: run test check test-postgres install test-deps chromium migrate bench wrk translations

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

node_modules/.installed: package.json
	npm install --no-audit --no-fund --silent
	touch $@

install: $(VENV)/.installed

migrate: install
	$(BIN)/flask --app scorekeeper.app db upgrade

# What `make run` serves; `make bench` serves its yardstick, a bare Flask app, the same way.
WSGI_APP ?= scorekeeper.app:create_app()

run: migrate
	$(BIN)/gunicorn --config gunicorn.conf.py "$(WSGI_APP)"

chromium:
	@scripts/ensure-chromium

test-deps: $(VENV)/.test-installed node_modules/.installed chromium

# The linter and the type checker (strict on the pure rules engine); `make test` runs them first.
check: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --strict scorekeeper/rules

test: test-deps check
	$(BIN)/python -m pytest

# The database-backed tests again, on PostgreSQL (the scale-out store).
test-postgres: test-deps
	scripts/with-postgres $(BIN)/python -m pytest -p no:cacheprovider tests/web

# Starts `make run` twice (the app, then a bare Flask app) on free ports of 127.0.0.1 and drives both with wrk.
bench: install wrk
	$(BIN)/python scripts/bench.py

wrk:
	@scripts/ensure-wrk

translations: install
	mkdir -p translations
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k _l -o translations/messages.pot .
