"""The booklet's pages: the organiser asks for it, watches it being made, downloads it;
nobody else sees it; the public link offers it only once the event is over."""

from __future__ import annotations

import datetime

import pytest
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks

from events.models import Event, EventBooklet
from tests.factories import organiser_event


@pytest.fixture
def event(db: None) -> Event:
    return organiser_event(boards=3)


@pytest.fixture
def organiser_client(event: Event) -> Client:
    client = Client()
    client.force_login(event.organiser.user)
    return client


def page(event: Event) -> str:
    return reverse("events:booklet", kwargs={"event_id": event.pk})


def test_it_offers_to_make_the_booklet(organiser_client: Client, event: Event) -> None:
    response = organiser_client.get(page(event))
    assert response.status_code == 200
    assert "Make the booklet" in response.text
    assert "Download the booklet" not in response.text


def test_it_makes_the_booklet_and_offers_the_download(
    organiser_client: Client,
    event: Event,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    make = reverse("events:booklet_make", kwargs={"event_id": event.pk})
    with django_capture_on_commit_callbacks(execute=True):
        response = organiser_client.post(make)
    assert response.status_code == 302
    assert isinstance(response, HttpResponseRedirect)
    assert response.url == page(event)
    shown = organiser_client.get(page(event)).text
    assert "Download the booklet (PDF)" in shown
    assert "Make the booklet" not in shown  # it is of the current results
    assert "keep it to yourself until the event is over" in shown
    download = organiser_client.get(
        reverse("events:booklet_download", kwargs={"event_id": event.pk})
    )
    assert download.status_code == 200
    assert download["Content-Type"] == "application/pdf"
    assert download.content.startswith(b"%PDF")
    assert 'filename="spring-simultaneous-booklet.pdf"' in download["Content-Disposition"]


def test_while_it_is_made_the_page_polls_and_shows_progress(
    organiser_client: Client, event: Event
) -> None:
    EventBooklet.objects.create(
        event=event,
        status=EventBooklet.Status.RUNNING,
        language="en",
        progress=2,
        boards=3,
        requested_at=timezone.now(),
    )
    response = organiser_client.get(page(event), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "<html" not in response.text  # the live part only
    assert "Being made… 2 of 3 boards" in response.text
    assert 'hx-trigger="every 1s"' in response.text
    assert "<form" not in response.text  # nothing to ask for meanwhile
    # The download waits for it.
    download = organiser_client.get(
        reverse("events:booklet_download", kwargs={"event_id": event.pk})
    )
    assert download.status_code == 302


def test_a_stalled_booklet_can_be_asked_for_again(organiser_client: Client, event: Event) -> None:
    EventBooklet.objects.create(
        event=event,
        status=EventBooklet.Status.RUNNING,
        language="en",
        boards=3,
        requested_at=timezone.now() - datetime.timedelta(hours=1),
    )
    response = organiser_client.get(page(event))
    assert "Being made" not in response.text
    assert "Make the booklet" in response.text


def test_in_norwegian(organiser_client: Client, event: Event) -> None:
    organiser_client.cookies["django_language"] = "nb"
    response = organiser_client.get(page(event), headers={"Accept-Language": "nb"})
    assert "Turneringshefte" in response.text
    assert "Lag heftet" in response.text


def test_a_failure_says_so(organiser_client: Client, event: Event) -> None:
    EventBooklet.objects.create(
        event=event,
        status=EventBooklet.Status.FAILED,
        language="en",
        requested_at=timezone.now(),
        error="RuntimeError: out of paper",
    )
    response = organiser_client.get(page(event))
    assert "The booklet could not be made." in response.text
    assert "Make the booklet again" in response.text


@pytest.mark.parametrize("name", ["events:booklet", "events:booklet_download"])
def test_it_is_the_organisers_only(
    event: Event, alice_client: Client, bob_client: Client, name: str
) -> None:
    other = organiser_event(username="network", seed="other")
    assert alice_client.get(reverse(name, kwargs={"event_id": event.pk})).status_code == 404
    client = Client()
    client.force_login(other.organiser.user)
    assert client.get(reverse(name, kwargs={"event_id": event.pk})).status_code == 404
    anonymous = Client().get(reverse(name, kwargs={"event_id": event.pk}))
    assert anonymous.status_code == 302
    assert isinstance(anonymous, HttpResponseRedirect)
    assert "login" in anonymous.url


def test_making_is_the_organisers_only(event: Event, alice_client: Client) -> None:
    make = reverse("events:booklet_make", kwargs={"event_id": event.pk})
    assert alice_client.post(make).status_code == 404
    assert not EventBooklet.objects.exists()


def test_it_rejects_get(organiser_client: Client, event: Event) -> None:
    make = reverse("events:booklet_make", kwargs={"event_id": event.pk})
    assert organiser_client.get(make).status_code == 405


def test_the_public_link_offers_it_only_after_the_last_day(
    organiser_client: Client,
    event: Event,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    public = reverse("events:booklet_public", kwargs={"token": event.public_token})
    assert Client().get(public).status_code == 404  # none yet
    with django_capture_on_commit_callbacks(execute=True):
        organiser_client.post(reverse("events:booklet_make", kwargs={"event_id": event.pk}))
    today = timezone.localdate()
    Event.objects.filter(pk=event.pk).update(starts_on=today, ends_on=today)
    assert Client().get(public).status_code == 404  # schools may still play the boards
    results = reverse("events:public_results", kwargs={"token": event.public_token})
    assert f'href="{public}"' not in Client().get(results, follow=True).text
    yesterday = today - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    shown = organiser_client.get(page(event)).text
    assert f'href="{public}"' in shown
    assert "anyone with the event's public link may download the booklet" in shown
    response = Client().get(public)
    assert response.status_code == 200
    assert response.content.startswith(b"%PDF")
    # The public results page links to it now, and the organiser's event page always.
    results_page = Client().get(
        reverse("events:public_results", kwargs={"token": event.public_token}), follow=True
    )
    assert f'href="{public}"' in results_page.text
    detail = organiser_client.get(reverse("events:event_detail", kwargs={"event_id": event.pk}))
    assert f'href="{page(event)}"' in detail.text
    national = reverse("events:national_results", kwargs={"event_id": event.pk})
    assert f'href="{national}"' in detail.text
    unknown = reverse("events:booklet_public", kwargs={"token": "x" * 32})
    assert Client().get(unknown).status_code == 404


def test_the_public_link_names_its_booklet_in_an_etag_for_a_shared_cache(
    organiser_client: Client,
    event: Event,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """A cache in front of the site (nginx, deploy/nginx/minibridge.conf) may keep the
    booklet a few seconds, then asks again with its ETag: "not modified" until another
    booklet is made, and the file is not read for it."""
    make = reverse("events:booklet_make", kwargs={"event_id": event.pk})
    with django_capture_on_commit_callbacks(execute=True):
        organiser_client.post(make)
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Event.objects.filter(pk=event.pk).update(starts_on=yesterday, ends_on=yesterday)
    public = reverse("events:booklet_public", kwargs={"token": event.public_token})
    first = Client().get(public)
    assert first.status_code == 200
    assert first["Cache-Control"] == "public, max-age=0, s-maxage=10"
    tag = first["ETag"]
    again = Client().get(public, headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    # Made again (in another language): another tag, the new file.
    with django_capture_on_commit_callbacks(execute=True):
        organiser_client.post(make, headers={"Accept-Language": "nb"})
    remade = Client().get(public, headers={"If-None-Match": tag})
    assert remade.status_code == 200
    assert remade["ETag"] != tag
    assert remade.content.startswith(b"%PDF")
