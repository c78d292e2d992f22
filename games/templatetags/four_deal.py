"""The four-deal games' part of a class's page: ``{% load four_deal %}`` then
``{% class_four_deal_games school_class %}``. The class's page (``tournaments``) shows
the games through this tag, so that ``tournaments`` never imports ``games``."""

from __future__ import annotations

from typing import Any

from django import template

from games import selectors
from tournaments.models import SchoolClass

register = template.Library()

#: How many of a class's games its page lists, the latest first.
LISTED = 12


@register.inclusion_tag("games/includes/class_games.html")
def class_four_deal_games(school_class: SchoolClass) -> dict[str, Any]:
    """The class's latest four-deal games, each with its number of tables."""
    return {"four_deal_games": selectors.games_for_class(school_class)[:LISTED]}
