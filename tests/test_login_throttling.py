"""Login throttling (django-axes): repeated wrong passwords pause logging in, per
username and address together, per address, and per username from anywhere, for the
teachers' login and the admin's; a refused login is
answered before any password is hashed, with a page in the visitor's language; the pause
ends after the cool-off. The settings behind it are read strictly."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from datetime import timedelta
from io import StringIO
from typing import TYPE_CHECKING
from unittest import mock

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db.models import F
from django.http import HttpResponseBase
from django.test import Client, RequestFactory
from django.utils import timezone
from pytest_django import Settings as SettingsWrapper

from minibridge import login_throttling
from tests.conftest import PASSWORD
from tests.test_settings import GOOD_KEY, run_manage

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

TEACHER_LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
SCHOOL = "10.0.0.1"  # every teacher of the school, behind one NAT address


@pytest.fixture
def root(db: None) -> User:
    """The school's administrator, who logs in to the admin."""
    user = get_user_model().objects.create_superuser(
        username="root", password=PASSWORD, email="root@school.example"
    )
    return user


@pytest.fixture
def hashing() -> Iterator[mock.Mock]:
    """Counts every password hashed: checking one (verify) and Django's stand-in hash
    for an unknown username (encode). The tests' hasher is MD5 (conftest)."""
    counter = mock.Mock()
    verify, encode = MD5PasswordHasher.verify, MD5PasswordHasher.encode

    def counted_verify(self: MD5PasswordHasher, password: str, encoded: str) -> bool:
        counter()
        return verify(self, password, encoded)

    def counted_encode(self: MD5PasswordHasher, password: str, salt: str) -> str:
        counter()
        return encode(self, password, salt)

    with (
        mock.patch.object(MD5PasswordHasher, "verify", counted_verify),
        mock.patch.object(MD5PasswordHasher, "encode", counted_encode),
    ):
        yield counter


def log_in(
    client: Client, username: str, password: str, *, url: str = TEACHER_LOGIN, address: str = SCHOOL
) -> _MonkeyPatchedWSGIResponse:
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def fail(username: str, times: int, *, url: str = TEACHER_LOGIN, address: str = SCHOOL) -> None:
    for _ in range(times):
        log_in(Client(), username, "wrong-password", url=url, address=address)


def minutes_pass(minutes: int) -> None:
    """As if the clock moved on: every counted failure is that much older."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def paused(response: HttpResponseBase) -> bool:
    return response.status_code == 429


# -- Per username ----------------------------------------------------------------------


def test_five_wrong_passwords_pause_the_username_and_the_fifth_answer_says_so(
    alice: User,
) -> None:
    for _ in range(4):
        response = log_in(Client(), "alice", "wrong-password")
        assert response.status_code == 200
        assert b"do not match" in response.content
    response = log_in(Client(), "alice", "wrong-password")
    assert paused(response)
    assert response["Retry-After"] == "900"
    assert "Wait 15 minutes, then log in again" in response.text


def test_while_paused_the_right_password_is_refused_without_hashing_it(
    alice: User, hashing: mock.Mock
) -> None:
    log_in(Client(), "alice", "wrong-password")
    assert hashing.call_count >= 1  # an ordinary failure does check the password
    fail("alice", 4)
    hashing.reset_mock()
    client = Client()
    response = log_in(client, "alice", PASSWORD)
    assert paused(response)
    assert not logged_in(client)
    assert hashing.call_count == 0


def test_axes_backend_alone_refuses_before_hashing(alice: User, hashing: mock.Mock) -> None:
    """Whatever calls authenticate() (not only the login pages, which check first):
    axes' backend, first in AUTHENTICATION_BACKENDS, refuses before the password."""
    fail("alice", 5)
    hashing.reset_mock()
    request = RequestFactory().post(TEACHER_LOGIN, REMOTE_ADDR=SCHOOL)
    assert authenticate(request, username="alice", password=PASSWORD) is None
    assert hashing.call_count == 0


def test_a_paused_address_sees_the_page_at_once(alice: User) -> None:
    for name in ["carol", "dave", "erin", "frank", "grace"]:
        fail(name, 4)
    assert paused(Client().get(TEACHER_LOGIN, REMOTE_ADDR=SCHOOL))
    assert Client().get(TEACHER_LOGIN, REMOTE_ADDR="10.0.0.2").status_code == 200


