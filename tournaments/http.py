"""Small request and response helpers the download views share."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header

from tournaments.printing.common import PaperSize


def paper_size(request: HttpRequest) -> PaperSize:
    """The paper a printable is made for: ``?paper=letter`` (any case) gives Letter,
    anything else A4."""
    return "Letter" if request.GET.get("paper", "").lower() == "letter" else "A4"


def attachment(data: bytes, filename: str, content_type: str) -> HttpResponse:
    """``data`` as a file to download under ``filename``."""
    return HttpResponse(
        data,
        content_type=content_type,
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )
