"""The wording of certificates: each pupil's line (:mod:`scoring.certificates`), the
places, and the words every certificate prints.

Every line speaks to the pupil ("You and your partner made 3 games"): the figures are
the side's (a pair declares and defends together, and which of the two held the cards
is not recorded), and the line says so rather than crediting one pupil with a pair's
contract. No line says "down", "lost" or a minus: the codes are all good news, and
their words are tested for it in both languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.certificates import Achievement, Code, Scope

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

#: The most places a teacher can honour (1st to 10th).
MOST_PLACES = 10

#: The places as ordinals, one msgid each: English needs its suffixes, Norwegian a full stop.
_ORDINALS: dict[int, StrPromise] = {
    1: _("1st"),
    2: _("2nd"),
    3: _("3rd"),
    4: _("4th"),
    5: _("5th"),
    6: _("6th"),
    7: _("7th"),
    8: _("8th"),
    9: _("9th"),
    10: _("10th"),
}


def place_text(number: int, *, shared: bool = False) -> str:
    """ "1st place", "Shared 2nd place" (nb "1. plass", "Delt 2. plass")."""
    ordinal = str(_ORDINALS.get(number, number))
    if shared:
        return gettext("Shared %(ordinal)s place") % {"ordinal": ordinal}
    return gettext("%(ordinal)s place") % {"ordinal": ordinal}


def places_choice_text(places: int) -> str:
    """The form's choice of places to honour: "None", "1st place", "1st and 2nd
    places", "1st to 3rd places"."""
    if places <= 0:
        return gettext("None")
    if places == 1:
        return place_text(1)
    last = str(_ORDINALS.get(places, places))
    if places == 2:
        return gettext("1st and %(last)s places") % {"last": last}
    return gettext("1st to %(last)s places") % {"last": last}


def partner_text(partner: str) -> str:
    """ "with Oliver Smith", under a place."""
    return gettext("with %(partner)s") % {"partner": partner}


def field_text(count: int, *, pupils: bool) -> str:
    """Under a place with no partner to name: how many were ranked, "Out of 16 pupils"."""
    if pupils:
        return ngettext("Out of %(count)s pupil", "Out of %(count)s pupils", count) % {
            "count": count
        }
    return ngettext("Out of %(count)s pair", "Out of %(count)s pairs", count) % {"count": count}


def certificate_word() -> str:
    return gettext("Certificate")


def certificates_word() -> str:
    """The papers' title, and the page's."""
    return gettext("Certificates")


def well_played() -> str:
    """The heading of every pupil's certificate with their line."""
    return gettext("Well played!")


def signature_text(*, organiser: bool = False) -> str:
    """Under the line the teacher (or the event's organiser) signs on."""
    if organiser:
        return gettext("Organiser’s signature")
    return gettext("Teacher’s signature")


def date_word() -> str:
    return gettext("Date")


def term_occasion_text(first: str, last: str) -> str:
    """A term's certificates say which sessions they count: "Term: 1 Sept – 8 Dec 2026"."""
    if first == last:
        return gettext("Term: %(first)s") % {"first": first}
    return gettext("Term: %(first)s – %(last)s") % {"first": first, "last": last}


# --------------------------------------------------------------------------- the lines

#: The lines that name their board, over one session with one such board.
_NAMED: dict[Code, StrPromise] = {
    Code.TOP_BOARD: _("You and your partner had the best score on board %(board)s"),
    Code.ABOVE_DD: _(
        "You and your partner took more tricks than the cards promised on board %(board)s"
    ),
    Code.DEFENCE_ABOVE_DD: _(
        "In defence, you and your partner took more tricks than the cards promised on "
        "board %(board)s"
    ),
    Code.BEST_CONTRACT: _("You and your partner chose the best contract on board %(board)s"),
    Code.DEFENDED_WELL: _(
        "In defence, you and your partner kept the opponents from making their contract "
        "on board %(board)s"
    ),
    Code.TARGET_DENIED: _(
        "In defence, you and your partner kept the opponents from reaching their target "
        "on board %(board)s"
    ),
    Code.AS_DD: _("You and your partner took every trick the cards allowed on board %(board)s"),
    Code.CONTRACTS_MADE: _("You and your partner made your contract on board %(board)s"),
    Code.TARGETS_REACHED: _("You and your partner reached the target on board %(board)s"),
}