def test_the_pause_ends_after_the_cool_off(alice: User) -> None:
    fail("alice", 5)
    minutes_pass(14)
    assert paused(log_in(Client(), "alice", PASSWORD))
    minutes_pass(2)
    client = Client()
    response = log_in(client, "alice", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_trying_during_the_pause_does_not_make_it_longer(alice: User) -> None:
    fail("alice", 5)
    minutes_pass(10)
    fail("alice", 3)  # refused: not counted
    minutes_pass(6)
    assert log_in(Client(), "alice", PASSWORD).status_code == 302


def test_the_username_is_counted_as_the_login_form_cleans_it(alice: User) -> None:
    fail("alice", 4)
    fail(" alice ", 1)  # the form strips it: the fifth failure for alice
    assert paused(log_in(Client(), "\uff41lice", PASSWORD))  # a full-width a, NFKC: alice


def test_a_username_with_a_nul_byte_is_refused_plainly(alice: User) -> None:
    response = log_in(Client(), "ali\x00ce", "wrong-password")
    assert response.status_code == 200
    assert not AccessAttempt.objects.exists()


def test_a_very_long_username_is_counted_cut_to_axes_column(alice: User) -> None:
    """Django's login form does not check the length; PostgreSQL would refuse it."""
    response = log_in(Client(), "x" * 5000, "wrong-password")
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == "x" * 255


def test_the_pause_stays_at_the_address_it_came_from(alice: User) -> None:
    """A pupil's tablet trying the teacher's username does not lock the teacher out of
    her own lesson on her laptop."""
    tablet, laptop = "192.168.1.31", "192.168.1.20"
    fail("alice", 5, address=tablet)
    assert paused(log_in(Client(), "alice", PASSWORD, address=tablet))
    client = Client()
    assert log_in(client, "alice", PASSWORD, address=laptop).status_code == 302
    assert logged_in(client)
    # The tablet stays paused for that username, though the teacher logged in.
    assert paused(log_in(Client(), "alice", PASSWORD, address=tablet))


def test_one_teachers_typos_do_not_lock_a_colleague_at_the_same_address(
    alice: User, bob: User
) -> None:
    fail("alice", 5)
    client = Client()
    assert log_in(client, "bob", PASSWORD).status_code == 302
    assert logged_in(client)


# -- Per address -----------------------------------------------------------------------


def test_an_address_trying_name_after_name_is_paused(alice: User, bob: User) -> None:
    for name in ["carol", "dave", "erin", "frank", "grace"]:
        fail(name, 4)  # never five for one name: 20 from the address
    assert paused(log_in(Client(), "bob", PASSWORD))
    # Another address is not affected.
    assert log_in(Client(), "bob", PASSWORD, address="10.0.0.2").status_code == 302


def test_nineteen_failures_from_an_address_do_not_pause_it(bob: User) -> None:
    for name in ["carol", "dave", "erin", "frank"]:
        fail(name, 4)
    fail("grace", 3)
    assert log_in(Client(), "bob", PASSWORD).status_code == 302


# -- Per username, from anywhere ---------------------------------------------------------


def _guess_from_many_addresses(username: str, failures: int) -> None:
    """Four at most from each address, so that none is paused for the username."""
    for n in range(failures):
        fail(username, 1, address=f"203.0.113.{n // 4 + 1}")


def test_guessing_one_username_from_many_addresses_pauses_it_everywhere(
    alice: User, bob: User
) -> None:
    _guess_from_many_addresses("alice", 50)
    response = log_in(Client(), "alice", PASSWORD, address="192.168.1.20")
    assert paused(response)
    assert "for this username, from many places" in response.text
    # Another username from the same addresses is not affected.
    assert log_in(Client(), "bob", PASSWORD, address="203.0.113.1").status_code == 302


def test_forty_nine_failures_for_a_username_from_many_addresses_do_not_pause_it(
    alice: User,
) -> None:
    _guess_from_many_addresses("alice", 49)
    assert log_in(Client(), "alice", PASSWORD, address="192.168.1.20").status_code == 302


# -- The page --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "here", "address"),
    [
        (
            "en",
            "too many wrong passwords for this username from here",
            "too many wrong passwords from here.",
        ),
        (
            "nb",
            "for mange feil passord for dette brukernavnet herfra",
            "for mange feil passord herfra.",
        ),
    ],
)
def test_the_page_says_plainly_which_pause_it_is(
    alice: User, language: str, here: str, address: str
) -> None:
    client = Client(headers={"Accept-Language": language})
    fail("alice", 5)
    assert here in log_in(client, "alice", PASSWORD).text
    for name in ["carol", "dave", "erin", "frank", "grace"]:
        fail(name, 4, address="10.0.0.9")
    assert address in log_in(client, "bob", PASSWORD, address="10.0.0.9").text


