"""A class's data: the JSON and Excel downloads, deleting a pupil or a class, and the
"What this site stores" page."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import Settings as SettingsWrapper

from games import services as four_deal_services
from games.models import FourDealGame
from tests.factories import play_round, running_session
from tournaments.models import (
    BoardSet,
    Pair,
    PairMember,
    Partnership,
    Pupil,
    Result,
    ResultChange,
    SchoolClass,
    Session,
    Table,
)
from tournaments.privacy import services as privacy_services
from tournaments.results import services as result_services
from tournaments.sessions import services as session_services
from tournaments.standings.selectors import session_standings


def finish(session: Session) -> Session:
    session_services.session_finish(session=session)
    session.refresh_from_db()
    return session


@pytest.fixture
def played(alice: User) -> Session:
    """A finished lesson of 8A: 16 pupils, 4 tables, 3 rounds of 2 boards (24 results),
    one result corrected by the teacher, and a partnership kept."""
    session = running_session(alice, seed="privacy")
    for round_ in (1, 2, 3):
        play_round(session, round_, {(1, 1): ("3NT", 9)})
    result = Result.objects.filter(session=session).order_by("pk").first()
    assert result is not None
    result_services.result_correct(result=result, teacher=alice, contract="4S", tricks_won=10)
    session_services.session_keep_partnerships(session=session)
    return finish(session)


def pupil(name: str) -> Pupil:
    return Pupil.objects.get(first_name=name)


def standings_by_pair(session: Session) -> dict[int, tuple[float, float | None]]:
    return {
        row.pair.pk: (row.matchpoints, row.percentage)
        for ranking in session_standings(session).rankings
        for row in ranking.rows
    }


# --------------------------------------------------------------------------- class data


def test_class_data_offers_the_downloads_and_the_deletions(
    alice_client: Client, played: Session
) -> None:
    class_id = played.school_class_id
    html = alice_client.get(f"/classes/{class_id}/data/").content.decode()
    assert f'href="/classes/{class_id}/data/export.json"' in html
    assert f'href="/sessions/{played.pk}/export/xlsx/"' in html
    assert "24 results" in html
    first = pupil("Pupil00")
    assert f'href="/classes/{class_id}/pupils/{first.pk}/delete/"' in html
    assert f'href="/classes/{class_id}/delete/"' in html


def test_the_class_page_links_to_its_data(alice_client: Client, played: Session) -> None:
    html = alice_client.get(f"/classes/{played.school_class_id}/").content.decode()
    assert f'href="/classes/{played.school_class_id}/data/"' in html


def test_class_data_rejects_post(alice_client: Client, alice_class: SchoolClass) -> None:
    assert alice_client.post(f"/classes/{alice_class.pk}/data/").status_code == 405


def test_class_data_is_404_for_another_teacher(
    bob_client: Client, alice_class: SchoolClass
) -> None:
    assert bob_client.get(f"/classes/{alice_class.pk}/data/").status_code == 404


# --------------------------------------------------------------------------- the JSON


def test_the_json_holds_the_whole_class(alice_client: Client, played: Session) -> None:
    response = alice_client.get(f"/classes/{played.school_class_id}/data/export.json")
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="8a-')
    data = json.loads(response.content)
    assert data["format"] == "minibridge-class-export"
    assert data["class"]["name"] == "8A"
    assert sorted(p["first_name"] for p in data["pupils"]) == [f"Pupil{n:02}" for n in range(16)]
    assert len(data["partnerships"]) == 8
    [session] = data["sessions"]
    assert session["state"] == "finished"
    assert session["date"] == "2026-11-29"
    assert len(session["present"]) == 16
    assert len(session["pairs"]) == 8
    assert all(len(pair["pupils"]) == 2 for pair in session["pairs"])
    assert session["tables"] == [1, 2, 3, 4]
    assert len(session["results"]) == 24
    corrected = [r for r in session["results"] if len(r["changes"]) == 1]
    assert len(corrected) == 1
    assert corrected[0]["changes"][0]["by"] == "alice"
    assert corrected[0]["contract"] == "4S"
    [board_set] = data["board_sets"]
    assert board_set["id"] == session["board_set"]
    assert len(board_set["boards"]) == 8
    pupil_ids = {p["id"] for p in data["pupils"]}
    assert {i for pair in session["pairs"] for i in pair["pupils"]} == pupil_ids


def test_the_json_leaves_out_the_table_links(alice_client: Client, played: Session) -> None:
    content = alice_client.get(f"/classes/{played.school_class_id}/data/export.json").content
    for token in Table.objects.values_list("token", flat=True):
        assert token.encode() not in content


def test_the_json_of_an_empty_class(alice_client: Client, alice_class: SchoolClass) -> None:
    data = json.loads(alice_client.get(f"/classes/{alice_class.pk}/data/export.json").content)
    assert (data["pupils"], data["sessions"], data["board_sets"]) == ([], [], [])


def test_the_json_rejects_post(alice_client: Client, alice_class: SchoolClass) -> None:
    assert alice_client.post(f"/classes/{alice_class.pk}/data/export.json").status_code == 405


def test_the_json_is_404_for_another_teacher(bob_client: Client, alice_class: SchoolClass) -> None:
    assert bob_client.get(f"/classes/{alice_class.pk}/data/export.json").status_code == 404


# --------------------------------------------------------------------------- a pupil


def test_the_pupil_page_says_what_goes_and_what_stays(
    alice_client: Client, played: Session
) -> None:
    nora = pupil("Pupil00")
    response = alice_client.get(f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Delete Pupil00?" in html
    assert "The partnership of Pupil00 and Pupil01." in html
    assert "In the 1 session Pupil00 played in, the pair is shown without this name." in html
    assert "The 6 results of Pupil00’s pairs" in html
    assert f'action="/classes/{played.school_class_id}/pupils/{nora.pk}/delete/confirmed/"' in html
    assert Pupil.objects.filter(pk=nora.pk).exists()  # looking never deletes


def test_the_pupil_page_rejects_post(alice_client: Client, played: Session) -> None:
    nora = pupil("Pupil00")
    url = f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/"
    assert alice_client.post(url).status_code == 405
    assert Pupil.objects.filter(pk=nora.pk).exists()


def test_the_pupil_page_is_404_for_another_teacher_and_another_class(
    alice: User, bob_client: Client, alice_client: Client, played: Session
) -> None:
    nora = pupil("Pupil00")
    other = SchoolClass.objects.create(teacher=alice, name="9C")
    assert (
        bob_client.get(f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/").status_code
        == 404
    )
    assert alice_client.get(f"/classes/{other.pk}/pupils/{nora.pk}/delete/").status_code == 404


def test_deleting_a_pupil_keeps_everybody_elses_results(
    alice_client: Client, played: Session
) -> None:
    nora, partner = pupil("Pupil00"), pupil("Pupil01")
    pair = Pair.objects.get(members__pupil=nora)
    before = standings_by_pair(played)
    results = Result.objects.count()
    response = alice_client.post(
        f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/confirmed/"
    )
    assert response.status_code == 302
    assert response["Location"] == f"/classes/{played.school_class_id}/data/"
    assert not Pupil.objects.filter(pk=nora.pk).exists()
    assert list(pair.members.values_list("pupil", flat=True)) == [partner.pk]
    assert not Partnership.objects.filter(first=partner).exists()
    assert not Partnership.objects.filter(second=partner).exists()
    assert Result.objects.count() == results
    assert ResultChange.objects.count() == 1
    assert standings_by_pair(played) == before
    assert not played.present.filter(pk=nora.pk).exists()
    assert played.present.count() == 15
    followed = alice_client.get(response["Location"]).content.decode()
    assert "Pupil00 was deleted from 8A." in followed
    page = alice_client.get(f"/sessions/{played.pk}/standings/").content.decode()
    assert "Pupil00" not in page
    assert "Pupil01" in page


def test_both_partners_deleted_leave_a_pair_without_names(
    alice_client: Client, played: Session
) -> None:
    for name in ("Pupil00", "Pupil01"):
        privacy_services.pupil_delete(pupil=pupil(name))
    assert Pair.objects.filter(session=played, members__isnull=True).count() == 1
    assert alice_client.get(f"/sessions/{played.pk}/standings/").status_code == 200
    export = alice_client.get(f"/sessions/{played.pk}/export/xlsx/")
    assert export.status_code == 200
    data = json.loads(
        alice_client.get(f"/classes/{played.school_class_id}/data/export.json").content
    )
    assert [] in [pair["pupils"] for pair in data["sessions"][0]["pairs"]]


def test_a_pupil_in_a_running_session_is_not_deleted(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="running")
    nora = pupil("Pupil00")
    url = f"/classes/{session.school_class_id}/pupils/{nora.pk}/delete/"
    page = alice_client.get(url).content.decode()
    assert "Pupil00 is in a session that is running" in page
    assert "for good" not in page
    response = alice_client.post(url + "confirmed/")
    assert response.status_code == 409
    assert "Finish that session first, then delete Pupil00." in response.content.decode()
    assert PairMember.objects.filter(pupil=nora).exists()


def test_a_pupil_in_a_session_being_set_up_leaves_it_and_its_pairs_are_made_again(
    alice_client: Client, played: Session
) -> None:
    school_class = played.school_class
    present = list(school_class.pupils.order_by("first_name")[:7])
    draft = session_services.session_create(
        school_class=school_class, present=present, date=datetime.date(2026, 12, 3)
    )
    nora = present[0]
    page = alice_client.get(f"/classes/{school_class.pk}/pupils/{nora.pk}/delete/")
    assert "taken out of the session being set up for" in page.content.decode()
    alice_client.post(f"/classes/{school_class.pk}/pupils/{nora.pk}/delete/confirmed/")
    assert draft.present.count() == 6
    sizes = sorted(pair.members.count() for pair in draft.pairs.all())
    assert sizes == [2, 2, 2]
    assert set(PairMember.objects.filter(session=draft).values_list("pupil", flat=True)) == {
        p.pk for p in present[1:]
    }


def test_deleting_a_pupil_rejects_get(alice_client: Client, played: Session) -> None:
    nora = pupil("Pupil00")
    url = f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/confirmed/"
    assert alice_client.get(url).status_code == 405
    assert Pupil.objects.filter(pk=nora.pk).exists()


def test_deleting_a_pupil_is_404_for_another_teacher(bob_client: Client, played: Session) -> None:
    nora = pupil("Pupil00")
    url = f"/classes/{played.school_class_id}/pupils/{nora.pk}/delete/confirmed/"
    assert bob_client.post(url).status_code == 404
    assert Pupil.objects.filter(pk=nora.pk).exists()


# --------------------------------------------------------------------------- a class


def test_the_class_page_counts_what_goes(alice_client: Client, played: Session) -> None:
    html = alice_client.get(f"/classes/{played.school_class_id}/delete/").content.decode()
    for count in (
        "1 session",
        "16 pupils",
        "24 results",
        "8 pairs",
        "8 partnerships",
        "1 correction",
    ):
        assert f"<li>{count}" in html
    assert "This class played 1 of them." in html
    assert BoardSet.objects.count() == 1


def test_the_class_page_rejects_post(alice_client: Client, alice_class: SchoolClass) -> None:
    assert alice_client.post(f"/classes/{alice_class.pk}/delete/").status_code == 405
    assert SchoolClass.objects.filter(pk=alice_class.pk).exists()


def test_the_class_page_is_404_for_another_teacher(
    bob_client: Client, alice_class: SchoolClass
) -> None:
    assert bob_client.get(f"/classes/{alice_class.pk}/delete/").status_code == 404


def test_deleting_a_class_removes_everything_linked_but_the_board_sets(
    alice: User, alice_client: Client, played: Session
) -> None:
    other = running_session(alice, seed="other", class_name="9C")
    kept = (Result.objects.filter(session=other).count(), other.school_class.pupils.count())
    response = alice_client.post(f"/classes/{played.school_class_id}/delete/confirmed/")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert not SchoolClass.objects.filter(name="8A").exists()
    assert not Session.objects.filter(pk=played.pk).exists()
    assert not Pair.objects.filter(session_id=played.pk).exists()
    assert not Table.objects.filter(session_id=played.pk).exists()
    assert not Result.objects.filter(session_id=played.pk).exists()
    assert not ResultChange.objects.exists()
    assert not Partnership.objects.exists()
    assert (Result.objects.filter(session=other).count(), Pupil.objects.count()) == kept
    assert BoardSet.objects.filter(name="8A boards").exists()
    assert "The class 8A and everything in it were deleted." in (
        alice_client.get("/").content.decode()
    )


def test_a_class_with_a_running_session_can_be_deleted(alice: User, alice_client: Client) -> None:
    session = running_session(alice, seed="running")
    play_round(session, 1, {})
    page = alice_client.get(f"/classes/{session.school_class_id}/delete/").content.decode()
    assert "One session is still running" in page
    alice_client.post(f"/classes/{session.school_class_id}/delete/confirmed/")
    assert not Session.objects.exists()
    token = Table.objects.filter(session=session).first()
    assert token is None


def test_deleting_a_class_rejects_get(alice_client: Client, alice_class: SchoolClass) -> None:
    assert alice_client.get(f"/classes/{alice_class.pk}/delete/confirmed/").status_code == 405
    assert SchoolClass.objects.filter(pk=alice_class.pk).exists()


def test_deleting_a_class_is_404_for_another_teacher(
    bob_client: Client, alice_class: SchoolClass
) -> None:
    assert bob_client.post(f"/classes/{alice_class.pk}/delete/confirmed/").status_code == 404
    assert SchoolClass.objects.filter(pk=alice_class.pk).exists()


# --------------------------------------------------------------------------- the page


@pytest.mark.django_db
def test_what_we_store_needs_no_login_and_is_in_the_footer(client: Client) -> None:
    response = client.get("/what-we-store/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<h1 id="store-heading">What this site stores</h1>' in html
    assert "no birth dates" in html
    assert "has not set a time" in html
    login = client.get("/accounts/login/").content.decode()
    assert '<footer class="site-footer">' in login
    assert 'href="/what-we-store/"' in login


@pytest.mark.django_db
def test_what_we_store_gives_the_retention_period(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.RETENTION_DAYS = 365
    html = client.get("/what-we-store/").content.decode()
    assert "Finished lessons and their results are deleted after 365 days." in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "days", "logins", "events"),
    [
        (
            None,
            "The records of logins are deleted after 30 days.",
            "the network address it came from and the name of the browser",
            "read from the results file the school uploads, which keeps first names only",
        ),
        (
            "nb",
            "Opplysningene om innlogginger slettes etter 30 dager.",
            "nettverksadressen den kom fra og navnet på nettleseren",
            "resultatfilen skolen laster opp, som bare har med fornavn",
        ),
    ],
)
def test_what_we_store_lists_the_records_of_logins_and_the_events(
    client: Client, language: str | None, days: str, logins: str, events: str
) -> None:
    if language:
        client.post("/i18n/setlang/", {"language": language, "next": "/"})
    html = " ".join(client.get("/what-we-store/").content.decode().split())
    assert days in html
    assert logins in html
    assert events in html


@pytest.mark.django_db
def test_what_we_store_gives_the_login_records_setting(
    client: Client, settings: SettingsWrapper
) -> None:
    settings.LOGIN_RECORDS_DAYS = 1
    html = client.get("/what-we-store/").content.decode()
    assert "The records of logins are deleted after 1 day." in html


@pytest.mark.django_db
def test_what_we_store_speaks_norwegian(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "nb", "next": "/"})
    html = client.get("/what-we-store/").content.decode()
    assert "Hva nettstedet lagrer" in html
    assert "What this site stores" not in html


@pytest.mark.django_db
def test_what_we_store_rejects_post(client: Client) -> None:
    assert client.post("/what-we-store/").status_code == 405


def test_the_admin_history_forgets_a_deleted_pupil(
    admin_client: Client, alice_class: SchoolClass
) -> None:
    from django.contrib.admin.models import LogEntry

    form = {
        "name": "6B",
        "teacher": alice_class.teacher_id,
        "pupils-TOTAL_FORMS": "2",
        "pupils-INITIAL_FORMS": "0",
        "pupils-0-first_name": "Åse",
        "pupils-0-last_name": "K",
        "pupils-0-active": "on",
        "pupils-1-first_name": "Per",
        "pupils-1-active": "on",
    }
    response = admin_client.post(f"/admin/tournaments/schoolclass/{alice_class.pk}/change/", form)
    assert response.status_code == 302
    ase = Pupil.objects.get(first_name="Åse")
    admin_client.post(
        f"/admin/tournaments/pupil/{ase.pk}/change/",
        {"first_name": "Åse", "last_name": "Kl", "school_class": alice_class.pk, "active": "on"},
    )
    assert LogEntry.objects.filter(object_repr="Åse Kl").exists()
    privacy_services.pupil_delete(pupil=ase)
    history = list(LogEntry.objects.values_list("object_repr", "change_message"))
    assert "Åse" not in str(history)
    assert "\\u00c5se" not in str(history)
    privacy_services.class_delete(school_class=alice_class)
    assert not LogEntry.objects.exists()


# --------------------------------------------------------------------------- four-deal games


def four_deal_game(school_class: SchoolClass, *names: str) -> FourDealGame:
    """A four-deal game of one table with ``names`` typed at its seats and one deal."""
    game = four_deal_services.four_deal_game_start(
        school_class=school_class, tables=1, cards="dealt", seed="privacy"
    )
    table = game.tables.get()
    seats = dict(zip(("north", "east", "south", "west"), names, strict=False))
    four_deal_services.four_deal_table_update(
        table=table, players="four", **{seat: seats.get(seat, "") for seat in FOUR_SEATS}
    )
    return game


FOUR_SEATS = ("north", "east", "south", "west")


def test_the_json_holds_the_four_deal_games_without_their_links(
    alice_client: Client, played: Session
) -> None:
    school_class = played.school_class
    game = four_deal_game(school_class, "Pupil00", "Ada", "", "Pupil03")
    content = alice_client.get(f"/classes/{school_class.pk}/data/export.json").content
    [exported] = json.loads(content)["four_deal_games"]
    assert exported["id"] == game.pk
    assert exported["cards"] == "dealt"
    [table] = exported["tables"]
    assert table["names"] == {"north": "Pupil00", "east": "Ada", "south": "", "west": "Pupil03"}
    assert table["deals"] == []
    assert game.tables.get().token.encode() not in content


def test_deleting_a_pupil_empties_the_four_deal_seats_with_the_name(
    alice_client: Client, played: Session
) -> None:
    school_class = played.school_class
    nora = pupil("Pupil00")
    game = four_deal_game(school_class, "pupil00", "Ada", "Pupil01", "PUPIL00")
    elsewhere = four_deal_game(
        SchoolClass.objects.create(teacher=school_class.teacher, name="9B"), "Pupil00"
    )
    alice_client.post(f"/classes/{school_class.pk}/pupils/{nora.pk}/delete/confirmed/")
    table = game.tables.get()
    assert (table.north, table.east, table.south, table.west) == ("", "Ada", "Pupil01", "")
    # Another class's table is another pupil's.
    assert elsewhere.tables.get().north == "Pupil00"


def test_a_name_with_norwegian_letters_is_found_in_any_case(
    alice_client: Client, played: Session
) -> None:
    school_class = played.school_class
    oystein = Pupil.objects.create(school_class=school_class, first_name="Øystein")
    aase = Pupil.objects.create(school_class=school_class, first_name="Åse")
    game = four_deal_game(school_class, "Øystein", "øYSTEIN", "Åse", "Ola")
    alice_client.post(f"/classes/{school_class.pk}/pupils/{oystein.pk}/delete/confirmed/")
    table = game.tables.get()
    assert (table.north, table.east, table.south, table.west) == ("", "", "Åse", "Ola")
    assert Pupil.objects.filter(pk=aase.pk).exists()
