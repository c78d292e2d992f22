"""An event's certificates, for its organiser to print: every pupil of every school
with one thing they did well on the event's boards, and the pupils of the pairs placed
in the national ranking, or in an event with sections, in their section's ranking (the
national ranking ranked again within each section, as the results pages show it).

The event keeps first names only (a pair's "Emma & Ola"), so the certificates print
first names, each under the event's name and the pupil's school. The figures are the
event's own rows (:class:`events.models.EventResult`, whatever way each school's
results came in), read against the organiser's board set and its double-dummy analysis
under the event's scoring, and the national matchpoints: a pupil's side had the best
score on a board when it beat every other result in its direction, across the country.
The national results are brought up to date first, as their page does.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.utils.formats import date_format

from events.models import Event, EventPair, EventResult, EventSection
from events.results.national import NationalPair
from events.results.selectors import first_names, national_results_with_lines
from scoring.cards import Seat
from scoring.certificates import BoardPlayed, PupilFacts, Scope, honoured
from scoring.errors import ScoringError
from scoring.event import rank_in_sections
from scoring.feedback import Code as FeedbackCode
from scoring.matchpoints import TIE_TOLERANCE
from scoring.profiles import is_target_profile
from tournaments.boards import selectors as board_selectors
from tournaments.certificates.selectors import (
    CertificateSet,
    Placed,
    place_certificates,
    pupil_certificate,
)
from tournaments.labels import certificates as words
from tournaments.models import Board
from tournaments.results.scores import contract_feedback

#: A pupil of an event: their pair's row and their place among its first names.
Pupil = tuple[int, int]


def _boards_played(event: Event, tops: dict[tuple[int, int], bool]) -> dict[int, list[BoardPlayed]]:
    """Each pair's boards, from its side (two queries: the results and the boards)."""
    profile = event.profile
    boards = {
        board.number: board_selectors.board_facts(board, profile=profile)
        for board in Board.objects.filter(board_set_id=event.board_set_id)
    }
    by_target = is_target_profile(profile)
    played: dict[int, list[BoardPlayed]] = defaultdict(list)
    rows = EventResult.objects.filter(
        school__event=event, kind=EventResult.Kind.PLAYED, tricks__isnull=False
    ).exclude(contract="")
    for pk, number, ns, ew, contract, declarer, tricks in rows.values_list(
        "pk", "board_number", "ns_pair_id", "ew_pair_id", "contract", "declarer", "tricks"
    ):
        board = boards.get(number)
        if board is None or tricks is None or declarer not in {seat.value for seat in Seat}:
            continue
        seat = Seat(declarer)
        try:
            feedback = contract_feedback(board, board.profile.admit(contract), tricks)
        except ScoringError:
            continue  # a contract the event's scoring does not have (an old upload)
        # The double-dummy figures are declarer's as the cards decide it: an upload whose
        # declarer is another seat is judged only by what it made.
        judged = feedback.dd_tricks is not None and seat is board.declaration.declarer
        for pair, side in ((ns, "NS"), (ew, "EW")):
            declared = seat.side.value == side
            above = None
            if judged and feedback.dd_tricks is not None:
                difference = feedback.tricks - feedback.dd_tricks
                above = difference if declared else -difference
            played[pair].append(
                BoardPlayed(
                    board=number,
                    declared=declared,
                    made=feedback.made,
                    kind=feedback.contract.kind,
                    above_dd=above,
                    best_contract=judged
                    and declared
                    and feedback.choice is not None
                    and feedback.choice.code is FeedbackCode.BEST,
                    top=tops.get((pk, pair), False),
                    by_target=by_target,
                )
            )
    return played


def event_certificates(event: Event, *, places: int) -> CertificateSet:
    """The event's certificates: one for every pupil of every school (first names, as
    the event keeps them), and one for each pupil of the pairs placed in the first
    ``places`` places of the national ranking, or of each section's."""
    national, lines = national_results_with_lines(event)
    tops: dict[tuple[int, int], bool] = {}
    for board in national.boards:
        for line in lines.get(board.number, ()):
            for side, matchpoints in ((line.ns_pair, line.ns_mp), (line.ew_pair, line.ew_mp)):
                best = (
                    board.top > 0
                    and matchpoints is not None
                    and matchpoints >= board.top - TIE_TOLERANCE
                )
                tops[(line.result, side)] = best
    played = _boards_played(event, tops)
    names: dict[Pupil, str] = {}
    titles: dict[Pupil, str] = {}
    members: dict[int, tuple[Pupil, ...]] = {}
    order: list[tuple[str, str, Pupil]] = []
    for pk, pair_names, school in (
        EventPair.objects.filter(school__event=event)
        .order_by("school__name", "key", "pk")
        .values_list("pk", "names", "school__name")
    ):
        in_pair = []
        for index, name in enumerate(first_names(pair_names)):
            pupil = (pk, index)
            names[pupil] = name
            titles[pupil] = f"{event.name} · {school}"
            order.append((school.casefold(), name.casefold(), pupil))
            in_pair.append(pupil)
        members[pk] = tuple(in_pair)
    # A national place says of how many: "with Ola · Out of 40 pairs".
    placed = []
    # A place says of how many (and in which section): "with Ola · Out of 40 pairs".
    for ranking_order, (title, ranking) in enumerate(_rankings(event, national.pairs)):
        for pair, place in ranking.items():
            found = honoured(place, places)
            if found is not None and members.get(pair):
                placed.append(
                    Placed(found[0], found[1], members[pair], title=title, order=ranking_order)
                )
    pupils = tuple(
        pupil_certificate(
            names[pupil],
            PupilFacts(scope=Scope.EVENT, boards=tuple(played.get(pupil[0], ()))),
            title=titles[pupil],
        )
        for _school, _name, pupil in sorted(order)
    )
    return CertificateSet(
        title=event.name,
        date=date_format(event.ends_on),
        signature=words.signature_text(organiser=True),
        places=place_certificates(names, placed, titles=titles),
        pupils=pupils,
        stem=event.name,
        scope=Scope.EVENT,
        by_section=EventSection.objects.filter(event=event).exists(),
    )


def _rankings(event: Event, pairs: Sequence[NationalPair]) -> list[tuple[str, dict[int, str]]]:
    """The rankings whose places are honoured, each with the title under a place: the
    national one ("Out of 40 pairs"), or each section's ("Years 5–6 · Out of 12
    pairs"), in the sections' order (two queries)."""
    sections = dict(EventSection.objects.filter(event=event).values_list("pk", "name"))
    if not sections:
        return [(words.field_text(len(pairs), pupils=False), {p.pair: p.place for p in pairs})]
    section_of = dict(
        EventPair.objects.filter(school__event=event, school__section__isnull=False).values_list(
            "pk", "school__section_id"
        )
    )
    ranked = rank_in_sections(
        {pair.pair: pair.percentage for pair in pairs},
        {pk: section for pk, section in section_of.items() if section in sections},
    )
    return [
        (f"{name} · {words.field_text(len(ranked[pk]), pupils=False)}", ranked[pk])
        for pk, name in sections.items()
        if pk in ranked
    ]
