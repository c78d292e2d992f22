# Minibridge Classroom: `make run` to serve a class, `make test` to check it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py
# The port: PORT=8001 make run (or PORT in .env); 8000 when neither says.
DEV_PORT = $(or $(PORT),8000)

.DEFAULT_GOAL := help
.PHONY: help setup run dev test lock lint typecheck pytest translations messages system-deps clean

help:
	@echo "make run    set everything up and serve the class on this computer's network address"
	@echo "make dev    the developer's loop: DEBUG, autoreload, http://127.0.0.1:$(DEV_PORT)/ only"
	@echo "make test   lint, type-check and run the whole test suite (browser tests included)"
	@echo "make lock   update the lock files (requirements/) within pyproject.toml's ranges"

# Debian's own python3 comes without venv until python3-venv is installed.
$(BIN)/python:
	@$(PYTHON) -c "import ensurepip, venv" 2>/dev/null || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "Installing python3-venv with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; \
		else \
			echo "Python's venv module is missing. Install it with: sudo apt-get install python3-venv"; \
			exit 1; \
		fi; \
	}
	$(PYTHON) -m venv $(VENV)

# Everything is installed from the lock files (exact versions, each file's sha256
# checked; `make lock` updates them), then the project itself, editable, built with the
# locked setuptools.
$(VENV)/.runtime-installed: requirements/run.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/run.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $@

$(VENV)/.dev-installed: requirements/dev.txt pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r requirements/dev.txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $@ $(VENV)/.runtime-installed

# The lock files, remade with the newest releases within pyproject.toml's ranges: one
# resolution for every platform (uv's --universal), the hashes of every file. dev.txt
# (the site, the tests, the tools) first; run.txt (the site alone) takes its versions.
UV_COMPILE := $(BIN)/uv pip compile pyproject.toml requirements/build.in --universal \
	--python-version 3.11 --generate-hashes --upgrade --custom-compile-command "make lock"
lock: $(VENV)/.dev-installed
	$(UV_COMPILE) --extra dev -o requirements/dev.txt
	$(UV_COMPILE) -c requirements/dev.txt -o requirements/run.txt

# Made once, then kept: a secret key of this computer's own, DEBUG=false and plain
# http allowed (a classroom has no TLS). Every manage.py command reads it.
.env: | $(VENV)/.runtime-installed
	$(BIN)/python -m minibridge.env create $@

# The compiled catalogues (.mo) are committed, so the site speaks Norwegian even where
# gettext is missing; where msgfmt exists they are rebuilt from the .po files.
translations: $(VENV)/.runtime-installed
	@if command -v msgfmt >/dev/null 2>&1; then \
		DEBUG=true $(MANAGE) compilemessages --ignore=.venv --verbosity 0; \
	else \
		echo "msgfmt not found: using the committed translation catalogues."; \
	fi

# What every manage.py command needs: the .env and an up-to-date database. `make run`
# and `make test` both make them, so the README's commands work after either.
setup: $(VENV)/.runtime-installed .env translations
	$(MANAGE) migrate --no-input --verbosity 0

# The class's server: gunicorn on every interface and the background worker beside it
# (manage.py serve); it prints the address the tablets open. Ctrl+C stops both.
run: setup
	$(MANAGE) collectstatic --no-input --verbosity 0
	$(MANAGE) load_demo
	$(MANAGE) serve $(if $(PORT),--port $(PORT))

# The developer's loop: Django's autoreloading server on 127.0.0.1 with DEBUG on, and
# the background worker beside it; both stop with Ctrl+C.
dev: $(VENV)/.runtime-installed translations
	DEBUG=true $(MANAGE) migrate --no-input
	DEBUG=true $(MANAGE) load_demo
	@echo "Open http://127.0.0.1:$(DEV_PORT)/ (stop with Ctrl+C)."
	@DEBUG=true $(MANAGE) db_worker --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=true $(MANAGE) runserver 127.0.0.1:$(DEV_PORT)

# What the suite needs from Debian: chromium drives the browser tests, gettext checks
# the translations, poppler-utils renders PDFs to check them (QR codes included), nginx
# and postgresql run a federation's deployment (tests/browser/test_deployment.py starts
# its own of each, in a temporary folder). As root they are installed with apt-get;
# otherwise the command to run is printed.
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v msgfmt >/dev/null 2>&1 || missing="$$missing gettext"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	[ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing$$missing with apt-get"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else \
			echo "The tests need Debian's$$missing. Install with: sudo apt-get install$$missing"; \
			exit 1; \
		fi; \
	fi

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The django-stubs plugin loads the settings; development mode needs no secret key.
# The tests and the benchmarks are checked as strictly as the site.
typecheck: $(VENV)/.dev-installed
	DEBUG=true $(BIN)/mypy scoring tournaments games minibridge events tests bench

# --fail-on-skip: on a machine this has set up, a skipped test is a missing install.
# The site's own set-up too (the suite reads neither its .env nor its database).
# The suite runs in TEST_WORKERS processes (pytest-xdist; each its own test database,
# browser and servers), test by test, but for the files marked xdist_group, whose costly
# module or session fixtures are made once, in one process (--dist loadgroup).
# One more process than the machine has cores: each waits on its browser, its servers
# and its subprocesses often enough that one per core leaves the cores idle about a
# tenth of the time (2 cores: 2 processes 670 s, 3 processes 592 s, 4 processes 581 s
# with a browser test timing out). TEST_WORKERS=0 runs it in this process alone.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST := $(BIN)/pytest --fail-on-skip -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)
pytest: $(VENV)/.dev-installed system-deps setup
	$(PYTEST)

# The lint and the type check run beside the suite, not before it (the suite's workers
# wait on browsers, servers and subprocesses often enough to leave them the room): their
# output is printed when the suite ends, and `make test` fails if any of the three does.
test: $(VENV)/.dev-installed system-deps setup
	@checks=$$(mktemp); \
	$(MAKE) --no-print-directory -o $(VENV)/.dev-installed lint typecheck >"$$checks" 2>&1 & \
	checking=$$!; \
	echo "$(PYTEST)"; $(PYTEST); suite=$$?; \
	wait $$checking; checked=$$?; \
	echo "== lint and type check (run beside the suite)"; cat "$$checks"; rm -f "$$checks"; \
	if [ $$checked -ne 0 ]; then echo "make test: the lint or the type check failed"; fi; \
	[ $$suite -eq 0 ] && [ $$checked -eq 0 ]

# Refresh the .po files after changing user-facing text, then translate and commit.
messages: $(VENV)/.dev-installed
	DEBUG=true $(MANAGE) makemessages -l nb --no-location --no-obsolete --ignore=.venv --ignore=tests
	DEBUG=true $(MANAGE) compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache .test-db.sqlite3*
