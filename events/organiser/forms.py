"""The forms of the organisers' pages: a new event and its boards, its sections, and a
school's section."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from events import labels
from events.models import SECTION_NAME_LENGTH, EventSection
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
    sections = forms.CharField(
        label=_("Sections (optional)"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "One a line, for example Years 5–6. Each school chooses its section when it "
            "joins; every section is ranked on its own as well as in the national ranking. "
            "Leave it empty for one national ranking."
        ),
    )

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
        "sections",
    ]

    def clean_sections(self) -> list[str]:
        """One section a line; the service checks the names."""
        text: str = self.cleaned_data.get("sections") or ""
        return [line for line in text.splitlines() if line.strip()]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        starts_on, ends_on = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts_on and ends_on and ends_on < starts_on:
            self.add_error("ends_on", _("The last day cannot come before the first day."))
        return cleaned


def add_service_error(form: forms.Form, error: ValidationError) -> None:
    """A service's refusal on the form: next to the field it names when the form has
    that field, otherwise at the top (a field this form does not show, such as a
    section the organiser added while the page was open)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, errors in error.error_dict.items():
        form.add_error(field if field in form.fields else None, errors)


class SectionForm(forms.Form):
    """A section's name: a new section, or another name for one."""

    # An empty name is the service's to refuse, with its example of a name.
    name = PlainCharField(
        label=_("Name of the section"), max_length=SECTION_NAME_LENGTH, required=False
    )


class SectionChoices(forms.Form):
    """A form that chooses among the event's sections by id (the choices are the
    sections given; ``self.sections`` maps each id back to its section)."""

    sections: dict[str, EventSection]

    def _choices(
        self, field: str, sections: Sequence[EventSection], first: tuple[str, str] | None
    ) -> None:
        self.sections = {str(section.pk): section for section in sections}
        choice = self.fields.get(field)
        if isinstance(choice, forms.ChoiceField):
            choice.choices = [
                *([first] if first else []),
                *[(key, section.name) for key, section in self.sections.items()],
            ]


class SchoolSectionForm(SectionChoices):
    """A school's section: when joining, or moving it to another."""

    section = forms.ChoiceField(label=_("Section"))

    def __init__(
        self,
        *args: Any,
        sections: Sequence[EventSection],
        initial_section: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._choices("section", sections, ("", "—") if initial_section is None else None)
        if initial_section is not None:
            self.fields["section"].initial = str(initial_section)

    def chosen(self) -> EventSection:
        return self.sections[self.cleaned_data["section"]]


class SectionRemoveForm(SectionChoices):
    """Removing a section: where its schools go (another section; for the last
    section, nowhere: the event has one national ranking again)."""

    NOWHERE = "none"
    move_to = forms.ChoiceField(label=_("Its schools go to"), required=False)

    def __init__(
        self, *args: Any, section: EventSection, sections: Sequence[EventSection], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        others = [other for other in sections if other.pk != section.pk]
        self._choices("move_to", others, ("", "—"))
        if not others:
            field = self.fields["move_to"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [("", "—"), (self.NOWHERE, labels.MOVE_NOWHERE)]

    def destination(self) -> EventSection | None:
        return self.sections.get(self.cleaned_data.get("move_to") or "")

    def ends_sections(self) -> bool:
        return self.cleaned_data.get("move_to") == self.NOWHERE
