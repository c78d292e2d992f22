"""Writes for the four-deal game: starting one, a table's players, and what a table
enters (the points of its hands, a redeal, a result).

Every write a table sends names the place of its deal in the order dealt
(``sequence``); the database keeps one deal per place. A save sent twice (a double tap,
a retry after the Wi-Fi dropped) therefore finds its deal already there and changes
nothing; a save for a deal that is no longer the table's (another tablet was quicker)
is refused with a plain message.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import labels, selectors
from games.models import FourDealDeal, FourDealGame, FourDealTable
from games.selectors import Step, TableState
from scoring.cards import Seat
from scoring.contracts import Contract
from scoring.dealing import canonical_seed, new_seed
from scoring.declaring import Redeal
from scoring.errors import ScoringError
from tournaments.models import SchoolClass
from tournaments.results.scores import score_contract

#: A four-deal game has 1 to this many tables.
MAX_TABLES = 20


class AlreadyEntered(Exception):
    """The save was for a deal that is already entered (sent twice, or by another
    tablet): nothing was changed."""


@transaction.atomic
def four_deal_game_start(
    *,
    school_class: SchoolClass,
    tables: int,
    cards: str,
    seed: str = "",
    scoring_profile: str = "ebu",
) -> FourDealGame:
    """A new game for ``school_class`` with ``tables`` tables of four players, each
    with its own link. The deals come from ``seed`` (a new secret one when empty)."""
    if not 1 <= tables <= MAX_TABLES:
        raise ValidationError({"tables": _("Choose 1 to %(max)s tables.") % {"max": MAX_TABLES}})
    game = FourDealGame(
        school_class=school_class,
        cards=cards,
        seed=canonical_seed(seed) if seed.strip() else new_seed(),
        scoring_profile=scoring_profile,
    )
    game.full_clean()
    game.save()
    FourDealTable.objects.bulk_create(
        FourDealTable(game=game, number=number, token=secrets.token_urlsafe(16))
        for number in range(1, tables + 1)
    )
    return game


@transaction.atomic
def four_deal_table_update(
    *, table: FourDealTable, players: str, north: str, east: str, south: str, west: str
) -> FourDealTable:
    """Who sits where, and whether three or four play. The names can change at any
    time; four or three players only before the table's first deal is entered."""
    table = FourDealTable.objects.select_for_update().get(pk=table.pk)
    if players != table.players and table.deals.exists():
        raise ValidationError(
            {
                "players": _(
                    "This table has started playing, so it keeps its number of players. "
                    "Start a new game to change it."
                )
            }
        )
    table.players = players
    table.north, table.east, table.south = north, east, south
    table.west = "" if players != FourDealTable.Players.FOUR else west
    table.full_clean()
    table.save()
    return table


def _locked_state(table: FourDealTable) -> TableState:
    """The table read again under a lock: two tablets at one table wait for each other."""
    locked = FourDealTable.objects.select_for_update().select_related("game").get(pk=table.pk)
    return selectors.table_state(locked)


def _check_place(state: TableState, sequence: int, step: Step) -> None:
    if state.next_sequence != sequence or state.step is not step:
        raise AlreadyEntered


@transaction.atomic
def four_deal_points(
    *, table: FourDealTable, sequence: int, points: dict[Seat, int]
) -> FourDealDeal:
    """Real cards: the points of the four hands of the deal at ``sequence``. A deal
    nobody declares (20–20; with three players also when the highest hand and the dummy
    hold fewer than 21) is stored as dealt again, and the same dealer deals again."""
    state = _locked_state(table)
    _check_place(state, sequence, Step.POINTS)
    dealer = state.dealer
    assert dealer is not None
    try:
        declaration = selectors.declare(state.table, points, dealer)
    except ScoringError as error:
        raise ValidationError(labels.four_deal_points_refusal_text(points)) from error
    return _insert(
        FourDealDeal(
            table=state.table,
            sequence=sequence,
            dealer=dealer.value,
            redeal=isinstance(declaration, Redeal),
            **_hcp_fields(points),
        )
    )


@transaction.atomic
def four_deal_redeal(*, table: FourDealTable, sequence: int) -> FourDealDeal:
    """The site dealt a deal nobody declares: it is kept as dealt again, and the same
    dealer gets the next deal."""
    state = _locked_state(table)
    _check_place(state, sequence, Step.REDEAL)
    current = state.current
    assert current is not None
    assert current.cards is not None
    return _insert(
        FourDealDeal(
            table=state.table,
            sequence=sequence,
            dealer=current.dealer.value,
            cards=current.cards.to_pbn(),
            redeal=True,
            **_hcp_fields(current.points),
        )
    )


@transaction.atomic
def four_deal_result(
    *,
    table: FourDealTable,
    sequence: int,
    contract: Contract,
    tricks_won: int,
    revoke: str,
) -> FourDealDeal:
    """The contract and the tricks declarer won on the deal at ``sequence``."""
    state = _locked_state(table)
    _check_place(state, sequence, Step.RESULT)
    current = state.current
    assert current is not None
    # Refuses a contract the game's scoring does not have, or impossible tricks.
    score_contract(
        contract=contract,
        tricks_won=tricks_won,
        revoke=revoke,
        profile=state.game.profile,
        side_hcp=current.side_hcp,
        declarer=current.declarer,
    )
    if current.cards is None:  # real cards: the points were stored first
        deal = FourDealDeal.objects.get(table=state.table, sequence=sequence)
        deal.contract, deal.tricks_won, deal.revoke = str(contract), tricks_won, revoke
        deal.full_clean()
        deal.save()
        return deal
    return _insert(
        FourDealDeal(
            table=state.table,
            sequence=sequence,
            dealer=current.dealer.value,
            cards=current.cards.to_pbn(),
            contract=str(contract),
            tricks_won=tricks_won,
            revoke=revoke,
            **_hcp_fields(current.points),
        )
    )


def _hcp_fields(points: dict[Seat, int]) -> dict[str, int]:
    return {
        "north_hcp": points[Seat.NORTH],
        "east_hcp": points[Seat.EAST],
        "south_hcp": points[Seat.SOUTH],
        "west_hcp": points[Seat.WEST],
    }


def _insert(deal: FourDealDeal) -> FourDealDeal:
    deal.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():
            deal.save()
    except IntegrityError:
        # Another request took this place between the check and the insert.
        raise AlreadyEntered from None
    return deal
