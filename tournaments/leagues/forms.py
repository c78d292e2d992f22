"""The forms of a term league: a new league, an evening."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.labels.leagues import DEAL_WINNER_NAMES
from tournaments.models import (
    Partnership,
)

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField
from tournaments.web.forms import PlainCharField, RowsField


class LeagueForm(forms.Form):
    """A term league: its name, which established pairs play, how long a mini-match is,
    how a deal is won, over how many evenings, and the points for a mini-match."""

    name = PlainCharField(label=_("Name"), max_length=80)
    deals_per_match = forms.TypedChoiceField(
        label=_("Deals in a mini-match"),
        choices=[(3, _("Best of 3 deals")), (5, _("Best of 5 deals"))],
        coerce=int,
        initial=3,
        widget=forms.RadioSelect,
    )
    scoring_profile = forms.ChoiceField(
        label=_("How a deal is won"),
        choices=list(DEAL_WINNER_NAMES.items()),
        initial="target",
        widget=forms.RadioSelect,
    )
    evenings = forms.IntegerField(
        label=_("Sessions"),
        min_value=1,
        max_value=15,
        initial=2,
        help_text=_("The mini-matches are spread evenly over this many sessions of the term."),
    )
    points_win = forms.IntegerField(
        label=_("Points for a win"), min_value=0, max_value=10, initial=2
    )
    points_draw = forms.IntegerField(
        label=_("Points for a draw"), min_value=0, max_value=10, initial=1
    )
    points_loss = forms.IntegerField(
        label=_("Points for a loss"), min_value=0, max_value=10, initial=0
    )

    def __init__(self, *args: Any, partnerships: Sequence[Partnership], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["partnerships"] = RowsField(
            label=_("Pairs"),
            queryset=Partnership.objects.filter(pk__in=[p.pk for p in partnerships]),
            widget=forms.CheckboxSelectMultiple,
            initial=[p.pk for p in partnerships],
            required=False,
        )
        self.order_fields(["name", "partnerships"])


class LeagueEveningForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
