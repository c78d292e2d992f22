from __future__ import annotations

import copy
import functools
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.cards import Strain
from scoring.profiles import get_profile
from tournaments.labels import PROFILE_NAMES, STRAIN_NAMES
from tournaments.models import BoardSet, Pupil, Result, Session


class SchoolClassForm(forms.Form):
    name = forms.CharField(
        label=_("Class name"),
        max_length=80,
        help_text=_("For example “6B” or “Bridge club, Tuesdays”."),
    )


class PupilForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=60)
    last_name = forms.CharField(
        label=_("Surname or initial"),
        max_length=60,
        required=False,
        help_text=_("Only needed when two pupils share a first name."),
    )


# The teaching presets of scoring.dealing, in plain words.
PRESET_CHOICES = [
    ("", _("Any deals (a fair shuffle)")),
    ("game_likely", _("Game is likely (the declaring side has 25 points or more)")),
    ("trump_fit", _("A trump fit (the declaring side has 8 or more cards in a suit)")),
    ("notrump", _("No-trump hands (balanced hands, no 8-card fit in hearts or spades)")),
    ("partscore", _("Part-score practice (the declaring side has 21 to 24 points)")),
]


class BoardSetDealForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    count = forms.IntegerField(
        label=_("Number of boards"),
        min_value=1,
        max_value=64,
        initial=16,
        help_text=_("Most lessons play 12 to 24 boards."),
    )
    preset = forms.ChoiceField(label=_("Kind of deals"), choices=PRESET_CHOICES, required=False)
    seed = forms.CharField(
        label=_("Seed (optional)"),
        max_length=200,
        required=False,
        help_text=_(
            "Leave it empty for a new shuffle. Type the seed of another set to deal exactly "
            "the same boards again."
        ),
    )


MAX_PBN_BYTES = 2 * 1024 * 1024


class BoardSetImportForm(forms.Form):
    file = forms.FileField(label=_("PBN file"))
    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        required=False,
        help_text=_("Leave it empty to use the file's name."),
    )
    good_only = forms.BooleanField(
        label=_("If some boards are wrong, import the good boards only"), required=False
    )

    def clean_file(self) -> str:
        """The file's text. PBN files are UTF-8 (with or without a byte-order mark) or,
        from older programs, Latin-1."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_PBN_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB; is it a PBN file?"))
        data = upload.read()
        try:
            text: str = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        return text


class PresentForm(forms.Form):
    """Who is here today: every active pupil, ticked by default."""

    def __init__(self, *args: Any, pupils: Sequence[Pupil], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["present"] = forms.ModelMultipleChoiceField(
            label=_("Who is here today?"),
            queryset=Pupil.objects.filter(pk__in=[pupil.pk for pupil in pupils]),
            widget=forms.CheckboxSelectMultiple,
            required=False,
            initial=[pupil.pk for pupil in pupils],
        )


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

    NEW_SET = "new"

    def __init__(self, *args: Any, board_sets: Sequence[BoardSet], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.board_sets = {str(board_set.pk): board_set for board_set in board_sets}
        self.fields["board_set"].choices = [
            (self.NEW_SET, _("Deal a new set now, just the boards this movement needs")),
            *[(key, str(board_set)) for key, board_set in self.board_sets.items()],
        ]
        self.fields["scoring_profile"].choices = [
            (name, label) for name, label in PROFILE_NAMES.items()
        ]


class _FixedChoicesField:
    """A choice field whose choices are fixed: each new form's copy of the field shares
    them instead of deep-copying them. (Django copies every field of every form it
    makes; the result form is made on every save a table sends, and copying its 14
    tricks, twice, was half the cost of the whole form.) A form's choices are a tuple,
    so no form can change another's; replacing them (``field.choices = ...``) is fine."""

    _choices: Any

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        result = forms.Field.__deepcopy__(self, memo)  # type: ignore[arg-type]
        result._choices = tuple(self._choices)  # shared, so made unchangeable
        return result


class _FixedChoicesWidget:
    """The widget of a :class:`_FixedChoicesField`: a copy shares the choices."""

    attrs: dict[str, Any]

    _choices: Any

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        copied = copy.copy(self)
        copied.attrs = self.attrs.copy()
        copied._choices = tuple(self._choices)  # shared, so made unchangeable
        memo[id(self)] = copied
        return copied


class FixedRadioSelect(_FixedChoicesWidget, forms.RadioSelect):
    pass


class FixedSelect(_FixedChoicesWidget, forms.Select):
    pass


class FixedChoiceField(_FixedChoicesField, forms.ChoiceField):
    widget = FixedSelect


class FixedTypedChoiceField(_FixedChoicesField, forms.TypedChoiceField):
    widget = FixedSelect


STRAIN_CHOICES = [(strain.value, STRAIN_NAMES[strain]) for strain in Strain]  # ♣ ♦ ♥ ♠ NT
LEVEL_CHOICES = [
    ("part-score", _("Part-score")),
    ("game", _("Game")),
    ("slam", _("Slam")),
]


class ResultForm(forms.Form):
    """The entry panel: strain, part-score/game(/slam), tricks, revoke. The contract's
    level follows from the two choices; declarer follows from the cards."""

    strain = FixedChoiceField(label=_("Contract"), choices=STRAIN_CHOICES, widget=FixedRadioSelect)
    level = FixedChoiceField(
        label=_("Part-score or game"), choices=LEVEL_CHOICES, widget=FixedRadioSelect
    )
    tricks = FixedTypedChoiceField(
        label=_("Tricks won by declarer"),
        choices=[(n, str(n)) for n in range(14)],
        coerce=int,
        widget=FixedRadioSelect,
        error_messages={"invalid_choice": _("Tricks won must be a number from 0 to 13.")},
    )
    revoke = FixedChoiceField(
        label=_("Revoke"), choices=Result.Revoke.choices, required=False, initial=""
    )
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    # The round the panel was shown in: a save after the round moved on is refused.
    round = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)

    def __init__(self, *args: Any, profile: str, **kwargs: Any) -> None:
        # The profile's own fields (its strains and levels), made once per profile;
        # Django copies them for this form as it copies any form's fields.
        self.base_fields = _result_fields(profile)
        super().__init__(*args, **kwargs)


@functools.cache
def _result_fields(profile: str) -> dict[str, forms.Field]:
    """ResultForm's fields with only the strains and levels ``profile`` plays."""
    fields: dict[str, forms.Field] = copy.deepcopy(ResultForm.base_fields)
    contracts = get_profile(profile).contracts()
    strains = {contract.strain.value for contract in contracts}
    kinds = {contract.kind.value for contract in contracts}
    strain, level = fields["strain"], fields["level"]
    assert isinstance(strain, forms.ChoiceField)
    assert isinstance(level, forms.ChoiceField)
    strain.choices = [c for c in STRAIN_CHOICES if c[0] in strains]
    level.choices = [c for c in LEVEL_CHOICES if c[0] in kinds]
    if len(level.choices) == 1:
        level.initial = level.choices[0][0]
    return fields
