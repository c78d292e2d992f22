"""Reads for the four-deal game (docs/rules.md §8; three players: §7): where each table is,
its deals so far, the deal it plays now, the totals and the winner.

A table's state follows from its stored deals and the game's seed alone: the deal the
site gives a table is worked out again from the seed whenever it is needed (the same
seed always gives the same cards, scoring.dealing), so nothing is stored until the
table has played it or it was dealt again.
"""

from __future__ import annotations

import functools
import itertools
import json
from dataclasses import dataclass, field
from enum import StrEnum

from django.contrib.auth.models import User
from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from games import labels as game_labels
from games.models import FourDealDeal, FourDealGame, FourDealTable
from scoring.cards import Deal, Seat, Side
from scoring.contracts import Contract
from scoring.dealing import board_deals
from scoring.declaring import Declaration, Redeal, declare_from_points
from scoring.four_deal import DEALERS
from scoring.three_players import (
    ThreePlayerDeclaration,
    Variant,
    dealer_always_declared,
    players,
    three_player_declarer,
)
from tournaments.boards.selectors import HandFacts
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import people as people_labels
from tournaments.models import Result, SchoolClass
from tournaments.results.scores import Scored, score_contract

#: At a table of three nobody sits at West, whose hand is dealt as the dummy: North, East
#: and South play (who ends up playing which hand: scoring.three_players).
THREE_PLAYER_DUMMY = Seat.WEST


def games_for_class(school_class: SchoolClass) -> QuerySet[FourDealGame]:
    """A class's four-deal games, newest first, each with ``table_count``."""
    return school_class.four_deal_games.annotate(table_count=Count("tables"))


def get_game_for_teacher(teacher: User, game_id: int) -> FourDealGame:
    return get_object_or_404(
        FourDealGame.objects.select_related("school_class"),
        pk=game_id,
        school_class__teacher_id=teacher.pk,
    )


def get_table_for_teacher(teacher: User, game_id: int, number: int) -> FourDealTable:
    return get_object_or_404(
        FourDealTable.objects.select_related("game__school_class"),
        game_id=game_id,
        game__school_class__teacher_id=teacher.pk,
        number=number,
    )


def get_table_by_token(token: str) -> FourDealTable | None:
    return FourDealTable.objects.select_related("game").filter(token=token).first()


class Step(StrEnum):
    """What the table does now."""

    POINTS = "points"  # real cards: deal, then enter each hand's points
    RESULT = "result"  # play the deal, then enter contract and tricks
    REDEAL = "redeal"  # the site dealt a deal that does not count: deal again
    FINISHED = "finished"


def three_player_variant(table: FourDealTable) -> Variant | None:
    """The table's way of choosing declarer with three players, or None with four."""
    if table.players == FourDealTable.Players.FOUR:
        return None
    return Variant(table.players)


def dealers_of(table: FourDealTable) -> tuple[Seat, ...]:
    """Who deals in turn: N, E, S, W with four players; each of the three once."""
    if three_player_variant(table) is None:
        return DEALERS
    return players(THREE_PLAYER_DUMMY)


def given_name(table: FourDealTable, seat: Seat) -> str:
    """The name typed for the pupil at ``seat``, as the table's page and cards show it:
    the first name alone however it was typed (they are seen by the whole table), or
    "" when none was given."""
    name: str = getattr(table, seat.name.lower())
    return people_labels.pupil_first_name(name) if name.strip() else ""


def player_name(table: FourDealTable, seat: Seat) -> str:
    """The pupil's first name at ``seat``, or the seat's name when none was given."""
    return given_name(table, seat) or bridge_labels.seat_name(seat)


def declare(
    table: FourDealTable, points: dict[Seat, int], dealer: Seat
) -> Declaration | ThreePlayerDeclaration | Redeal:
    """Who declares with the four hands' ``points``, as the table plays (four or three
    players), or a Redeal."""
    variant = three_player_variant(table)
    if variant is None:
        return declare_from_points(points, dealer)
    if table.dealer_always_declared:  # played before the site followed §7 B: migration 0011
        return dealer_always_declared(points, dealer=dealer, empty_seat=THREE_PLAYER_DUMMY)
    return three_player_declarer(
        points, dealer=dealer, empty_seat=THREE_PLAYER_DUMMY, variant=variant
    )