def test_the_page_speaks_norwegian(alice: User) -> None:
    fail("alice", 5)
    response = Client(headers={"Accept-Language": "nb"}).post(
        TEACHER_LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR=SCHOOL
    )
    assert paused(response)
    assert '<html lang="nb">' in response.text
    assert "Innloggingen er satt på pause" in response.text
    assert "Vent 15 minutter" in response.text
    assert "skolens administrator" in response.text


def test_the_page_tells_a_teacher_whom_to_ask_and_holds_no_inline_code(
    alice: User,
) -> None:
    fail("alice", 5)
    response = log_in(Client(), "alice", PASSWORD)
    text = response.text
    assert "Ask the school's administrator to set a new one" in text
    assert 'href="/accounts/login/"' in text
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) is None  # only src= scripts
    assert " style=" not in text
    assert re.search(r"\son[a-z]+=", text) is None


def test_a_refused_login_is_held_back_a_moment(settings: SettingsWrapper) -> None:
    settings.LOGIN_PAUSED_ANSWER_DELAY = 1.0
    with (
        mock.patch.object(time, "sleep") as sleep,
        mock.patch.object(login_throttling, "connections") as connections,
    ):
        login_throttling._hold_back()
        assert sleep.call_args_list == [mock.call(1.0)]
        connections.close_all.assert_called_once_with()  # no connection kept while waiting


def test_a_process_holds_back_refused_logins_in_half_its_threads() -> None:
    """`manage.py serve` tells its processes their threads (SERVE_THREADS); the tablets
    always keep the other half."""
    code = "from minibridge import login_throttling as t; print(t.HELD_BACK_AT_MOST)"
    for threads, held in (("8", 4), ("32", 16), ("1", 0)):
        found = run_manage("shell", "--no-imports", "-c", code, DEBUG="true", SERVE_THREADS=threads)
        assert found.stdout.split() == [str(held)], found.stderr


def test_past_the_limit_a_refused_login_is_answered_at_once(settings: SettingsWrapper) -> None:
    """More flood connections than that must not take every thread of the server."""
    settings.LOGIN_PAUSED_ANSWER_DELAY = 1.0
    taken = [
        login_throttling._held_back.acquire(blocking=False)
        for _ in range(login_throttling.HELD_BACK_AT_MOST)
    ]
    try:
        assert all(taken)
        with mock.patch.object(time, "sleep") as sleep:
            login_throttling._hold_back()
        sleep.assert_not_called()
    finally:
        for _ in taken:
            login_throttling._held_back.release()


def test_with_axes_switched_off_nothing_is_refused(alice: User, settings: SettingsWrapper) -> None:
    """AXES_ENABLED (only the flood benchmark turns it off, in its own settings)."""
    fail("alice", 5)
    settings.AXES_ENABLED = False
    assert log_in(Client(), "alice", PASSWORD).status_code == 302


# -- The admin -------------------------------------------------------------------------


def test_the_admin_login_is_paused_too_without_hashing(root: User, hashing: mock.Mock) -> None:
    for _ in range(4):
        assert log_in(Client(), "root", "wrong-password", url=ADMIN_LOGIN).status_code == 200
    response = log_in(Client(), "root", "wrong-password", url=ADMIN_LOGIN)
    assert paused(response)
    assert "whoever runs the site" in response.text
    assert 'href="/admin/login/"' in response.text
    hashing.reset_mock()
    client = Client()
    assert paused(log_in(client, "root", PASSWORD, url=ADMIN_LOGIN))
    assert hashing.call_count == 0
    assert not logged_in(client)
    minutes_pass(16)
    assert log_in(client, "root", PASSWORD, url=ADMIN_LOGIN).status_code == 302
    assert client.get("/admin/").status_code == 200


def test_the_admin_and_the_teachers_login_count_the_same_failures(root: User) -> None:
    fail("root", 3, url=ADMIN_LOGIN)
    fail("root", 2)
    assert paused(log_in(Client(), "root", PASSWORD, url=ADMIN_LOGIN))


