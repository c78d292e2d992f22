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
