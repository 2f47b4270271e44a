# The two commands: `make run` and `make test`. Both set up everything they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 5000
export HOST PORT

.PHONY: run test check test-postgres install test-deps chromium migrate bench bench-postgres wrk translations compile-translations catalog

# The catalogs are kept in git; their compiled .mo files are built here.
CATALOGS := $(wildcard translations/*/LC_MESSAGES/messages.po)
COMPILED := $(CATALOGS:.po=.mo)
EXTRACT := -F babel.cfg -k _l -k lazy_pgettext:1c,2 -k plural_phrase:1,2 -c Translators: --add-location=file --project=Scorekeeper --no-wrap

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund --silent
	touch $@

install: $(VENV)/.installed

migrate: install
	$(BIN)/flask --app scorekeeper.app db upgrade

# What `make run` serves; `make bench` serves its yardstick, a bare Flask app, the same way.
WSGI_APP ?= scorekeeper.app:create_app()

run: migrate compile-translations node_modules/.installed
	$(BIN)/gunicorn --config gunicorn.conf.py "$(WSGI_APP)"

chromium:
	@scripts/ensure-chromium

test-deps: $(VENV)/.test-installed node_modules/.installed chromium

# The linter and the type checker (strict on the pure rules engine); `make test` runs them first.
check: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/mypy --strict scorekeeper/rules

# The tests run in parallel, one pytest-xdist worker per core (`make test TEST_WORKERS=4` for another number);
# `worksteal` hands each worker a run of neighbouring tests, so that a module's server starts once per worker.
TEST_WORKERS ?= auto
PARALLEL := -n $(TEST_WORKERS) --dist worksteal

# The offline client's unit tests (tests/js) run in Node, without a browser.
test: test-deps check compile-translations
	node --test tests/js/
	$(BIN)/python -m pytest $(PARALLEL)

# The database-backed tests again, on PostgreSQL (the scale-out store), each worker in a database of its own.
test-postgres: test-deps compile-translations
	scripts/with-postgres $(BIN)/python -m pytest -p no:cacheprovider $(PARALLEL) tests/web

# Starts `make run` twice (the app, then a bare Flask app) on free ports of 127.0.0.1 and drives both with wrk,
# then plays club evenings against the app (scripts/club_load.py, whose aiohttp comes with the test extras);
# then counts a save's statements and times its processor time in process (scripts/bench_save.py), compares long
# games' reads with short ones' (scripts/bench_long_games.py), and times the stats page of a player of 10,000 games
# (scripts/bench_players.py) and a ladder of 1,500 matches (scripts/bench_ladder.py).
bench: $(VENV)/.test-installed wrk
	$(BIN)/python scripts/bench.py
	$(BIN)/python scripts/bench_save.py
	$(BIN)/python scripts/bench_long_games.py
	$(BIN)/python scripts/bench_players.py
	$(BIN)/python scripts/bench_ladder.py

# The same bench on a throwaway PostgreSQL database (Debian's server, as for test-postgres).
bench-postgres: $(VENV)/.test-installed wrk
	scripts/with-postgres sh -c '"$(BIN)/python" scripts/bench.py --database "$$TEST_DATABASE_URL" \
		&& "$(BIN)/python" scripts/bench_save.py --database "$$TEST_DATABASE_URL" \
		&& "$(BIN)/python" scripts/bench_long_games.py --database "$$TEST_DATABASE_URL"'

wrk:
	@scripts/ensure-wrk

compile-translations: $(COMPILED)

translations/%/LC_MESSAGES/messages.mo: translations/%/LC_MESSAGES/messages.po | $(VENV)/.installed
	$(BIN)/pybabel compile --statistics -l $* -i $< -o $@

# After changing any text: extract every message into the template, then bring
# each catalog up to date with it (new messages arrive empty, changed ones fuzzy).
translations: install
	$(BIN)/pybabel extract $(EXTRACT) -o translations/messages.pot .
	$(if $(CATALOGS),$(BIN)/pybabel update -i translations/messages.pot -d translations --ignore-obsolete --ignore-pot-creation-date --no-wrap)

# A catalog for a new language: `make catalog LOCALE=it`.
catalog: translations
	$(BIN)/pybabel init -i translations/messages.pot -d translations -l $(LOCALE) --no-wrap
