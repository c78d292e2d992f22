"""The four-deal game's data (docs/rules.md §8): a game for one class, its tables, their
deals. The models moved here from ``tournaments`` with their tables kept
(``Meta.db_table``): no data moved (migrations ``tournaments.0013`` and
``games.0001``). Models hold data; rules live in ``scoring``, writes in services."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.cards import Seat
from scoring.profiles import Profile, get_profile
from tournaments.labels.bridge import SEAT_NAMES
from tournaments.models import Result, SchoolClass


class FourDealGame(models.Model):
    """The four-deal game at one table (docs/rules.md §8), played at any number of tables
    at once. Each table plays on its own: no duplicate boards, no movement."""

    class Cards(models.TextChoices):
        DEALT = "dealt", _("The site deals the cards")
        REAL = "real", _("Real cards: each table enters the points of its hands")

    school_class = models.ForeignKey(
        SchoolClass,
        on_delete=models.CASCADE,
        related_name="four_deal_games",
        verbose_name=_("class"),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    cards = models.CharField(_("cards"), max_length=5, choices=Cards.choices, default=Cards.DEALT)
    # Each table's deals come from this seed and the table's number (scoring.dealing).
    seed = models.CharField(_("seed"), max_length=200)
    scoring_profile = models.CharField(_("scoring"), max_length=20, default="ebu")

    class Meta:
        db_table = "tournaments_fourdealgame"
        verbose_name = _("four-deal game")
        verbose_name_plural = _("four-deal games")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.school_class} {self.created_at:%Y-%m-%d}"

    @property
    def profile(self) -> Profile:
        """The scoring profile each deal of the game is scored with."""
        return get_profile(self.scoring_profile)


class FourDealTable(models.Model):
    """One table of a four-deal game, with its own link (``token``, its QR code).

    ``players`` says who plays: four players, or three with nobody at West (West's hand
    is dealt as the dummy) and one of the EBU's two ways of choosing who declares
    (docs/rules.md §7)."""

    class Players(models.TextChoices):
        FOUR = "four", _("Four players")
        HIGHEST = "highest", _("Three players: the highest hand declares with the dummy")
        DEALER = "dealer", _("Three players: the dealer and the dummy against the other two")

    game = models.ForeignKey(
        FourDealGame, on_delete=models.CASCADE, related_name="tables", verbose_name=_("game")
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    token = models.CharField(max_length=32, unique=True)
    players = models.CharField(
        _("players"), max_length=8, choices=Players.choices, default=Players.FOUR
    )
    # True only for "dealer" tables that had played before the site followed docs/rules.md §7
    # B (it had the dealer declare every deal): their deals keep the declarer they were
    # played with (migration tournaments.0011). Never set for a new table.
    dealer_always_declared = models.BooleanField(
        _("the dealer declared every deal (the site's old rule)"), default=False, editable=False
    )
    # First names, optional: shown on the table's page and the teacher's overview.
    north = models.CharField(SEAT_NAMES[Seat.NORTH], max_length=60, blank=True)
    east = models.CharField(SEAT_NAMES[Seat.EAST], max_length=60, blank=True)
    south = models.CharField(SEAT_NAMES[Seat.SOUTH], max_length=60, blank=True)
    west = models.CharField(SEAT_NAMES[Seat.WEST], max_length=60, blank=True)

    class Meta:
        db_table = "tournaments_fourdealtable"
        verbose_name = _("four-deal table")
        verbose_name_plural = _("four-deal tables")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint("game", "number", name="unique_four_deal_table_number"),
        ]

    def __str__(self) -> str:
        return f"{self.game} · {self.number}"


class FourDealDeal(models.Model):
    """A deal at a four-deal table, in the order dealt (``sequence`` 1, 2 …): one that
    counts, with its contract and tricks, or one dealt again (``redeal``). The cards
    (dealt by the site) or the four hands' points (real cards) are kept; who declared and
    the scores follow from them and the rules library, never stored."""

    table = models.ForeignKey(
        FourDealTable, on_delete=models.CASCADE, related_name="deals", verbose_name=_("table")
    )
    sequence = models.PositiveSmallIntegerField(_("deal in order"))
    dealer = models.CharField(_("dealer"), max_length=1)
    # PBN deal string when the site dealt it, first seat North.
    cards = models.CharField(_("deal"), max_length=80, blank=True)
    # The points each hand held: from the cards, or as the table entered them.
    north_hcp = models.PositiveSmallIntegerField(_("North's points"))
    east_hcp = models.PositiveSmallIntegerField(_("East's points"))
    south_hcp = models.PositiveSmallIntegerField(_("South's points"))
    west_hcp = models.PositiveSmallIntegerField(_("West's points"))
    redeal = models.BooleanField(_("dealt again"), default=False)
    # Empty while a table with real cards has entered the points but not yet the result.
    contract = models.CharField(_("contract"), max_length=3, blank=True)
    tricks_won = models.PositiveSmallIntegerField(
        _("tricks won by declarer"), null=True, blank=True
    )
    revoke = models.CharField(
        _("revoke"), max_length=10, choices=Result.Revoke.choices, default="", blank=True
    )
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)

    class Meta:
        db_table = "tournaments_fourdealdeal"
        verbose_name = _("four-deal deal")
        verbose_name_plural = _("four-deal deals")
        ordering = ["table", "sequence"]
        constraints = [
            # A double tap, or a save sent again, cannot add a deal twice.
            models.UniqueConstraint("table", "sequence", name="one_four_deal_deal_per_place"),
            models.CheckConstraint(
                condition=models.Q(tricks_won__isnull=True) | models.Q(tricks_won__lte=13),
                name="four_deal_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    north_hcp__lte=37, east_hcp__lte=37, south_hcp__lte=37, west_hcp__lte=37
                ),
                name="four_deal_hand_points_0_to_37",
            ),
            models.CheckConstraint(
                condition=models.Q(redeal=False) | models.Q(contract="", tricks_won__isnull=True),
                name="four_deal_redeal_has_no_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} deal {self.sequence}"

    @property
    def points(self) -> dict[Seat, int]:
        """Each hand's points, by seat."""
        return {
            Seat.NORTH: self.north_hcp,
            Seat.EAST: self.east_hcp,
            Seat.SOUTH: self.south_hcp,
            Seat.WEST: self.west_hcp,
        }

    @property
    def played(self) -> bool:
        return not self.redeal and self.tricks_won is not None
