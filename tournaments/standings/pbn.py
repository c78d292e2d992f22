"""A played session as a PBN 2.1 file with its results (``ScoreTable`` and
``TotalScoreTable``); the writer lives in the rules library, this module turns the
site's standings and board facts into its plain inputs."""

from __future__ import annotations

from collections.abc import Sequence

from scoring.pbn import PbnBoard, PbnTable, write_pbn
from tournaments.boards.selectors import BoardFacts
from tournaments.models import Result, Session
from tournaments.standings.selectors import BoardTraveller, PairInfo, Standings, TravellerLine


def session_pbn(session: Session, standings: Standings, boards: Sequence[BoardFacts]) -> str:
    """PBN with results: every board with its ``ScoreTable`` (each table's result and
    matchpoints), the session's scoring profile (:data:`SCORING_TAG`) and, on the last
    board, the session's ``TotalScoreTable``.

    PBN 2.1 describes results of pairs only (§5.7, §5.8), and lets a table add columns
    of its own (§5.2). An individual session is written the way individual events'
    files are read in practice: ``[Competition "Individuals"]``, the four pupils of each
    result in ``PlayerId_North`` … ``PlayerId_West`` (beside ``PairId_NS`` and
    ``PairId_EW``, that round's partnerships, ``6&4``, so a reader of pairs still finds
    every result), and a ``TotalScoreTable`` of pupils by ``PlayerId``."""
    individual = standings.individual
    travellers = {traveller.number: traveller for traveller in standings.travellers}
    score_columns = SCORE_COLUMNS + (PLAYER_COLUMNS if individual else [])
    total_columns = INDIVIDUAL_TOTAL_COLUMNS if individual else TOTAL_COLUMNS
    extra_tags = [(SCORING_TAG, session.profile_key)]
    if individual:
        extra_tags.append(("Competition", "Individuals"))
    games = []
    for index, board in enumerate(boards):
        tables = []
        traveller = travellers.get(board.number)
        if traveller is not None:
            tables.append(
                PbnTable.of(
                    "ScoreTable",
                    score_columns,
                    [_score_row(line) for line in traveller.lines],
                )
            )
        if index == len(boards) - 1:
            tables.append(
                PbnTable.of(
                    "TotalScoreTable",
                    total_columns,
                    _total_rows(standings, individual=individual),
                )
            )
        games.append(
            PbnBoard(
                number=board.number,
                dealer=board.dealer,
                deal=board.deal,
                dd_tricks=dict(board.dd.tricks) if board.dd else None,
                par=str(board.par) if board.par else None,
                par_ties=(board.par.ties_pbn or None) if board.par else None,
                # The session's scoring, so the feedback command judges the results
                # the way the site did (manage.py feedback).
                extra_tags=tuple(extra_tags),
                tables=tuple(tables),
                comments=tuple(_revoke_comments(traveller)) if traveller is not None else (),
            )
        )
    return write_pbn(
        games,
        event=str(session.school_class),
        date=session.date,
        # What the standings are ranked by: a session that compares no board is ranked
        # by total points whatever was chosen (sessions.ranked_by_total).
        scoring="Total" if standings.by_total else "MP",
    )


#: The tag that names the session's scoring profile (``ebu``, ``lesson``…) in a PBN with
#: results: PBN's own ``Scoring`` tag says MP or Total.
SCORING_TAG = "MinibridgeScoring"


SCORE_COLUMNS = [
    "Table\\2R",
    "PairId_NS\\4R",
    "PairId_EW\\4R",
    "Contract\\4L",
    "Declarer\\1R",
    "Result\\2R",
    "Score_NS\\5R",
    "Score_EW\\5R",
    "MP_NS\\5R",
    "MP_EW\\5R",
]


#: An individual session's ScoreTable also names the four pupils of each result.
PLAYER_COLUMNS = [
    "PlayerId_North\\2R",
    "PlayerId_East\\2R",
    "PlayerId_South\\2R",
    "PlayerId_West\\2R",
]


TOTAL_COLUMNS = [
    "Rank\\3R",
    "PairId\\4R",
    "Direction\\2R",
    "TotalScoreMP\\6R",
    "TotalPercentage\\6R",
    "TotalScore\\6R",
    "Names\\40L",
]


#: An individual session ranks pupils: a PlayerId each, and no direction.
INDIVIDUAL_TOTAL_COLUMNS = [
    "Rank\\3R",
    "PlayerId\\4R",
    "TotalScoreMP\\6R",
    "TotalPercentage\\6R",
    "TotalScore\\6R",
    "Names\\40L",
]


def _pair_id(pair: PairInfo) -> str:
    """``3NS`` for pair 3 N–S of a Mitchell, ``5`` in a Howell or for a pupil, and an
    individual session's partnership ``6 & 4`` as the one token ``6&4``."""
    if "&" in pair.label:
        return "".join(pair.label.split())
    return f"{pair.label.split()[0]}{pair.line}"


def _score_row(line: TravellerLine) -> list[object]:
    """A result as a ScoreTable row; in an individual session the four pupils last
    (:data:`PLAYER_COLUMNS`)."""
    scored = line.scored
    return [
        line.table,
        _pair_id(line.ns),
        _pair_id(line.ew),
        str(scored.contract) if scored else "-",
        scored.declarer.value if scored else "-",
        scored.tricks if scored else "-",
        scored.ns_points if scored else "-",
        scored.ew_points if scored else "-",
        f"{line.ns_mp:.2f}" if line.ns_mp is not None else "-",
        f"{line.ew_mp:.2f}" if line.ew_mp is not None else "-",
        *(_pair_id(pupil) for pupil in line.pupils),
    ]


def _revoke_comments(traveller: BoardTraveller) -> list[str]:
    """A comment for each result with a revoke: the ScoreTable's Result is the tricks
    scored, so the tricks won in play are kept here. In English, like every PBN tag:
    "Table 2: 4S by S, 9 tricks won in play + 1 for a revoke by the defenders = 10"."""
    comments = []
    for line in traveller.lines:
        scored = line.scored
        if scored is None or not scored.revoke:
            continue
        moved = scored.tricks - scored.tricks_won
        by = "the defenders" if scored.revoke == Result.Revoke.DEFENDERS else "declarer's side"
        change = f"{'+' if moved >= 0 else '-'} {abs(moved)}"
        comments.append(
            f"Table {line.table}: {scored.contract} by {scored.declarer.value}, "
            f"{scored.tricks_won} tricks won in play {change} for a revoke by {by} "
            f"= {scored.tricks}"
        )
    return comments


def _total_rows(standings: Standings, *, individual: bool = False) -> list[list[object]]:
    by_total = standings.by_total
    return [
        [
            (row.total_place if by_total else row.place) if row.ranked else "-",
            _pair_id(row.pair),
            *([] if individual else [row.pair.line or "-"]),
            f"{row.matchpoints:.2f}" if row.ranked else "-",
            f"{row.percentage:.2f}" if row.percentage is not None else "-",
            row.total_points if row.ranked else "-",
            # First names, as the class's screens show them ("Emma & Oliver", "Emma H"
            # beside another Emma): the file goes to organisers and other programs.
            row.pair.screen_names,
        ]
        for ranking in standings.rankings
        for row in ranking.rows
    ]
