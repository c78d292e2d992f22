"""Simultaneous events: one board set played in many schools, matchpointed as one field.

An organiser (a federation, a school network) publishes an event; each school that
takes part is an :class:`EventSchool`. Its results reach the event either from a
session played on this site (``EventSchool.session``: copied into the event's own rows
whenever the session changes) or from a file it uploads (the site's PBN with results,
or USEBIO 1.2). Either way they become :class:`EventPair` and :class:`EventResult`
rows, the one source the national results are computed from (``events.results.national``).
The event keeps first names only: the public page shows first names and the school.
An event may have sections (:class:`EventSection`, e.g. by age): each school is in one,
and the national ranking is ranked again within each.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.cards import Side
from scoring.event import event_over
from scoring.profiles import Profile, get_profile
from tournaments.labels.bridge import SideHeading, side_heading_lazy
from tournaments.models import BoardSet, SchoolClass, Session


class Organiser(models.Model):
    """A user who runs events (a federation or a school network), not a teacher."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="organiser",
        verbose_name=_("user"),
    )
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        verbose_name = _("organiser")
        verbose_name_plural = _("organisers")

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """One simultaneous event: its boards, when schools play it, how it is scored, and
    the code a teacher joins it with."""

    organiser = models.ForeignKey(
        Organiser, on_delete=models.CASCADE, related_name="events", verbose_name=_("organiser")
    )
    name = models.CharField(_("name"), max_length=120)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # The organiser's board set (BoardSet.teacher is the organiser's user). It cannot
    # change once a school has a result (events.organiser.services).
    board_set = models.ForeignKey(
        BoardSet, on_delete=models.PROTECT, related_name="events", verbose_name=_("board set")
    )
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    scoring_profile = models.CharField(_("scoring"), max_length=20, default="ebu")
    convention = models.CharField(
        _("matchpoints"),
        max_length=4,
        choices=Session.Convention.choices,
        default=Session.Convention.EBU,
    )
    # What a teacher types to join (events.organiser.services.new_join_code): short, no 0/O or 1/I.
    join_code = models.CharField(_("join code"), max_length=12, unique=True)
    # The public results page's unguessable link.
    public_token = models.CharField(max_length=32, unique=True)
    # Counts every change of any school's results: the national results cached for an
    # older version are computed again (events.results.national).
    results_version = models.PositiveIntegerField(default=0, editable=False)
    # A worker's refresh of the national results is queued and has not started yet:
    # further changes meanwhile queue nothing more (events.results.sync.results_changed).
    national_queued = models.BooleanField(default=False, editable=False)
    # Counts every change of the sections (one added, renamed or removed, a school moved):
    # the section rankings are ranked when a page is read, so only the public page's
    # entity tag needs it (events.results.views).
    sections_version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-starts_on", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="event_ends_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def profile(self) -> Profile:
        """The scoring profile every result of the event is scored with."""
        return get_profile(self.scoring_profile)

    def is_over(self, today: datetime.date | None = None) -> bool:
        """Whether the last day has passed: nobody joins or starts playing any more,
        and the boards' hands and how each was played may be shown to everybody."""
        return event_over(self.ends_on, today or timezone.localdate())


#: The longest name a section may have ("Years 5–6 (beginners)" fits many times).
SECTION_NAME_LENGTH = 60


