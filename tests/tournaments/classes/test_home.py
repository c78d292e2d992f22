from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import SchoolClass


def test_it_sends_visitors_to_the_login_page(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/"


def test_it_shows_what_to_do_first(alice_client: Client) -> None:
    response = alice_client.get("/")
    assert response.status_code == 200
    assert b"You have no classes yet." in response.content
    assert b"Create your first class" in response.content


def test_it_lists_only_the_teachers_own_classes(
    alice_client: Client, alice_class: SchoolClass, bob: User
) -> None:
    SchoolClass.objects.create(teacher=bob, name="Bob's class")
    response = alice_client.get("/")
    assert b"6B" in response.content
    assert b"Bob&#x27;s class" not in response.content


def test_it_is_in_norwegian_when_chosen(alice_client: Client) -> None:
    alice_client.post("/i18n/setlang/", {"language": "nb", "next": "/"})
    response = alice_client.get("/")
    assert "Du har ingen klasser ennå." in response.content.decode()


def test_it_rejects_post(alice_client: Client) -> None:
    assert alice_client.post("/").status_code == 405


def test_pages_load_htmx_from_the_site_itself(alice_client: Client) -> None:
    html = alice_client.get("/").content.decode()
    assert '<script src="/static/django_htmx/htmx-2.min.js" defer></script>' in html
    assert "https://" not in html.split("<body")[0]
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
