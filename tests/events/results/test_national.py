"""The national results of an event: schools playing on this site are copied in as
their sessions change, every board is one field, and the results are cached for the
version of the event's results."""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Event, EventNational, EventPair, EventResult, EventSchool
from events.results.national import national_refresh
from events.results.selectors import (
    forget_parsed,
    national_for_page,
    national_results,
    national_results_with_lines,
)
from events.results.sync import sync_direct_schools
from tests.factories import event_school_session, organiser_event, play_round
from tournaments.results import services as result_services


@pytest.fixture
def event(alice: User, bob: User) -> Event:
    """Two schools play the event's 12 boards on this site: a Howell of 4 pairs (3
    rounds of 2 boards, boards 1–6) and a Howell of 6 pairs (2 rounds at 3 tables), with
    a spread of results."""
    event = organiser_event(boards=12)
    north = event_school_session(event, alice, school="North School", rounds=3)
    south = event_school_session(event, bob, school="South School", pupils=12, rounds=2)
    plans = [
        {(1, 1): ("3NT", 9), (2, 2): ("1S", 9), (1, 2): ("1H", 6)},
        {(2, 3): ("4S", 10), (1, 4): ("1NT", 8)},
        {(1, 5): ("1C", 8), (2, 6): ("3NT", 7)},
    ]
    for round_, plan in enumerate(plans, start=1):
        play_round(north, round_, plan)
    play_round(south, 1, {(1, 1): ("3NT", 10), (2, 2): ("1S", 7)})
    play_round(south, 2, {(1, 3): ("1H", 8)})
    return event


def _ns_score(row: EventResult) -> int:
    assert row.ns_score is not None  # every row here is a played board
    return row.ns_score


def _brute_force(rows: list[EventResult]) -> dict[int, tuple[float, float]]:
    """EBU matchpoints by hand: on each board every N–S score gets 2 for each other
    N–S score it beats and 1 for each it ties; E–W gets the rest of the top."""
    by_board: dict[int, list[EventResult]] = defaultdict(list)
    for row in rows:
        by_board[row.board_number].append(row)
    expected = {}
    for board_rows in by_board.values():
        top = 2 * (len(board_rows) - 1)
        for row in board_rows:
            others = [_ns_score(r) for r in board_rows if r.pk != row.pk]
            mine = _ns_score(row)
            ns = sum(2 if mine > o else 1 if mine == o else 0 for o in others)
            expected[row.pk] = (float(ns), float(top - ns))
    return expected


def test_every_board_is_one_field_across_the_schools(event: Event) -> None:
    results, lines = national_results_with_lines(event)
    assert results == national_results(event)  # the cached results are the same
    rows = list(EventResult.objects.filter(school__event=event))
    # North: 3 rounds × 2 tables × 2 boards; South: 2 rounds × 3 tables × 2 boards.
    assert len(rows) == 12 + 12
    assert {row.kind for row in rows} == {"played"}
    by_result = {
        line.result: (line.ns_mp, line.ew_mp) for board in lines.values() for line in board
    }
    assert by_result == _brute_force(rows)
    played: defaultdict[int, int] = defaultdict(int)
    for row in rows:
        played[row.board_number] += 1
    assert {board.number: board.top for board in results.boards} == {
        number: 2 * (count - 1) for number, count in played.items()
    }
    assert max(played.values()) > 2  # some boards were played in both schools
    # Every pair of both schools has a national percentage and place.
    assert len(results.pairs) == 4 + 6
    assert {pair.school for pair in results.pairs} == set(
        EventSchool.objects.filter(event=event).values_list("pk", flat=True)
    )
    assert results.pairs[0].place in {"1", "1="}


def test_the_results_are_cached_until_a_school_changes_them(event: Event, alice: User) -> None:
    first = national_results(event)
    with CaptureQueriesContext(connection) as queries:
        again = national_results(event)
    assert again == first
    assert len(queries) <= 4  # the sync check, the version, the cache
    # A correction in North's session: the next reader copies it and computes again.
    north = EventSchool.objects.get(name="North School").session
    assert north is not None
    result = north.results.get(board_number=1, round=1, table__number=1)
    result_services.result_correct(result=result, teacher=alice, contract="1NT", tricks_won=4)
    changed = national_results(event)
    assert changed.version > first.version
    assert changed != first
    assert EventNational.objects.get(event=event).version == changed.version
    assert sync_direct_schools(event) == 0  # nothing left to copy


def test_the_event_keeps_first_names_only(event: Event) -> None:
    sync_direct_schools(event)
    names = " ".join(
        EventSchool.objects.get(name="North School").pairs.values_list("names", flat=True)
    )
    assert "Nor00" in names
    assert "Surname" not in names