#: The lines that count, whatever the scope.
_COUNTED: dict[Code, StrPromise] = {
    Code.SLAMS_MADE: ngettext_lazy(
        "You and your partner made a slam", "You and your partner made %(count)s slams", "count"
    ),
    Code.TOP_BOARD: ngettext_lazy(
        "You and your partner had the best score on one board",
        "You and your partner had the best score on %(count)s boards",
        "count",
    ),
    Code.ABOVE_DD: ngettext_lazy(
        "You and your partner took more tricks than the cards promised on one board",
        "You and your partner took more tricks than the cards promised on %(count)s boards",
        "count",
    ),
    Code.DEFENCE_ABOVE_DD: ngettext_lazy(
        "In defence, you and your partner took more tricks than the cards promised on one board",
        "In defence, you and your partner took more tricks than the cards promised on "
        "%(count)s boards",
        "count",
    ),
    Code.MATCHES_WON: ngettext_lazy(
        "You and your partner won a mini-match",
        "You and your partner won %(count)s mini-matches",
        "count",
    ),
    Code.GAMES_MADE: ngettext_lazy(
        "You and your partner made a game", "You and your partner made %(count)s games", "count"
    ),
    Code.BEST_CONTRACT: ngettext_lazy(
        "You and your partner chose the best contract on one board",
        "You and your partner chose the best contract on %(count)s boards",
        "count",
    ),
    Code.DEFENDED_WELL: ngettext_lazy(
        "In defence, you and your partner kept the opponents from making their contract "
        "on one board",
        "In defence, you and your partner kept the opponents from making their contract "
        "on %(count)s boards",
        "count",
    ),
    Code.TARGET_DENIED: ngettext_lazy(
        "In defence, you and your partner kept the opponents from reaching their target "
        "on one board",
        "In defence, you and your partner kept the opponents from reaching their target "
        "on %(count)s boards",
        "count",
    ),
    Code.AS_DD: ngettext_lazy(
        "You and your partner took every trick the cards allowed on one board",
        "You and your partner took every trick the cards allowed on %(count)s boards",
        "count",
    ),
    Code.CONTRACTS_MADE: ngettext_lazy(
        "You and your partner made a contract",
        "You and your partner made %(count)s contracts",
        "count",
    ),
    Code.TARGETS_REACHED: ngettext_lazy(
        "You and your partner reached the target on one board",
        "You and your partner reached the target on %(count)s boards",
        "count",
    ),
    Code.DECLARED: ngettext_lazy(
        "You and your partner declared a board",
        "You and your partner declared %(count)s boards",
        "count",
    ),
    Code.DEFENDED: ngettext_lazy(
        "You and your partner defended a board",
        "You and your partner defended %(count)s boards",
        "count",
    ),
    Code.SESSIONS_PLAYED: ngettext_lazy(
        "You played in a session this term",
        "You played in %(count)s sessions this term",
        "count",
    ),
}

#: The boards played, in the scope's words.
_BOARDS_PLAYED: dict[Scope, StrPromise] = {
    Scope.SESSION: ngettext_lazy("You played a board", "You played %(count)s boards", "count"),
    Scope.EVENT: ngettext_lazy("You played a board", "You played %(count)s boards", "count"),
    Scope.LEAGUE: ngettext_lazy(
        "You played a board in the league", "You played %(count)s boards in the league", "count"
    ),
    Scope.TERM: ngettext_lazy(
        "You played a board this term", "You played %(count)s boards this term", "count"
    ),
}

#: The line that always holds, in the scope's words.
_TOOK_PART: dict[Scope, StrPromise] = {
    Scope.SESSION: _("You took part in the session"),
    Scope.EVENT: _("You took part in the event"),
    Scope.LEAGUE: _("You took part in the league"),
    Scope.TERM: _("You were part of the class this term"),
}


def achievement_text(achievement: Achievement) -> str:
    """A certificate's line in the reader's language: "You and your partner made 3
    games", "You and your partner took more tricks than the cards promised on board 5",
    "You played 12 boards this term"."""
    code, scope = achievement.code, achievement.scope
    if code is Code.TOOK_PART:
        return str(_TOOK_PART[scope])
    if achievement.board is not None and code in _NAMED:
        return str(_NAMED[code]) % {"board": achievement.board}
    words = _BOARDS_PLAYED[scope] if code is Code.BOARDS_PLAYED else _COUNTED[code]
    return str(words % {"count": achievement.count})
