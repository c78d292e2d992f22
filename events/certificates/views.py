"""An event's certificates, for its organiser: the page (the small form, what each
certificate will say) and the PDF. First names only: the event keeps no other."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from events.certificates import selectors
from events.organiser import selectors as organiser_selectors
from tournaments.certificates.forms import EventCertificatesForm
from tournaments.printing.certificates import certificates_pdf
from tournaments.web.http import TeacherRequest, attachment


@require_GET
@login_required
def event_certificates(request: TeacherRequest, event_id: int, pdf: bool = False) -> HttpResponse:
    """The event's certificates (404 for anybody but its organiser)."""
    event = organiser_selectors.get_event_for_organiser(request.user, event_id)
    form = EventCertificatesForm.from_query(request.GET)
    certificates = (
        selectors.event_certificates(event, places=form.places_honoured)
        if form.is_valid()
        else None
    )
    if pdf and certificates is not None and not certificates.empty:
        data = certificates_pdf(certificates, page_size=form.page_size)
        filename = f"{slugify(certificates.stem) or 'event'}-certificates.pdf"
        return attachment(data, filename, "application/pdf")
    context = {
        "event": event,
        "form": form,
        "certificates": certificates,
        "page": reverse("events:event_certificates", kwargs={"event_id": event.pk}),
        "action": reverse("events:event_certificates_pdf", kwargs={"event_id": event.pk}),
    }
    status = 422 if certificates is None or (pdf and certificates.empty) else 200
    return render(request, "tournaments/certificates/certificates.html", context, status=status)
