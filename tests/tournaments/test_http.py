"""The download views' shared helpers: the paper asked for, and a file to save."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from tournaments.http import attachment, paper_size


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
