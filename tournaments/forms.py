from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


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
