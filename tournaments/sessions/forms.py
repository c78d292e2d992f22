"""The forms of a session: who is here, the set-up (movement, boards, scoring), the
teacher's own target table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring import clock
from tournaments.labels.bridge import PROFILE_NAMES
from tournaments.labels.clock import minutes_invalid_text
from tournaments.models import (
    BoardSet,
    Pupil,
    Session,
)

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField
from tournaments.web.forms import RowsField


class PresentForm(forms.Form):
    """Who is here today (every active pupil, ticked by default), and how they play."""

    PAIRS, INDIVIDUAL = "pairs", "individual"
    play = forms.ChoiceField(
        label=_("How do they play?"),
        choices=[
            (PAIRS, _("In pairs: each pupil keeps one partner for the lesson")),
            (
                INDIVIDUAL,
                _("Individual: a new partner every round, and each pupil is ranked alone"),
            ),
        ],
        initial=PAIRS,
        widget=forms.RadioSelect,
        required=False,  # pairs, unless the teacher picks the other
    )

    def __init__(self, *args: Any, pupils: Sequence[Pupil], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["present"] = RowsField(
            label=_("Who is here today?"),
            queryset=Pupil.objects.filter(pk__in=[pupil.pk for pupil in pupils]),
            widget=forms.CheckboxSelectMultiple,
            required=False,
            initial=[pupil.pk for pupil in pupils],
        )


#: What a number of minutes a round that is not one says (one message for every way).
MINUTES_ERRORS = {
    code: lazy(minutes_invalid_text, str)() for code in ("invalid", "min_value", "max_value")
}


class SessionSetupForm(forms.Form):
    movement_kind = forms.ChoiceField(
        label=_("Movement"),
        choices=[
            ("mitchell", _("Mitchell: North–South pairs stay put, East–West pairs move")),
            ("howell", _("Howell: everybody moves, and each pair meets every other pair")),
        ],
        widget=forms.RadioSelect,
    )
    movement_style = forms.ChoiceField(
        label=_("With an even number of tables"),
        choices=[
            ("skip", _("Skip: East–West jump one table halfway (one round fewer)")),
            ("relay", _("Share and relay: tables 1 and the last share boards")),
        ],
        required=False,
        widget=forms.RadioSelect,
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=15)
    boards_per_round = forms.IntegerField(
        label=_("Boards a round"),
        min_value=1,
        max_value=8,
        help_text=_("Pupils play about one board every 7 to 10 minutes."),
    )
    round_minutes = forms.IntegerField(
        label=_("Minutes a round (the round clock)"),
        min_value=clock.MINUTES.start,
        max_value=clock.MINUTES.stop - 1,
        required=False,
        help_text=_(
            "About 7 minutes a board. The tables and the projector show the time left; "
            "you start the clock on the session's page. Leave it empty for no clock."
        ),
        error_messages=MINUTES_ERRORS,
    )
    arrow_switch = forms.BooleanField(
        label=_("One ranking for everybody (arrow switch in the last round)"), required=False
    )
    board_set = forms.ChoiceField(label=_("Boards"))
    scoring_profile = forms.ChoiceField(label=_("Scoring"))
    convention = forms.ChoiceField(label=_("Matchpoints"), choices=Session.Convention.choices)
    ranking = forms.ChoiceField(
        label=_("Rank the pairs by"), choices=Session.Ranking.choices, initial="matchpoints"
    )
    require_agreement = forms.BooleanField(
        label=_("The opponents tap “Agree” before a result counts"), required=False
    )
    show_cards = forms.BooleanField(
        label=_("Show the cards after each board"),
        help_text=_(
            "Once a table has entered a board, it can see all four hands, how many tricks "
            "each hand can take and the best contract, with why. In an event, only once "
            "the event is over."
        ),
        required=False,
        initial=True,
    )

    NEW_SET = "new"

    def __init__(
        self,
        *args: Any,
        board_sets: Sequence[BoardSet],
        individual: bool = False,
        event_board_set: BoardSet | None = None,
        compared: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if individual:
            # One movement for the pupils present: nothing to choose but its length.
            kind = self.fields["movement_kind"]
            assert isinstance(kind, forms.ChoiceField)
            kind.choices = [(Session.Kind.INDIVIDUAL.value, Session.Kind.INDIVIDUAL.label)]
            kind.widget = forms.HiddenInput()
            del self.fields["movement_style"]
            del self.fields["arrow_switch"]
            self.fields["ranking"].label = _("Rank the pupils by")
        if not compared:
            # Every board is played at one table only: ranked by total points, whatever
            # the choice (sessions.ranked_by_total), so there is none to offer.
            del self.fields["ranking"]
        self.board_sets = {str(board_set.pk): board_set for board_set in board_sets}
        sets, profiles = self.fields["board_set"], self.fields["scoring_profile"]
        assert isinstance(sets, forms.ChoiceField)
        assert isinstance(profiles, forms.ChoiceField)
        sets.choices = [
            (self.NEW_SET, _("Deal a new set now, just the boards this movement needs")),
            *[(key, str(board_set)) for key, board_set in self.board_sets.items()],
        ]
        profiles.choices = list(PROFILE_NAMES.items())
        if event_board_set is not None:
            # A session of a simultaneous event plays the event's boards, scored as the
            # event scores them: the page shows them, nothing to choose.
            self.board_sets = {str(event_board_set.pk): event_board_set}
            sets.choices = [(str(event_board_set.pk), str(event_board_set))]
            sets.widget = forms.HiddenInput()
            del self.fields["scoring_profile"]
            del self.fields["convention"]


#: The targets a target table can set, one row each on the teacher's form.
TARGET_TRICKS = range(7, 14)


class TargetTableForm(forms.Form):
    """A target table as a teacher fills it in: for each target from 7 to 13 tricks,
    the combined points from and to (both empty: no count has that target). Whether
    the rows together give every count from 21 to 40 one target is the service's
    check (tournaments.sessions.services.session_target_table_set)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for tricks in TARGET_TRICKS:
            for end in ("low", "high"):
                self.fields[f"{end}_{tricks}"] = forms.IntegerField(
                    label=_("Points from") if end == "low" else _("Points to"),
                    required=False,
                    error_messages={"invalid": _("Write a whole number of points.")},
                )

    @staticmethod
    def initial_for(bands: Sequence[tuple[int, int, int]]) -> dict[str, int]:
        """The form's initial values for a table's (low, high, tricks) rows."""
        initial: dict[str, int] = {}
        for low, high, tricks in bands:
            initial[f"low_{tricks}"] = low
            initial[f"high_{tricks}"] = high
        return initial

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        """(tricks, its "from" field, its "to" field), for the template."""
        return [(t, self[f"low_{t}"], self[f"high_{t}"]) for t in TARGET_TRICKS]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        bands = []
        for tricks in TARGET_TRICKS:
            low, high = cleaned.get(f"low_{tricks}"), cleaned.get(f"high_{tricks}")
            if f"low_{tricks}" in self.errors or f"high_{tricks}" in self.errors:
                continue
            if low is None and high is None:
                continue
            if low is None or high is None:
                self.add_error(
                    f"low_{tricks}" if low is None else f"high_{tricks}",
                    forms.ValidationError(
                        _("Give both counts for %(tricks)s tricks, or leave both empty."),
                        code="half_row",
                        params={"tricks": tricks},
                    ),
                )
                continue
            bands.append((low, high, tricks))
        cleaned["bands"] = bands
        return cleaned


class ClockMinutesForm(forms.Form):
    """The minutes a round of the session's clock, as the teacher sets or changes them."""

    minutes = forms.IntegerField(
        label=_("Minutes a round"),
        min_value=clock.MINUTES.start,
        max_value=clock.MINUTES.stop - 1,
        error_messages={**MINUTES_ERRORS, "required": lazy(minutes_invalid_text, str)()},
    )
