"""The forms of a board set: dealing one, importing a PBN file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.labels.sessions import board_set_name

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField
from tournaments.web.forms import PlainCharField

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
