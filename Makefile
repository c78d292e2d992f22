# Minibridge Classroom: `make run` to try it, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py
HOST ?= 127.0.0.1
PORT ?= 8000

.DEFAULT_GOAL := help
.PHONY: help run test lint typecheck pytest translations messages system-deps clean

help:
	@echo "make run    set everything up and start the site on http://$(HOST):$(PORT)/"
	@echo "make test   lint, type-check and run the whole test suite (browser tests included)"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@ $(VENV)/.runtime-installed

# The compiled catalogues (.mo) are committed, so the site speaks Norwegian even where
# gettext is missing; where msgfmt exists they are rebuilt from the .po files.
translations: $(VENV)/.runtime-installed
	@if command -v msgfmt >/dev/null 2>&1; then \
		DEBUG=true $(MANAGE) compilemessages --ignore=.venv --verbosity 0; \
	else \
		echo "msgfmt not found: using the committed translation catalogues."; \
	fi

# The background worker (double-dummy analysis) runs beside the site and stops with it.
run: $(VENV)/.runtime-installed translations
	DEBUG=true $(MANAGE) migrate --no-input
	DEBUG=true $(MANAGE) load_demo
	@echo "Open http://$(HOST):$(PORT)/ (stop with Ctrl+C)."
	@DEBUG=true $(MANAGE) db_worker --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=true $(MANAGE) runserver $(HOST):$(PORT)

# Debian's chromium drives the browser tests; gettext checks the translations.
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing$$missing with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "The tests need Debian's$$missing. Install with: sudo apt-get install$$missing"; \
			exit 1; \
		fi; \
	fi

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The django-stubs plugin loads the settings; development mode needs no secret key.
typecheck: $(VENV)/.dev-installed
	DEBUG=true $(BIN)/mypy scoring tournaments minibridge

pytest: $(VENV)/.dev-installed system-deps translations
	$(BIN)/pytest $(PYTEST_ARGS)

test: lint typecheck pytest

# Refresh the .po files after changing user-facing text, then translate and commit.
messages: $(VENV)/.dev-installed
	DEBUG=true $(MANAGE) makemessages -l nb --no-location --no-obsolete --ignore=.venv --ignore=tests
	DEBUG=true $(MANAGE) compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache .test-db.sqlite3*
