"""Fair, reproducible dealing of duplicate boards (docs/rules.md §1, §2, §5).

How a board is dealt
--------------------
Every deal is a perfect shuffle of the 52 cards: each of the 52! orders is equally
likely. The shuffle is the Fisher–Yates method (take a random card from those left,
put it last, repeat), and the first 13 cards of the shuffled pack go to North, the
next 13 to East, then South, then West.

The random numbers come from a *seed*, a secret word or number, through SHA-256:

* the seed is put in a canonical form (:func:`canonical_seed`) and encoded as UTF-8;
* each board number has its own stream of random bytes: block ``k`` of board ``n`` is
  ``SHA-256(b"minibridge-deal-v1" + 0x00 + n as 4 bytes big-endian + seed + k as 8
  bytes big-endian)``, and the blocks ``k = 0, 1, 2 …`` are read one after another;
* a random whole number from 0 to ``m - 1`` is one byte ``b`` of that stream, used as
  ``b % m`` only when ``b < 256 - 256 % m`` (otherwise the byte is thrown away and the
  next one read), so that no number is more likely than another.

Python's ``random`` module is not used: how it turns a seed into numbers is not
promised to stay the same between Python versions, and this recipe is. The same seed
therefore gives the same boards on any machine, today and in ten years, and each board
depends only on the seed, its own number and the preset: boards 1–16 stay the same
when boards 17–24 are dealt later from the same seed.

A 20–20 deal is never a board (docs/rules.md §1): it is thrown away and the next deal of the
same board's stream is used, as when the same dealer deals again. A *preset* (see
:data:`PRESETS`) keeps only deals that suit a lesson, e.g. "game is likely"; deals that
do not suit it are skipped the same way, and counted separately.

A seed from :func:`new_seed` has 128 random bits, more than the about 96 bits a deal
holds, so nobody can guess the boards from earlier ones. A seed a teacher makes up
("minibridge") is fine for a reproducible practice set, but pupils who know it can deal
the same boards themselves.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from scoring.cards import DECK_SIZE, HAND_SIZE, Card, Deal, Hand, Seat, Side, Suit, full_deck
from scoring.declaring import HALF_THE_POINTS, Declaration, find_declarer
from scoring.errors import RulesError

#: Boards are numbered 1 to 64; a set has 1 to 64 boards.
MAX_BOARDS = 64
#: Deals tried for one board before giving up (20–20 redeals and skipped deals included).
DEFAULT_MAX_TRIES = 10_000

_DOMAIN = b"minibridge-deal-v1\x00"
_BLOCKS_PER_REFILL = 4  # hash four blocks at a time; the byte stream is the same

#: The pack in a fixed order: spades ace first, clubs two last (card index 0 to 51).
_DECK: tuple[Card, ...] = full_deck()
assert len(_DECK) == DECK_SIZE
_HCP: tuple[int, ...] = tuple(card.rank.hcp for card in _DECK)
_SUIT_OF: tuple[int, ...] = tuple(index // HAND_SIZE for index in range(DECK_SIZE))
_SUIT_INDEX: dict[Suit, int] = {suit: i for i, suit in enumerate(Suit)}
_SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
# For m = 2 … 52: a byte below _LIMIT[m] is used as ``byte % m``; others are rejected.
_LIMIT: tuple[int, ...] = tuple(256 - 256 % m if m else 0 for m in range(DECK_SIZE + 1))


class DealingErrorCode(StrEnum):
    """What was refused. The values are stable: the site keys on them."""

    REFUSED = "dealing_refused"  # the message says what and why
    PRESET_UNREACHABLE = "dealing_preset_unreachable"


class DealingError(RulesError):
    """A request the dealer cannot carry out; the message says why in plain words."""

    codes = DealingErrorCode
    code: DealingErrorCode

    def __init__(
        self, message: str, *, code: DealingErrorCode = DealingErrorCode.REFUSED, **params: object
    ) -> None:
        super().__init__(code, message, **params)


class PresetUnreachable(DealingError):
    """No deal met the preset (or the custom test) within the allowed number of tries."""

    def __init__(self, message: str, *, board: int, tries: int) -> None:
        super().__init__(
            message, code=DealingErrorCode.PRESET_UNREACHABLE, board=board, tries=tries
        )
        self.board = board
        self.tries = tries


# --------------------------------------------------------------------------- seeds


def new_seed() -> str:
    """A fresh secret seed: 32 hexadecimal digits (128 random bits from ``secrets``)."""
    return secrets.token_hex(16)


def canonical_seed(seed: str | int) -> str:
    """The canonical text of a seed; equal canonical texts deal the same boards.

    * a whole number becomes its decimal text: ``12345`` → ``"12345"``, ``-7`` → ``"-7"``;
    * a text loses spaces at either end and is put in Unicode normal form NFC (so an
      "é" typed two different ways is the same seed); its inside is kept exactly,
      capitals included.

    The canonical text is then encoded as UTF-8 for hashing.
    """
    if isinstance(seed, bool) or not isinstance(seed, str | int):
        raise DealingError(f"A seed is a text or a whole number, not {seed!r}")
    if isinstance(seed, int):
        return str(seed)
    text = unicodedata.normalize("NFC", seed.strip())
    if not text:
        raise DealingError("The seed is empty; give a word, a number, or use a new seed")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DealingError("The seed has a broken character; type it again") from None
    return text


# --------------------------------------------------------------------------- the stream


class _BoardStream:
    """The random deals of one board: an endless Fisher–Yates stream (module docstring)."""

    __slots__ = ("_buffer", "_counter", "_hasher", "_position")

    def __init__(self, seed: str, board: int) -> None:
        key = _DOMAIN + board.to_bytes(4, "big") + seed.encode("utf-8")
        self._hasher = hashlib.sha256(key)
        self._counter = 0
        self._buffer = b""
        self._position = 0

    def _refill(self) -> bytes:
        blocks = []
        for _ in range(_BLOCKS_PER_REFILL):
            block = self._hasher.copy()
            block.update(self._counter.to_bytes(8, "big"))
            blocks.append(block.digest())
            self._counter += 1
        return b"".join(blocks)

    def shuffle(self) -> list[int]:
        """The next shuffled pack, as card indices (0 = ♠A … 51 = ♣2) by position."""
        pack = list(range(DECK_SIZE))
        buffer, position, size = self._buffer, self._position, len(self._buffer)
        limits = _LIMIT
        for last in range(DECK_SIZE - 1, 0, -1):
            choices = last + 1
            limit = limits[choices]
            while True:
                if position == size:
                    buffer, position = self._refill(), 0
                    size = len(buffer)
                byte = buffer[position]
                position += 1
                if byte < limit:
                    break
            pick = byte % choices
            pack[last], pack[pick] = pack[pick], pack[last]
        self._buffer, self._position = buffer, position
        return pack


def _deal_of(pack: list[int]) -> Deal:
    hands = {
        seat: Hand(frozenset(_DECK[index] for index in pack[13 * i : 13 * i + 13]))
        for i, seat in enumerate(_SEATS)
    }
    return Deal.from_hands(hands)


def _ns_hcp(pack: list[int]) -> int:
    hcp = _HCP
    return sum(hcp[index] for index in pack[0:13]) + sum(hcp[index] for index in pack[26:39])


def board_deals(seed: str | int, board: int) -> Iterator[Deal]:
    """Every deal of ``board``'s stream in order, 20–20 deals included (they are not
    skipped here). :func:`deal_boards` takes the first one that is not 20–20 and that
    suits the preset; this is for checking and for the curious."""
    _check_board_number(board)
    stream = _BoardStream(canonical_seed(seed), board)
    while True:
        yield _deal_of(stream.shuffle())


# --------------------------------------------------------------------------- presets


@dataclass(frozen=True)
class SideFacts:
    """What a preset looks at: the declaring side's combined points and the suit
    lengths (spades, hearts, diamonds, clubs) of its two hands."""

    side: Side
    hcp: int
    lengths: tuple[tuple[int, int, int, int], tuple[int, int, int, int]]

    @classmethod
    def of(cls, deal: Deal) -> SideFacts:
        """The facts of a deal that is not 20–20."""
        ns = deal.side_hcp(Side.NS)
        if ns == HALF_THE_POINTS:
            raise DealingError("A 20–20 deal has no declaring side")
        side = Side.NS if ns > HALF_THE_POINTS else Side.EW
        first, second = side.seats
        return cls(
            side=side,
            hcp=deal.side_hcp(side),
            lengths=(_lengths_of_hand(deal[first]), _lengths_of_hand(deal[second])),
        )

    def fit(self, suit_index: int) -> int:
        """Cards the side holds together in a suit (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""
        return self.lengths[0][suit_index] + self.lengths[1][suit_index]


def _lengths_of_hand(hand: Hand) -> tuple[int, int, int, int]:
    counts = [0, 0, 0, 0]
    for card in hand.cards:
        counts[_SUIT_INDEX[card.suit]] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _facts_of_pack(pack: list[int], ns_hcp: int) -> SideFacts:
    if ns_hcp > HALF_THE_POINTS:
        side, hcp, starts = Side.NS, ns_hcp, (0, 26)
    else:
        side, hcp, starts = Side.EW, 40 - ns_hcp, (13, 39)
    lengths = []
    for start in starts:
        counts = [0, 0, 0, 0]
        for index in pack[start : start + 13]:
            counts[_SUIT_OF[index]] += 1
        lengths.append((counts[0], counts[1], counts[2], counts[3]))
    return SideFacts(side=side, hcp=hcp, lengths=(lengths[0], lengths[1]))


_BALANCED_SHAPES = frozenset({(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)})


def is_balanced(lengths: tuple[int, int, int, int]) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2, in any order of suits."""
    return tuple(sorted(lengths, reverse=True)) in _BALANCED_SHAPES


@dataclass(frozen=True)
class Preset:
    """A kind of deal that suits a lesson, with a code for the site and a plain name."""

    code: str
    name: str
    description: str
    test: Callable[[SideFacts], bool]

    def accepts(self, deal: Deal) -> bool:
        """Does this (not 20–20) deal suit the preset?"""
        return self.test(SideFacts.of(deal))


def _game_likely(facts: SideFacts) -> bool:
    return facts.hcp >= 25


def _trump_fit(facts: SideFacts) -> bool:
    return any(facts.fit(suit) >= 8 for suit in range(4))


def _notrump(facts: SideFacts) -> bool:
    both_balanced = all(is_balanced(hand) for hand in facts.lengths)
    major_fit = facts.fit(0) >= 8 or facts.fit(1) >= 8
    return both_balanced and not major_fit


def _partscore(facts: SideFacts) -> bool:
    return 21 <= facts.hcp <= 24


PRESETS: Mapping[str, Preset] = MappingProxyType(
    {
        preset.code: preset
        for preset in (
            Preset(
                "game_likely",
                "game is likely",
                "The declaring side holds 25 or more points together.",
                _game_likely,
            ),
            Preset(
                "trump_fit",
                "a trump fit",
                "The declaring side holds eight or more cards of one suit between them.",
                _trump_fit,
            ),
            Preset(
                "notrump",
                "no-trump hands",
                "Declarer and dummy both have balanced hands (4-3-3-3, 4-4-3-2 or "
                "5-3-3-2) and hold no eight-card fit in spades or hearts.",
                _notrump,
            ),
            Preset(
                "partscore",
                "part-score practice",
                "The declaring side holds 21 to 24 points together.",
                _partscore,
            ),
        )
    }
)


def get_preset(preset: str | Preset) -> Preset:
    """The preset with this code (``"game_likely"``, ``"trump_fit"``, ``"notrump"``,
    ``"partscore"``), or the preset itself."""
    if isinstance(preset, Preset):
        return preset
    try:
        return PRESETS[preset]
    except KeyError:
        codes = ", ".join(PRESETS)
        raise DealingError(f"There is no preset {preset!r}; choose one of {codes}") from None


# --------------------------------------------------------------------------- dealing a set


@dataclass(frozen=True)
class DealtBoard:
    """One board of a dealt set: its number, dealer, cards and who declares."""

    number: int
    dealer: Seat
    deal: Deal
    declaration: Declaration
    redeals: int  # 20–20 deals thrown away before this one
    skipped: int  # deals thrown away because they did not suit the preset


@dataclass(frozen=True)
class DealtSet:
    """Boards dealt from one seed, and how many deals were thrown away on the way."""

    seed: str  # the canonical seed; keep it secret until the session is over
    preset: str | None  # the preset's code, or None
    boards: tuple[DealtBoard, ...]

    @property
    def redeals(self) -> int:
        """20–20 deals thrown away in all (each one was dealt again)."""
        return sum(board.redeals for board in self.boards)

    @property
    def skipped(self) -> int:
        """Deals thrown away in all because they did not suit the preset."""
        return sum(board.skipped for board in self.boards)


def deal_boards(
    count: int,
    *,
    seed: str | int,
    preset: str | Preset | None = None,
    accept: Callable[[Deal, Declaration], bool] | None = None,
    first_board: int = 1,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> DealtSet:
    """Deal ``count`` boards numbered from ``first_board``, each dealt by the player the
    board number gives (1 North, 2 East, 3 South, 4 West, 5 North …).

    ``preset`` keeps only deals that suit a lesson (a code from :data:`PRESETS` or a
    :class:`Preset`); ``accept`` is a further test of your own, given the deal and its
    :class:`~scoring.declaring.Declaration`. Neither is ever asked about a 20–20 deal.
    If no deal passes within ``max_tries`` deals for one board,
    :class:`PresetUnreachable` is raised instead of searching for ever.

    >>> dealt = deal_boards(16, seed="minibridge", preset="game_likely")
    >>> dealt.boards[1].dealer
    <Seat.EAST: 'E'>
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_BOARDS:
        raise DealingError(f"A set has 1 to {MAX_BOARDS} boards; {count!r} boards were asked for")
    _check_board_number(first_board)
    last_board = first_board + count - 1
    if last_board > MAX_BOARDS:
        raise DealingError(
            f"Boards are numbered 1 to {MAX_BOARDS}; {count} boards from board "
            f"{first_board} would end at board {last_board}"
        )
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise DealingError(f"max_tries must be a whole number of at least 1, not {max_tries!r}")
    canonical = canonical_seed(seed)
    chosen = None if preset is None else get_preset(preset)
    boards = tuple(
        _deal_one(canonical, number, chosen, accept, max_tries)
        for number in range(first_board, last_board + 1)
    )
    return DealtSet(seed=canonical, preset=None if chosen is None else chosen.code, boards=boards)


def _deal_one(
    seed: str,
    number: int,
    preset: Preset | None,
    accept: Callable[[Deal, Declaration], bool] | None,
    max_tries: int,
) -> DealtBoard:
    dealer = Seat.dealer_of_board(number)
    stream = _BoardStream(seed, number)
    redeals = skipped = 0
    for _ in range(max_tries):
        pack = stream.shuffle()
        ns_hcp = _ns_hcp(pack)
        if ns_hcp == HALF_THE_POINTS:
            redeals += 1
            continue
        if preset is not None and not preset.test(_facts_of_pack(pack, ns_hcp)):
            skipped += 1
            continue
        deal = _deal_of(pack)
        declaration = find_declarer(deal, dealer)
        assert isinstance(declaration, Declaration)  # 20–20 was ruled out above
        if accept is not None and not accept(deal, declaration):
            skipped += 1
            continue
        return DealtBoard(
            number=number,
            dealer=dealer,
            deal=deal,
            declaration=declaration,
            redeals=redeals,
            skipped=skipped,
        )
    tests = ([f"the preset “{preset.name}”"] if preset is not None else []) + (
        ["the custom test"] if accept is not None else []
    )
    wanted = " and ".join(tests) or "the rules (every deal was 20–20)"
    raise PresetUnreachable(
        f"No deal for board {number} met {wanted} in {max_tries:,} tries "
        f"({redeals:,} of them were 20–20); choose another preset or loosen the test",
        board=number,
        tries=max_tries,
    )


def _check_board_number(board: int) -> None:
    if isinstance(board, bool) or not isinstance(board, int) or not 1 <= board <= MAX_BOARDS:
        raise DealingError(f"Boards are numbered 1 to {MAX_BOARDS}; {board!r} is not one of them")
