"""The forms of result entry: a table's result (its choices from the session's scoring),
the teacher's answer to a flag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.cards import Strain
from scoring.contracts import Contract, ContractKind
from scoring.profiles import Profile, is_target_profile
from tournaments.models import (
    Result,
)

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField
from tournaments.web.forms import (
    LEVEL_CHOICES,
    STRAIN_CHOICES,
    _profile_choices,
    validate_plain_text,
)


class FlagDismissForm(forms.Form):
    """Why the teacher keeps a flagged result: a few words, plain text (the page's input
    holds 200 characters; a NUL byte or a control character is refused here, before
    PostgreSQL would refuse it with an error)."""

    # Not required here: the service says what an empty reason lacks.
    reason = forms.CharField(max_length=200, required=False, validators=[validate_plain_text])


class ResultForm(forms.Form):
    """The entry panel: strain, part-score/game(/slam), tricks, revoke. The contract
    follows from the first two choices (``cleaned_data["contract"]``); declarer follows
    from the cards. Only the strains and levels of the session's scoring profile are
    offered."""

    strain = forms.ChoiceField(
        label=_("Contract"), choices=STRAIN_CHOICES, widget=forms.RadioSelect
    )
    level = forms.ChoiceField(
        label=_("Part-score or game"), choices=LEVEL_CHOICES, widget=forms.RadioSelect
    )
    tricks = forms.TypedChoiceField(
        label=_("Tricks won by declarer"),
        choices=[(n, str(n)) for n in range(14)],
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Tricks won must be a number from 0 to 13.")},
    )
    revoke = forms.ChoiceField(
        label=_("Revoke"), choices=Result.Revoke.choices, required=False, initial=""
    )
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # The round the panel was shown in: a save after the round moved on is refused.
    round = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)

    def __init__(self, *args: Any, profile: Profile, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        strains, levels = _profile_choices(profile)
        strain, level = self.fields["strain"], self.fields["level"]
        assert isinstance(strain, forms.ChoiceField)
        assert isinstance(level, forms.ChoiceField)
        strain.choices = [choice for choice in STRAIN_CHOICES if choice[0] in strains]
        level.choices = [choice for choice in LEVEL_CHOICES if choice[0] in levels]
        if len(levels) == 1:
            level.initial = levels[0]
        # Under a target scoring the points set the target, whatever the level: the
        # panel asks no "part-score or game" and sends a part-score (its target is the
        # board's, not the contract's; see scoring.profiles.TargetProfile).
        self.asks_level = not is_target_profile(profile)
        # What the four taps look like depends on these alone while nothing is chosen.
        self._choices = (strains, levels, self.asks_level)

    @property
    def choices_key(self) -> str:
        """While nothing is chosen (a new panel: not sent, no answers given), what the
        panel's taps depend on, as a cache key (the page renders them once per scoring
        and language: templates/includes/entry_panel.html); "" otherwise."""
        answers = ("strain", "level", "tricks", "revoke")
        if self.is_bound or any(self.initial.get(name) not in (None, "") for name in answers):
            return ""
        strains, levels, asks_level = self._choices
        return f"{'-'.join(strains)}|{'-'.join(levels)}|{int(asks_level)}"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "strain" in cleaned and "level" in cleaned:
            cleaned["contract"] = Contract(
                Strain(cleaned["strain"]), ContractKind(cleaned["level"])
            )
        return cleaned