@functools.lru_cache(maxsize=1024)
def dealt_cards(seed: str, table_number: int, deal_number: int, attempt: int) -> Deal:
    """The cards the site deals a table for its ``deal_number``-th deal (1 to 4), the
    ``attempt``-th time (0 first, 1 after one redeal …): each table and each deal has its
    own stream of deals from the game's seed, and a redeal takes the next one."""
    stream = board_deals(f"{seed}/{table_number}", deal_number)
    return next(itertools.islice(stream, attempt, None))


@dataclass(frozen=True)
class CurrentDeal:
    """The deal the table is playing (or must deal again)."""

    sequence: int  # its place in the order dealt, counting redeals
    number: int  # which of the deals that count: 1 to 4 (1 to 3 with three players)
    dealer: Seat
    points: dict[Seat, int]
    cards: Deal | None  # None with real cards
    declaration: Declaration | ThreePlayerDeclaration | Redeal

    @property
    def redeal(self) -> bool:
        return isinstance(self.declaration, Redeal)

    @property
    def declarer(self) -> Seat:
        assert not isinstance(self.declaration, Redeal)
        return self.declaration.declarer

    @property
    def dummy(self) -> Seat:
        """Whose dealt hand goes down as the dummy (at a table of three not always the
        empty seat's: see scoring.three_players)."""
        assert not isinstance(self.declaration, Redeal)
        return self.declaration.dummy

    @property
    def declarer_hand(self) -> Seat:
        """The dealt hand declarer plays (at a table of three after a swap: the empty
        seat's)."""
        declaration = self.declaration
        assert not isinstance(declaration, Redeal)
        if isinstance(declaration, ThreePlayerDeclaration):
            return declaration.declarer_hand
        return declaration.declarer

    @property
    def side_hcp(self) -> int:
        assert not isinstance(self.declaration, Redeal)
        return self.declaration.side_hcp

    def seats(self, table: FourDealTable) -> list[SeatFacts]:
        """Each seat's player, points, role and (dealt by the site) cards. The role is
        that of the hand dealt there: the hand declarer plays, or the dummy."""
        declarer = None if self.redeal else self.declarer_hand
        dummy = None if self.redeal else self.dummy
        facts = []
        for seat in Seat:
            role = "declarer" if seat is declarer else "dummy" if seat is dummy else ""
            hand = None
            if self.cards is not None:
                hand = HandFacts(seat=seat, hand=self.cards[seat], hcp=self.points[seat], role=role)
            facts.append(
                SeatFacts(
                    seat=seat,
                    name=given_name(table, seat),
                    hcp=self.points[seat],
                    role=role,
                    hand=hand,
                )
            )
        return facts


@dataclass(frozen=True)
class SeatFacts:
    """A seat as the table's page shows it."""

    seat: Seat
    name: str  # the player's first name, if the teacher gave it
    hcp: int
    role: str  # the hand's: "declarer" (declarer plays it), "dummy" or ""
    hand: HandFacts | None  # the cards, when the site dealt them


