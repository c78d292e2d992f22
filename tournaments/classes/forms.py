"""The forms of a class and its pupils."""

from __future__ import annotations

import uuid
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField
from tournaments.web.forms import PlainCharField


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
