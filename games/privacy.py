"""What a class's four-deal games hold about its pupils, for the class's privacy
pages and the purge (``tournaments.privacy``, which calls these through
:func:`register`, never importing this app): the games in the class's export, a
deleted pupil's name emptied from the seats where the teacher typed it, and the games
past the school's retention period removed. Reads first, then writes."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from games.models import FourDealGame, FourDealTable
from tournaments.models import Pupil, SchoolClass
from tournaments.privacy import selectors as privacy_selectors

# --------------------------------------------------------------------------- reads


def class_games_export(school_class: SchoolClass) -> list[dict[str, Any]]:
    """The class's four-deal games with the names typed at their tables and their
    deals; the tables' links (secrets) left out."""
    games = FourDealGame.objects.filter(school_class=school_class)
    return [
        _game_export(game)
        for game in games.order_by("created_at", "pk").prefetch_related("tables__deals")
    ]


def _game_export(game: FourDealGame) -> dict[str, Any]:
    return {
        "id": game.pk,
        "created_at": game.created_at,
        "cards": game.cards,
        "scoring_profile": game.scoring_profile,
        "tables": [
            {
                "number": table.number,
                "players": table.players,
                "names": {
                    "north": table.north,
                    "east": table.east,
                    "south": table.south,
                    "west": table.west,
                },
                "deals": [
                    {
                        "sequence": deal.sequence,
                        "dealer": deal.dealer,
                        "cards": deal.cards,
                        "points": [deal.north_hcp, deal.east_hcp, deal.south_hcp, deal.west_hcp],
                        "dealt_again": deal.redeal,
                        "contract": deal.contract,
                        "tricks_won": deal.tricks_won,
                        "revoke": deal.revoke,
                    }
                    for deal in table.deals.all()
                ],
            }
            for table in game.tables.all()
        ],
    }


def games_to_purge(before: datetime.date) -> int:
    """How many four-deal games were started before ``before`` (they hold the names
    typed at their tables)."""
    return _purgeable(before).count()


def _purgeable(before: datetime.date) -> QuerySet[FourDealGame]:
    return FourDealGame.objects.filter(created_at__date__lt=before)


# --------------------------------------------------------------------------- writes

#: The seats of a four-deal table, where the teacher may type a player's first name.
_SEATS = ("north", "east", "south", "west")


def forget_pupil(pupil: Pupil) -> None:
    """A four-deal table's seats hold names as the teacher typed them, not links to
    pupils: every seat in the pupil's class that reads as the pupil's first name or
    whole name (in any case) is emptied. A namesake's seat is emptied too, the safe side.
    Compared in Python: SQLite's case-insensitive match knows only ASCII (Ø, Å). Runs
    inside ``tournaments.privacy.services.pupil_delete``'s transaction."""
    names = {pupil.first_name.casefold(), str(pupil).casefold()}
    for table in FourDealTable.objects.filter(game__school_class=pupil.school_class):
        typed = [seat for seat in _SEATS if getattr(table, seat).casefold() in names]
        if typed:
            for seat in typed:
                setattr(table, seat, "")
            table.save(update_fields=typed)


@transaction.atomic
def games_purge(before: datetime.date) -> int:
    """Delete the four-deal games started before ``before``, with their tables and
    deals; how many games went."""
    games = _purgeable(before)
    count = games.count()
    games.delete()
    return count


def register() -> None:
    """Hand the four-deal games' part of a class's data to ``tournaments.privacy``."""
    privacy_selectors.register_class_data(
        privacy_selectors.ClassData(
            key="four_deal_games",
            export=class_games_export,
            forget_pupil=forget_pupil,
            purge_noun="four-deal games",
            to_purge=games_to_purge,
            purge=games_purge,
        )
    )