def test_a_school_copied_again_keeps_its_pairs(event: Event, alice: User) -> None:
    """The cached national results name pairs by their rows: a school playing here is
    copied again at each change, and its pairs stay the same rows (renamed when a
    pupil is replaced, removed when gone)."""
    sync_direct_schools(event)
    school = EventSchool.objects.get(name="North School")
    before = dict(school.pairs.values_list("key", "pk"))
    session = school.session
    assert session is not None
    result = session.results.get(board_number=1, round=1, table__number=1)
    result_services.result_correct(result=result, teacher=alice, contract="1NT", tricks_won=4)
    assert sync_direct_schools(event) == 1
    assert dict(school.pairs.values_list("key", "pk")) == before
    # A pupil's first name changes (a replacement): the same pair, its names new.
    member = session.pairs.get(number=1).members.first()
    assert member is not None
    member.pupil.first_name = "Zoe"
    member.pupil.save()
    from tournaments.models import Session

    Session.objects.filter(pk=session.pk).mark_changed()
    sync_direct_schools(event)
    pair = school.pairs.get(key="1")
    assert pair.pk == before["1"]
    assert "Zoe" in pair.names


def test_a_deleted_session_takes_its_pupils_names_out_of_the_event(event: Event) -> None:
    """A class deleted (or its session purged): its results stay in the event, without
    the pupils' first names."""
    from tournaments.privacy import services as privacy_services

    sync_direct_schools(event)
    school = EventSchool.objects.get(name="North School")
    assert school.school_class is not None
    privacy_services.class_delete(school_class=school.school_class)
    school.refresh_from_db()
    assert school.session is None
    assert set(school.pairs.values_list("names", flat=True)) == {""}
    assert school.results.exists()


def test_a_deleted_pupils_name_leaves_the_event_at_once(event: Event) -> None:
    """Deleting one pupil who played in the event: right after, no pair of the event
    holds the first name, though nobody has opened the event's results (which copy
    changed sessions again); the partner's name and the results stay."""
    from tournaments.models import Pupil
    from tournaments.privacy import services as privacy_services
    from tournaments.sessions import services as session_services

    sync_direct_schools(event)
    school = EventSchool.objects.get(name="North School")
    session = school.session
    assert session is not None
    session_services.session_finish(session=session)
    pupil = Pupil.objects.get(school_class=session.school_class, first_name="Nor03")
    assert school.pairs.filter(names__contains="Nor03").exists()
    results = school.results.count()

    privacy_services.pupil_delete(pupil=pupil)

    assert not EventPair.objects.filter(names__contains="Nor03").exists()
    assert school.pairs.filter(names__contains="Nor").exists()  # the others stay
    assert school.results.count() == results
    assert sync_direct_schools(event) == 0  # copied already, in the deletion


def test_no_class_starts_playing_after_the_events_last_day(alice: User) -> None:
    import datetime

    from django.core.exceptions import ValidationError

    from events.schools import services
    from tournaments.models import Pupil, SchoolClass

    event = organiser_event(boards=4)
    school_class = SchoolClass.objects.create(teacher=alice, name="Late class")
    pupils = [Pupil.objects.create(school_class=school_class, first_name=f"P{n}") for n in range(6)]
    school = services.school_join(
        event=event, teacher=alice, name="Late School", school_class=school_class
    )
    after = event.ends_on + datetime.timedelta(days=1)
    with pytest.raises(ValidationError, match="no class can start playing it any more"):
        services.school_session_create(school=school, present=pupils, today=after)
    school.refresh_from_db()
    assert school.session is None


def test_a_page_reads_the_stored_results_once_per_computing(event: Event, alice: User) -> None:
    """A results page decodes the stored national results once per process and version
    (a 1,000-school event's are 144,000 lines); a result changed elsewhere, computed
    again by a worker, is read anew."""
    first = national_for_page(event)
    with CaptureQueriesContext(connection) as queries:
        again = national_for_page(event)
    assert again == first
    selected = [query["sql"].split(" FROM ", 1)[0] for query in queries]
    assert not any('"data"' in columns for columns in selected), selected
    north = EventSchool.objects.get(name="North School").session
    assert north is not None
    result = north.results.get(board_number=1, round=1, table__number=1)
    result_services.result_correct(result=result, teacher=alice, contract="1NT", tricks_won=4)
    stale = national_for_page(event)
    assert not stale.current
    assert stale.results == first.results
    national_refresh(event.pk)  # the worker
    changed = national_for_page(event)
    assert changed.current
    assert changed.results.version > first.results.version
    assert changed.results == national_results(event)


def test_the_cache_keeps_the_ranking_and_the_boards_not_every_line(event: Event) -> None:
    """The stored payload holds what the pages read (the pairs, each board's top and
    frequencies), not each result's line, which only the certificates read (computed
    from the rows, national_results_with_lines)."""
    results = national_results(event)
    data = EventNational.objects.get(event=event).data
    assert data is not None
    assert data["format"] == 2
    assert all(len(board) == 6 for board in data["boards"])
    assert len(data["pairs"]) == len(results.pairs) == 10


def test_a_row_cached_in_the_old_format_still_reads(event: Event) -> None:
    """A row written before the format changed (every board with its lines, no
    "format") reads as it is: the same ranking and boards, nothing computed again."""
    results = national_results(event)
    _same, lines = national_results_with_lines(event)
    old = results.to_json()
    del old["format"]
    for board in old["boards"]:
        board.append([list(dataclasses.astuple(line)) for line in lines[board[0]]])
    EventNational.objects.filter(event=event).update(data=old)
    forget_parsed()
    with CaptureQueriesContext(connection) as queries:
        again = national_results(event)
    assert again == results
    assert not any("events_eventresult" in query["sql"] for query in queries.captured_queries)
    page = national_for_page(event)
    assert page.current
    assert page.results == results
