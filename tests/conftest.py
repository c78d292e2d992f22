"""Fixtures shared by the whole suite: named personas and fast passwords."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test import Client
from django.utils import translation
from pytest_django import Settings as SettingsWrapper

from tests.classroom_site import Served, Site
from tournaments.models import SchoolClass

PASSWORD = "correct-horse-battery"

# The live server's listening socket keeps socketserver's default backlog of 5 waiting
# connections; forty tablets connecting at once would be reset before Django saw them.
# gunicorn, which serves the site in production, keeps 2048.
ThreadedWSGIServer.request_queue_size = 128


@pytest.fixture(autouse=True)
def _language_put_back() -> Iterator[None]:
    """Each test starts in the site's default language and leaves it so: a request in
    Norwegian (a cookie, LocaleMiddleware) leaves nb active in the test's thread, and a
    later test that words a message outside any request would read it in Norwegian."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _test_settings(settings: SettingsWrapper) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A refused login is answered at once (minibridge/login_throttling.py holds it back).
    settings.LOGIN_PAUSED_ANSWER_DELAY = 0
    # Background tasks run at once, in the request that queues them (after its commit).
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def _make_teacher(username: str, first_name: str) -> User:
    user = get_user_model().objects.create_user(
        username=username, password=PASSWORD, first_name=first_name
    )
    assert isinstance(user, User)
    return user


@pytest.fixture
def alice(db: None) -> User:
    """A teacher."""
    return _make_teacher("alice", "Alice")


@pytest.fixture
def bob(db: None) -> User:
    """Another teacher, who must never see Alice's things."""
    return _make_teacher("bob", "Bob")


@pytest.fixture
def alice_client(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(bob: User) -> Client:
    client = Client()
    client.force_login(bob)
    return client


@pytest.fixture
def alice_class(alice: User) -> SchoolClass:
    return SchoolClass.objects.create(teacher=alice, name="6B")


@pytest.fixture(scope="session")
def classroom_site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    """A site set up as `make run` sets it up, in a folder of its own (one per run: the
    servers that tests start from it share its database)."""
    return Site.prepare(tmp_path_factory.mktemp("classroom-site"))


@pytest.fixture
def served() -> Iterator[list[Served]]:
    """The `manage.py serve` runs a test starts (append each): stopped at its end."""
    started: list[Served] = []
    yield started
    for one in started:
        one.stop()