class EventSection(models.Model):
    """A part of an event's field ranked apart, e.g. by age ("Years 5–6"): every
    school of an event with sections is in one, and so are all its pairs. The section
    rankings are the national ranking ranked again within each section (docs/rules.md
    §14); an event without sections has one national ranking, as before."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="sections", verbose_name=_("event")
    )
    name = models.CharField(_("name"), max_length=SECTION_NAME_LENGTH)
    # The sections' order on every page, as the organiser added them.
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        ordering = ["event", "order", "pk"]
        constraints = [
            models.UniqueConstraint("event", Lower("name"), name="unique_section_name_in_event"),
        ]

    def __str__(self) -> str:
        return self.name


class EventSchool(models.Model):
    """A school (one teacher's class) taking part in an event, and how its results
    reach the event."""

    class Source(models.TextChoices):
        DIRECT = "direct", _("Played on this site")
        PBN = "pbn", _("Uploaded as PBN")
        USEBIO = "usebio", _("Uploaded as USEBIO")

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="schools", verbose_name=_("event")
    )
    # Shown on the public results page.
    name = models.CharField(_("school"), max_length=120)
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_schools",
        verbose_name=_("teacher"),
    )
    school_class = models.ForeignKey(
        SchoolClass,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_schools",
        verbose_name=_("class"),
    )
    source = models.CharField(
        _("results from"), max_length=10, choices=Source.choices, default=Source.DIRECT
    )
    # The school's section, when the event has sections (all its pairs are in it). A
    # section with schools is never deleted underneath them: removing one moves its
    # schools first (events.organiser.services.section_remove); deleting the event
    # takes both.
    section = models.ForeignKey(
        EventSection,
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="schools",
        verbose_name=_("section"),
    )
    # Played on this site: the session, and its revision when its results were last
    # copied into the event (events.results.copying.school_copy); whether a change of
    # the session since has queued its copy (events.results.sync.sessions_changed).
    session = models.OneToOneField(
        Session,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_school",
        verbose_name=_("session"),
    )
    synced_revision = models.PositiveIntegerField(null=True, blank=True, editable=False)
    copy_queued = models.BooleanField(default=False, editable=False)
    # Uploaded: what the last file held (scoring.event.results_fingerprint), so the
    # same file again changes nothing.
    upload_fingerprint = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(_("results changed"), null=True, blank=True)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        verbose_name = _("school in an event")
        verbose_name_plural = _("schools in an event")
        ordering = ["event", Lower("name")]
        constraints = [
            models.UniqueConstraint("event", Lower("name"), name="unique_school_name_in_event"),
        ]

    def __str__(self) -> str:
        return self.name


class EventPair(models.Model):
    """A pair of a school as the event knows it: the school's own pair id ("3NS", "5")
    and its players' first names."""

    school = models.ForeignKey(
        EventSchool, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("school")
    )
    key = models.CharField(_("pair"), max_length=20)
    names = models.CharField(_("first names"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("pair in an event")
        verbose_name_plural = _("pairs in an event")
        ordering = ["school", "key"]
        constraints = [
            models.UniqueConstraint("school", "key", name="unique_event_pair_key"),
        ]

    def __str__(self) -> str:
        return f"{self.school} {self.key}"


class EventResult(models.Model):
    """One table's result on a board of the event, from any school. Played results keep
    the N–S net score as the school's scoring gave it (the event's own), so the national
    field compares like with like."""

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        NOT_PLAYED = "not_played", _("Not played")
        ADJUSTED = "adjusted", _("Adjusted score")

    school = models.ForeignKey(
        EventSchool, on_delete=models.CASCADE, related_name="results", verbose_name=_("school")
    )
    board_number = models.PositiveSmallIntegerField(_("board"))
    ns_pair = models.ForeignKey(EventPair, on_delete=models.CASCADE, related_name="+")
    ew_pair = models.ForeignKey(EventPair, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    contract = models.CharField(_("contract"), max_length=3, blank=True)
    declarer = models.CharField(_("declarer"), max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks won by declarer"), null=True, blank=True)
    ns_score = models.IntegerField(
        side_heading_lazy(Side.NS, SideHeading.NET), null=True, blank=True
    )
    ns_percent = models.PositiveSmallIntegerField(null=True, blank=True)
    ew_percent = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("result in an event")
        verbose_name_plural = _("results in an event")
        ordering = ["board_number", "school", "pk"]
        constraints = [
            models.UniqueConstraint(
                "school", "board_number", "ns_pair", name="one_event_result_per_board_and_pair"
            ),
            models.CheckConstraint(
                condition=models.Q(kind="played", ns_score__isnull=False)
                | models.Q(kind="not_played")
                | models.Q(kind="adjusted", ns_percent__isnull=False, ew_percent__isnull=False),
                name="event_result_kind_has_its_fields",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.school} board {self.board_number}"


class EventNational(models.Model):
    """The national results of an event as last computed, for ``version`` of its
    results (``Event.results_version``): every app server and worker reads the same
    cache from the database, and any change of results makes it stale."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="national")
    version = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now=True)
    # None until the first results are computed (the row exists once a worker claims).
    data = models.JSONField(null=True)
    # The version a worker has claimed and is computing, since when: another worker
    # leaves it alone unless the claim is old (its worker died).
    claimed_version = models.PositiveIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.event} v{self.version}"


class EventBooklet(models.Model):
    """The event's booklet (PDF), made in the background worker (events.booklet.making) and
    kept here so that every app server hands out the same file. ``version`` is the
    ``Event.results_version`` whose national frequencies it prints: a booklet of an
    older version is made again on request."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for the worker")
        RUNNING = "running", _("Being made")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="booklet", verbose_name=_("event")
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    # The language asked for (the asker's), which the worker makes it in.
    language = models.CharField(max_length=10)
    # Boards drawn so far of ``boards``, for the "Being made…" page.
    progress = models.PositiveSmallIntegerField(default=0)
    boards = models.PositiveSmallIntegerField(default=0)
    requested_at = models.DateTimeField()
    # The booklet ready to download (kept while a newer one is made): the results
    # version, the language, and the boards and scoring (events.booklet.making.made_for) it
    # was made for.
    version = models.PositiveIntegerField(null=True, blank=True)
    made_language = models.CharField(max_length=10, blank=True)
    made_for = models.CharField(max_length=40, blank=True)
    made_at = models.DateTimeField(null=True, blank=True)
    pdf = models.BinaryField(blank=True, default=b"")
    error = models.CharField(max_length=300, blank=True)

    def __str__(self) -> str:
        return f"{self.event} booklet v{self.version}"
