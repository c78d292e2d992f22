"""A school's results file, taken into an event: :func:`school_upload`.

A school that played the event on its own laptop (maybe offline) sends its results as
the site's PBN export with results or as USEBIO 1.2 XML. The file is read by the rules
library (:mod:`scoring.pbn_results`, :mod:`scoring.usebio`: size-limited, no entity
expansion, never raising) and matched to the event *by its deals*
(:func:`scoring.event.compare_boards`, the deals required: a file without cards cannot
show it was played on the event's boards). Its played results are scored again under
the event's scoring from the contract and the tricks, as a school playing on this site
is (``events.results.copying``), so the national field compares like with like.

The file is taken whole or not at all: any problem refuses it and nothing changes. The
same file again changes nothing (:func:`scoring.event.results_fingerprint`); a corrected
file replaces the school's pairs and results in one transaction. The event keeps first
names only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from events.models import Event, EventResult, EventSchool
from events.results.copying import keep_school_pairs
from events.results.sync import results_changed
from events.schools.upload_outcomes import Outcome, Problem, SiteProblemCode, UploadOutcome
from scoring.cards import Deal
from scoring.event import compare_boards, results_fingerprint
from scoring.pbn_results import read_pbn_results
from scoring.profiles import Profile
from scoring.upload import ResultKind, Upload, UploadProblemCode
from scoring.usebio import read_usebio
from tournaments.boards.selectors import BoardFacts, board_facts
from tournaments.models import Board
from tournaments.results.scores import score_result

__all__ = ["MAX_BYTES", "school_upload"]

#: A school's file is a few kilobytes (24 boards, 72 results: about 20 kB).
MAX_BYTES = 2 * 1024 * 1024
#: A board set has at most 64 boards (as the site deals and imports them), and a
#: school's USEBIO file of 64 boards at 20 tables holds about 20,000 elements: a file
#: beyond these is refused early instead of read to its end.
MAX_BOARDS = 64
MAX_ELEMENTS = 50_000
#: The widths of EventPair's columns: a longer pair id is refused, names are cut.
MAX_PAIR_KEY = 20
MAX_NAMES = 200


def _refused(*problems: Problem) -> UploadOutcome:
    return UploadOutcome(Outcome.REFUSED, problems=tuple(problems))


def too_large(size: int) -> UploadOutcome:
    """A file over :data:`MAX_BYTES`, refused before it is read."""
    return _refused(Problem(UploadProblemCode.TOO_LARGE, {"size": size, "limit": MAX_BYTES}))


def is_xml(data: bytes) -> bool:
    """USEBIO is XML: the file starts with ``<`` (after a byte-order mark and blanks);
    a PBN file starts with a tag ``[`` or a comment ``%``/``;``."""
    return data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def read_upload(data: bytes) -> tuple[Upload, str]:
    """The file read by its content, and its kind (``EventSchool.Source``)."""
    if is_xml(data):
        upload = read_usebio(data, max_bytes=MAX_BYTES, max_elements=MAX_ELEMENTS)
        return upload, EventSchool.Source.USEBIO
    upload = read_pbn_results(data, max_bytes=MAX_BYTES, max_boards=MAX_BOARDS)
    return upload, EventSchool.Source.PBN


def event_boards(event: Event) -> dict[int, BoardFacts]:
    """The event's boards as its scoring reads them."""
    return {
        board.number: board_facts(board, profile=event.profile)
        for board in Board.objects.filter(board_set_id=event.board_set_id)
    }


def _check(upload: Upload, boards: Mapping[int, BoardFacts]) -> list[Problem]:
    """Everything that keeps a well-read file out of the event."""
    deals: dict[int, Deal] = {number: facts.deal for number, facts in boards.items()}
    if upload.results and all(board.deal is None for board in upload.boards):
        # Not one board with its cards: say it once, not for every board.
        return [Problem(SiteProblemCode.NO_DEALS)]
    problems = [
        Problem.of(problem)
        for problem in compare_boards(deals, upload, every_board=False, deals_required=True)
    ]
    for pair in upload.pairs:
        if len(pair.number) > MAX_PAIR_KEY:
            problems.append(
                Problem(SiteProblemCode.PAIR_ID_TOO_LONG, {"pair": pair.number[:MAX_PAIR_KEY]})
            )
    return problems


@dataclass(frozen=True)
class _Row:
    """One result as the event's rows hold it."""

    board: int
    ns_pair: str
    ew_pair: str
    kind: str
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    ns_score: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None


def _scored(
    upload: Upload, boards: Mapping[int, BoardFacts], profile: Profile
) -> tuple[list[_Row], list[Problem]]:
    """Every result as the event's rows hold it, its played results scored under the
    event's scoring from the contract and the tricks; or the problems."""
    rows: list[_Row] = []
    problems: list[Problem] = []
    for result in upload.results:
        facts = boards[result.board]
        row = _Row(result.board, result.ns_pair, result.ew_pair, result.kind.value)
        if result.kind is ResultKind.ADJUSTED:
            rows.append(replace(row, ns_percent=result.ns_percent, ew_percent=result.ew_percent))
            continue
        if result.kind is not ResultKind.PLAYED:
            rows.append(row)
            continue
        if result.contract is None or result.tricks is None or result.declarer is None:
            problems.append(
                Problem(UploadProblemCode.BAD_RESULT, {"board": result.board}, result.board)
            )
            continue
        declaring = facts.declaration.declarer
        if result.declarer.side is not declaring.side:
            # In Minibridge the cards decide who declares (docs/rules.md §2).
            problems.append(
                Problem(
                    SiteProblemCode.WRONG_DECLARER,
                    {
                        "board": result.board,
                        "declarer": result.declarer.value,
                        "expected": declaring.value,
                    },
                    result.board,
                )
            )
            continue
        try:
            scored = score_result(
                board=facts,
                contract=result.contract,
                tricks_won=result.tricks,
                revoke="",
                profile=profile,
            )
        except ValidationError:
            problems.append(
                Problem(
                    SiteProblemCode.CONTRACT_NOT_ALLOWED,
                    {"board": result.board, "contract": result.contract},
                    result.board,
                )
            )
            continue
        rows.append(
            replace(
                row,
                contract=str(scored.contract),
                declarer=result.declarer.value,
                tricks=scored.tricks,
                ns_score=scored.ns_net,
            )
        )
    return rows, problems


def _names(upload: Upload) -> dict[str, str]:
    """Each pair's first names ("Emma & Ola"), never a surname."""
    return {pair.number: " & ".join(pair.first_names)[:MAX_NAMES] for pair in upload.pairs}


def school_upload(*, school: EventSchool, data: bytes, filename: str = "") -> UploadOutcome:
    """Take a school's results file into its event, whole or not at all.

    ``filename`` is not trusted for anything (the content says what the file is). A
    school playing on this site has its results copied by themselves and cannot upload.
    """
    if school.session_id is not None:
        return _refused(Problem(SiteProblemCode.PLAYS_HERE))
    if len(data) > MAX_BYTES:
        return too_large(len(data))
    if not data.strip():
        return _refused(Problem(SiteProblemCode.EMPTY))
    upload, source = read_upload(data)
    if upload.problems:
        return _refused(*(Problem.of(problem) for problem in upload.problems))
    fingerprint = results_fingerprint(upload)
    notes = tuple(Problem.of(note) for note in upload.notes)
    with transaction.atomic():
        # The school, then the event (the order events.results.copying takes them): the
        # event's boards cannot change (events.organiser.services.event_change_boards) between
        # the check against them and the write.
        locked = EventSchool.objects.select_for_update().get(pk=school.pk)
        if locked.session_id is not None:
            return _refused(Problem(SiteProblemCode.PLAYS_HERE))
        event = Event.objects.select_for_update().get(pk=locked.event_id)
        boards = event_boards(event)
        problems = _check(upload, boards)
        if problems:
            return _refused(*problems)
        rows, problems = _scored(upload, boards, event.profile)
        if problems:
            return _refused(*problems)
        taken = UploadOutcome(
            Outcome.TAKEN, boards=len({row.board for row in rows}), results=len(rows), notes=notes
        )
        if locked.upload_fingerprint == fingerprint:
            return replace(taken, outcome=Outcome.UNCHANGED)
        locked.results.all().delete()
        names = _names(upload)
        keys = [*names, *(key for row in rows for key in (row.ns_pair, row.ew_pair))]
        pairs = keep_school_pairs(locked, {key: names.get(key, "") for key in dict.fromkeys(keys)})
        EventResult.objects.bulk_create(
            EventResult(
                school=locked,
                board_number=row.board,
                ns_pair=pairs[row.ns_pair],
                ew_pair=pairs[row.ew_pair],
                kind=row.kind,
                contract=row.contract,
                declarer=row.declarer,
                tricks=row.tricks,
                ns_score=row.ns_score,
                ns_percent=row.ns_percent,
                ew_percent=row.ew_percent,
            )
            for row in rows
        )
        locked.source = source
        locked.upload_fingerprint = fingerprint
        locked.updated_at = timezone.now()
        locked.save(update_fields=["source", "upload_fingerprint", "updated_at"])
        results_changed(event.pk)
    return taken
