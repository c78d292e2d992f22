"""Double-dummy analysis through endplay, and the Minibridge par."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.cards import Deal, Seat, Strain
from scoring.dd import MAX_DEALS_PER_CALL, DDTable, analyse, minibridge_par, read_par
from scoring.profiles import PROFILES

#: What the rest of the suite has its deals solved from (tests/conftest.py).
SOLVED_DEALS = Path(__file__).parents[1] / "solved_deals.txt"

#: The solver's own tests: each deal goes to it (its calls, batches and lock are checked).
pytestmark = pytest.mark.real_solver

# Each hand holds one suit from the top down in a cycle; everybody wins their own suits.
ROUND_ROBIN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# North holds both majors, South both minors; East–West hold the small cards.
MAJORS = "N:AKQJT98.AKQJ98.. 765432.T765432.. ..AKQJT98.AKQJ98 ..765432.T765432"


def table(default: int, **overrides: int) -> DDTable:
    """A table where every declarer makes ``default`` tricks in every strain, except
    South's strains given as keyword arguments (C D H S NT)."""
    tricks = {(seat, strain): default for seat in Seat for strain in Strain}
    for strain, value in overrides.items():
        tricks[Seat.SOUTH, Strain(strain)] = value
    return DDTable(tricks)


def test_it_matches_endplay_on_a_known_deal() -> None:
    [result] = analyse([Deal.from_pbn(ROUND_ROBIN)])
    assert result[Seat.NORTH, Strain.SPADES] == 7
    assert result[Seat.EAST, Strain.CLUBS] == 7
    assert result[Seat.SOUTH, Strain.NO_TRUMPS] == 5


def test_a_lopsided_deal() -> None:
    [result] = analyse([Deal.from_pbn(MAJORS)])
    # North ruffs the minor lead, draws trumps and runs hearts; East's ♥T takes one.
    assert result[Seat.NORTH, Strain.SPADES] == 12
    assert result[Seat.NORTH, Strain.HEARTS] == 11
    # East–West have no winners at all in North–South's suits.
    assert result[Seat.EAST, Strain.SPADES] == 1


def test_the_pbn_form_round_trips() -> None:
    [result] = analyse([Deal.from_pbn(ROUND_ROBIN)])
    text = result.to_pbn()
    assert len(text) == 20
    assert DDTable.from_pbn(text) == result


@pytest.mark.parametrize("text", ["", "123", "g" * 20, "5" * 21])
def test_a_bad_pbn_table_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="DoubleDummyTricks"):
        DDTable.from_pbn(text)


def test_batches_never_exceed_forty_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    import endplay.dds
    from endplay.dds.ddtable import DDTableList
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom

    real = endplay.dds.calc_all_tables
    sizes: list[int] = []

    def counting(deals: Iterable[EndplayDeal], exclude: Iterable[Denom] = ()) -> DDTableList:
        batch = list(deals)
        sizes.append(len(batch))
        return real(batch)

    monkeypatch.setattr(endplay.dds, "calc_all_tables", counting)
    deals = [Deal.from_pbn(ROUND_ROBIN).rotated(i % 4) for i in range(45)]
    progress: list[tuple[int, int]] = []
    results = analyse(deals, on_progress=lambda done, total: progress.append((done, total)))
    assert sizes == [MAX_DEALS_PER_CALL, 5]
    assert progress == [(40, 45), (45, 45)]
    assert len(results) == 45


def test_batch_size_changes_nothing_but_the_calls() -> None:
    deals = [Deal.from_pbn(ROUND_ROBIN), Deal.from_pbn(MAJORS)]
    assert analyse(deals, batch_size=1) == analyse(deals)
    with pytest.raises(ValueError, match="batch_size"):
        analyse(deals, batch_size=41)


