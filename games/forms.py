"""The four-deal game's forms: the teacher's (a new game, a table's players) and a
table's (the points of real cards, a deal's result, a deal dealt again)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import FourDealGame, FourDealTable
from scoring.cards import Seat
from tournaments.labels.bridge import SEAT_NAMES
from tournaments.results.forms import ResultForm
from tournaments.web.forms import PlainCharField


class FourDealGameForm(forms.Form):
    tables = forms.IntegerField(
        label=_("Number of tables"),
        min_value=1,
        max_value=20,
        initial=1,
        help_text=_("Four pupils at a table. A table of three is set on the next page."),
    )
    cards = forms.ChoiceField(
        label=_("Cards"),
        choices=FourDealGame.Cards.choices,
        initial=FourDealGame.Cards.DEALT,
        widget=forms.RadioSelect,
    )
    seed = PlainCharField(
        label=_("Seed (optional)"),
        max_length=200,
        required=False,
        help_text=_("Leave it empty for a new shuffle. The same seed deals the same cards."),
    )


class FourDealTableForm(forms.Form):
    players = forms.ChoiceField(
        label=_("Who plays at this table?"),
        choices=FourDealTable.Players.choices,
        widget=forms.RadioSelect,
        help_text=_(
            "With three players nobody sits at West: West's hand is dealt as the dummy. "
            "The highest hand: the player with the most points declares with it. The "
            "dealer and the dummy: they are a side against the other two, and the side with "
            "more points declares. The table's page says who plays which hand."
        ),
    )
    north = PlainCharField(label=SEAT_NAMES[Seat.NORTH], max_length=60, required=False)
    east = PlainCharField(label=SEAT_NAMES[Seat.EAST], max_length=60, required=False)
    south = PlainCharField(label=SEAT_NAMES[Seat.SOUTH], max_length=60, required=False)
    west = PlainCharField(label=SEAT_NAMES[Seat.WEST], max_length=60, required=False)


def _sequence_field() -> forms.IntegerField:
    """The deal's place in the order dealt, sent with each of a four-deal table's forms:
    a form sent twice enters one deal. Missing or broken, the page was out of date."""
    out_of_date = _(
        "This page was out of date, so nothing was saved. Check the deal on the screen "
        "now and enter it again."
    )
    return forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=1,
        max_value=1000,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"), out_of_date
        ),
    )


_HAND_POINTS_ERRORS = {
    "required": _("Enter the points of every hand."),
    "invalid": _("A hand holds 0 to 37 points."),
    "min_value": _("A hand holds 0 to 37 points."),
    "max_value": _("A hand holds 0 to 37 points."),
}


def _hand_points(seat: Seat) -> forms.IntegerField:
    return forms.IntegerField(
        label=SEAT_NAMES[seat],
        min_value=0,
        max_value=37,
        error_messages=_HAND_POINTS_ERRORS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": 37}),
    )


class FourDealPointsForm(forms.Form):
    """Real cards: the points each hand holds (ace 4, king 3, queen 2, jack 1)."""

    north = _hand_points(Seat.NORTH)
    east = _hand_points(Seat.EAST)
    south = _hand_points(Seat.SOUTH)
    west = _hand_points(Seat.WEST)
    sequence = _sequence_field()

    def relabel(self, seat_labels: dict[Seat, str]) -> None:
        """Name each hand as the table knows it: "North · Anna"."""
        for seat, label in seat_labels.items():
            self.fields[seat.name.lower()].label = label

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seats = {seat: cleaned.get(seat.name.lower()) for seat in Seat}
        if all(isinstance(points, int) for points in seats.values()):
            total = sum(points for points in seats.values() if points is not None)
            if total != 40:
                raise forms.ValidationError(
                    _(
                        "The four hands add up to %(total)s points, but there are always "
                        "%(all)s. Count again."
                    ),
                    params={"total": total, "all": 40},
                    code="deal_points_total",
                )
            cleaned["points"] = seats
        return cleaned


class FourDealResultForm(ResultForm):
    """The entry panel's answers for the deal at ``sequence``."""

    sequence = _sequence_field()


class FourDealRedealForm(forms.Form):
    sequence = _sequence_field()
