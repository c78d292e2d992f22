"""The forms of a teacher's school in an event: the join code, joining, who is here,
and the results file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from events import labels
from events.models import EventSchool, EventSection
from events.organiser.forms import SectionChoices
from tournaments.models import SchoolClass
from tournaments.sessions.forms import PresentForm
from tournaments.web.forms import PlainCharField


class JoinCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Join code"),
        max_length=40,
        help_text=_("The code the organiser gave you, for example A3K9-7XQM."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )


class JoinForm(SectionChoices):
    """The school's name as the results show it, its section (when the event has
    sections), and how its class plays."""

    name = PlainCharField(
        label=_("Your school's name"),
        max_length=120,
        help_text=_("Shown with your pupils' first names on the event's results."),
    )
    source = forms.ChoiceField(
        label=_("How does your class play?"),
        choices=[(source, text) for source, text in labels.HOW_WE_PLAY.items()],
        initial=EventSchool.Source.DIRECT,
        widget=forms.RadioSelect,
    )
    school_class = forms.ChoiceField(label=_("Class"), required=False)

    def __init__(
        self,
        *args: Any,
        classes: Sequence[SchoolClass],
        sections: Sequence[EventSection] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        if sections:
            self.fields["section"] = forms.ChoiceField(
                label=_("Section"),
                help_text=_(
                    "Your pupils' pairs are ranked in this section, and in the national ranking."
                ),
            )
            self.order_fields(["name", "section"])
        self._choices("section", sections, ("", "—"))
        self.classes = {str(school_class.pk): school_class for school_class in classes}
        field = self.fields["school_class"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "—"), *[(key, str(c)) for key, c in self.classes.items()]]
        if len(self.classes) == 1:
            # A teacher with one class has nothing to choose: it is the one.
            field.initial = next(iter(self.classes))
        field.help_text = _("Only for a class that plays here, on this site.")

    def chosen_class(self) -> SchoolClass | None:
        return self.classes.get(self.cleaned_data.get("school_class") or "")

    def chosen_section(self) -> EventSection | None:
        return self.sections.get(self.cleaned_data.get("section") or "")


class EventPresentForm(PresentForm):
    """Who is here today, for an event's session: pairs only (no individual choice)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["play"]


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("Results file"),
        help_text=_("The PBN file with results that the site exports, or a USEBIO file (XML)."),
    )
