"""Setting up a session: who is here, pairs, movement and boards, start; and changes
while it runs."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from scoring import movements
from tests.narrow import found
from tournaments.boards import services as board_services
from tournaments.models import BoardSet, Pair, PairMember, Partnership, Pupil, SchoolClass, Session
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

NAMES = [
    "Aksel", "Amelia", "Ella", "Emma", "Filip", "George", "Harry", "Ingrid", "Isla",
    "Jack", "Jakob", "Lukas", "Maja", "Noah", "Nora", "Oliver", "Sara", "Åse",
]  # fmt: skip


@pytest.fixture
def pupils(alice_class: SchoolClass) -> list[Pupil]:
    return [Pupil.objects.create(school_class=alice_class, first_name=name) for name in NAMES]


@pytest.fixture
def board_set(alice: User) -> BoardSet:
    return board_services.board_set_deal(teacher=alice, name="Sixteen", count=16, seed="sessions")


def start_session(
    client: Client, school_class: SchoolClass, present: list[Pupil], **setup: Any
) -> Session:
    response = client.post(
        f"/classes/{school_class.pk}/sessions/new/", {"present": [p.pk for p in present]}
    )
    assert response.status_code == 302, response.content.decode()
    session = Session.objects.latest("pk")
    assert response["Location"] == f"/sessions/{session.pk}/pairs/"
    return session


def test_pupils_present_are_paired_and_an_odd_one_joins_a_pair(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    session = start_session(alice_client, alice_class, pupils[:17])
    groups = [list(pair.members.all()) for pair in session_selectors.session_pairs(session)]
    assert [len(group) for group in groups] == [2] * 7 + [3]
    assert sorted(m.pupil.pk for g in groups for m in g) == sorted(p.pk for p in pupils[:17])
    assert session.state == Session.State.DRAFT


def test_established_partnerships_are_kept(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    Partnership.objects.create(school_class=alice_class, first=pupils[0], second=pupils[9])
    session = start_session(alice_client, alice_class, pupils[:12])
    first_pair = session_selectors.session_pairs(session)[0]
    assert {m.pupil for m in first_pair.members.all()} == {pupils[0], pupils[9]}


def test_too_few_pupils_is_refused_with_a_reason(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    response = alice_client.post(
        f"/classes/{alice_class.pk}/sessions/new/", {"present": [p.pk for p in pupils[:5]]}
    )
    assert response.status_code == 422
    assert "at least 6 pupils (3 pairs); 5 pupils are ticked" in response.content.decode()
    assert not Session.objects.exists()


def test_an_empty_class_says_what_to_do(alice_client: Client, alice_class: SchoolClass) -> None:
    response = alice_client.get(f"/classes/{alice_class.pk}/sessions/new/")
    assert "This class has no pupils yet." in response.content.decode()
    response = alice_client.post(f"/classes/{alice_class.pk}/sessions/new/", {})
    assert response.status_code == 422
    assert not Session.objects.exists()


def test_a_pupil_added_on_the_spot_is_ticked_and_others_stay_as_they_were(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    ticked = [p.pk for p in pupils[:17]]
    data = {"present": ticked, "add_pupil": "1", "first_name": "Tiril", "last_name": "L"}
    url = f"/classes/{alice_class.pk}/sessions/new/"
    response = alice_client.post(url, data, headers={"HX-Request": "true"})
    html = response.content.decode()
    # To htmx only Tiril's tile, ticked, is added to the list: the other ticks on the
    # page (and a name typed meanwhile) are not sent back, so they stay as they were.
    assert html.lstrip().startswith('<div hx-swap-oob="beforeend:#present-list">')
    tiril = Pupil.objects.get(first_name="Tiril")
    assert f'value="{tiril.pk}" checked' in html
    assert all(f'value="{pupil.pk}"' not in html for pupil in pupils)
    assert html.count("checked") == 1
    assert not Session.objects.exists()
    # Without htmx the whole form comes back, the ticks kept: the 18th pupil (not
    # ticked) stays unticked; Tiril is ticked.
    page = alice_client.post(
        url, {**data, "present": [*ticked, tiril.pk], "first_name": "Ulrik"}
    ).content.decode()
    for pupil in pupils:
        assert f'value="{pupil.pk}"' in page
    assert page.count("checked") == 20  # the 17, Tiril and Ulrik, and "In pairs"
    assert not Session.objects.exists()


def test_tapping_two_pupils_swaps_them(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    session = start_session(alice_client, alice_class, pupils[:8])
    a, b = pupils[0], pupils[5]

    def pair_of(pupil: Pupil) -> int:
        return PairMember.objects.get(session=session, pupil=pupil).pair_id

    before = pair_of(a), pair_of(b)
    alice_client.post(f"/sessions/{session.pk}/pairs/", {"pupil": a.pk})
    response = alice_client.post(
        f"/sessions/{session.pk}/pairs/", {"pupil": b.pk}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert (pair_of(a), pair_of(b)) == (before[1], before[0])


def test_keep_pairs_remembers_partnerships(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    session = start_session(alice_client, alice_class, pupils[:6])
    alice_client.post(f"/sessions/{session.pk}/pairs/", {"keep": "1"})
    assert Partnership.objects.count() == 3


def test_every_step_of_the_wizard_moves_on_with_a_button(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    """The same kind of control for "Next" on each step: a button sending a form (step 2
    only moves on, with a GET), never a link dressed as a button."""
    steps = {
        f"/classes/{alice_class.pk}/sessions/new/": "Next",
    }
    session = start_session(alice_client, alice_class, pupils[:8])
    steps[f"/sessions/{session.pk}/pairs/"] = "Next: movement and boards"
    steps[f"/sessions/{session.pk}/setup/"] = "Start the session"
    for url, label in steps.items():
        html = alice_client.get(url).content.decode()
        assert re.search(rf'<button type="submit"[^>]*>{label}</button>', html), url
        assert not re.search(rf"<a [^>]*>{label}</a>", html), url
    # Step 2's button leads to step 3.
    html = alice_client.get(f"/sessions/{session.pk}/pairs/").content.decode()
    assert f'<form method="get" action="/sessions/{session.pk}/setup/">' in html


def setup_data(board_set: BoardSet | str, **overrides: Any) -> dict[str, Any]:
    return {
        "movement_kind": "mitchell",
        "movement_style": "skip",
        "rounds": 4,
        "boards_per_round": 2,
        "board_set": board_set if isinstance(board_set, str) else board_set.pk,
        "scoring_profile": "ebu",
        "convention": "ebu",
        "ranking": "matchpoints",
        **overrides,
    }


def test_the_setup_suggests_a_movement_with_a_reason(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = start_session(alice_client, alice_class, pupils)  # 9 pairs
    html = alice_client.get(f"/sessions/{session.pk}/setup/").content.decode()
    assert "Suggested: Mitchell, 5 tables" in html
    assert "North–South pairs stay at their table" in html
    assert "one pair has the round off" in html


def test_starting_numbers_pairs_and_makes_secret_table_links(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = start_session(alice_client, alice_class, pupils)  # 9 pairs, 5 tables
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/", setup_data(board_set, rounds=5, movement_style="")
    )
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    assert session.board_set == board_set
    assert sorted((p.line, p.number) for p in session.pairs.all()) == sorted(
        [("NS", n) for n in range(1, 5)] + [("EW", n) for n in range(1, 6)]
    )
    tokens = list(session.tables.values_list("token", flat=True))
    assert len(tokens) == 5
    assert all(len(token) >= 20 for token in tokens)
    page = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Round 1 of 5" in page
    assert "Round off" in page  # the phantom's table


def test_boards_that_do_not_fit_give_the_fix(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], alice: User
) -> None:
    small = board_services.board_set_deal(teacher=alice, name="Six", count=6)
    session = start_session(alice_client, alice_class, pupils)
    response = alice_client.post(f"/sessions/{session.pk}/setup/", setup_data(small, rounds=5))
    html = response.content.decode()
    assert response.status_code == 422
    assert "This movement plays 10 boards (boards 1 to 10) but the board set has 6 boards" in html
    assert "deal a new set now" in html
    session.refresh_from_db()
    assert session.state == Session.State.DRAFT
    assert not session.tables.exists()


def test_deal_a_new_set_now(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil]
) -> None:
    session = start_session(alice_client, alice_class, pupils[:16])  # 8 pairs → Howell
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        setup_data("new", movement_kind="howell", rounds=7, boards_per_round=2),
    )
    assert response.status_code == 302, response.content.decode()
    session.refresh_from_db()
    assert session.board_set is not None
    assert session.board_set.boards.count() == 14
    assert {p.line for p in session.pairs.all()} == {""}


def test_a_movement_that_cannot_be_played_is_explained(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = start_session(alice_client, alice_class, pupils[:6])  # 3 pairs
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/",
        setup_data(board_set, movement_kind="howell", rounds=9),
    )
    assert "This movement has 3 rounds: play between 1 and 3." in response.content.decode()


def running(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> Session:
    session = start_session(alice_client, alice_class, pupils[:16])
    alice_client.post(f"/sessions/{session.pk}/setup/", setup_data(board_set, rounds=3))
    session.refresh_from_db()
    assert session.state == Session.State.RUNNING
    return session


def test_a_late_pupil_takes_a_place(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    pair = found(session.pairs.first())
    old = found(pair.members.first()).pupil
    late = pupils[17]
    response = alice_client.post(
        f"/sessions/{session.pk}/replace/", {"old": old.pk, "new": late.pk}
    )
    assert response.status_code == 302
    assert PairMember.objects.filter(pair=pair, pupil=late).exists()
    # A pupil already playing cannot be put in a second pair.
    other = found(session.pairs.last())
    response = alice_client.post(
        f"/sessions/{session.pk}/replace/",
        {"old": found(other.members.first()).pupil.pk, "new": late.pk},
        follow=True,
    )
    assert "already plays in another pair" in response.content.decode()


def test_a_pair_that_leaves_sits_out_and_its_opponents_rest(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    pair = Pair.objects.get(session=session, line="EW", number=1)
    alice_client.post(f"/sessions/{session.pk}/withdraw/", {"pair": pair.pk, "from_round": 2})
    pair.refresh_from_db()
    assert pair.withdrawn_from_round == 2
    alice_client.post(f"/sessions/{session.pk}/round/", {"direction": "next", "confirm": "1"})
    html = alice_client.get(f"/sessions/{session.pk}/").content.decode()
    assert "Round 2 of 3" in html
    assert html.count('class="sits-out"') == 1


def test_the_table_page_needs_no_login_and_shows_the_round(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    table = session.tables.get(number=2)
    html = Client().get(f"/t/{table.token}/").content.decode()
    assert "Table 2 · Round 1 of 3" in html
    assert "Boards to play: 3, 4" in html  # boards 3–4 in round 1 at table 2
    assert "Board 3" in html  # the first one is up
    assert "declares" in html
    assert 'name="strain"' in html  # the entry panel for the first board
    assert Client().get("/t/not-a-token/").status_code == 404


def test_other_teachers_cannot_reach_the_session(
    alice_client: Client,
    bob_client: Client,
    alice_class: SchoolClass,
    pupils: list[Pupil],
    board_set: BoardSet,
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    for url in ["/", "pairs/", "setup/", "print/table-cards/"]:
        assert bob_client.get(f"/sessions/{session.pk}/{url}".replace("//", "/")).status_code == 404
    assert bob_client.post(f"/classes/{alice_class.pk}/sessions/new/", {}).status_code == 404


def test_the_movement_is_derived_not_stored(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    movement = session_selectors.session_movement(session)
    assert movements.validate(movement) == []
    assert movement.rounds == 3


def test_a_refused_start_keeps_no_new_board_set(
    alice_client: Client,
    alice_class: SchoolClass,
    pupils: list[Pupil],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = start_session(alice_client, alice_class, pupils[:8])

    def refuse(**kwargs: Any) -> None:
        raise ValidationError("refused at the last step")

    monkeypatch.setattr(session_services, "session_start", refuse)
    response = alice_client.post(
        f"/sessions/{session.pk}/setup/", setup_data("new", movement_kind="howell", rounds=3)
    )
    assert response.status_code == 422
    assert "refused at the last step" in response.content.decode()
    assert not BoardSet.objects.exists()  # the set dealt for it is rolled back too
    session.refresh_from_db()
    assert session.movement_kind == ""
    assert session.board_set is None


def test_finishing_closes_the_table_links(
    alice_client: Client, alice_class: SchoolClass, pupils: list[Pupil], board_set: BoardSet
) -> None:
    session = running(alice_client, alice_class, pupils, board_set)
    token = found(session.tables.first()).token
    alice_client.post(f"/sessions/{session.pk}/finish/")
    session.refresh_from_db()
    assert session.state == Session.State.FINISHED
    response = Client().get(f"/t/{token}/")
    assert response.status_code == 410
    assert "This session is over" in response.content.decode()
    alice_client.post(f"/sessions/{session.pk}/round/", {"direction": "next"})
    session.refresh_from_db()
    assert session.current_round == 1
