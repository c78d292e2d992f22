"""Writes of a term league: starting it with the class's established pairs, starting an
evening. Keyword-only, one transaction each."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import league as rules
from tournaments.boards import services as board_services
from tournaments.leagues.selectors import league_evenings
from tournaments.models import (
    League,
    LeaguePair,
    Pair,
    PairMember,
    Partnership,
    SchoolClass,
    Session,
)
from tournaments.sessions import selectors as session_selectors
from tournaments.sessions import services as session_services

#: The most boards one evening may deal (a board set holds boards 1 to 64).
MAX_EVENING_BOARDS = 64


#: How a deal is won: by the target (the target profile) or by the score (EBU).
DEAL_PROFILES = ("target", "ebu")


def _evening_boards(pairs: int, evenings: int, deals_per_match: int) -> int:
    """The most boards any evening of such a league deals."""
    schedule = rules.round_robin(pairs)
    matches = pairs // 2
    longest = max(len(r) for r in rules.evening_rounds(len(schedule), evenings))
    return longest * matches * deals_per_match


@transaction.atomic
def league_create(
    *,
    school_class: SchoolClass,
    name: str,
    partnerships: Sequence[Partnership],
    deals_per_match: int,
    scoring_profile: str,
    evenings: int,
    points_win: int = 2,
    points_draw: int = 1,
    points_loss: int = 0,
) -> League:
    """A league of the class's established pairs, numbered I, II, III… in the order
    given, its round robin spread over ``evenings`` evenings."""
    if any(p.school_class_id != school_class.pk for p in partnerships):
        raise ValidationError(_("Only pairs of this class can play in its league."))
    count = len(partnerships)
    if not rules.MIN_PAIRS <= count <= rules.MAX_PAIRS:
        raise ValidationError(
            {
                "partnerships": _(
                    "A league is for %(min)s to %(max)s established pairs; %(count)s are ticked."
                )
                % {"min": rules.MIN_PAIRS, "max": rules.MAX_PAIRS, "count": count}
            }
        )
    if deals_per_match not in rules.DEALS_PER_MATCH:
        raise ValidationError({"deals_per_match": _("A mini-match is 3 or 5 deals.")})
    if scoring_profile not in DEAL_PROFILES:
        raise ValidationError({"scoring_profile": _("Choose how a deal is won.")})
    rounds = len(rules.round_robin(count))
    if not 1 <= evenings <= rounds:
        raise ValidationError(
            {
                "evenings": ngettext(
                    "%(count)s pairs play %(rounds)s round: choose 1 session.",
                    "%(count)s pairs play %(rounds)s rounds: choose 1 to %(rounds)s sessions.",
                    rounds,
                )
                % {"count": count, "rounds": rounds}
            }
        )
    if _evening_boards(count, evenings, deals_per_match) > MAX_EVENING_BOARDS:
        raise ValidationError(
            {
                "evenings": _(
                    "A session would need more than %(max)s boards: choose more sessions "
                    "or 3 deals a mini-match."
                )
                % {"max": MAX_EVENING_BOARDS}
            }
        )
    try:
        rules.MatchPoints(points_win, points_draw, points_loss)
    except rules.LeagueError as error:
        raise ValidationError(
            {"points_win": _("A win must be worth at least a draw, and a draw at least a loss.")}
        ) from error
    league = League(
        school_class=school_class,
        name=name.strip(),
        deals_per_match=deals_per_match,
        scoring_profile=scoring_profile,
        evenings=evenings,
        points_win=points_win,
        points_draw=points_draw,
        points_loss=points_loss,
    )
    league.full_clean()
    league.save()
    LeaguePair.objects.bulk_create(
        LeaguePair(league=league, number=number, first_id=p.first_id, second_id=p.second_id)
        for number, p in enumerate(partnerships, start=1)
    )
    return league


@transaction.atomic
def league_evening_start(
    *, league: League, evening: int, date: datetime.date, teacher: User
) -> Session:
    """Start evening ``evening``: a running session with every league pair (numbered as
    in the league), that evening's fixtures as its movement and a new set of exactly the
    boards it plays. Starting an evening twice is refused."""
    League.objects.select_for_update().filter(pk=league.pk).first()
    plans = league_evenings(league)
    if not 1 <= evening <= len(plans):
        raise ValidationError(_("This league has sessions 1 to %(last)s.") % {"last": len(plans)})
    plan = plans[evening - 1]
    if plan.session is not None:
        raise ValidationError(_("This session has started already."))
    pairs = list(league.pairs.all())
    session = Session(
        school_class=league.school_class,
        date=date,
        league=league,
        league_evening=evening,
        league_first_round=plan.first_round,
        movement_kind=Session.Kind.LEAGUE,
        rounds=len(plan.rounds),
        boards_per_round=league.deals_per_match,
        scoring_profile=league.scoring_profile,
        ranking=Session.Ranking.TOTAL,
    )
    session.full_clean(exclude=["board_set"])
    try:
        with transaction.atomic():
            session.save()
    except IntegrityError as error:  # a second tap while the first one saved
        raise ValidationError(_("This session has started already.")) from error
    pupils = [
        pupil_id for pair in pairs for pupil_id in (pair.first_id, pair.second_id) if pupil_id
    ]
    session.present.set(pupils)
    for league_pair in pairs:
        pair = Pair.objects.create(session=session, number=league_pair.number)
        members = [pupil for pupil in (league_pair.first_id, league_pair.second_id) if pupil]
        PairMember.objects.bulk_create(
            PairMember(session=session, pair=pair, pupil_id=pupil, position=position)
            for position, pupil in enumerate(members, start=1)
        )
    movement = session_selectors.session_movement(session, pairs=len(pairs))
    session.board_set = board_services.board_set_deal(
        teacher=teacher,
        name=f"{league.school_class}",
        name_date=date,
        count=movement.total_boards,
    )
    session.save(update_fields=["board_set"])
    Session.objects.filter(pk=session.pk).mark_changed(setup=True)
    session_services.session_start(session=session)
    return session
