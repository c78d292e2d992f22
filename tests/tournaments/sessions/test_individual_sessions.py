"""Individual sessions: set up in the wizard, played at the tables, each pupil ranked
alone with the matchpoints of every side they sat in (issue 19)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from scoring.cards import Side
from tests.factories import individual_session
from tests.narrow import found
from tournaments.boards.selectors import board_facts
from tournaments.models import Pair, Pupil, SchoolClass, Session
from tournaments.results import services as result_services
from tournaments.standings.selectors import session_standings

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


@pytest.fixture
def eight(alice_class: SchoolClass) -> list[Pupil]:
    return [Pupil.objects.create(school_class=alice_class, first_name=name) for name in NAMES]


def test_the_wizard_offers_individual_and_goes_straight_to_the_movement(
    alice_client: Client, alice_class: SchoolClass, eight: list[Pupil]
) -> None:
    page = alice_client.get(f"/classes/{alice_class.pk}/sessions/new/").content.decode()
    assert "Individual: a new partner every round" in page
    response = alice_client.post(
        f"/classes/{alice_class.pk}/sessions/new/",
        {"present": [p.pk for p in eight], "play": "individual"},
    )
    session = Session.objects.get()
    assert response["Location"] == f"/sessions/{session.pk}/setup/"
    assert session.movement_kind == Session.Kind.INDIVIDUAL
    # Each pupil is a "pair" of one; there are no pairs to make.
    assert sorted(p.members.count() for p in session.pairs.all()) == [1] * 8
    assert alice_client.get(f"/sessions/{session.pk}/pairs/")["Location"].endswith("/setup/")

    page = alice_client.get(f"/sessions/{session.pk}/setup/").content.decode()
    assert "Suggested: Individual, 2 tables, 6 rounds" in page
    assert (
        "Partnering everyone would take 7 rounds but only 6 fit in the lesson, so the class "
        "plays the first 6 and nobody partners the same pupil twice." in page
    )
    assert "arrow switch" not in page  # nothing to choose that an individual cannot use
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        {
            "movement_kind": "individual",
            "rounds": 7,
            "boards_per_round": 2,
            "board_set": "new",
            "scoring_profile": "ebu",
            "convention": "ebu",
            "ranking": "matchpoints",
        },
    )
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert (session.rounds, session.tables.count()) == (7, 2)
    assert sorted(session.pairs.values_list("number", flat=True)) == list(range(1, 9))
    assert session.board_set is not None
    assert session.board_set.boards.count() == 14


def test_a_pairs_session_cannot_be_started_as_an_individual_one(
    alice_client: Client, alice_class: SchoolClass, eight: list[Pupil]
) -> None:
    alice_client.post(
        f"/classes/{alice_class.pk}/sessions/new/", {"present": [p.pk for p in eight]}
    )
    session = Session.objects.get()
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        {
            "movement_kind": "individual",
            "rounds": 3,
            "boards_per_round": 2,
            "board_set": "new",
            "scoring_profile": "ebu",
            "convention": "ebu",
            "ranking": "matchpoints",
        },
    )
    assert response.status_code == 422  # the form says what is wrong
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT


@pytest.mark.parametrize(("count", "message"), [(3, "3 pupils are ticked"), (25, "25 pupils")])
def test_an_individual_session_is_for_4_to_24_pupils(
    alice_client: Client, alice_class: SchoolClass, count: int, message: str
) -> None:
    pupils = [
        Pupil.objects.create(school_class=alice_class, first_name=f"P{n}") for n in range(count)
    ]
    response = alice_client.post(
        f"/classes/{alice_class.pk}/sessions/new/",
        {"present": [p.pk for p in pupils], "play": "individual"},
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert "An individual session is for 4 to 24 pupils" in page
    assert message in page
    assert not Session.objects.exists()


def test_a_table_names_its_four_pupils_and_who_partners_whom(
    alice: User,
    client: Client,
) -> None:
    session = individual_session(alice, names=NAMES)
    table = session.tables.get(number=1)
    page = client.get(f"/t/{table.token}/").content.decode()
    # Round 1, table 1: North 6 (Fi), East 8 (Hal), South 4 (Di), West 7 (Gus).
    assert 'Fi <small>(N)</small></span> &amp; <span class="pair-name">Di <small>(S)' in page
    assert 'Hal <small>(E)</small></span> &amp; <span class="pair-name">Gus <small>(W)' in page
    for number in (1, 2):
        result_services.result_record(
            table=table, board_number=number, contract="1NT", tricks_won=7
        )
    page = client.get(f"/t/{table.token}/").content.decode()
    # Round 2: table 1 has N 7, E 8, S 5, W 1; table 2 has N 2, E 4, S 6, W 3.
    for sentence in (
        "Fi goes to table 2 and sits South.",
        "Hal stays at this table and sits East.",
        "Di goes to table 2 and sits East.",
        "Gus stays at this table and sits North.",
    ):
        assert sentence in page


def test_a_pupil_cannot_sit_out_alone(alice: User) -> None:
    from tournaments.sessions.services import pair_withdraw

    session = individual_session(alice)
    with pytest.raises(ValidationError, match="nobody can sit out alone"):
        pair_withdraw(pair=found(session.pairs.first()), from_round=2)


def _declaring_side(session: Session, number: int) -> Side:
    assert session.board_set is not None
    board = session.board_set.boards.get(number=number)
    return board_facts(board, profile=session.profile).declaration.side


def test_each_pupil_gets_the_matchpoints_of_the_side_they_sat_in(alice: User) -> None:
    """One round by hand. Round 1: table 1 has N 6, E 8, S 4, W 7; table 2 has N 1,
    E 3, S 5, W 2; both play boards 1 and 2. At table 1 declarer makes an overtrick, at
    table 2 declarer goes one down: on each board table 1's declaring side and table
    2's defenders beat the other score (EBU: 2 of a top of 2), the others get 0."""
    session = individual_session(alice, rounds=1)
    tables = {table.number: table for table in session.tables.all()}
    for number in (1, 2):
        result_services.result_record(
            table=tables[1], board_number=number, contract="1NT", tricks_won=8
        )
        result_services.result_record(
            table=tables[2], board_number=number, contract="1NT", tricks_won=6
        )
    seats = {1: {"NS": (6, 4), "EW": (8, 7)}, 2: {"NS": (1, 5), "EW": (3, 2)}}
    expected = dict.fromkeys(range(1, 9), 0)
    for number in (1, 2):
        side = _declaring_side(session, number).value
        other = "EW" if side == "NS" else "NS"
        for pupil in (*seats[1][side], *seats[2][other]):
            expected[pupil] += 2

    standings = session_standings(session)
    assert standings.individual
    [ranking] = standings.rankings
    by_number = {pair.pk: pair.number for pair in Pair.objects.filter(session=session)}
    got = {
        by_number[row.pair.pk]: (row.matchpoints, row.top, row.percentage) for row in ranking.rows
    }
    assert got == {pupil: (float(mp), 4, 100.0 * mp / 4) for pupil, mp in expected.items()}
    # The traveller names this round's partners on each side.
    [board1, _] = standings.travellers
    labels = [(line.ns.label, line.ew.label) for line in board1.lines]
    assert labels == [("6 & 4", "8 & 7"), ("1 & 5", "3 & 2")]
    # Each pupil's score card has both boards, with the partnership they played against.
    assert all(len(standings.score_cards[pk]) == 2 for pk in by_number)


