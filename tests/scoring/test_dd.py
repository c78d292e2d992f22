"""Double-dummy analysis through endplay, and the Minibridge par."""

from __future__ import annotations

import threading

import pytest

from scoring.cards import Deal, Seat, Strain
from scoring.dd import MAX_DEALS_PER_CALL, DDTable, analyse, minibridge_par

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

    real = endplay.dds.calc_all_tables
    sizes: list[int] = []

    def counting(deals, exclude=()):  # type: ignore[no-untyped-def]
        deals = list(deals)
        sizes.append(len(deals))
        return real(deals)

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
