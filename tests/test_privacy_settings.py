"""RETENTION_DAYS: read strictly, off unless set."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from minibridge.env import env_days_or_none
from tests.test_settings import run_manage


@pytest.mark.parametrize(("raw", "expected"), [(None, None), ("", None), (" 365 ", 365), ("1", 1)])
def test_env_days_or_none_reads_a_number_of_days(
    monkeypatch: pytest.MonkeyPatch, raw: str | None, expected: int | None
) -> None:
    if raw is None:
        monkeypatch.delenv("SOME_DAYS", raising=False)
    else:
        monkeypatch.setenv("SOME_DAYS", raw)
    assert env_days_or_none("SOME_DAYS") == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [("a year", "whole number of days"), ("0", "1 day or more"), ("-5", "1 day or more")],
)
def test_env_days_or_none_refuses_anything_else(
    monkeypatch: pytest.MonkeyPatch, raw: str, message: str
) -> None:
    monkeypatch.setenv("SOME_DAYS", raw)
    with pytest.raises(ImproperlyConfigured, match=message):
        env_days_or_none("SOME_DAYS")


def test_a_junk_retention_period_stops_the_site() -> None:
    result = run_manage("check", DEBUG="true", RETENTION_DAYS="forever")
    assert result.returncode != 0
    assert "RETENTION_DAYS must be a whole number of days" in result.stderr


def test_purge_without_a_retention_period_exits_non_zero() -> None:
    result = run_manage("purge", "--older-than", "30", DEBUG="true", RETENTION_DAYS="")
    assert result.returncode == 1
    assert "RETENTION_DAYS is not set, so nothing is removed" in result.stderr
