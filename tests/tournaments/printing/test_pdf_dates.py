"""Every PDF of a session writes its date in the reader's language: "Nov. 29, 2026" in
English, "29. november 2026" in Norwegian, never the ISO "2026-11-29"."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from pypdf import PdfReader

from tests.factories import play_round, running_session

PDFS = [
    "print/table-cards/",
    "print/movement-chart/",
    "print/pair-cards/",
    "export/standings-pdf/",
    "export/travellers-pdf/",
    "curve/?format=pdf",
]


@pytest.mark.parametrize("path", PDFS)
@pytest.mark.parametrize(
    ("language", "date"), [("en", "Nov. 29, 2026"), ("nb", "29. november 2026")]
)
def test_every_session_pdf_dates_itself_in_the_readers_language(
    alice: User, alice_client: Client, path: str, language: str, date: str
) -> None:
    session = running_session(alice, seed="dates")  # played on 29 November 2026
    play_round(session, 1, {})
    alice_client.cookies["django_language"] = language
    # LocaleMiddleware leaves the language it chose active: keep it to this request.
    with translation.override(None):
        response = alice_client.get(f"/sessions/{session.pk}/{path}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    first = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    text = " ".join(first.split())
    assert f"8A · {date}" in text
    assert "2026-11-29" not in text
