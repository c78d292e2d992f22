"""The site's translated words stay in step with the rules library."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
from django.contrib.auth.models import User
from django.template import Context, Template
from django.test import Client
from django.utils import translation

from games import labels as game_labels
from scoring.cards import Hand, Rank, Seat, Side, Strain, Suit
from scoring.contracts import Contract, ContractKind
from scoring.dd import Par, ParChoice
from scoring.feedback import Code, Verdict
from scoring.movements import REASONS, Line, MovementError, MovementErrorCode, ReasonCode
from tests.factories import running_session
from tournaments.labels import bridge as bridge_labels
from tournaments.labels import feedback as feedback_labels
from tournaments.labels import numbers as number_labels
from tournaments.labels import people as people_labels
from tournaments.labels import sessions as session_labels
from tournaments.labels.bridge import SideHeading
from tournaments.labels.sessions import MOVEMENT_REASONS
from tournaments.models import Pair
from tournaments.results import services as result_services


def test_every_movement_reason_has_the_librarys_english_words() -> None:
    assert set(MOVEMENT_REASONS) == set(ReasonCode)
    with translation.override("en"):
        for code, text in MOVEMENT_REASONS.items():
            assert str(text) == REASONS[code]


def test_every_scoring_profile_has_a_name() -> None:
    from scoring.profiles import PROFILES
    from tournaments.labels.bridge import PROFILE_NAMES

    assert set(PROFILE_NAMES) == set(PROFILES)


# -- labels.py is the one home of the bridge terms --------------------------------------------

BASE_DIR = Path(__file__).resolve().parents[3]
PO = BASE_DIR / "locale" / "nb" / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize(("short", "norwegian"), [("N–S", "N–S"), ("E–W", "Ø–V")])
def test_each_short_side_has_one_msgid_and_no_phrase_repeats_it(short: str, norwegian: str) -> None:
    po = polib.pofile(str(PO))
    terms = [entry for entry in po if entry.msgid == short]
    assert [(entry.msgctxt, entry.msgstr) for entry in terms] == [("short side", norwegian)]
    # Phrases take the side as a placeholder ("%(side)s score"), never spell it out.
    phrases = {entry.msgid for entry in po if short in entry.msgid and entry.msgid != short}
    assert phrases == set()


def _terms() -> dict[str, str | None]:
    """Every term labels/bridge.py translates, in English, with its context (if any)."""
    contexts = {
        "seat letter": bridge_labels.SEAT_LETTERS.values(),
        "short side": bridge_labels.SIDE_SHORT.values(),
        "no trumps": [bridge_labels.NO_TRUMPS_SHORT],
    }
    plain = [
        *bridge_labels.SEAT_NAMES.values(),
        *bridge_labels.SIDE_NAMES.values(),
        *bridge_labels.SUIT_NAMES.values(),
        *bridge_labels.STRAIN_NAMES.values(),
    ]
    with translation.override("en"):
        terms: dict[str, str | None] = {str(term): None for term in plain}
        for context, values in contexts.items():
            terms.update({str(term): context for term in values})
    return terms


def test_no_other_module_or_template_translates_a_term_itself() -> None:
    """Seat, side, suit and strain names are marked for translation in labels/bridge.py only;
    everything else calls it (Python) or its filters (templates)."""
    sources = [
        *(BASE_DIR / "tournaments").rglob("*.py"),
        *(BASE_DIR / "templates").rglob("*.html"),
    ]
    found = []
    for term, context in _terms().items():
        quoted = re.escape(f'"{term}"')
        if context is None:
            call = rf"\b(?:_|gettext|gettext_lazy)\(\s*{quoted}\s*\)"
            tag = rf"{{%\s*(?:translate|trans)\s+{quoted}\s*(?:%}}|as\b)"
        else:
            quoted_context = re.escape(f'"{context}"')
            call = rf"\bpgettext(?:_lazy)?\(\s*{quoted_context}\s*,\s*{quoted}\s*\)"
            tag = rf"{{%\s*(?:translate|trans)\s+{quoted}\s+context\b"
        for path in sources:
            if path == BASE_DIR / "tournaments" / "labels" / "bridge.py":
                continue
            text = path.read_text(encoding="utf-8")
            if re.search(call, text) or re.search(tag, text):
                found.append(f"{path.relative_to(BASE_DIR)}: {term}")
    assert found == []


# Pars made up for the words: 1♥ and 1♠ tie with 8 tricks, in TIED 1NT too with 7.
TIED_SAME = Par(
    Contract.parse("1H"), Seat.SOUTH, 8, 110, ties=(ParChoice(Contract.parse("1S"), 8),)
)
TIED = Par(
    Contract.parse("1H"),
    Seat.SOUTH,
    8,
    110,
    ties=(ParChoice(Contract.parse("1S"), 8), ParChoice(Contract.parse("1NT"), 7)),
)


ENGLISH_AND_NORWEGIAN = [
    (lambda: bridge_labels.seat_name(Seat.EAST), "East", "Øst"),
    (lambda: bridge_labels.seat_name("S"), "South", "Syd"),
    (lambda: bridge_labels.seat_letter("E"), "E", "Ø"),
    (lambda: bridge_labels.seat_letter(Seat.WEST), "W", "V"),
    (lambda: bridge_labels.side_name(Side.NS), "North–South", "Nord–Syd"),
    (lambda: bridge_labels.side_name(Line.EW), "East–West", "Øst–Vest"),
    (lambda: bridge_labels.side_short("NS"), "N–S", "N–S"),
    (lambda: bridge_labels.side_short(Pair.Line.EW), "E–W", "Ø–V"),
    (lambda: bridge_labels.side_heading("EW", "score"), "E–W score", "Ø–V poeng"),
    (
        lambda: bridge_labels.side_heading(Side.NS, "matchpoints"),
        "N–S matchpoints",
        "N–S matchpoeng",
    ),
    (lambda: bridge_labels.side_heading("EW", SideHeading.PERCENT), "E–W %", "Ø–V %"),
    (lambda: bridge_labels.side_heading("NS", "adjusted"), "N–S adjusted %", "N–S justert %"),
    (lambda: bridge_labels.side_heading(Side.NS, SideHeading.NET), "N–S net", "N–S netto"),
    (lambda: bridge_labels.rank_text(Rank.ACE), "A", "E"),
    (lambda: bridge_labels.rank_text(Rank.KING), "K", "K"),
    (lambda: bridge_labels.rank_text(Rank.QUEEN), "Q", "D"),
    (lambda: bridge_labels.rank_text(Rank.JACK), "J", "Kn"),
    (lambda: bridge_labels.rank_text(Rank.TEN), "10", "10"),
    (lambda: bridge_labels.rank_text(Rank.TWO), "2", "2"),
    (
        lambda: bridge_labels.holding_text(Hand.from_pbn("AKQJT9.2.2.2").holding(Suit.SPADES)),
        "A K Q J 10 9",
        "E K D Kn 10 9",
    ),
    (lambda: bridge_labels.holding_text([]), "—", "—"),
    (lambda: bridge_labels.recorded_result_text("4S 10"), "4♠ 10", "4♠ 10"),
    (lambda: bridge_labels.recorded_result_text("1S 8"), "1♠ 8", "1♠ 8"),
    (lambda: bridge_labels.recorded_result_text("3NT 9"), "3NT 9", "3NT 9"),
    (
        lambda: bridge_labels.recorded_result_text("5D 10 rv-def"),
        "5♦ 10 (revoke)",
        "5♦ 10 (renons)",
    ),
    (lambda: bridge_labels.recorded_result_text("1H 6 rv-decl"), "1♥ 6 (revoke)", "1♥ 6 (renons)"),
    (lambda: bridge_labels.recorded_result_text("not played"), "Not played", "Ikke spilt"),
    (lambda: bridge_labels.recorded_result_text("60/40"), "Adjusted 60/40", "Justert 60/40"),
    (lambda: bridge_labels.recorded_result_text("—"), "—", "—"),
    (lambda: bridge_labels.recorded_result_text("9Z 3"), "9Z 3", "9Z 3"),
    (
        lambda: session_labels.progress_text(finished=False, round_=3, rounds=5),
        "Round 3 of 5",
        "Runde 3 av 5",
    ),
    (
        lambda: session_labels.progress_text(finished=True, round_=5, rounds=5),
        "Final results",
        "Endelig resultatliste",
    ),
    (lambda: bridge_labels.suit_name(Suit.CLUBS), "Clubs", "Kløver"),
    (lambda: bridge_labels.strain_name("NT"), "No trumps", "Grand"),
    (lambda: bridge_labels.strain_name(Strain.DIAMONDS), "Diamonds", "Ruter"),
    (lambda: bridge_labels.strain_text(Strain.HEARTS), "♥", "♥"),
    (lambda: bridge_labels.strain_text("NT"), "NT", "NT"),
    (lambda: bridge_labels.contract_text(Contract.parse("4S")), "4♠", "4♠"),
    (lambda: bridge_labels.contract_text("5D"), "5♦", "5♦"),
    (lambda: bridge_labels.contract_text("1nt"), "1NT", "1NT"),
    (lambda: bridge_labels.contract_text("6C"), "6♣", "6♣"),
    (lambda: bridge_labels.contract_text(""), "", ""),
    (lambda: people_labels.pair_number(3, "NS"), "3 N–S", "3 N–S"),
    (lambda: people_labels.pair_number(3, Line.EW), "3 E–W", "3 Ø–V"),
    (lambda: people_labels.pair_number(5, ""), "5", "5"),
    (lambda: people_labels.pair_number(5, None), "5", "5"),
    (lambda: people_labels.pair_number_line_first(12, Line.EW), "E–W 12", "Ø–V 12"),
    (lambda: people_labels.pair_number_line_first(7, None), "7", "7"),
    (lambda: bridge_labels.net_text(420), "N–S +420", "N–S +420"),
    (lambda: bridge_labels.net_text(-50), "E–W +50", "Ø–V +50"),
    (lambda: bridge_labels.net_text(0), "0", "0"),
    # Numbers and percentages on the papers and in the files, in the language's numbers.
    (lambda: number_labels.decimal_text(12.5), "12.5", "12,5"),
    (lambda: number_labels.decimal_text(12.0), "12", "12"),
    (lambda: number_labels.decimal_text(-0.001), "0", "0"),
    (lambda: number_labels.decimal_text(7.0, 1, strip=False), "7.0", "7,0"),
    (lambda: number_labels.percent_text(56.25), "56.25 %", "56,25 %"),
    (lambda: number_labels.percent_text(58.333, 1), "58.3 %", "58,3 %"),
    # The sessions' and the four-deal game's refusals, worded from their figures.
    (
        lambda: session_labels.board_fit_text(needed=8, available=6, event=True),
        "This movement plays 8 boards (boards 1 to 8) but the event has 6 boards. The "
        "suggestion above says what fits.",
        "Denne bevegelsen bruker 8 spill (spill 1 til 8), men turneringen har 6 spill. "
        "Forslaget over sier hva som passer.",
    ),
    (
        lambda: session_labels.movement_error_text(
            MovementError(MovementErrorCode.ROUNDS_OUT_OF_RANGE, "too many", full_rounds=5)
        ),
        "This movement has 5 rounds: play between 1 and 5.",
        "Denne bevegelsen har 5 runder: spill mellom 1 og 5.",
    ),
    (
        lambda: game_labels.four_deal_points_refusal_text(
            {Seat.NORTH: 10, Seat.EAST: 10, Seat.SOUTH: 10, Seat.WEST: 9}
        ),
        "The four hands add up to 39 points, but there are always 40. Count again.",
        "De fire hendene har til sammen 39 poeng, men det er alltid 40. Tell på nytt.",
    ),
    (
        lambda: bridge_labels.par_text(Par(Contract.parse("3NT"), Seat.SOUTH, 9, 400)),
        "Par: 3NT by South, +400",
        "Par: 3NT av Syd, +400",
    ),
    # Tied contracts, all listed ("or" is the site's one word for joining them).
    (lambda: bridge_labels.or_text(["1♥"]), "1♥", "1♥"),
    (lambda: bridge_labels.or_text(["1♥", "1♠"]), "1♥ or 1♠", "1♥ eller 1♠"),
    (lambda: bridge_labels.or_text(["1♥", "1♠", "1NT"]), "1♥, 1♠ or 1NT", "1♥, 1♠ eller 1NT"),
    (
        lambda: bridge_labels.par_text(TIED),
        "Par: 1♥, 1♠ or 1NT by South, +110",
        "Par: 1♥, 1♠ eller 1NT av Syd, +110",
    ),
    (lambda: bridge_labels.par_contracts_text(TIED), "1♥, 1♠ or 1NT", "1♥, 1♠ eller 1NT"),
    (
        lambda: bridge_labels.par_tricks_text(TIED_SAME),
        "1♥ or 1♠ (8 tricks)",
        "1♥ eller 1♠ (8 stikk)",
    ),
    (
        lambda: bridge_labels.par_tricks_text(TIED),
        "1♥ or 1♠ (8 tricks) or 1NT (7 tricks)",
        "1♥ eller 1♠ (8 stikk) eller 1NT (7 stikk)",
    ),
    (
        lambda: bridge_labels.par_text(TIED_SAME, target=8),
        "Target 8: ♥ or ♠ makes 8",
        "Mål 8: ♥ eller ♠ gir 8",
    ),
    # A result that missed par is told every better strain.
    (
        lambda: feedback_labels.verdict_text(
            Verdict(Code.GAME_MISSED, Strain.HEARTS, ContractKind.GAME, 10, ((Strain.SPADES, 10),))
        ),
        "Game was there: ♥ or ♠ game makes 10 tricks",
        "Utgang var mulig: utgang i ♥ eller ♠ gir 10 stikk",
    ),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(
                Code.BETTER_STRAIN,
                Strain.CLUBS,
                ContractKind.PART_SCORE,
                9,
                ((Strain.HEARTS, 8),),
            )
        ),
        "Another suit was better: ♣ takes 9 tricks or ♥ takes 8 tricks",
        "En annen farge var bedre: ♣ gir 9 stikk eller ♥ gir 8 stikk",
    ),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(
                Code.BETTER_STRAIN, Strain.HEARTS, ContractKind.GAME, 10, ((Strain.SPADES, 10),)
            )
        ),
        "Another suit was better: ♥ or ♠ game makes",
        "En annen farge var bedre: utgang i ♥ eller ♠ går hjem",
    ),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(Code.BETTER_STRAIN, Strain.NO_TRUMPS, ContractKind.PART_SCORE, 8)
        ),
        "No trumps was better: NT takes 8 tricks",
        "Grand var bedre: grand gir 8 stikk",
    ),
    (
        lambda: bridge_labels.par_text(TIED, target=7),
        "Target 7: ♥ or ♠ makes 8 or NT makes 7",
        "Mål 7: ♥ eller ♠ gir 8 eller grand gir 7",
    ),
    # In a sentence Norwegian says "grand"; a contract is still written "3NT".
    (lambda: bridge_labels.strain_word("NT"), "NT", "grand"),
    (lambda: bridge_labels.strain_word(Strain.SPADES), "♠", "♠"),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(Code.GAME_MISSED, Strain.NO_TRUMPS, ContractKind.GAME, 9)
        ),
        "Game was there: NT game makes 9 tricks",
        "Utgang var mulig: utgang i grand gir 9 stikk",
    ),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(
                Code.GAME_MISSED, Strain.HEARTS, ContractKind.GAME, 10, ((Strain.NO_TRUMPS, 10),)
            )
        ),
        "Game was there: ♥ or NT game makes 10 tricks",
        "Utgang var mulig: utgang i ♥ eller grand gir 10 stikk",
    ),
    (
        lambda: feedback_labels.verdict_text(
            Verdict(Code.SLAM_MISSED, Strain.NO_TRUMPS, ContractKind.SLAM, 12)
        ),
        "Slam was there: NT slam makes 12 tricks",
        "Slem var mulig: slem i grand gir 12 stikk",
    ),
]


@pytest.mark.parametrize(("words", "english", "norwegian"), ENGLISH_AND_NORWEGIAN)
def test_the_helpers_speak_english_and_norwegian(
    words: Callable[[], str], english: str, norwegian: str
) -> None:
    with translation.override("en"):
        assert words() == english
    with translation.override("nb"):
        assert words() == norwegian


@pytest.mark.parametrize(
    ("names", "text"),
    [
        ([], ""),
        (["Emma H"], "Emma H"),
        (["Emma H", "Oliver S"], "Emma H & Oliver S"),
        (["Emma H", "Oliver S", "Nora B"], "Emma H, Oliver S & Nora B"),
    ],
)
def test_a_pairs_names(names: list[str], text: str) -> None:
    assert people_labels.names_text(names) == text
    assert people_labels.names_text(iter(names)) == text


def test_a_pupils_short_name() -> None:
    assert people_labels.pupil_short_name("Emma", "Hansen") == "Emma H"
    assert people_labels.pupil_short_name("Sofie", "") == "Sofie"
    assert people_labels.pupil_short_name("Åse", "Ødegård") == "Åse Ø"


def test_the_template_filters_are_the_helpers() -> None:
    template = Template(
        "{% load bridge %}{{ 'EW'|side_short }}|{{ 'EW'|side_name }}|"
        "{{ 'NS'|side_heading:'score' }}|{{ 'E'|seat_letter }}|{{ 'N'|seat_name }}|"
        "{{ 'NT'|strain_symbol }}|{{ 'S'|strain_symbol }}|{{ 'H'|strain_name }}|"
        "{{ '4S'|contract_text }}|{{ contract|contract_html }}|{{ '3NT'|contract_html }}"
    )
    with translation.override("nb"):
        html = template.render(Context({"contract": Contract.parse("4H")}))
    assert html.split("|") == [
        "Ø–V",
        "Øst–Vest",
        "N–S poeng",
        "Ø",
        "Nord",
        "NT",
        "♠",
        "Hjerter",
        "4♠",
        '<span class="contract">4<span class="suit suit-h" aria-hidden="true">♥</span>'
        '<span class="visually-hidden"> Hjerter</span></span>',
        '<span class="contract">3NT</span>',
    ]


def test_the_round_grid_shows_contracts_with_suit_symbols(
    alice: User, alice_client: Client
) -> None:
    session = running_session(alice, seed="labels")
    table = session.tables.get(number=1)
    result_services.result_record(table=table, board_number=1, contract="4S", tricks_won=10)
    html = alice_client.get(f"/sessions/{session.pk}/grid/", headers={"HX-Request": "true"})
    text = " ".join(html.content.decode().split())
    assert (
        '<span class="contract">4<span class="suit suit-s" aria-hidden="true">♠</span>'
        '<span class="visually-hidden"> Spades</span></span> 10'
    ) in text
    assert "4S 10" not in text


@pytest.mark.parametrize(
    ("pupils", "shown"),
    [
        ([(1, "Emma", "Hansen"), (2, "Oliver", "Smith")], {1: "Emma", 2: "Oliver"}),
        (
            [(1, "Emma", "Hansen"), (2, "emma", "Berg"), (3, "Oliver", "Smith")],
            {1: "Emma H", 2: "emma B", 3: "Oliver"},
        ),
        ([(1, "Emma", ""), (2, "Emma", "Berg")], {1: "Emma", 2: "Emma B"}),
        ([], {}),
    ],
)
def test_shared_screens_show_first_names_with_an_initial_only_when_needed(
    pupils: list[tuple[int, str, str]], shown: dict[int, str]
) -> None:
    assert people_labels.screen_names(pupils) == shown
