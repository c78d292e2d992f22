from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import Pupil, SchoolClass


def test_class_create_makes_a_class_for_the_teacher(alice_client: Client, alice: User) -> None:
    response = alice_client.post("/classes/new/", {"name": " 7A "})
    school_class = SchoolClass.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/classes/{school_class.pk}/"
    assert school_class.name == "7A"
    assert school_class.teacher == alice


def test_class_create_refuses_a_duplicate_name(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    response = alice_client.post("/classes/new/", {"name": "6b"})
    assert response.status_code == 200
    assert b"You already have a class with this name." in response.content
    assert SchoolClass.objects.count() == 1


def test_class_create_refuses_an_empty_name(alice_client: Client) -> None:
    response = alice_client.post("/classes/new/", {"name": "  "})
    assert b"This field is required." in response.content
    assert not SchoolClass.objects.exists()


def test_two_teachers_may_use_the_same_class_name(
    bob_client: Client, alice_class: SchoolClass
) -> None:
    bob_client.post("/classes/new/", {"name": "6B"})
    assert SchoolClass.objects.filter(name="6B").count() == 2


def test_class_detail_lists_the_pupils(alice_client: Client, alice_class: SchoolClass) -> None:
    Pupil.objects.create(school_class=alice_class, first_name="Nora", last_name="J")
    response = alice_client.get(f"/classes/{alice_class.pk}/")
    assert response.status_code == 200
    assert b"Nora J" in response.content


def test_another_teacher_gets_404_for_the_class(
    bob_client: Client, alice_class: SchoolClass
) -> None:
    assert bob_client.get(f"/classes/{alice_class.pk}/").status_code == 404
    response = bob_client.post(f"/classes/{alice_class.pk}/pupils/add/", {"first_name": "Eve"})
    assert response.status_code == 404
    assert not Pupil.objects.exists()


def test_pupil_add_returns_the_list_to_htmx(alice_client: Client, alice_class: SchoolClass) -> None:
    response = alice_client.post(
        f"/classes/{alice_class.pk}/pupils/add/",
        {"first_name": "Sofie", "last_name": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    # Only the list, the form's errors and a new key: a name typed meanwhile stays.
    assert html.lstrip().startswith('<div id="pupil-list" hx-swap-oob="true">')
    assert "<html" not in html
    assert 'name="first_name"' not in html
    assert "Sofie" in html
    assert re.search(r'<input type="hidden" name="key" id="pupil-form-key" value="\w{32}"', html)


def test_the_same_add_pupil_form_twice_adds_one_pupil(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    form = {"first_name": "Sofie", "last_name": "", "key": "f" * 32}
    url = f"/classes/{alice_class.pk}/pupils/add/"
    first = alice_client.post(url, form, headers={"HX-Request": "true"})
    second = alice_client.post(url, form, headers={"HX-Request": "true"})
    assert first.status_code == second.status_code == 200
    assert "already has a pupil" not in second.content.decode()
    assert alice_class.pupils.count() == 1
    other = alice_client.post(url, {**form, "key": "e" * 32}, headers={"HX-Request": "true"})
    assert other.status_code == 422  # another form with the same name: a real duplicate
    assert "already has a pupil with this name" in other.content.decode()


def test_pupil_add_refuses_a_duplicate_with_a_message(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    Pupil.objects.create(school_class=alice_class, first_name="Sofie")
    response = alice_client.post(
        f"/classes/{alice_class.pk}/pupils/add/",
        {"first_name": "sofie"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert b"already has a pupil with this name" in response.content
    assert alice_class.pupils.count() == 1


def test_pupil_add_without_htmx_redirects(alice_client: Client, alice_class: SchoolClass) -> None:
    response = alice_client.post(f"/classes/{alice_class.pk}/pupils/add/", {"first_name": "Åse"})
    assert response.status_code == 302
    assert alice_class.pupils.get().first_name == "Åse"


def test_pupil_add_rejects_get(alice_client: Client, alice_class: SchoolClass) -> None:
    assert alice_client.get(f"/classes/{alice_class.pk}/pupils/add/").status_code == 405