def test_threads_queue_for_the_solver_instead_of_crashing_it() -> None:
    deals = [Deal.from_pbn(ROUND_ROBIN), Deal.from_pbn(MAJORS)] * 3
    expected = analyse(deals)
    results: list[list[DDTable]] = []
    threads = [threading.Thread(target=lambda: results.append(analyse(deals))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [expected] * 4


def test_par_picks_the_game_when_it_makes() -> None:
    par = minibridge_par(table(6, S=10, NT=8), Seat.SOUTH)
    assert (str(par.contract), par.tricks, par.net) == ("4S", 10, 420)
    assert str(par) == "4S S 420"


def test_par_stays_in_a_part_score_when_the_game_fails() -> None:
    # 9 tricks in spades: 4S fails (−50), 1S makes 140; 8 in NT: 1NT makes 120.
    par = minibridge_par(table(6, S=9, NT=8), Seat.SOUTH)
    assert (str(par.contract), par.net) == ("1S", 140)


def test_par_can_be_a_loss_when_nothing_makes() -> None:
    # South makes at most 5 tricks anywhere: the least bad is a part-score two down.
    par = minibridge_par(table(5), Seat.SOUTH)
    assert par.net == -100
    assert par.contract.target == 7


def test_par_prefers_the_lower_target_when_scores_tie() -> None:
    # Under "tricks" scoring the contract does not change the score: the part-score
    # (lowest target) in the best strain wins over the game in the same strain.
    par = minibridge_par(table(6, H=11), Seat.SOUTH, profile="tricks")
    assert str(par.contract) == "1H"


def test_par_under_the_acbl_profile() -> None:
    # ACBL: 4S with 10 tricks = 100 + 50 + 300 = ... check against the profile itself.
    par = minibridge_par(table(6, S=10), Seat.SOUTH, profile="acbl")
    assert str(par.contract) == "4S"
    assert par.net == 405


def test_the_pbn_digits_go_north_south_east_west() -> None:
    """The order BBO's exports use: [DoubleDummyTricks "d8ddad8dda0500105001"] with
    rows "N NT 13", "N S 8", …, "E NT 0", "E S 5" in its OptimumResultTable."""
    parsed = DDTable.from_pbn("d8ddad8dda0500105001")
    assert parsed[Seat.NORTH, Strain.NO_TRUMPS] == 13
    assert parsed[Seat.NORTH, Strain.SPADES] == 8
    assert parsed[Seat.SOUTH, Strain.CLUBS] == 10
    assert parsed[Seat.EAST, Strain.SPADES] == 5
    assert parsed[Seat.WEST, Strain.CLUBS] == 1
    assert parsed.to_pbn() == "d8ddad8dda0500105001"


# --------------------------------------------------------------------------- ties


@pytest.mark.parametrize(
    ("tricks", "profile", "hcp", "contracts", "net"),
    [
        # EBU: 8 tricks in ♥ and ♠ (1♥ and 1♠ make 110), 6 elsewhere.
        ({"H": 8, "S": 8}, "ebu", None, ["1H", "1S"], 110),
        # 9 tricks in ♥ and ♠: 1♥ and 1♠ make 140 (the games fail).
        ({"H": 9, "S": 9}, "ebu", None, ["1H", "1S"], 140),
        # Different tricks, same score: 1♣ with 9 tricks and 1♥ with 8 both make 110.
        ({"C": 9, "H": 8}, "ebu", None, ["1C", "1H"], 110),
        # 1♣, 1♦ with 8 tricks and 1NT with 7 all make 90.
        ({"C": 8, "D": 8, "NT": 7}, "ebu", None, ["1C", "1D", "1NT"], 90),
        # Games tie too: 4♥ and 4♠ with 10 tricks, 420.
        ({"H": 10, "S": 10}, "ebu", None, ["4H", "4S"], 420),
        # One best contract: no ties.
        ({"S": 10, "NT": 8}, "ebu", None, ["4S"], 420),
        # Under "tricks" the level makes no difference: part-score and game tie.
        ({"H": 11}, "tricks", None, ["1H", "4H"], 9),
        # Under a target (26 points: 9 tricks) every contract in a strain that makes 9.
        ({"H": 9, "S": 10}, "target", 26, ["1H", "1S", "4H", "4S"], 1),
    ],
)
def test_every_contract_that_scores_the_best_is_in_the_par(
    tricks: dict[str, int], profile: str, hcp: int | None, contracts: list[str], net: int
) -> None:
    par = minibridge_par(table(6, **tricks), Seat.SOUTH, profile=profile, hcp=hcp)
    assert [str(contract) for contract in par.contracts] == contracts
    assert par.net == net
    assert par.contract == par.contracts[0]
    assert all(par.reached_by(contract) for contract in par.contracts)
    dd = table(6, **tricks)
    assert [choice.tricks for choice in par.choices] == [
        dd[Seat.SOUTH, contract.strain] for contract in par.contracts
    ]


def test_the_pbn_form_keeps_the_first_contract_in_the_old_tag() -> None:
    par = minibridge_par(table(6, H=8, S=8, NT=7), Seat.SOUTH)
    # 1♥ and 1♠ make 110; 1NT with 7 tricks makes 90.
    assert str(par) == "1H S 110"
    assert par.ties_pbn == "1S"
    assert read_par(str(par), par.ties_pbn) == par.text
    # A par written before ties were listed reads as one contract.
    old = read_par("4S S 420")
    assert [str(contract) for contract in old.contracts] == ["4S"]
    assert (old.declarer, old.net) == (Seat.SOUTH, 420)
    assert read_par("4S S 420", "") == old


@pytest.mark.parametrize(
    ("par", "ties", "message"),
    [
        ("4S S", None, "contract declarer score"),
        ("4S Q 420", None, "not 'contract declarer score'"),
        ("4S S lots", None, "not 'contract declarer score'"),
        ("2S S 110", None, "not a Minibridge contract"),
        ("1H S 110", "1S 2S", "not a Minibridge contract"),
        ("1H S 110", "1S 1H", "names a contract twice"),
    ],
)
def test_a_broken_par_is_refused_with_the_reason(par: str, ties: str | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_par(par, ties)


@given(
    st.dictionaries(
        st.sampled_from(list(Strain)), st.integers(min_value=0, max_value=13), min_size=5
    ),
    st.sampled_from(sorted(PROFILES)),
    st.integers(min_value=21, max_value=40),
)
def test_the_par_lists_exactly_the_contracts_that_score_its_net(
    south: dict[Strain, int], name: str, hcp: int
) -> None:
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks.update({(Seat.SOUTH, strain): value for strain, value in south.items()})
    dd = DDTable(tricks)
    profile = PROFILES[name]
    par = minibridge_par(dd, Seat.SOUTH, profile=profile, hcp=hcp)
    nets = {}
    for contract in profile.contracts():
        score = profile.score(contract, dd[Seat.SOUTH, contract.strain], hcp=hcp)
        nets[contract] = score.declarers - score.defenders
    assert par.net == max(nets.values())
    # Every contract scoring the par's net is listed, in the profile's order; no other.
    assert par.contracts == tuple(c for c in profile.contracts() if nets[c] == par.net)
    assert all(dd[Seat.SOUTH, c.contract.strain] == c.tricks for c in par.choices)
    assert read_par(str(par), par.ties_pbn) == par.text


def test_the_suites_stored_solutions_are_the_solvers() -> None:
    """tests/solved_deals.txt answers for the solver in the rest of the suite
    (tests/conftest.py): ten of its deals, drawn afresh each run, solved again agree."""
    lines = SOLVED_DEALS.read_text(encoding="ascii").splitlines()
    assert len(lines) >= 100
    assert lines == sorted(set(lines))
    sample = [line.split("\t") for line in random.sample(lines, 10)]
    solved = analyse([Deal.from_pbn(pbn) for pbn, _tricks in sample])
    assert [table.to_pbn() for table in solved] == [tricks for _pbn, tricks in sample], sample