ELEVEN = ["Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal", "Ida", "Jo", "Kai"]


def test_the_teachers_grid_names_the_partners_and_who_has_the_round_off(
    alice: User,
    alice_client: Client,
) -> None:
    """11 pupils at 2 tables: round 1 has table 1 N 1 E 11 S 6 W 8, table 2 N 3 E 10
    S 7 W 9, and pupils 2, 4 and 5 have it off."""
    session = individual_session(alice, names=ELEVEN, class_name="6A", rounds=4)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "<td>Ada & Fi</td>" in page.replace("&amp;", "&")
    assert "<td>Kai & Hal</td>" in page.replace("&amp;", "&")
    assert "Round off: Bo, Di, Ed" in page
    assert "stops playing from round" not in page  # nobody sits out alone
    # The grid the page polls says the same.
    grid = alice_client.get(f"/sessions/{session.pk}/grid/").content.decode()
    assert "Round off: Bo, Di, Ed" in grid
    # Correcting a result, the teacher sees the four pupils by seat.
    edit = alice_client.get(f"/sessions/{session.pk}/rounds/1/tables/2/boards/1/").content.decode()
    assert 'Cy <small>(N)</small></span> &amp; <span class="pair-name">Gus <small>(S)' in edit


def test_a_result_keeps_who_sat_south_and_west(alice: User) -> None:
    """Round 1, table 1: N 6, E 8, S 4, W 7. The result is filed under North and East
    and keeps their partners, so every page and export finds all four pupils."""
    from tournaments.models import Result

    session = individual_session(alice, rounds=1)
    table = session.tables.get(number=1)
    result_services.result_record(table=table, board_number=1, contract="1NT", tricks_won=7)
    result = Result.objects.select_related("ns_pair", "ew_pair", "ns_partner", "ew_partner").get()
    assert result.ns_partner is not None
    assert result.ew_partner is not None
    seated = (result.ns_pair, result.ew_pair, result.ns_partner, result.ew_partner)
    assert [pair.number for pair in seated] == [6, 8, 4, 7]


