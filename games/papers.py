"""What the four-deal game's table cards print (``tournaments.printing.table_cards``):
plain values built from the game's tables, for the PDF."""

from __future__ import annotations

from django.utils.translation import gettext

from games.models import FourDealGame, FourDealTable
from games.selectors import dealers_of, given_name, three_player_variant
from scoring.three_players import Variant
from tournaments.labels import bridge as bridge_labels
from tournaments.printing.table_cards import FourDealCard, FourDealPrint


def game_print(
    game: FourDealGame, tables: list[FourDealTable], *, urls: dict[int, str], paper: str
) -> FourDealPrint:
    """What the four-deal table cards print: each table's address and who sits where."""
    cards = []
    for table in tables:
        variant = three_player_variant(table)
        seats = dealers_of(table)
        cards.append(
            FourDealCard(
                number=table.number,
                url=urls.get(table.number, ""),
                seats=tuple(
                    (bridge_labels.seat_name(seat), given_name(table, seat)) for seat in seats
                ),
                three_players=variant is not None,
                dealer_and_dummy=variant is Variant.DEALER_AND_DUMMY,
            )
        )
    title = f"{game.school_class} · {gettext('Four-deal game')}"
    return FourDealPrint(title=title, tables=tuple(cards), page_size=paper)
