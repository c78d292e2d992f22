"""Certificates of a session, a league and a class's term: each has a page (the small
form and what every pupil's certificate will say) and its PDF.

The page's form is sent by GET to the PDF's address, and what it does not send is
taken from its defaults (1st to 3rd places, full names, A4), so a plain link prints
them. A value no form offers (a hand-made link) brings the page back with the form's
message beside the field (422), never an error page; so does a PDF with nobody to
print for.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from tournaments.certificates import selectors
from tournaments.certificates.forms import CertificatesForm, TermCertificatesForm
from tournaments.certificates.selectors import CertificateSet
from tournaments.classes import selectors as class_selectors
from tournaments.leagues import selectors as league_selectors
from tournaments.models import Session
from tournaments.printing.certificates import certificates_pdf
from tournaments.sessions import selectors as session_selectors
from tournaments.web.http import TeacherRequest, attachment

TEMPLATE = "tournaments/certificates/certificates.html"


def _answer(
    request: TeacherRequest,
    form: CertificatesForm,
    certificates: CertificateSet | None,
    *,
    pdf: bool,
    **context: Any,
) -> HttpResponse:
    """The page, or the PDF once the form is right and there is somebody to print for."""
    if pdf and certificates is not None and not certificates.empty:
        data = certificates_pdf(certificates, page_size=form.page_size)
        filename = f"{slugify(certificates.stem) or 'class'}-certificates.pdf"
        return attachment(data, filename, "application/pdf")
    status = 422 if certificates is None or (pdf and certificates.empty) else 200
    context |= {"form": form, "certificates": certificates}
    return render(request, TEMPLATE, context, status=status)


def _addresses(name: str, **kwargs: int) -> dict[str, str]:
    """The page's address (the form's "Show") and its PDF's (the form's action)."""
    return {
        "page": reverse(f"tournaments:{name}", kwargs=kwargs),
        "action": reverse(f"tournaments:{name}_pdf", kwargs=kwargs),
    }


@require_GET
@login_required
def session_certificates(
    request: TeacherRequest, session_id: int, pdf: bool = False
) -> HttpResponse:
    """The certificates of a running or finished session."""
    session = session_selectors.get_session_for_teacher(request.user, session_id)
    if session.state == Session.State.DRAFT:
        raise Http404
    form = CertificatesForm.from_query(request.GET)
    certificates = (
        selectors.session_certificates(
            session, places=form.places_honoured, first_names=form.first_names
        )
        if form.is_valid()
        else None
    )
    addresses = _addresses("session_certificates", session_id=session.pk)
    return _answer(request, form, certificates, pdf=pdf, session=session, **addresses)


@require_GET
@login_required
def league_certificates(request: TeacherRequest, league_id: int, pdf: bool = False) -> HttpResponse:
    """The certificates of a league, over its evenings so far."""
    league = league_selectors.get_league_for_teacher(request.user, league_id)
    form = CertificatesForm.from_query(request.GET)
    certificates = (
        selectors.league_certificates(
            league, places=form.places_honoured, first_names=form.first_names
        )
        if form.is_valid()
        else None
    )
    addresses = _addresses("league_certificates", league_id=league.pk)
    return _answer(request, form, certificates, pdf=pdf, league=league, **addresses)


@require_GET
@login_required
def class_certificates(request: TeacherRequest, class_id: int, pdf: bool = False) -> HttpResponse:
    """A class's term certificates: its sessions between two dates (all by default)."""
    school_class = class_selectors.get_class_for_teacher(request.user, class_id)
    form = TermCertificatesForm.from_query(request.GET)
    certificates = (
        selectors.class_certificates(
            school_class,
            places=form.places_honoured,
            first_names=form.first_names,
            start=form.cleaned_data.get("start"),
            end=form.cleaned_data.get("end"),
        )
        if form.is_valid()
        else None
    )
    addresses = _addresses("class_certificates", class_id=school_class.pk)
    return _answer(request, form, certificates, pdf=pdf, school_class=school_class, **addresses)
