from __future__ import annotations

import functools
import unicodedata
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.cards import Strain
from scoring.contracts import Contract, ContractKind
from scoring.profiles import Profile, is_target_profile
from tournaments.labels import (
    DEAL_WINNER_NAMES,
    PROFILE_NAMES,
    STRAIN_NAMES,
    board_set_name,
)
from tournaments.models import (
    BoardSet,
    Partnership,
    Pupil,
    Result,
    Session,
)

# Letters, marks, numbers, punctuation, symbols and plain spaces: no control characters,
# no invisible formatting (a right-to-left override would print a name backwards).
_PLAIN_CATEGORIES = ("L", "M", "N", "P", "S", "Zs")


if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField


class RowsField(_RowsBase):
    """Rows ticked in a list of checkboxes. An id that no database column could hold (a
    hand-made POST with 2**63) is refused as any unknown id is: SQLite cannot even be
    asked for it (OverflowError) and PostgreSQL refuses it."""

    #: The largest id a 64-bit column holds (and, negated, about the smallest).
    LARGEST_ID = 2**63 - 1

    def clean(self, value: Any) -> Any:
        for pk in value if isinstance(value, list | tuple) else []:
            text = str(pk).strip()
            try:
                number = int(text)
            except ValueError:
                continue  # not a number at all: the field's own check refuses it
            if not -self.LARGEST_ID <= number <= self.LARGEST_ID:
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": text},
                )
        return super().clean(value)


def validate_plain_text(value: str) -> None:
    if any(not unicodedata.category(char).startswith(_PLAIN_CATEGORIES) for char in value):
        raise forms.ValidationError(
            _("Use letters, digits and punctuation only."), code="not_plain_text"
        )


class PlainCharField(forms.CharField):
    """A name or a short text: trimmed, and only characters that print plainly."""

    default_validators = [validate_plain_text]


class SchoolClassForm(forms.Form):
    name = PlainCharField(
        label=_("Class name"),
        max_length=80,
        help_text=_("For example “6B” or “Bridge club, Tuesdays”."),
    )


class PupilForm(forms.Form):
    # What each help text says is what labels.screen_names and labels.pupil_short_name do.
    first_name = PlainCharField(
        label=_("First name"),
        max_length=60,
        help_text=_(
            "The tablets and the projector, which the class sees, show only the first "
            "name: “Kari” for “Kari Nordmann”."
        ),
    )
    last_name = PlainCharField(
        label=_("Surname or initial"),
        max_length=60,
        required=False,
        help_text=_(
            "Only needed when two pupils share a first name. The whole surname shows only "
            "on your own pages and on the results you print or download; the tablets and "
            "the projector show its first letter when two pupils share a first name, and "
            "the table and pair cards always do."
        ),
    )
    # A new one for each form shown: the same form sent twice adds one pupil.
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.fields["key"].initial = uuid.uuid4().hex


# The teaching presets of scoring.dealing, in plain words.
PRESET_CHOICES = [
    ("", _("Any deals (a fair shuffle)")),
    ("game_likely", _("Game is likely (the declaring side has 25 points or more)")),
    ("trump_fit", _("A trump fit (the declaring side has 8 or more cards in a suit)")),
    ("notrump", _("No-trump hands (balanced hands, no 8-card fit in hearts or spades)")),
    ("partscore", _("Part-score practice (the declaring side has 21 to 24 points)")),
]


class BoardSetDealForm(forms.Form):
    name = PlainCharField(
        label=_("Name"),
        max_length=80,
        required=False,
        help_text=_("Leave it empty to name the set after today."),
    )
    count = forms.IntegerField(
        label=_("Number of boards"),
        min_value=1,
        max_value=64,
        initial=16,
        help_text=_("Most lessons play 12 to 24 boards."),
    )
    preset = forms.ChoiceField(label=_("Kind of deals"), choices=PRESET_CHOICES, required=False)
    seed = PlainCharField(
        label=_("Seed (optional)"),
        max_length=200,
        required=False,
        help_text=_(
            "Leave it empty for a new shuffle. Type the seed of another set to deal exactly "
            "the same boards again."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The name it gets when left empty, in the teacher's language.
        self.fields["name"].widget.attrs["placeholder"] = board_set_name("", timezone.localdate())


MAX_PBN_BYTES = 2 * 1024 * 1024


class BoardSetImportForm(forms.Form):
    file = forms.FileField(label=_("PBN file"))
    filename = ""  # the uploaded file's name, once cleaned
    name = PlainCharField(
        label=_("Name"),
        max_length=80,
        required=False,
        help_text=_("Leave it empty to use the file's name."),
    )
    good_only = forms.BooleanField(
        label=_("If some boards are wrong, import the good boards only"), required=False
    )

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        self.filename = upload.name or ""
        return pbn_upload_text(upload)


def pbn_upload_text(upload: UploadedFile) -> str:
    """An uploaded PBN file's text. PBN files are UTF-8 (with or without a byte-order
    mark) or, from older programs, Latin-1."""
    if (upload.size or 0) > MAX_PBN_BYTES:
        raise forms.ValidationError(_("The file is larger than 2 MB; is it a PBN file?"))
    data = upload.read()
    try:
        text: str = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text


class FlagDismissForm(forms.Form):
    """Why the teacher keeps a flagged result: a few words, plain text (the page's input
    holds 200 characters; a NUL byte or a control character is refused here, before
    PostgreSQL would refuse it with an error)."""

    # Not required here: the service says what an empty reason lacks.
    reason = forms.CharField(max_length=200, required=False, validators=[validate_plain_text])


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


STRAIN_CHOICES = [(strain.value, STRAIN_NAMES[strain]) for strain in Strain]  # ♣ ♦ ♥ ♠ NT
LEVEL_CHOICES = [
    ("part-score", _("Part-score")),
    ("game", _("Game")),
    ("slam", _("Slam")),
]


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

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "strain" in cleaned and "level" in cleaned:
            cleaned["contract"] = Contract(
                Strain(cleaned["strain"]), ContractKind(cleaned["level"])
            )
        return cleaned


@functools.cache
def _profile_choices(profile: Profile) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The strains and the levels (part-score, game, slam) a scoring profile plays."""
    contracts = profile.contracts()
    strains = {contract.strain.value for contract in contracts}
    levels = {contract.kind.value for contract in contracts}
    if is_target_profile(profile):
        levels = {ContractKind.PART_SCORE.value}
    return (
        tuple(value for value, _label in STRAIN_CHOICES if value in strains),
        tuple(value for value, _label in LEVEL_CHOICES if value in levels),
    )


#: The targets a target table can set, one row each on the teacher's form.
TARGET_TRICKS = range(7, 14)


class TargetTableForm(forms.Form):
    """A target table as a teacher fills it in: for each target from 7 to 13 tricks,
    the combined points from and to (both empty: no count has that target). Whether
    the rows together give every count from 21 to 40 one target is the service's
    check (tournaments.sessions.session_target_table_set)."""

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
