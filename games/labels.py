"""The four-deal game's wording (docs/rules.md §8, §7): how a game ended, what a deal at a
table of three gives, who does what at a table of three, why nobody declares. One
msgid per term; the bridge words the whole site shares (seats, sides, numbers, lists
of names) are ``tournaments.labels``'."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import gettext

from scoring.cards import Seat
from scoring.declaring import DEAL_POINTS, MAX_HAND_POINTS
from scoring.three_players import Case as ThreeCase
from scoring.three_players import ThreePlayerDeclaration
from scoring.three_players import Variant as ThreeVariant
from tournaments.labels.bridge import seat_name, signed_text
from tournaments.labels.people import names_text


def four_deal_outcome_text(standings: Iterable[tuple[str, int]], *, sides: bool) -> str:
    """How a four-deal game ended, from each side's (or, with three players, each
    player's) name and total: ``"North–South win, 540 to 140"``, ``"Anna wins with 420
    points"``, ``"A draw: North–South & East–West have 300 points each"``."""
    listed = list(standings)
    best = max(total for _name, total in listed)
    winners = [name for name, total in listed if total == best]
    if len(winners) > 1:
        return gettext("A draw: %(names)s have %(points)s points each") % {
            "names": names_text(winners),
            "points": best,
        }
    if sides:
        other = max(total for name, total in listed if name != winners[0])
        # Translators: %(winner)s is a side, "North–South"; the figures are the totals.
        return gettext("%(winner)s win, %(points)s to %(other)s") % {
            "winner": winners[0],
            "points": best,
            "other": other,
        }
    return gettext("%(winner)s wins with %(points)s points") % {
        "winner": winners[0],
        "points": best,
    }


def player_points_text(names: Iterable[str], points: int) -> str:
    """What a deal at a table of three gives: ``"Anna +420"``, or to the two defenders
    ``"Ben & Cleo +50 each"``."""
    listed = list(names)
    if len(listed) == 1:
        return f"{listed[0]} {signed_text(points)}"
    # Translators: both defenders at a table of three score this; "Ben & Cleo +50 each".
    return gettext("%(names)s %(points)s each") % {
        "names": names_text(listed),
        "points": signed_text(points),
    }


def three_player_declaration_texts(
    declaration: ThreePlayerDeclaration,
    *,
    dealer: Seat,
    points: Mapping[Seat, int],
    name: Callable[[Seat], str],
) -> list[str]:
    """What the three players at a table do on a deal (docs/rules.md §7), in plain
    sentences: who declares and why, whose hand goes down as the dummy, any swap or
    take-over, and who defends. ``name`` gives the player at a seat ("Anna", or "North"
    with no name); the empty seat is named by its seat ("West")."""
    declarer = name(declaration.declarer)
    # Equal points: the one who said them first declares (a child may ask why).
    rivals: tuple[Seat, ...] = ()
    if declaration.case is ThreeCase.HIGHEST_HAND:
        rivals = declaration.defenders
    elif declaration.takes_over is not None:
        rivals = (declaration.takes_over,)
    tie = [
        gettext("%(declarer)s and %(other)s have the same points; %(declarer)s said them first.")
        % {"declarer": declarer, "other": name(seat)}
        for seat in rivals
        if points[seat] == points[declaration.declarer]
    ]
    empty = seat_name(declaration.empty_seat)
    first, second = (name(seat) for seat in declaration.defenders)
    defend = gettext("%(first)s and %(second)s defend.") % {"first": first, "second": second}
    if declaration.case is ThreeCase.DEALER_ALWAYS:
        # Deals played before the site followed §7 B (docs/rules.md §7.4) read as they were played.
        return [
            gettext("%(declarer)s declares with the dummy; the other two defend.")
            % {"declarer": declarer}
        ]
    if declaration.case is ThreeCase.HIGHEST_HAND:
        return [
            gettext("%(declarer)s has the most points and declares.") % {"declarer": declarer},
            *tie,
            gettext("%(empty)s's hand is the dummy.") % {"empty": empty},
            defend,
        ]
    if declaration.case is ThreeCase.DEALER_SIDE:
        texts = [
            gettext(
                "%(dealer)s and the dummy hold %(side)s points together, more than the "
                "other two: %(dealer)s declares."
            )
            % {"dealer": declarer, "side": declaration.side_hcp}
        ]
        if declaration.swap is not None:
            texts.append(
                gettext(
                    "%(dealer)s has fewer points than the dummy, so %(dealer)s and %(empty)s "
                    "swap hands: %(dealer)s plays %(empty)s's hand, and %(dealer)s's own "
                    "hand goes down as the dummy."
                )
                % {"dealer": declarer, "empty": empty}
            )
        else:
            texts.append(gettext("%(empty)s's hand is the dummy.") % {"empty": empty})
        return [*texts, defend]
    assert declaration.takes_over is not None
    partner = name(declaration.takes_over)
    return [
        gettext(
            "%(declarer)s and %(partner)s hold %(side)s points together, more than "
            "%(dealer)s and the dummy: %(declarer)s declares."
        )
        % {
            "declarer": declarer,
            "partner": partner,
            "side": declaration.side_hcp,
            "dealer": name(dealer),
        },
        *tie,
        gettext(
            "%(partner)s's hand goes down as the dummy. %(partner)s takes %(empty)s's hand "
            "and defends with %(dealer)s."
        )
        % {"partner": partner, "empty": empty, "dealer": name(dealer)},
    ]


def four_deal_points_refusal_text(points: Mapping[Seat, int]) -> str:
    """Why these four hands' points cannot be a deal of the four-deal game."""
    for seat in Seat:
        if not 0 <= points.get(seat, -1) <= MAX_HAND_POINTS:
            return gettext("A hand holds 0 to %(max)s points.") % {"max": MAX_HAND_POINTS}
    return gettext(
        "The four hands add up to %(total)s points, but there are always %(all)s. Count again."
    ) % {"total": sum(points.values()), "all": DEAL_POINTS}


def four_deal_redeal_text(variant: ThreeVariant | None) -> str:
    """Why nobody declares a deal of the four-deal game: with four players (``None``,
    docs/rules.md §2), or three (§7)."""
    if variant is None:
        return gettext("Both sides hold 20 points, so nobody declares.")
    if variant is ThreeVariant.HIGHEST_HAND:
        return gettext("The highest hand and the dummy hold fewer than 21 points together.")
    return gettext(
        "The dealer and the dummy hold 20 points together, and so do the other two, so "
        "nobody declares."
    )
