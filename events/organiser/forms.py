"""The forms of the organisers' pages: a new event and its boards."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from events import labels
from events.organiser.services import Boards
from tournaments.boards.forms import pbn_upload_text
from tournaments.labels.bridge import PROFILE_NAMES
from tournaments.models import Session
from tournaments.web.forms import PlainCharField

# An <input type="date"> takes its value as YYYY-MM-DD whatever the language.
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class BoardsForm(forms.Form):
    """The event's boards: dealt from a seed (given, or a new one) or a PBN file."""

    DEAL, IMPORT = "deal", "import"
    boards = forms.ChoiceField(
        label=_("Boards"),
        choices=[(DEAL, labels.BOARDS_DEAL), (IMPORT, labels.BOARDS_IMPORT)],
        initial=DEAL,
        widget=forms.RadioSelect,
    )
    count = forms.IntegerField(
        label=_("Number of boards"), min_value=1, max_value=64, initial=16, required=False
    )
    seed = PlainCharField(
        label=_("Seed (optional)"),
        max_length=200,
        required=False,
        help_text=_(
            "Leave it empty for a new shuffle. The seed is shown on the event's page: "
            "anybody can deal exactly the same boards again with it."
        ),
    )
    file = forms.FileField(label=_("PBN file"), required=False)
    filename = ""

    def clean_file(self) -> str | None:
        upload = self.cleaned_data.get("file")
        if not upload:
            return None
        self.filename = upload.name or ""
        return pbn_upload_text(upload)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        boards = cleaned.get("boards")
        if boards == self.IMPORT and not cleaned.get("file") and "file" not in self.errors:
            self.add_error("file", labels.FILE_NEEDED)
        if boards == self.DEAL and not cleaned.get("count") and "count" not in self.errors:
            self.add_error("count", labels.BOARDS_NEEDED)
        return cleaned

    def chosen_boards(self) -> Boards:
        data = self.cleaned_data
        if data["boards"] == self.IMPORT:
            return Boards(pbn_text=data["file"], filename=self.filename)
        return Boards(count=data["count"], seed=data["seed"])


class EventForm(BoardsForm):
    """A new event: its name, its days, its boards and how it is scored."""

    name = PlainCharField(label=_("Name"), max_length=120)
    starts_on = forms.DateField(label=_("First day"), widget=DATE_INPUT)
    ends_on = forms.DateField(label=_("Last day"), widget=DATE_INPUT)
    scoring_profile = forms.ChoiceField(label=_("Scoring"), choices=list(PROFILE_NAMES.items()))
    convention = forms.ChoiceField(label=_("Matchpoints"), choices=Session.Convention.choices)

    field_order = [
        "name",
        "starts_on",
        "ends_on",
        "boards",
        "count",
        "seed",
        "file",
        "scoring_profile",
        "convention",
    ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        starts_on, ends_on = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error("ends_on", _("The last day cannot come before the first day."))
        return cleaned
