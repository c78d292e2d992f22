"""The classroom's data. Models hold data; rules live in ``scoring``, writes in services."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class SchoolClass(models.Model):
    """A teacher's class of pupils (e.g. "6B" or "Bridge club, Tuesdays")."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="school_classes",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=80)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("class")
        verbose_name_plural = _("classes")
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint("teacher", Lower("name"), name="unique_class_name_per_teacher"),
        ]

    def __str__(self) -> str:
        return self.name


class Pupil(models.Model):
    """A pupil in a class. Only a first name and a surname or initial are kept."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="pupils", verbose_name=_("class")
    )
    first_name = models.CharField(_("first name"), max_length=60)
    last_name = models.CharField(_("surname or initial"), max_length=60, blank=True)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        verbose_name = _("pupil")
        verbose_name_plural = _("pupils")
        ordering = [Lower("first_name"), Lower("last_name")]
        constraints = [
            models.UniqueConstraint(
                "school_class",
                Lower("first_name"),
                Lower("last_name"),
                name="unique_pupil_name_in_class",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class BoardSet(models.Model):
    """A set of boards (deals) a teacher plays with, dealt here or imported from a file."""

    class Source(models.TextChoices):
        DEALT = "dealt", _("Dealt by the site")
        IMPORTED = "imported", _("Imported from a file")

    class Analysis(models.TextChoices):
        NOT_STARTED = "not_started", _("Not analysed")
        QUEUED = "queued", _("Waiting to start")
        RUNNING = "running", _("Analysing")
        DONE = "done", _("Analysed")
        FAILED = "failed", _("Analysis failed")

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="board_sets",
        verbose_name=_("teacher"),
    )
    name = models.CharField(_("name"), max_length=80)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    # How a dealt set was made, so it can be made again here or at another school.
    seed = models.CharField(_("seed"), max_length=200, blank=True)
    preset = models.CharField(_("preset"), max_length=20, blank=True)
    redeals = models.PositiveIntegerField(_("20–20 deals redealt"), default=0)
    # Where an imported set came from.
    source_filename = models.CharField(_("file name"), max_length=255, blank=True)

    analysis = models.CharField(
        _("double-dummy analysis"),
        max_length=12,
        choices=Analysis.choices,
        default=Analysis.NOT_STARTED,
    )
    analysis_error = models.TextField(_("analysis error"), blank=True)

    class Meta:
        verbose_name = _("board set")
        verbose_name_plural = _("board sets")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name


class Board(models.Model):
    """One board: its number and its deal. Dealer, HCP and declarer follow from these
    (RULES.md §1–2) and are computed by the rules library, never stored."""

    board_set = models.ForeignKey(
        BoardSet, on_delete=models.CASCADE, related_name="boards", verbose_name=_("board set")
    )
    number = models.PositiveSmallIntegerField(_("board number"))
    # PBN deal string, first seat North: "N:AKQ.JT9.876.5432 ...".
    deal = models.CharField(_("deal"), max_length=80)
    # PBN DoubleDummyTricks: 20 hexadecimal digits, empty until analysed.
    dd_tricks = models.CharField(_("double-dummy tricks"), max_length=20, blank=True)

    class Meta:
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        ordering = ["board_set", "number"]
        constraints = [
            models.UniqueConstraint("board_set", "number", name="unique_board_number_in_set"),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=64), name="board_number_1_to_64"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.board_set} #{self.number}"
