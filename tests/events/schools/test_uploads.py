"""A school's results file taken into an event (events.schools.uploads.school_upload): the site's
own PBN export and USEBIO files are matched to the event by their deals, scored under
the event's scoring, taken whole or not at all; the same file again changes nothing."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from events import labels
from events.models import Event, EventPair, EventResult, EventSchool
from events.results.selectors import national_results
from events.schools.services import school_join
from events.schools.upload_outcomes import Outcome, SiteProblemCode, UploadOutcome
from events.schools.uploads import event_boards, school_upload
from scoring.cards import Deal, Hand, Seat
from scoring.upload import ResultKind, Upload, UploadBoard, UploadPair, UploadResult
from scoring.upload import UploadProblemCode as Code
from scoring.usebio import write_usebio
from tests.factories import event_school_session, organiser_event, play_round, running_session
from tournaments.models import Pupil, Session
from tournaments.results import services as result_services
from tournaments.results.scores import score_played

# --------------------------------------------------------------------------- files


def played_on_a_laptop(teacher: User, *, seed: str = "event", corrected: bool = False) -> Session:
    """A class that dealt the event's boards from its published seed on its own laptop
    and played them: a Mitchell of 8 pairs, 3 rounds of 2 boards (24 results, 3 on each
    of the 8 boards). Its pupils have surnames, which must never reach the event."""
    session = running_session(
        teacher, seed=seed, board_count=8, class_name=f"7{seed[:3]}{int(corrected)}"
    )
    Pupil.objects.filter(school_class=session.school_class).update(last_name="Hansen")
    play_round(session, 1, {(1, 1): ("4S", 11 if corrected else 10), (2, 1): ("2H", 8)})
    play_round(session, 2, {(3, 3): ("3NT", 9)})
    play_round(session, 3, {})
    return session


def pbn_export(session: Session, client: Client) -> bytes:
    response = client.get(f"/sessions/{session.pk}/export/pbn/")
    assert response.status_code == 200
    return response.content


def usebio_file(event: Event, *, deals: bool = True, contract: str = "1NT") -> bytes:
    """A Howell of 4 pairs on boards 1–4 written as USEBIO 1.2 (with the event's hands
    unless ``deals`` is False), every result ``contract`` by the board's declarer making
    7 tricks, the N–S scores in the file deliberately wrong (the event scores again)."""
    facts = event_boards(event)
    numbers = [1, 2, 3, 4]
    boards = tuple(
        UploadBoard(n, facts[n].deal if deals else None, facts[n].dealer) for n in numbers
    )
    pairs = tuple(UploadPair(str(n), (f"Kid{n}a Olsen", f"Kid{n}b Berg Lie")) for n in range(1, 5))
    results = tuple(
        UploadResult(
            n,
            ns,
            ew,
            contract=contract,
            declarer=facts[n].declaration.declarer,
            tricks=7,
            ns_score=12345,
        )
        for n in numbers
        for ns, ew in (("1", "2"), ("3", "4"))
    )
    return write_usebio(Upload(boards=boards, pairs=pairs, results=results))


def rows(school: EventSchool) -> list[tuple[Any, ...]]:
    return list(
        EventResult.objects.filter(school=school)
        .order_by("pk")
        .values_list(
            "pk", "board_number", "ns_pair__key", "ew_pair__key", "kind", "contract", "ns_score"
        )
    )


def version(event: Event) -> int:
    event.refresh_from_db()
    return event.results_version


def texts(outcome: UploadOutcome) -> list[str]:
    return [labels.upload_problem_text(problem) for problem in outcome.problems]


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def event(db: None) -> Event:
    return organiser_event(boards=8, seed="event")


@pytest.fixture
def school(event: Event, alice: User) -> EventSchool:
    return school_join(event=event, teacher=alice, name="Ask skole", source="pbn")


@pytest.fixture
def other_school(event: Event, bob: User) -> EventSchool:
    return school_join(event=event, teacher=bob, name="Berg skole", source="usebio")


@pytest.fixture
def laptop(alice: User, alice_client: Client) -> tuple[Session, bytes]:
    session = played_on_a_laptop(alice)
    return session, pbn_export(session, alice_client)


# --------------------------------------------------------------------------- taken


def test_the_sites_own_pbn_export_is_taken(
    event: Event, school: EventSchool, laptop: tuple[Session, bytes]
) -> None:
    session, data = laptop
    before = version(event)
    outcome = school_upload(school=school, data=data, filename="7A.pbn")
    assert outcome == UploadOutcome(Outcome.TAKEN, boards=8, results=24)
    with translation.override("en"):
        assert labels.upload_outcome_text(outcome) == "Taken: 8 boards, 24 results."
    school.refresh_from_db()
    assert school.source == EventSchool.Source.PBN
    assert school.upload_fingerprint
    assert school.updated_at is not None
    assert version(event) == before + 1
    # Every result of the session is in the event, scored under the event's scoring.
    facts = event_boards(event)
    expected = []
    for r in session.results.select_related("ns_pair", "ew_pair"):
        scored = score_played(r, facts[r.board_number], event.profile)
        assert scored is not None
        expected.append(
            (
                r.board_number,
                f"{r.ns_pair.number}NS",
                f"{r.ew_pair.number}EW",
                r.contract,
                scored.ns_net,
            )
        )
    expected.sort()
    got = sorted(
        (board, ns, ew, contract, score)
        for _pk, board, ns, ew, _kind, contract, score in rows(school)
    )
    assert got == expected
    # First names only: the surnames stayed on the laptop.
    names = list(EventPair.objects.filter(school=school).values_list("names", flat=True))
    assert len(names) == 8
    assert all(re.fullmatch(r"Pupil\d\d & Pupil\d\d", name) for name in names)
    # The national results count the school.
    national = national_results(event)
    assert {pair.school for pair in national.pairs} == {school.pk}


def _adjust_and_skip(session: Session, teacher: User, adjust: int, skip: int) -> tuple[int, int]:
    """Table 1's first board of round ``adjust`` gets Average+/Average−, table 2's first
    board of round ``skip`` is not played: their board numbers."""
    adjusted = session.results.filter(round=adjust, table__number=1).order_by("board_number")[0]
    result_services.result_adjust(
        session=session,
        table=adjusted.table,
        board_number=adjusted.board_number,
        round_=adjust,
        teacher=teacher,
        ns_percent=60,
        ew_percent=40,
    )
    skipped = session.results.filter(round=skip, table__number=2).order_by("board_number")[0]
    result_services.result_set_not_played(
        session=session,
        table=skipped.table,
        board_number=skipped.board_number,
        round_=skip,
        teacher=teacher,
    )
    return adjusted.board_number, skipped.board_number


def test_adjusted_and_not_played_results_are_taken_as_given(
    event: Event, school: EventSchool, alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="event", board_count=8, class_name="7X")
    for round_ in (1, 2, 3):
        play_round(session, round_, {})
    adjusted, skipped = _adjust_and_skip(session, alice, 2, 3)
    outcome = school_upload(school=school, data=pbn_export(session, alice_client), filename="x")
    assert outcome == UploadOutcome(Outcome.TAKEN, boards=8, results=24)
    kinds = {
        (row.board_number, row.kind, row.ns_percent, row.ew_percent, row.ns_score)
        for row in school.results.exclude(kind="played")
    }
    assert kinds == {
        (adjusted, "adjusted", 60, 40, None),
        (skipped, "not_played", None, None, None),
    }
    assert school.results.filter(kind="played", ns_score__isnull=False).count() == 22
    assert len(national_results(event).pairs) == 8


def test_what_the_reader_decided_is_a_note(
    school: EventSchool, alice: User, alice_client: Client
) -> None:
    """A PBN file cannot show the percentages of an adjusted score that is its board's
    only result: it is taken as Average, and the page says so."""
    session = running_session(alice, seed="event", board_count=8, class_name="7Y", rounds=1)
    play_round(session, 1, {})
    adjusted, _skipped = _adjust_and_skip(session, alice, 1, 1)
    response = send(alice_client, school, pbn_export(session, alice_client))
    assert response.status_code == 302
    page = html.unescape(alice_client.get(response["Location"]).content.decode())
    assert "Taken: 8 boards, 8 results." in page
    assert (
        f"Board {adjusted}: an adjusted score that was the board's only result was taken as "
        "Average (50% each)." in page
    )
    assert school.results.get(kind="adjusted").ns_percent == 50


def test_one_schools_upload_takes_a_few_queries(
    event: Event, school: EventSchool, laptop: tuple[Session, bytes]
) -> None:
    """However many results: the board set, the lock, two deletes, two bulk inserts,
    the school and the version (bench/ times a national event's worth)."""
    with CaptureQueriesContext(connection) as queries:
        assert school_upload(school=school, data=laptop[1], filename="x").taken
    assert len(queries) <= 12


def test_a_usebio_file_is_taken_and_scored_again(event: Event, other_school: EventSchool) -> None:
    outcome = school_upload(school=other_school, data=usebio_file(event), filename="berg.xml")
    assert outcome == UploadOutcome(Outcome.TAKEN, boards=4, results=8)
    other_school.refresh_from_db()
    assert other_school.source == EventSchool.Source.USEBIO
    facts = event_boards(event)
    for _pk, board, _ns, _ew, kind, contract, score in rows(other_school):
        assert (kind, contract) == ("played", "1NT")
        declaring = facts[board].declaration.declarer
        # 1NT made exactly: the declaring side's score, never the file's 12345.
        assert score != 12345
        assert (score > 0) == (declaring in (Seat.NORTH, Seat.SOUTH))
    names = set(EventPair.objects.filter(school=other_school).values_list("key", "names"))
    assert names == {(str(n), f"Kid{n}a & Kid{n}b") for n in range(1, 5)}


def test_the_same_file_again_changes_nothing(
    event: Event, school: EventSchool, laptop: tuple[Session, bytes]
) -> None:
    _session, data = laptop
    assert school_upload(school=school, data=data, filename="a.pbn").taken
    first, taken_version = rows(school), version(event)
    again = school_upload(school=school, data=data, filename="renamed.pbn")
    assert again.outcome is Outcome.UNCHANGED
    with translation.override("en"):
        assert labels.upload_outcome_text(again) == (
            "Nothing changed: this is the file you sent before."
        )
    assert rows(school) == first  # the very same rows, not new copies
    assert version(event) == taken_version


def test_a_corrected_file_replaces_the_schools_results(
    event: Event,
    school: EventSchool,
    alice: User,
    alice_client: Client,
    laptop: tuple[Session, bytes],
) -> None:
    _session, data = laptop
    school_upload(school=school, data=data, filename="a.pbn")
    first, taken_version = rows(school), version(event)
    corrected = pbn_export(played_on_a_laptop(alice, corrected=True), alice_client)
    outcome = school_upload(school=school, data=corrected, filename="a.pbn")
    assert outcome.taken
    now = rows(school)
    assert len(now) == len(first) == 24
    assert {row[0] for row in now}.isdisjoint(row[0] for row in first)  # replaced
    assert sorted(row[1:] for row in now) != sorted(row[1:] for row in first)
    assert EventPair.objects.filter(school=school).count() == 8  # not 16
    assert version(event) == taken_version + 1


def _nothing_changed(
    school: EventSchool, event: Event, before: list[tuple[Any, ...]], v: int
) -> None:
    assert rows(school) == before
    assert version(event) == v


def test_a_file_with_one_different_deal_is_refused_naming_the_board(
    event: Event, school: EventSchool, laptop: tuple[Session, bytes]
) -> None:
    _session, data = laptop
    school_upload(school=school, data=data, filename="a.pbn")
    before, v = rows(school), version(event)
    text = data.decode()
    # Board 3's North and South swap two cards: another deal, same points for a side.
    board3 = re.search(r'\[Board "3"\]\s*\[[^\n]*\n(?:\[[^\n]*\n)*?\[Deal "([^"]+)"\]', text)
    assert board3 is not None
    deal = Deal.from_pbn(board3[1])
    north, south = deal[Seat.NORTH].cards, deal[Seat.SOUTH].cards
    a = next(card for card in north if card not in south and card.rank.hcp == 0)
    b = next(card for card in south if card.rank.hcp == 0 and card.suit is not a.suit)
    hands = {seat: list(deal[seat].cards) for seat in Seat}
    hands[Seat.NORTH] = [b if card == a else card for card in hands[Seat.NORTH]]
    hands[Seat.SOUTH] = [a if card == b else card for card in hands[Seat.SOUTH]]
    other = Deal.from_hands({seat: Hand.of(hands[seat]) for seat in Seat})
    changed = text.replace(f'[Deal "{board3[1]}"]', f'[Deal "{other.to_pbn()}"]')
    assert changed != text
    outcome = school_upload(school=school, data=changed.encode(), filename="a.pbn")
    assert outcome.outcome is Outcome.REFUSED
    assert [(p.code, p.board) for p in outcome.problems] == [(Code.BOARD_DIFFERENT, 3)]
    with translation.override("en"):
        assert texts(outcome) == [
            "Board 3 in the file has other cards than the event's board 3: it was not "
            "dealt from the event's boards."
        ]
    _nothing_changed(school, event, before, v)


def test_boards_numbered_differently_are_named(event: Event, other_school: EventSchool) -> None:
    facts = event_boards(event)
    upload = Upload(
        boards=(UploadBoard(1, facts[2].deal), UploadBoard(2, facts[1].deal)),
        pairs=(UploadPair("1", ("Emma Hansen",)), UploadPair("2", ("Ola Berg",))),
        results=(UploadResult(1, "1", "2", ResultKind.NOT_PLAYED),),
    )
    outcome = school_upload(school=other_school, data=write_usebio(upload), filename="x.xml")
    with translation.override("en"):
        assert texts(outcome) == [
            "Board 1 in the file has the cards of the event's board 2: the boards were "
            "numbered differently.",
            "Board 2 in the file has the cards of the event's board 1: the boards were "
            "numbered differently.",
        ]
    with translation.override("nb"):
        assert texts(outcome)[0] == (
            "Spill 1 i filen har kortene til turneringens spill 2: spillene ble nummerert "
            "annerledes."
        )
    _nothing_changed(other_school, event, [], 0)


def test_a_file_from_another_board_set_is_refused(
    event: Event, school: EventSchool, alice: User, alice_client: Client
) -> None:
    data = pbn_export(played_on_a_laptop(alice, seed="another"), alice_client)
    outcome = school_upload(school=school, data=data, filename="a.pbn")
    assert outcome.outcome is Outcome.REFUSED
    assert {p.code for p in outcome.problems} == {Code.BOARD_DIFFERENT}
    assert len(outcome.problems) == 8  # every board the file has
    _nothing_changed(school, event, [], 0)
    assert not EventPair.objects.filter(school=school).exists()


def test_a_file_without_deals_is_refused(event: Event, other_school: EventSchool) -> None:
    outcome = school_upload(
        school=other_school, data=usebio_file(event, deals=False), filename="x.xml"
    )
    assert [p.code for p in outcome.problems] == [SiteProblemCode.NO_DEALS]
    with translation.override("nb"):
        assert texts(outcome)[0].startswith("Filen har ingen kort")
    _nothing_changed(other_school, event, [], 0)


def test_a_contract_the_events_scoring_does_not_allow_is_refused(
    event: Event, other_school: EventSchool
) -> None:
    outcome = school_upload(
        school=other_school, data=usebio_file(event, contract="6NT"), filename="x.xml"
    )
    assert {(p.code, p.board) for p in outcome.problems} == {
        (SiteProblemCode.CONTRACT_NOT_ALLOWED, n) for n in range(1, 5)
    }
    with translation.override("en"):
        assert texts(outcome)[0] == "Board 1: 6NT is not allowed in this event's scoring."
    _nothing_changed(other_school, event, [], 0)


def test_a_school_playing_on_this_site_cannot_upload(event: Event, bob: User) -> None:
    session = event_school_session(event, bob, school="Direct skole", rounds=1)
    school = EventSchool.objects.get(session=session)
    outcome = school_upload(school=school, data=usebio_file(event), filename="x.xml")
    assert [p.code for p in outcome.problems] == [SiteProblemCode.PLAYS_HERE]
    assert not school.results.exists()


@pytest.mark.parametrize("code", [*Code, *SiteProblemCode])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_problem_has_a_sentence_in_both_languages(
    code: Code | SiteProblemCode, language: str
) -> None:
    """With its params or without them, never the library's English message."""
    from events.schools.upload_outcomes import Problem

    params = {
        "board": 3,
        "pair": "2NS",
        "contract": "6NT",
        "declarer": "N",
        "expected": "E",
        "matches_board": 5,
        "limit": 2 * 1024 * 1024,
        "encoding": "x-nonsense",
    }
    with translation.override(language):
        full = labels.upload_problem_text(Problem(code, params, 3))
        bare = labels.upload_problem_text(
            Problem(code, {"contract": "6NT", "declarer": "N", "expected": "E"})
        )
    for text in (full, bare):
        assert text
        assert "%(" not in text
    if language == "nb":
        assert re.search(r"\b(Board|board|file|pair)\b", full) is None


# --------------------------------------------------------------------------- the page


def url(school: EventSchool) -> str:
    return f"/events/schools/{school.pk}/upload/"


def send(client: Client, school: EventSchool, data: bytes, name: str = "results.pbn") -> Any:
    return client.post(url(school), {"file": SimpleUploadedFile(name, data)})


def test_the_teacher_uploads_and_reads_what_happened(
    school: EventSchool, alice_client: Client, laptop: tuple[Session, bytes]
) -> None:
    response = alice_client.get(url(school))
    assert response.status_code == 200
    assert "Ask skole" in response.content.decode()
    response = send(alice_client, school, laptop[1])
    assert response.status_code == 302
    page = alice_client.get(response["Location"]).content.decode()
    assert "Taken: 8 boards, 24 results." in page
    assert "The event has 24 results from this school" in page
    response = send(alice_client, school, laptop[1], name="again.txt")
    page = alice_client.get(response["Location"]).content.decode()
    assert "Nothing changed: this is the file you sent before." in page


def test_the_page_in_norwegian(event: Event, other_school: EventSchool, bob_client: Client) -> None:
    bob_client.cookies["django_language"] = "nb"
    assert "Last opp resultater" in bob_client.get(url(other_school)).content.decode()
    response = send(bob_client, other_school, usebio_file(event), name="berg.xml")
    page = bob_client.get(response["Location"]).content.decode()
    assert "Tatt inn: 4 spill, 8 resultater." in page
    refused = send(bob_client, other_school, usebio_file(event, deals=False))
    assert refused.status_code == 422
    assert "Filen har ingen kort" in refused.content.decode()


def test_the_organiser_can_upload_for_a_school_of_the_event(
    event: Event, school: EventSchool, laptop: tuple[Session, bytes]
) -> None:
    organiser = Client()
    organiser.force_login(event.organiser.user)
    assert organiser.get(url(school)).status_code == 200
    assert send(organiser, school, laptop[1]).status_code == 302
    assert school.results.count() == 24


def test_another_teacher_gets_404(
    school: EventSchool, bob_client: Client, laptop: tuple[Session, bytes]
) -> None:
    assert bob_client.get(url(school)).status_code == 404
    assert send(bob_client, school, laptop[1]).status_code == 404
    assert not school.results.exists()
    assert Client().get(url(school)).status_code == 302  # to the login page


def test_it_rejects_other_methods(school: EventSchool, alice_client: Client) -> None:
    assert alice_client.put(url(school)).status_code == 405


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><USEBIO>&lol3;</USEBIO>"""
EXTERNAL = b"""<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><EVENT>&x;</EVENT></USEBIO>"""
#: An encoding Python does not know (a LookupError escaped the reader: a 500).
NONSENSE_ENCODING = b'<?xml version="1.0" encoding="x-nonsense"?>\n<USEBIO Version="1.2"/>'


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes(range(256)) * 40, "The file cannot be read."),
        (b"\x00\xff\xfe" * 1000, "The file cannot be read."),
        (b"   \n\t ", "The file is empty."),
        (b"x" * (2 * 1024 * 1024 + 1), "The file is too large for one school's results"),
        (BOMB, "The file holds XML the site does not accept"),
        (EXTERNAL, "The file holds XML the site does not accept"),
        (b"<not-closed", "The file cannot be read."),
        (b"<html><body>hi</body></html>", "The file is XML but not a USEBIO results file"),
        (b"<USEBIO>" + b"<a>" * 100 + b"</a>" * 100 + b"</USEBIO>", "far too long"),
        (b"<USEBIO>" + b"<a/>" * 60_000 + b"</USEBIO>", "far too long"),
        (b'[Board "1"]\n' * 170_000, "far too long"),
        (
            '[Event "x"]\n[Board "1"]\n[Deal "N:ÆØÅ"]\n'.encode(),
            "Board 1: its cards cannot be read.",
        ),
        (b'[Board "99999999999999999999"]\n', "cannot"),
        (NONSENSE_ENCODING, "The file says its text is stored as “x-nonsense”"),
    ],
)
def test_hostile_files_get_a_message_never_a_500(
    school: EventSchool, alice_client: Client, data: bytes, message: str
) -> None:
    response = send(alice_client, school, data)
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert message in page
    assert "The file was not taken, and nothing was changed:" in page
    assert not school.results.exists()


def test_an_unknown_encoding_is_said_in_norwegian(
    school: EventSchool, alice_client: Client
) -> None:
    alice_client.cookies["django_language"] = "nb"
    response = send(alice_client, school, NONSENSE_ENCODING, name="syd.xml")
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "Filen sier at teksten er lagret som «x-nonsense»" in page
    assert not school.results.exists()


def test_thousands_of_problems_are_not_all_listed(
    school: EventSchool, alice_client: Client
) -> None:
    pair = b"<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>"
    data = b"<USEBIO><EVENT><PARTICIPANTS>" + pair * 5000 + b"</PARTICIPANTS></EVENT></USEBIO>"
    response = send(alice_client, school, data)
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert page.count("Pair 1 is in the file twice.") == 30
    assert "… and 4969 more problems." in page  # 4999 twice, and no results


def test_an_empty_or_missing_file_is_asked_for_again(
    school: EventSchool, alice_client: Client
) -> None:
    assert send(alice_client, school, b"").status_code == 422
    assert alice_client.post(url(school), {}).status_code == 422


def test_a_result_with_the_wrong_side_declaring_is_refused(
    event: Event, other_school: EventSchool
) -> None:
    facts = event_boards(event)
    declarer = facts[1].declaration.declarer
    upload = Upload(
        boards=(UploadBoard(1, facts[1].deal),),
        pairs=(UploadPair("1", ("A",)), UploadPair("2", ("B",))),
        results=(UploadResult(1, "1", "2", ResultKind.PLAYED, "1NT", declarer.next, 7, 90),),
    )
    outcome = school_upload(school=other_school, data=write_usebio(upload), filename="x.xml")
    assert [p.code for p in outcome.problems] == [SiteProblemCode.WRONG_DECLARER]
    assert replace(outcome, problems=()) == UploadOutcome(Outcome.REFUSED)
