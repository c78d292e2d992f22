"""Form pieces every room's forms share: plain-text fields, the list of ids a page's
checkboxes send, the bridge choices (levels, strains, scorings)."""

from __future__ import annotations

import functools
import unicodedata
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.cards import Strain
from scoring.contracts import ContractKind
from scoring.profiles import Profile, is_target_profile
from tournaments.labels.bridge import STRAIN_NAMES

if TYPE_CHECKING:  # generic in django-stubs only
    _RowsBase = forms.ModelMultipleChoiceField[Any]
else:
    _RowsBase = forms.ModelMultipleChoiceField


# Letters, marks, numbers, punctuation, symbols and plain spaces: no control characters,
# no invisible formatting (a right-to-left override would print a name backwards).
_PLAIN_CATEGORIES = ("L", "M", "N", "P", "S", "Zs")


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


STRAIN_CHOICES = [(strain.value, STRAIN_NAMES[strain]) for strain in Strain]  # ♣ ♦ ♥ ♠ NT


LEVEL_CHOICES = [
    ("part-score", _("Part-score")),
    ("game", _("Game")),
    ("slam", _("Slam")),
]


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