# -- Settings from the environment ------------------------------------------------------

SHOW = (
    "from django.conf import settings as s; from django.urls import reverse; "
    "print(s.AXES_FAILURE_LIMIT, s.LOGIN_ADDRESS_FAILURE_LIMIT, s.LOGIN_USERNAME_FAILURE_LIMIT, "
    "s.LOGIN_RECORDS_DAYS, "
    "int(s.AXES_COOLOFF_TIME.total_seconds()), reverse('admin:login'))"
)


def show(**env: str) -> list[str]:
    result = run_manage(
        "shell", "--no-imports", "-c", SHOW, DEBUG="false", SECRET_KEY=GOOD_KEY, **env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_the_defaults() -> None:
    assert show() == ["5", "20", "50", "30", "900", "/admin/login/"]


def test_the_limits_the_cool_off_and_the_admin_path_come_from_the_environment() -> None:
    assert show(
        LOGIN_FAILURE_LIMIT="3",
        LOGIN_ADDRESS_FAILURE_LIMIT="50",
        LOGIN_USERNAME_FAILURE_LIMIT="200",
        LOGIN_RECORDS_DAYS="7",
        LOGIN_COOLOFF_MINUTES="30",
        ADMIN_PATH="staff-7f3k/",
    ) == ["3", "50", "200", "7", "1800", "/staff-7f3k/login/"]


@pytest.mark.parametrize(
    ("name", "raw", "message"),
    [
        ("LOGIN_FAILURE_LIMIT", "0", "LOGIN_FAILURE_LIMIT must be a whole number of at least 1"),
        ("LOGIN_FAILURE_LIMIT", "five", "LOGIN_FAILURE_LIMIT must be a whole number"),
        ("LOGIN_ADDRESS_FAILURE_LIMIT", "-3", "must be a whole number of at least 1"),
        ("LOGIN_USERNAME_FAILURE_LIMIT", "many", "LOGIN_USERNAME_FAILURE_LIMIT must be a whole"),
        ("LOGIN_RECORDS_DAYS", "0", "LOGIN_RECORDS_DAYS must be a whole number of at least 1"),
        ("LOGIN_COOLOFF_MINUTES", "0", "LOGIN_COOLOFF_MINUTES must be a whole number of at least"),
        ("LOGIN_COOLOFF_MINUTES", "1.5", "LOGIN_COOLOFF_MINUTES must be a whole number"),
        ("ADMIN_PATH", "/admin/", "ADMIN_PATH must be one path segment ending with a slash"),
        ("ADMIN_PATH", "admin", "ADMIN_PATH must be one path segment"),
        ("ADMIN_PATH", "staff/admin/", "ADMIN_PATH must be one path segment"),
        ("ADMIN_PATH", "../", "ADMIN_PATH must be one path segment"),
        ("ADMIN_PATH", "st aff/", "ADMIN_PATH must be one path segment"),
        ("ADMIN_PATH", "classes/", "ADMIN_PATH classes/ is a path the site itself uses"),
        ("ADMIN_PATH", "accounts/", "ADMIN_PATH accounts/ is a path the site itself uses"),
        ("ADMIN_PATH", "static/", "ADMIN_PATH static/ is a path the site itself uses"),
        ("BEHIND_PROXY", "perhaps", "BEHIND_PROXY must be true or false"),
    ],
)
def test_a_value_it_cannot_use_stops_the_site(name: str, raw: str, message: str) -> None:
    result = run_manage("check", DEBUG="false", SECRET_KEY=GOOD_KEY, **{name: raw})
    assert result.returncode != 0
    assert message in result.stderr


# -- The client's address ---------------------------------------------------------------

ADDRESS = (
    "from django.test import RequestFactory; from axes.helpers import get_client_ip_address; "
    "r = RequestFactory().post('/accounts/login/', REMOTE_ADDR='127.0.0.1', "
    "HTTP_X_FORWARDED_FOR={header!r}); print(get_client_ip_address(r))"
)


@pytest.mark.parametrize(
    ("behind_proxy", "header", "address"),
    [
        # Straight from the network: the connection's address; a header is ignored.
        ("false", "203.0.113.7", "127.0.0.1"),
        # Behind the proxy: the address it appended, right-most, whatever came before.
        ("true", "203.0.113.7", "203.0.113.7"),
        ("true", "198.51.100.66, 203.0.113.7", "203.0.113.7"),
        ("true", "10.0.0.1, 8.8.8.8, 192.168.1.20", "192.168.1.20"),
    ],
)
def test_the_address_counted_is_the_clients(behind_proxy: str, header: str, address: str) -> None:
    result = run_manage(
        "shell",
        "--no-imports",
        "-c",
        ADDRESS.format(header=header),
        DEBUG="false",
        SECRET_KEY=GOOD_KEY,
        ALLOW_HTTP="true",
        BEHIND_PROXY=behind_proxy,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == address


#: What BEHIND_PROXY=true sets (checked against the settings just below).
PROXY = {
    "AXES_IPWARE_META_PRECEDENCE_ORDER": ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"),
    "AXES_IPWARE_PROXY_COUNT": 0,
    "IPWARE_STRICT": False,
}


def test_behind_the_proxy_the_settings_are_those() -> None:
    code = (
        "from django.conf import settings as s; "
        f"print(repr([getattr(s, name) for name in {list(PROXY)!r}]))"
    )
    result = run_manage(
        "shell", "--no-imports", "-c", code, DEBUG="false", SECRET_KEY=GOOD_KEY, BEHIND_PROXY="true"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == repr(list(PROXY.values()))


def test_behind_the_proxy_each_client_is_paused_on_its_own(
    alice: User, settings: SettingsWrapper
) -> None:
    """Every login comes from the proxy's address: the pause follows the client's own,
    the one the proxy appended, or one pupil would pause the username for everybody."""
    for name, value in PROXY.items():
        setattr(settings, name, value)
    proxy = "127.0.0.1"

    def through_proxy(client: str, password: str) -> _MonkeyPatchedWSGIResponse:
        return Client().post(
            TEACHER_LOGIN,
            {"username": "alice", "password": password},
            REMOTE_ADDR=proxy,
            HTTP_X_FORWARDED_FOR=f"10.9.9.9, {client}",  # the first part made up by the client
        )

    for _ in range(5):
        through_proxy("203.0.113.7", "wrong-password")
    assert paused(through_proxy("203.0.113.7", PASSWORD))
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}
    assert through_proxy("198.51.100.4", PASSWORD).status_code == 302


# -- How long the records of logins are kept ----------------------------------------------


def _records_aged(days: int) -> None:
    """One record of each kind (a failure counted, a login, a failure logged), ``days`` old."""
    when = timezone.now() - timedelta(days=days)
    who = {"username": f"aged{days}", "ip_address": "198.51.100.9", "user_agent": "Tablet"}
    AccessAttempt.objects.create(**who, failures_since_start=2)
    AccessLog.objects.create(**who)
    AccessFailureLog.objects.create(**who)
    for model in (AccessAttempt, AccessLog, AccessFailureLog):
        model.objects.filter(username=who["username"]).update(attempt_time=when)


def _ages() -> dict[str, set[str | None]]:
    return {
        model.__name__: set(model.objects.values_list("username", flat=True))
        for model in (AccessAttempt, AccessLog, AccessFailureLog)
    }


def test_a_login_deletes_the_records_of_logins_past_the_retention(alice: User) -> None:
    _records_aged(31)
    _records_aged(29)
    client = Client()
    assert log_in(client, "alice", PASSWORD).status_code == 302
    assert _ages() == {
        "AccessAttempt": set(),  # past the cool-off: axes itself deletes it at a login
        "AccessLog": {"aged29", "alice"},  # this login's own record stays
        "AccessFailureLog": {"aged29"},
    }


def test_the_retention_is_a_setting(alice: User, settings: SettingsWrapper) -> None:
    settings.LOGIN_RECORDS_DAYS = 7
    _records_aged(8)
    _records_aged(6)
    assert login_throttling.login_records_purge() == 3
    assert _ages()["AccessLog"] == {"aged6"}


def test_the_purge_command_deletes_them_too(db: None, settings: SettingsWrapper) -> None:
    settings.RETENTION_DAYS = 365
    _records_aged(40)
    out = StringIO()
    call_command("purge", stdout=out)
    assert "Removed 3 records of logins older than 30 days." in out.getvalue()
    assert _ages() == {"AccessAttempt": set(), "AccessLog": set(), "AccessFailureLog": set()}