def test_a_pupils_curve_and_deletion_count_the_boards_they_played_south_or_west(
    alice: User,
) -> None:
    from tournaments.feedback import curves
    from tournaments.privacy import selectors as privacy_selectors

    session = individual_session(alice, rounds=1)
    for table in session.tables.all():
        for number in (1, 2):
            result_services.result_record(
                table=table, board_number=number, contract="1NT", tricks_won=7
            )
    # Pupil 4 sat South at table 1 in round 1: both boards there are theirs.
    pupil = Pair.objects.get(session=session, number=4).members.get().pupil
    played = curves.class_results(session.school_class, pupil=pupil)
    assert sorted((r.table.number, r.board_number) for r in played) == [(1, 1), (1, 2)]
    declared = curves.declared_deals(played, pupil=pupil)
    table1 = {n: _declaring_side(session, n) for n in (1, 2)}
    assert len(declared) == sum(side == Side.NS for side in table1.values())
    assert all(pupil.pk in deal.pupil_ids() for deal in declared)
    assert privacy_selectors.pupil_deletion(pupil).results_kept == 2


@pytest.mark.parametrize("count", range(4, 25))
def test_every_class_size_from_4_to_24_sets_up_and_starts(
    alice_client: Client, alice_class: SchoolClass, count: int
) -> None:
    """The set-up page suggests a movement that starts as it stands, for every size
    (12 pupils: three tables share a board set, so 3 boards a round)."""
    pupils = [
        Pupil.objects.create(school_class=alice_class, first_name=f"P{n:02}") for n in range(count)
    ]
    alice_client.post(
        f"/classes/{alice_class.pk}/sessions/new/",
        {"present": [p.pk for p in pupils], "play": "individual"},
    )
    session = Session.objects.get()
    page = alice_client.get(f"/sessions/{session.pk}/setup/")
    assert page.status_code == 200
    form = page.context["form"]
    data = {name: form[name].value() for name in form.fields}
    data["require_agreement"] = ""
    response = alice_client.post(f"/sessions/{session.pk}/setup/", data)
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert session.tables.count() == count // 4
    if count == 12:
        assert session.boards_per_round == 3