@dataclass(frozen=True)
class PlayedRow:
    """A deal in the table's list: one that counted, with its score, or a redeal."""

    sequence: int
    number: int  # the counted deal it was (a redeal: the one dealt again)
    dealer: Seat
    points: dict[Seat, int]
    redeal: bool
    declarer: Seat | None = None
    dummy: Seat | None = None
    contract: Contract | None = None
    tricks_won: int | None = None
    revoke: str = ""
    scored: Scored | None = None
    #: What each seat's player scored on this deal (with four: each side's points on
    #: both its seats).
    seat_points: dict[Seat, int] = field(default_factory=dict)
    #: The same in the order of the table's standings (N–S, E–W; or each player).
    columns: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """A side (four players) or a player (three) and its total."""

    name: str  # "North–South", or a player's name
    short: str  # "N–S", or a player's name, for a column heading
    players: str  # the side's pupils, "Anna & Cleo", if the teacher named them
    total: int
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class TableState:
    table: FourDealTable
    game: FourDealGame
    rows: list[PlayedRow]
    step: Step
    current: CurrentDeal | None
    deals_needed: int
    counted: int
    standings: list[Standing]
    #: The place in the order dealt of the deal the table enters now.
    next_sequence: int

    @property
    def three_players(self) -> bool:
        return three_player_variant(self.table) is not None

    @property
    def real_cards(self) -> bool:
        return self.game.cards == FourDealGame.Cards.REAL

    @property
    def finished(self) -> bool:
        return self.step is Step.FINISHED

    @property
    def deal_number(self) -> int:
        """The deal the table is on (the last one once finished)."""
        return min(self.counted + 1, self.deals_needed)

    @property
    def winners(self) -> list[Standing]:
        """The sides or players with the most points (more than one: a draw)."""
        best = max(standing.total for standing in self.standings)
        return [standing for standing in self.standings if standing.total == best]

    @property
    def outcome_text(self) -> str:
        """ "North–South win, 540 to 140", "Anna wins with 420 points", "A draw: …"."""
        return game_labels.four_deal_outcome_text(
            [(standing.name, standing.total) for standing in self.standings],
            sides=not self.three_players,
        )

    @property
    def dealer(self) -> Seat | None:
        """Who deals now (also while the points are being entered), or None at the end."""
        if self.finished:
            return None
        if self.current is not None:
            return self.current.dealer
        return dealers_of(self.table)[self.counted]

    @property
    def seats(self) -> list[SeatFacts]:
        return [] if self.current is None else self.current.seats(self.table)

    def name(self, seat: Seat) -> str:
        return player_name(self.table, seat)

    @property
    def dealer_name(self) -> str:
        return "" if self.dealer is None else self.name(self.dealer)

    @property
    def declarer_name(self) -> str:
        if self.current is None or self.current.redeal:
            return ""
        return self.name(self.current.declarer)

    @property
    def dummy_name(self) -> str:
        if self.current is None or self.current.redeal:
            return ""
        return self.name(self.current.dummy)

    @property
    def declaration_texts(self) -> list[str]:
        """At a table of three: what the players do on the current deal, in plain
        sentences (who declares, whose hand is the dummy, any swap, who defends)."""
        current = self.current
        if current is None or not isinstance(current.declaration, ThreePlayerDeclaration):
            return []
        return game_labels.three_player_declaration_texts(
            current.declaration, dealer=current.dealer, points=current.points, name=self.name
        )

    @property
    def redeal_text(self) -> str:
        """Why nobody declares the current deal."""
        return game_labels.four_deal_redeal_text(three_player_variant(self.table))

    @property
    def last_redeal(self) -> bool:
        """The last deal did not count (the same dealer deals again)."""
        return bool(self.rows) and self.rows[-1].redeal and not self.finished

    def seat_label(self, seat: Seat) -> str:
        """ "North · Anna", or "North" with no name; "West · Dummy" at a table of three."""
        if seat is THREE_PLAYER_DUMMY and self.three_players:
            return f"{bridge_labels.seat_name(seat)} · {gettext('Dummy')}"
        name = given_name(self.table, seat)
        return (
            f"{bridge_labels.seat_name(seat)} · {name}" if name else bridge_labels.seat_name(seat)
        )


def _scored(
    game: FourDealGame, row: FourDealDeal, declaration: Declaration | ThreePlayerDeclaration
) -> Scored:
    return score_contract(
        contract=row.contract,
        tricks_won=row.tricks_won or 0,
        revoke=row.revoke,
        profile=game.profile,
        side_hcp=declaration.side_hcp,
        declarer=declaration.declarer,
    )


def _seat_points(
    declaration: Declaration | ThreePlayerDeclaration, scored: Scored
) -> dict[Seat, int]:
    if isinstance(declaration, ThreePlayerDeclaration):
        points = dict.fromkeys(Seat, 0)
        points[declaration.declarer] = scored.declarers
        for seat in declaration.defenders:
            points[seat] = scored.defenders
        return points
    return {seat: scored.ns_points if seat.side is Side.NS else scored.ew_points for seat in Seat}


