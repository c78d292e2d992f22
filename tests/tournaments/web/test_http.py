"""The views' shared helpers: numbers sent in a form, the paper asked for, a file to save."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from tournaments.web.http import attachment, paper_size, parse_id


@pytest.mark.parametrize(
    ("query", "paper"),
    [
        ("", "A4"),
        ("?paper=letter", "Letter"),
        ("?paper=Letter", "Letter"),
        ("?paper=LETTER", "Letter"),
        ("?paper=a4", "A4"),
        ("?paper=A3", "A4"),
        ("?paper=", "A4"),
    ],
)
def test_paper_size_is_letter_only_when_asked_for(query: str, paper: str) -> None:
    assert paper_size(RequestFactory().get(f"/print/{query}")) == paper


def test_an_attachment_is_a_file_to_save_under_its_name() -> None:
    response = attachment(b"%PDF-1.4", "6b-2026-11-29-table-cards.pdf", "application/pdf")
    assert response.status_code == 200
    assert response.content == b"%PDF-1.4"
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="6b-2026-11-29-table-cards.pdf"'
    )


def test_an_attachment_name_outside_ascii_is_encoded() -> None:
    response = attachment(b"x", "Bjørn.pbn", "text/plain; charset=utf-8")
    assert response["Content-Disposition"] == "attachment; filename*=utf-8''Bj%C3%B8rn.pbn"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("7", 7),
        ("007", 7),
        (str(10**18 - 1), 10**18 - 1),
        (str(2**63), None),
        ("9" * 5000, None),
        ("²", None),
        ("-1", None),
        (" 7", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_id_takes_plain_digits_that_fit_the_database(
    value: str | None, expected: int | None
) -> None:
    assert parse_id(value) == expected
