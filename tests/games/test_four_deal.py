"""The four-deal game: the teacher starts it and sees every table; each table enters
its deals on its own page. Bad input gets a plain message, never a 5xx, and nothing
half-saved."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import Settings as SettingsWrapper

from games import selectors as four_deal_selectors
from games import services as four_deal_services
from games.models import FourDealDeal, FourDealGame, FourDealTable
from games.selectors import Step, table_state
from minibridge import network
from scoring.cards import Seat
from scoring.contracts import Contract
from tests.qr import pdf_page_png, read_qr_codes
from tests.tournaments.printing.movement_papers import _reader, _text
from tournaments.models import SchoolClass

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
#: Table 1's first deal from this seed is 20–20 (then West declares; the second deal
#: North, the third and fourth West): see tests/browser/test_four_deal.py.
REDEAL_SEED = "redeal-8"
OUT_OF_DATE = "This page was out of date, so nothing was saved."


def start(school_class: SchoolClass, *, tables: int = 1, cards: str = "dealt") -> FourDealGame:
    return four_deal_services.four_deal_game_start(
        school_class=school_class, tables=tables, cards=cards, seed=REDEAL_SEED
    )


def first_table(game: FourDealGame) -> FourDealTable:
    return game.tables.get(number=1)


def table_url(table: FourDealTable, action: str = "") -> str:
    name = "games:four_deal_table" + (f"_{action}" if action else "")
    return reverse(name, kwargs={"token": table.token})


def points_post(
    sequence: int, north: object, east: object, south: object, west: object
) -> dict[str, object]:
    return {"sequence": sequence, "north": north, "east": east, "south": south, "west": west}


def result_post(
    sequence: int, strain: str = "S", level: str = "part-score", tricks: object = 8
) -> dict[str, object]:
    return {"sequence": sequence, "strain": strain, "level": level, "tricks": tricks, "revoke": ""}


# -- Starting a game ----------------------------------------------------------------------


def test_it_starts_a_game_with_a_link_for_each_table(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    url = reverse("games:four_deal_new", kwargs={"class_id": alice_class.pk})
    assert alice_client.get(url).status_code == 200
    response = alice_client.post(url, {"tables": "3", "cards": "real", "seed": ""})
    game = FourDealGame.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("games:four_deal_game", kwargs={"game_id": game.pk})
    assert game.cards == FourDealGame.Cards.REAL
    assert len(game.seed) == 32  # a new secret seed
    tokens = list(game.tables.values_list("token", flat=True))
    assert len(set(tokens)) == 3
    page = alice_client.get(
        reverse("tournaments:class_detail", kwargs={"class_id": alice_class.pk})
    )
    assert "Four-deal games" in page.content.decode()


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ({"tables": "0", "cards": "dealt"}, "greater than or equal to 1"),
        ({"tables": "21", "cards": "dealt"}, "less than or equal to 20"),
        ({"tables": "two", "cards": "dealt"}, "Enter a whole number"),
        ({"tables": "2", "cards": "jokers"}, "Select a valid choice"),
        ({"tables": "2", "cards": "dealt", "seed": "a\u202eb"}, "Use letters, digits"),
    ],
)
def test_it_refuses_bad_input_and_saves_nothing(
    alice_client: Client, alice_class: SchoolClass, post: dict[str, str], message: str
) -> None:
    url = reverse("games:four_deal_new", kwargs={"class_id": alice_class.pk})
    response = alice_client.post(url, post)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not FourDealGame.objects.exists()
    assert not FourDealTable.objects.exists()


def test_another_teacher_sees_nothing(bob_client: Client, alice_class: SchoolClass) -> None:
    game = start(alice_class)
    for url in (
        reverse("games:four_deal_new", kwargs={"class_id": alice_class.pk}),
        reverse("games:four_deal_game", kwargs={"game_id": game.pk}),
        reverse("games:four_deal_connect", kwargs={"game_id": game.pk}),
        reverse("games:four_deal_connect_table", kwargs={"game_id": game.pk, "number": 1}),
        reverse("games:four_deal_table_edit", kwargs={"game_id": game.pk, "number": 1}),
    ):
        assert bob_client.get(url).status_code == 404, url


def test_a_visitor_is_sent_to_log_in(client: Client, alice_class: SchoolClass) -> None:
    game = start(alice_class)
    response = client.get(reverse("games:four_deal_game", kwargs={"game_id": game.pk}))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_connect_pages_show_each_tables_code(
    alice_client: Client, alice_class: SchoolClass, settings: SettingsWrapper
) -> None:
    settings.PUBLIC_URL = "http://192.0.2.10:8000"
    game = start(alice_class, tables=2)
    page = alice_client.get(reverse("games:four_deal_connect", kwargs={"game_id": game.pk}))
    text = page.content.decode()
    for table in game.tables.all():
        assert f"http://192.0.2.10:8000/f/{table.token}/" in text
    one = alice_client.get(
        reverse("games:four_deal_connect_table", kwargs={"game_id": game.pk, "number": 2})
    )
    assert one.status_code == 200
    assert '<svg class="qr-code"' in one.content.decode()


# -- A table's players --------------------------------------------------------------------


def test_the_teacher_names_the_players_and_makes_a_table_of_three(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    table = first_table(start(alice_class))
    url = reverse("games:four_deal_table_edit", kwargs={"game_id": table.game_id, "number": 1})
    response = alice_client.post(
        url, {"players": "highest", "north": "Anna", "east": "Ben", "south": "Cleo", "west": "Dan"}
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert (table.players, table.north, table.west) == ("highest", "Anna", "")  # West: the dummy


def test_the_number_of_players_is_kept_once_the_table_has_started(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    table = first_table(start(alice_class, cards="real"))
    four_deal_services.four_deal_points(table=table, sequence=1, points={N: 15, E: 5, S: 10, W: 10})
    url = reverse("games:four_deal_table_edit", kwargs={"game_id": table.game_id, "number": 1})
    response = alice_client.post(url, {"players": "dealer", "north": "Anna"})
    assert response.status_code == 422
    assert "keeps its number of players" in response.content.decode()
    table.refresh_from_db()
    assert (table.players, table.north) == ("four", "")
    # Names can still change.
    assert alice_client.post(url, {"players": "four", "north": "Anna"}).status_code == 302


@pytest.mark.parametrize("players", ["five", ""])
def test_an_unknown_number_of_players_is_refused(
    alice_client: Client, alice_class: SchoolClass, players: str
) -> None:
    table = first_table(start(alice_class))
    url = reverse("games:four_deal_table_edit", kwargs={"game_id": table.game_id, "number": 1})
    assert alice_client.post(url, {"players": players}).status_code == 422
    table.refresh_from_db()
    assert table.players == "four"


# -- The table's page: dealt by the site --------------------------------------------------


def test_a_20_20_deal_is_dealt_again_by_the_same_dealer(
    client: Client, alice_class: SchoolClass
) -> None:
    table = first_table(start(alice_class))
    page = client.get(table_url(table)).content.decode()
    assert "Table 1 · Deal 1 of 4" in page
    assert "Both sides hold 20 points, so nobody declares." in page
    # Saving a result for a deal that must be dealt again is refused.
    assert client.post(table_url(table, "result"), result_post(1)).status_code == 409
    assert client.post(table_url(table, "redeal"), {"sequence": 1}).status_code == 302
    # The same tap again (a double tap) changes nothing.
    again = client.post(table_url(table, "redeal"), {"sequence": 1})
    assert again.status_code == 409
    assert "already entered" in again.content.decode()
    assert FourDealDeal.objects.filter(redeal=True).count() == 1
    page = client.get(table_url(table)).content.decode()
    assert "Nobody declared the last deal, so it does not count: North deals again." in page
    assert "Table 1 · Deal 1 of 4" in page
    assert "West declares; East is dummy." in page
    state = table_state(table)
    assert state.step is Step.RESULT
    assert state.current is not None
    assert state.current.dealer is N
    assert state.current.sequence == 2


def test_a_whole_game_to_a_win(client: Client, alice_class: SchoolClass) -> None:
    table = first_table(start(alice_class))
    client.post(table_url(table, "redeal"), {"sequence": 1})
    for sequence, strain, level, tricks in (
        (2, "NT", "part-score", 8),  # West: E–W 120
        (3, "S", "game", 10),  # North: N–S 420
        (4, "H", "part-score", 8),  # West: E–W 110
        (5, "C", "part-score", 6),  # West one short: N–S 50
    ):
        response = client.post(
            table_url(table, "result"), result_post(sequence, strain, level, tricks)
        )
        assert response.status_code == 302, response.content.decode()
    page = client.get(table_url(table)).content.decode()
    assert "The game is over" in page
    assert "North–South win, 470 to 230" in page
    state = table_state(table)
    assert state.finished
    assert [standing.total for standing in state.standings] == [470, 230]
    # Nothing more can be entered.
    assert client.post(table_url(table, "result"), result_post(6)).status_code == 409
    assert FourDealDeal.objects.count() == 5


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (result_post(2, tricks=14), "Tricks won must be a number from 0 to 13."),
        (result_post(2, tricks="lots"), "Tricks won must be a number from 0 to 13."),
        (result_post(2, strain="X"), "Select a valid choice"),
        (result_post(2, level="slam"), "Select a valid choice"),
        ({"strain": "S", "level": "game", "tricks": 10}, OUT_OF_DATE),
        (result_post(0), OUT_OF_DATE),
    ],
)
def test_a_bad_result_is_refused_and_nothing_is_saved(
    client: Client, alice_class: SchoolClass, post: dict[str, object], message: str
) -> None:
    table = first_table(start(alice_class))
    client.post(table_url(table, "redeal"), {"sequence": 1})
    response = client.post(table_url(table, "result"), post)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert FourDealDeal.objects.count() == 1


def test_a_result_sent_twice_is_one_deal(client: Client, alice_class: SchoolClass) -> None:
    table = first_table(start(alice_class))
    client.post(table_url(table, "redeal"), {"sequence": 1})
    assert (
        client.post(table_url(table, "result"), result_post(2, "NT", "part-score", 8)).status_code
        == 302
    )
    again = client.post(table_url(table, "result"), result_post(2, "S", "game", 10))
    assert again.status_code == 409
    assert "Nothing was changed." in again.content.decode()
    deal = FourDealDeal.objects.get(sequence=2)
    assert (deal.contract, deal.tricks_won) == ("1NT", 8)


def test_the_table_page_of_no_table_is_404(client: Client, db: None) -> None:
    assert client.get("/f/no-such-table/").status_code == 404
    assert client.post("/f/no-such-table/result/", result_post(1)).status_code == 404


def test_a_redeal_without_its_place_is_refused(client: Client, alice_class: SchoolClass) -> None:
    table = first_table(start(alice_class))
    response = client.post(table_url(table, "redeal"), {"sequence": "x"})
    assert response.status_code == 422
    assert OUT_OF_DATE in response.content.decode()
    assert not FourDealDeal.objects.exists()


@pytest.mark.parametrize("action", ["points", "redeal", "result"])
def test_it_rejects_get(client: Client, alice_class: SchoolClass, action: str) -> None:
    table = first_table(start(alice_class))
    assert client.get(table_url(table, action)).status_code == 405


# -- Real cards: the table enters the points ----------------------------------------------


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (
            points_post(1, 10, 10, 10, 8),
            "The four hands add up to 38 points, but there are always 40.",
        ),
        (
            points_post(1, 20, 10, 10, 10),
            "The four hands add up to 50 points, but there are always 40.",
        ),
        (points_post(1, 38, 2, 0, 0), "A hand holds 0 to 37 points."),
        (points_post(1, -1, 21, 10, 10), "A hand holds 0 to 37 points."),
        (points_post(1, "ten", 10, 10, 10), "A hand holds 0 to 37 points."),
        (points_post(1, "", 10, 10, 10), "Enter the points of every hand."),
        ({"north": 10, "east": 10, "south": 10, "west": 10}, OUT_OF_DATE),
    ],
)
def test_points_that_cannot_be_a_deal_are_refused(
    client: Client, alice_class: SchoolClass, post: dict[str, object], message: str
) -> None:
    table = first_table(start(alice_class, cards="real"))
    response = client.post(table_url(table, "points"), post)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not FourDealDeal.objects.exists()


def test_real_cards_points_then_result(client: Client, alice_class: SchoolClass) -> None:
    table = first_table(start(alice_class, cards="real"))
    page = client.get(table_url(table)).content.decode()
    assert "Count your points" in page
    # 20–20: dealt again at once, by the same dealer.
    assert (
        client.post(table_url(table, "points"), points_post(1, 10, 10, 10, 10)).status_code == 302
    )
    assert FourDealDeal.objects.get().redeal
    page = client.get(table_url(table)).content.decode()
    assert "North deals again." in page
    assert client.post(table_url(table, "points"), points_post(2, 15, 5, 10, 10)).status_code == 302
    page = client.get(table_url(table)).content.decode()
    assert "North declares; South is dummy." in page
    assert (
        client.post(table_url(table, "result"), result_post(2, "S", "part-score", 8)).status_code
        == 302
    )
    deal = FourDealDeal.objects.get(sequence=2)
    assert (deal.north_hcp, deal.contract, deal.tricks_won, deal.redeal) == (15, "1S", 8, False)
    state = table_state(table)
    assert (state.step, state.dealer, state.counted) == (Step.POINTS, E, 1)
    assert [standing.total for standing in state.standings] == [110, 0]


def test_a_draw_with_real_cards(alice_class: SchoolClass) -> None:
    table = first_table(start(alice_class, cards="real"))
    for sequence, points, contract in (
        (1, {N: 15, E: 5, S: 10, W: 10}, "1S"),  # North: N–S 110
        (2, {N: 10, E: 15, S: 5, W: 10}, "1S"),  # East: E–W 110
        (3, {N: 8, E: 9, S: 14, W: 9}, "1NT"),  # South 7 tricks: N–S 90
        (4, {N: 9, E: 8, S: 9, W: 14}, "1NT"),  # West 7 tricks: E–W 90
    ):
        four_deal_services.four_deal_points(table=table, sequence=sequence, points=points)
        four_deal_services.four_deal_result(
            table=table,
            sequence=sequence,
            contract=Contract.parse(contract),
            tricks_won=8 if contract == "1S" else 7,
            revoke="",
        )
    state = table_state(table)
    assert state.finished
    assert state.outcome_text == "A draw: North–South & East–West have 200 points each"


# -- Three players ------------------------------------------------------------------------


def test_three_players_the_highest_hand_declares_with_the_dummy(
    client: Client, alice_class: SchoolClass
) -> None:
    table = first_table(start(alice_class, cards="real"))
    table = four_deal_services.four_deal_table_update(
        table=table, players="highest", north="Anna", east="Ben", south="Cleo", west=""
    )
    page = client.get(table_url(table)).content.decode()
    assert "Deal 1 of 3" in page
    assert "West · Dummy" in page
    # Ben has the most (14) but with the dummy's 5 only 19: dealt again.
    client.post(table_url(table, "points"), points_post(1, 12, 14, 9, 5))
    assert FourDealDeal.objects.get().redeal
    client.post(table_url(table, "points"), points_post(2, 9, 14, 5, 12))
    page = page_text(client, table_url(table))
    assert (
        "Ben has the most points and declares. West's hand is the dummy. Cleo and Anna defend."
    ) in page
    client.post(table_url(table, "result"), result_post(2, "S", "game", 9))  # one short
    state = table_state(table)
    assert [(standing.name, standing.total) for standing in state.standings] == [
        ("Anna", 50),
        ("Ben", 0),
        ("Cleo", 50),
    ]
    assert state.dealer is E


def page_text(client: Client, url: str) -> str:
    """The page as a pupil reads it (entities such as &#x27; turned back into text)."""
    return html.unescape(client.get(url).content.decode())


def dealer_and_dummy_table(school_class: SchoolClass, cards: str = "real") -> FourDealTable:
    table = first_table(start(school_class, cards=cards))
    return four_deal_services.four_deal_table_update(
        table=table, players="dealer", north="Anna", east="Ben", south="Cleo", west=""
    )


def test_dealer_and_dummy_declare_and_swap_when_the_dealer_holds_fewer(
    client: Client, alice_class: SchoolClass
) -> None:
    table = dealer_and_dummy_table(alice_class)
    # docs/rules.md §7.5: N8 E9 S9 W14, Anna deals: Anna + West 22 against 18, Anna fewer.
    client.post(table_url(table, "points"), points_post(1, 8, 9, 9, 14))
    page = page_text(client, table_url(table))
    assert (
        "Anna and the dummy hold 22 points together, more than the other two: Anna declares. "
        "Anna has fewer points than the dummy, so Anna and West swap hands: Anna plays "
        "West's hand, and Anna's own hand goes down as the dummy. Ben and Cleo defend."
    ) in page
    state = table_state(table)
    assert state.current is not None
    roles = {fact.seat: fact.role for fact in state.seats}
    assert roles == {N: "dummy", E: "", S: "", W: "declarer"}  # the hands' roles
    assert json.loads(four_deal_selectors.score_texts(state))["NT|game|9|"] == "Anna +400"
    client.post(table_url(table, "result"), result_post(1, "NT", "game", 9))
    state = table_state(table)
    assert [standing.total for standing in state.standings] == [400, 0, 0]
    assert state.rows[0].declarer is N


def test_the_other_two_declare_and_the_partner_takes_wests_hand(
    client: Client, alice_class: SchoolClass
) -> None:
    table = dealer_and_dummy_table(alice_class)
    client.post(table_url(table, "points"), points_post(1, 12, 8, 9, 11))  # Anna + West 23
    client.post(table_url(table, "result"), result_post(1, "NT", "part-score", 7))  # Anna 90
    # docs/rules.md §7.5: N13 E5 S13 W9, Ben deals: Ben + West 14 against 26; Anna and Cleo
    # hold 13 each, and Cleo announced first (Ben, Cleo, Anna).
    client.post(table_url(table, "points"), points_post(2, 13, 5, 13, 9))
    page = page_text(client, table_url(table))
    assert (
        "Cleo and Anna hold 26 points together, more than Ben and the dummy: Cleo declares. "
        "Cleo and Anna have the same points; Cleo said them first. "
        "Anna's hand goes down as the dummy. Anna takes West's hand and defends with Ben."
    ) in page
    state = table_state(table)
    assert state.current is not None
    assert {fact.seat: fact.role for fact in state.seats} == {
        N: "dummy",
        E: "",
        S: "declarer",
        W: "",
    }
    # One short in 4♠: both defenders, Anna (whose hand was the dummy) and Ben, score 50.
    assert json.loads(four_deal_selectors.score_texts(state))["S|game|9|"] == (
        "Anna & Ben +50 each"
    )
    client.post(table_url(table, "result"), result_post(2, "S", "game", 9))
    state = table_state(table)
    assert [(standing.name, standing.total) for standing in state.standings] == [
        ("Anna", 140),
        ("Ben", 50),
        ("Cleo", 0),
    ]
    assert [row.declarer for row in state.rows] == [N, S]
    assert [row.dummy for row in state.rows] == [W, N]


def test_dealer_and_dummy_at_20_20_is_dealt_again_then_the_issues_example(
    client: Client, alice_class: SchoolClass
) -> None:
    table = dealer_and_dummy_table(alice_class)
    for sequence, points, contract, tricks in (
        (1, (8, 9, 9, 14), "3NT", 9),  # Anna swaps with West and makes: Anna 400
        (2, (13, 5, 13, 9), "4S", 9),  # Cleo one short: Ben and Anna 50 each
    ):
        client.post(table_url(table, "points"), points_post(sequence, *points))
        strain, level = contract[1:], "game"
        client.post(table_url(table, "result"), result_post(sequence, strain, level, tricks))
    # Cleo deals: Cleo + West 16 + 4 = 20, Anna + Ben 20: nobody declares.
    client.post(table_url(table, "points"), points_post(3, 10, 10, 16, 4))
    assert FourDealDeal.objects.get(sequence=3).redeal
    page = page_text(client, table_url(table))
    assert "Nobody declared the last deal, so it does not count: Cleo deals again." in page
    assert "Cleo deals." in page
    # The issue's example, N9 E14 S5 W12 dealt by Cleo: the site had Cleo declare with
    # 17; Ben declares with 23, Anna's hand is the dummy and Anna plays West's.
    client.post(table_url(table, "points"), points_post(4, 9, 14, 5, 12))
    page = page_text(client, table_url(table))
    assert (
        "Ben and Anna hold 23 points together, more than Cleo and the dummy: Ben declares. "
        "Anna's hand goes down as the dummy. Anna takes West's hand and defends with Cleo."
    ) in page
    client.post(table_url(table, "result"), result_post(4, "H", "part-score", 9))  # Ben 140
    state = table_state(table)
    assert state.finished
    assert [row.declarer for row in state.rows] == [N, S, None, E]
    assert [(standing.name, standing.total) for standing in state.standings] == [
        ("Anna", 450),
        ("Ben", 190),
        ("Cleo", 0),
    ]
    assert state.outcome_text == "Anna wins with 450 points"
    page = page_text(client, table_url(table))
    assert "Anna wins with 450 points" in page


def test_the_site_deals_dealer_and_dummy_again_at_20_20(
    client: Client, alice_class: SchoolClass
) -> None:
    game = four_deal_services.four_deal_game_start(
        school_class=alice_class, tables=1, cards="dealt", seed="three-36"
    )
    table = four_deal_services.four_deal_table_update(
        table=first_table(game), players="dealer", north="", east="", south="", west=""
    )
    state = table_state(table)
    assert state.current is not None
    assert state.current.points == {N: 10, E: 9, S: 11, W: 10}
    assert state.step is Step.REDEAL
    page = page_text(client, table_url(table))
    assert (
        "The dealer and the dummy hold 20 points together, and so do the other two, so "
        "nobody declares. This deal does not count: North deals again."
    ) in " ".join(page.split())
    client.post(table_url(table, "redeal"), {"sequence": 1})
    # The next deal, N6 E11 S12 W11: North + West 17 against 23, South declares.
    page = page_text(client, table_url(table))
    assert (
        "South and East hold 23 points together, more than North and the dummy: South "
        "declares. East's hand goes down as the dummy. East takes West's hand and defends "
        "with North."
    ) in page
    with translation.override("nb"):
        state = table_state(table)
        assert " ".join(state.declaration_texts) == (
            "Syd og Øst har 23 poeng til sammen, flere enn Nord og blindemann: Syd blir "
            "spillefører. Hånden til Øst legges ned som blindemann. Øst tar hånden til Vest og "
            "forsvarer sammen med Nord."
        )


def test_a_table_that_played_with_the_old_rule_reads_its_deals_as_played(
    alice_class: SchoolClass,
) -> None:
    table = dealer_and_dummy_table(alice_class)
    four_deal_services.four_deal_points(
        table=table, sequence=1, points={N: 10, E: 10, S: 10, W: 10}
    )
    assert FourDealDeal.objects.get().redeal  # 20–20 is dealt again now
    old = dealer_and_dummy_table(alice_class)
    FourDealDeal.objects.create(
        table=old,
        sequence=1,
        dealer="N",
        north_hcp=10,
        east_hcp=10,
        south_hcp=10,
        west_hcp=10,
        contract="1NT",
        tricks_won=7,
    )
    FourDealTable.objects.filter(pk=old.pk).update(dealer_always_declared=True)
    old.refresh_from_db()
    state = table_state(old)
    assert state.rows[0].declarer is N
    assert [standing.total for standing in state.standings] == [90, 0, 0]


# -- The teacher's overview ---------------------------------------------------------------


def test_the_overview_shows_every_tables_state(
    alice_client: Client, alice_class: SchoolClass, client: Client
) -> None:
    game = start(alice_class, tables=3)
    one, two, _three = game.tables.order_by("number")
    client.post(table_url(one, "redeal"), {"sequence": 1})
    client.post(table_url(one, "result"), result_post(2, "NT", "part-score", 8))
    four_deal_services.four_deal_table_update(
        table=two, players="four", north="Anna", east="Ben", south="Cleo", west="Dan"
    )
    url = reverse("games:four_deal_game", kwargs={"game_id": game.pk})
    page = alice_client.get(url).content.decode()
    assert page.count("<tr data-table=") == 3
    assert "Deal 2 of 4" in page
    assert "E–W 120" in page
    assert "Anna &amp; Cleo" in page
    assert 'hx-trigger="every 4s"' in page
    partial = alice_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert partial.lstrip().startswith('<section id="tables"')
    states = four_deal_selectors.game_tables(game)
    assert [state.deal_number for state in states] == [2, 1, 1]


# -- Table cards -------------------------------------------------------------------------


def test_the_table_cards_carry_each_tables_code_players_and_rules(
    alice_client: Client, alice_class: SchoolClass, settings: SettingsWrapper, tmp_path: Path
) -> None:
    settings.PUBLIC_URL = "http://192.0.2.10:8000"
    game = start(alice_class, tables=2)
    one, two = game.tables.order_by("number")
    four_deal_services.four_deal_table_update(
        table=one, players="four", north="Anna", east="Ben", south="Cleo", west="Dan"
    )
    four_deal_services.four_deal_table_update(
        table=two, players="dealer", north="Eva", east="Finn", south="Gro", west=""
    )
    response = alice_client.get(reverse("games:four_deal_cards", kwargs={"game_id": game.pk}))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pdf = response.content
    assert len(_reader(pdf).pages) == 2
    first, second = _text(pdf, 0), _text(pdf, 1)
    assert " Table 1 " in first
    assert f" Scan to play the four-deal game http://192.0.2.10:8000/f/{one.token}/ " in first
    assert " North Anna East Ben South Cleo West Dan " in first
    assert "A 20–20 deal does not count: the same player deals again." in first
    assert " North Eva East Finn South Gro " in second
    assert "Three players: nobody sits at West, whose hand is dealt as the dummy." in second
    assert "The dealer and the dummy play against the other two" in second
    found = [read_qr_codes(pdf_page_png(pdf, page, tmp_path)) for page in (1, 2)]
    assert found == [[f"http://192.0.2.10:8000/f/{table.token}/"] for table in (one, two)]


def test_no_table_cards_without_an_address_the_tablets_reach(
    alice_client: Client,
    alice_class: SchoolClass,
    settings: SettingsWrapper,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings.PUBLIC_URL = ""
    monkeypatch.setattr(network, "lan_address", lambda: None)
    game = start(alice_class)
    response = alice_client.get(reverse("games:four_deal_cards", kwargs={"game_id": game.pk}))
    assert response.status_code == 302
    page = alice_client.get(response["Location"]).content.decode()
    assert "This computer is not on a network" in page


@pytest.mark.parametrize(("seed", "redeals"), [("three-1", 0), ("three-2", 1), ("three-8", 1)])
def test_the_site_deals_a_table_of_three_again_until_the_highest_hand_and_the_dummy_hold_21(
    client: Client, alice_class: SchoolClass, seed: str, redeals: int
) -> None:
    game = four_deal_services.four_deal_game_start(
        school_class=alice_class, tables=1, cards="dealt", seed=seed
    )
    table = four_deal_services.four_deal_table_update(
        table=first_table(game), players="highest", north="", east="", south="", west=""
    )
    for _ in range(60):
        state = table_state(table)
        assert state.current is not None
        best = max(state.current.points[seat] for seat in (N, E, S))
        if state.step is not Step.REDEAL:
            break
        assert best + state.current.points[W] < 21
        page = client.get(table_url(table)).content.decode()
        assert "The highest hand and the dummy hold fewer than 21 points together." in page
        client.post(table_url(table, "redeal"), {"sequence": state.current.sequence})
    assert state.step is Step.RESULT
    assert FourDealDeal.objects.filter(redeal=True).count() == redeals
    assert state.current is not None
    assert state.current.dealer is N
    assert state.current.points[state.current.declarer] == best
    assert state.current.dummy is W
    assert state.current.side_hcp >= 21


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_the_old_rule_only_for_dealer_tables_that_had_played(
    alice: User,
) -> None:
    before = [("tournaments", "0010_result_partners")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    OldClass = apps.get_model("tournaments", "SchoolClass")
    OldGame = apps.get_model("tournaments", "FourDealGame")
    OldTable = apps.get_model("tournaments", "FourDealTable")
    OldDeal = apps.get_model("tournaments", "FourDealDeal")
    school_class = OldClass.objects.create(teacher_id=alice.pk, name="6B")
    game = OldGame.objects.create(school_class=school_class, seed="s")
    tables = {
        name: OldTable.objects.create(game=game, number=number, token=name, players=players)
        for number, (name, players) in enumerate(
            [("played", "dealer"), ("fresh", "dealer"), ("highest", "highest")], start=1
        )
    }
    for name in ("played", "highest"):
        OldDeal.objects.create(
            table=tables[name],
            sequence=1,
            dealer="N",
            north_hcp=10,
            east_hcp=10,
            south_hcp=10,
            west_hcp=10,
            contract="1NT",
            tricks_won=7,
        )
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    flags = dict(FourDealTable.objects.values_list("token", "dealer_always_declared"))
    assert flags == {"played": True, "fresh": False, "highest": False}
    # The deal played 20–20 with the old rule reads as it was played: North declared.
    state = table_state(FourDealTable.objects.get(token="played"))
    assert (state.rows[0].declarer, state.standings[0].total) == (N, 90)
    FourDealGame.objects.all().delete()


def test_a_full_name_typed_for_a_player_shows_as_the_first_name_at_the_table(
    alice_client: Client, alice_class: SchoolClass
) -> None:
    """The four-deal table's page is a shared screen: first names only, however typed."""
    table = first_table(start(alice_class))
    url = reverse("games:four_deal_table_edit", kwargs={"game_id": table.game_id, "number": 1})
    names = {"north": "Kari Nordmann", "east": "Nordmann, Ola", "south": "Per", "west": ""}
    assert alice_client.post(url, {"players": "four", **names}).status_code == 302
    page = Client().get(f"/f/{table.token}/").content.decode()
    for first in ("Kari", "Ola", "Per"):
        assert first in page
    assert "Nordmann" not in page
