"""The certificates' small form: how many places to honour, full names or first names
only, the paper; and for a class's term, the dates. Sent by GET (the page's form leads
to the PDF), every field optional: a link with none prints the defaults."""

from __future__ import annotations

import datetime
from typing import Any, Self

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from tournaments.labels import certificates as words

#: The places honoured when the teacher chooses nothing: 1st, 2nd and 3rd.
DEFAULT_PLACES = 3


class CertificatesForm(forms.Form):
    #: What a link that asks for nothing gets (the page's form shows them chosen).
    DEFAULTS: dict[str, str] = {"places": str(DEFAULT_PLACES), "names": "full", "paper": "a4"}

    places = forms.TypedChoiceField(
        label=_("Place certificates"),
        choices=(),
        coerce=int,
        required=False,
        empty_value=None,
        initial=DEFAULT_PLACES,
    )
    names = forms.ChoiceField(
        label=_("Names on the certificates"),
        choices=[("full", _("Full names")), ("first", _("First names only"))],
        required=False,
        initial="full",
        widget=forms.RadioSelect,
    )
    paper = forms.ChoiceField(
        label=_("Paper"),
        choices=[("a4", "A4"), ("letter", "Letter")],
        required=False,
        initial="a4",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Worded when the form is made, in the reader's language.
        field = self.fields["places"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [
            (number, words.places_choice_text(number)) for number in range(words.MOST_PLACES + 1)
        ]

    @classmethod
    def from_query(cls, query: QueryDict) -> Self:
        """The form with what a request's query sent over the defaults."""
        return cls({**cls.DEFAULTS, **query.dict()})

    @property
    def first_names(self) -> bool:
        return bool(self.cleaned_data.get("names") == "first")

    @property
    def page_size(self) -> str:
        return "Letter" if self.cleaned_data.get("paper") == "letter" else "A4"

    @property
    def places_honoured(self) -> int:
        places = self.cleaned_data.get("places")
        return DEFAULT_PLACES if places is None else int(places)


class TermCertificatesForm(CertificatesForm):
    """A class's term: the sessions between two dates (both optional)."""

    start = forms.DateField(
        label=_("From"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    end = forms.DateField(
        label=_("To"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start: datetime.date | None = data.get("start")
        end: datetime.date | None = data.get("end")
        if start is not None and end is not None and end < start:
            self.add_error("end", _("The last day comes before the first: swap them."))
        return data


class EventCertificatesForm(CertificatesForm):
    """An event's: first names only, the only names the event keeps."""

    DEFAULTS: dict[str, str] = {"places": str(DEFAULT_PLACES), "paper": "a4"}
    names = None  # type: ignore[assignment]  # a Django form drops a field set to None

    @property
    def first_names(self) -> bool:
        return True