def table_state(table: FourDealTable, deals: list[FourDealDeal] | None = None) -> TableState:
    """Where ``table`` is: its deals so far, what it does now, the totals."""
    game = table.game
    stored = list(table.deals.order_by("sequence")) if deals is None else deals
    dealers = dealers_of(table)
    rows: list[PlayedRow] = []
    counted = 0
    attempt = 0  # deals of the current turn dealt again so far
    pending: FourDealDeal | None = None
    for row in stored:
        number = counted + 1
        dealer = Seat(row.dealer)
        if row.redeal:
            rows.append(PlayedRow(row.sequence, number, dealer, row.points, redeal=True))
            attempt += 1
            continue
        if not row.played:
            pending = row  # real cards: the points are in, the result is not
            break
        declaration = declare(table, row.points, dealer)
        assert not isinstance(declaration, Redeal)  # stored as a redeal otherwise
        scored = _scored(game, row, declaration)
        rows.append(
            PlayedRow(
                row.sequence,
                number,
                dealer,
                row.points,
                redeal=False,
                declarer=declaration.declarer,
                dummy=declaration.dummy,
                contract=scored.contract,
                tricks_won=row.tricks_won,
                revoke=row.revoke,
                scored=scored,
                seat_points=(seat_points := _seat_points(declaration, scored)),
                columns=tuple(seat_points[seat] for seat in _column_seats(table)),
            )
        )
        counted += 1
        attempt = 0
    current: CurrentDeal | None = None
    if counted >= len(dealers):
        step = Step.FINISHED
    elif pending is not None:
        step = Step.RESULT
        dealer = Seat(pending.dealer)
        current = CurrentDeal(
            sequence=pending.sequence,
            number=counted + 1,
            dealer=dealer,
            points=pending.points,
            cards=None,
            declaration=declare(table, pending.points, dealer),
        )
    elif game.cards == FourDealGame.Cards.REAL:
        step = Step.POINTS
        current = None
    else:
        number = counted + 1
        dealer = dealers[counted]
        cards = dealt_cards(game.seed, table.number, number, attempt)
        points = {seat: cards.hcp(seat) for seat in Seat}
        declaration = declare(table, points, dealer)
        current = CurrentDeal(
            sequence=len(stored) + 1,
            number=number,
            dealer=dealer,
            points=points,
            cards=cards,
            declaration=declaration,
        )
        step = Step.REDEAL if current.redeal else Step.RESULT
    return TableState(
        table=table,
        game=game,
        rows=rows,
        step=step,
        current=current,
        deals_needed=len(dealers),
        counted=counted,
        standings=_standings(table, rows),
        next_sequence=pending.sequence if pending is not None else len(stored) + 1,
    )


def _column_seats(table: FourDealTable) -> tuple[Seat, ...]:
    """One seat for each standing: North for N–S and East for E–W, or each player."""
    if three_player_variant(table) is None:
        return (Seat.NORTH, Seat.EAST)
    return players(THREE_PLAYER_DUMMY)


def _given_names(table: FourDealTable, seats: tuple[Seat, ...]) -> str:
    return people_labels.names_text(name for seat in seats if (name := given_name(table, seat)))


def _standings(table: FourDealTable, rows: list[PlayedRow]) -> list[Standing]:
    played = [row for row in rows if not row.redeal]
    if three_player_variant(table) is None:
        return [
            Standing(
                name=bridge_labels.side_name(side),
                short=bridge_labels.side_short(side),
                players=_given_names(table, side.seats),
                total=sum(row.seat_points[side.seats[0]] for row in played),
                seats=side.seats,
            )
            for side in (Side.NS, Side.EW)
        ]
    standings = []
    for seat in players(THREE_PLAYER_DUMMY):
        name = player_name(table, seat)
        standings.append(
            Standing(
                name=name,
                short=name,
                players="",
                total=sum(row.seat_points[seat] for row in played),
                seats=(seat,),
            )
        )
    return standings


def game_tables(game: FourDealGame) -> list[TableState]:
    """Every table's state, for the teacher's overview (two queries in all)."""
    tables = list(game.tables.order_by("number"))
    deals: dict[int, list[FourDealDeal]] = {table.pk: [] for table in tables}
    for deal in FourDealDeal.objects.filter(table__game=game).order_by("table_id", "sequence"):
        deals[deal.table_id].append(deal)
    for table in tables:
        table.game = game
    return [table_state(table, deals[table.pk]) for table in tables]


def score_texts(state: TableState) -> str:
    """The score each answer of the entry panel would record, as the panel shows it
    before saving, as JSON for static/js/score-preview.js (keyed as the session's panel:
    "strain|level|tricks|revoke")."""
    current = state.current
    if current is None or current.redeal:
        return ""
    texts: dict[str, str] = {}
    for contract in state.game.profile.contracts():
        for tricks in range(14):
            for revoke, _label in Result.Revoke.choices:
                scored = score_contract(
                    contract=contract,
                    tricks_won=tricks,
                    revoke=revoke,
                    profile=state.game.profile,
                    side_hcp=current.side_hcp,
                    declarer=current.declarer,
                )
                key = f"{contract.strain.value}|{contract.kind.value}|{tricks}|{revoke}"
                texts[key] = _score_text(state, current, scored)
    return json.dumps(texts, ensure_ascii=False)


def _score_text(state: TableState, current: CurrentDeal, scored: Scored) -> str:
    if not state.three_players:
        return bridge_labels.net_text(scored.ns_net)
    declaration = current.declaration
    assert isinstance(declaration, ThreePlayerDeclaration)
    if scored.declarers:
        return game_labels.player_points_text([state.name(declaration.declarer)], scored.declarers)
    return game_labels.player_points_text(
        [state.name(seat) for seat in declaration.defenders], scored.defenders
    )
