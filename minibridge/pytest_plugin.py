"""Loaded by pytest before Django starts (``-p minibridge.pytest_plugin`` in pyproject).

The test suite always runs the settings module in development mode (pytest-django then
switches DEBUG off for the tests themselves). Production settings are tested separately,
in subprocesses with an explicit environment (tests/test_settings.py).
"""

from __future__ import annotations

import os

# A developer's .env (made by `make run`: DEBUG=false, a secret key) never reaches the
# tests, nor the manage.py subprocesses they start with a copy of this environment.
os.environ["ENV_FILE"] = ""
os.environ["DEBUG"] = "true"
os.environ.pop("SECRET_KEY", None)
# Playwright's sync API keeps an event loop in the test thread; the ORM calls a test
# makes around it are still plain synchronous code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
