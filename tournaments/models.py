"""The classroom's data. Models hold data; rules live in ``scoring``, writes in services."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.dispatch import Signal
from django.utils.translation import gettext_lazy as _

from scoring.cards import Seat, Side
from scoring.profiles import Profile, get_profile, profile_for
from tournaments.labels.bridge import SEAT_NAMES, SIDE_NAMES, SideHeading, side_heading_lazy
from tournaments.labels.people import pupil_name
from tournaments.labels.sessions import board_set_name


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
    # Sent with the "Add pupil" form: the same form twice (a double tap, a retry on a
    # slow network) adds one pupil. NULL, not "": pupils without a key never collide.
    idempotency_key = models.CharField(max_length=32, null=True, blank=True)  # noqa: DJ001

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
            models.UniqueConstraint(
                "school_class", "idempotency_key", name="one_pupil_per_add_form"
            ),
        ]

    def __str__(self) -> str:
        return pupil_name(self.first_name, self.last_name)


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
    # What the teacher called the set; blank for a set named after its day (below).
    name = models.CharField(_("name"), max_length=80, blank=True)
    # A set named after a day ("Boards of 30 November 2026", or after the class for a
    # session: "6B, 30 November 2026") keeps the day, not the words, so the name is
    # written in the reader's language (labels.board_set_name).
    name_date = models.DateField(_("day in the name"), null=True, blank=True)
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
    # When the analysis last moved (queued, a batch saved, done or failed): a set that
    # waits long after it is a sign the background worker is not running.
    analysis_updated_at = models.DateTimeField(_("analysis last moved"), null=True, blank=True)

    class Meta:
        verbose_name = _("board set")
        verbose_name_plural = _("board sets")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        """The set's name in the reader's language."""
        return board_set_name(
            self.name, self.name_date, imported=self.source == self.Source.IMPORTED
        )


class Board(models.Model):
    """One board: its number and its deal. Dealer, HCP and declarer follow from these
    (docs/rules.md §1–2) and are computed by the rules library, never stored."""

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


class Partnership(models.Model):
    """Two pupils who play together for the term; new sessions pair them again."""

    school_class = models.ForeignKey(
        SchoolClass,
        on_delete=models.CASCADE,
        related_name="partnerships",
        verbose_name=_("class"),
    )
    first = models.ForeignKey(
        Pupil, on_delete=models.CASCADE, related_name="+", verbose_name=_("pupil")
    )
    second = models.ForeignKey(
        Pupil, on_delete=models.CASCADE, related_name="+", verbose_name=_("partner")
    )

    class Meta:
        verbose_name = _("partnership")
        verbose_name_plural = _("partnerships")
        constraints = [
            models.UniqueConstraint("first", name="one_partnership_per_pupil_first"),
            models.UniqueConstraint("second", name="one_partnership_per_pupil_second"),
            models.CheckConstraint(
                condition=~models.Q(first=models.F("second")), name="partnership_of_two"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} & {self.second}"


#: Sent by :meth:`SessionQuerySet.mark_changed` once it has counted a change of some
#: sessions, inside the change's transaction, with ``sessions`` (the queryset it counted
#: them by) and ``in_event`` (whether they play for a school in an event, when the
#: sender knows, as a table's save does from the row it read; else None). An app
#: that keeps a copy of a session listens here, so that this app need not import it:
#: the simultaneous events copy a school's session into its event (``events.apps``
#: connects ``events.results.sync.sessions_changed``).
sessions_changed = Signal()


class SessionQuerySet(models.QuerySet["Session"]):
    def mark_changed(self, *, setup: bool = False, in_event: bool | None = None) -> int:
        """Count a change of these sessions (a result, a flag, the round, a pair): the
        pages polled with an ETag made from ``revision`` (the grid, the projector, a
        table's round check) are sent again instead of "not modified". ``setup``: the
        change is one of what no result changes (the pairs, their pupils, the boards'
        analysis, the session's settings), which the pages keep between requests
        (``tournaments.sessions.caches``) under ``setup_revision``: counted too.
        ``in_event``: whether these sessions play for a school in an event, when the
        caller knows (False: the listeners need not ask); None when it does not."""
        if setup:
            counted = self.update(
                revision=models.F("revision") + 1, setup_revision=models.F("setup_revision") + 1
            )
        else:
            counted = self.update(revision=models.F("revision") + 1)
        if counted:
            sessions_changed.send(sender=self.model, sessions=self, in_event=in_event)
        return counted

    def mark_setup_changed(self) -> int:
        """Count a change of what the pages keep between requests that changes no result
        and nothing polled pages compare (the boards' analysis come in): the kept values
        are made again, the revision stays (an event's copies do not move)."""
        return self.update(setup_revision=models.F("setup_revision") + 1)


class Session(models.Model):
    """One lesson's duplicate tournament: who is here, the pairs, the movement, the boards."""

    class State(models.TextChoices):
        DRAFT = "draft", _("Being set up")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Convention(models.TextChoices):
        EBU = "ebu", _("2 points for each pair beaten, 1 for a tie (EBU)")
        ACBL = "acbl", _("1 point for each pair beaten, ½ for a tie (ACBL)")

    class Kind(models.TextChoices):
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")
        LEAGUE = "league", _("League")
        INDIVIDUAL = "individual", _("Individual")

    class Style(models.TextChoices):
        STANDARD = "standard", _("Standard")
        SKIP = "skip", _("Skip")
        RELAY = "relay", _("Share and relay")

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("class")
    )
    date = models.DateField(_("date"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.DRAFT)
    present = models.ManyToManyField(
        Pupil, related_name="sessions_present", verbose_name=_("pupils present"), blank=True
    )
    board_set = models.ForeignKey(
        BoardSet,
        on_delete=models.PROTECT,
        related_name="sessions",
        verbose_name=_("board set"),
        null=True,
        blank=True,
    )
    scoring_profile = models.CharField(_("scoring"), max_length=20, default="ebu")
    # The teacher's own target table, as (low, high, tricks) rows: combined points
    # low–high need that many tricks. None: the published table the target scoring
    # names. Used only while the scoring is a target one (see profile).
    target_table = models.JSONField(_("target table"), null=True, blank=True)
    convention = models.CharField(
        _("matchpoints"), max_length=4, choices=Convention.choices, default=Convention.EBU
    )
    boards_per_round = models.PositiveSmallIntegerField(_("boards per round"), default=2)
    # The movement's parameters; its timetable is computed from them by scoring.movements.
    movement_kind = models.CharField(_("movement"), max_length=10, choices=Kind.choices, blank=True)
    movement_style = models.CharField(
        _("movement style"), max_length=10, choices=Style.choices, blank=True
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    arrow_switch = models.BooleanField(_("arrow switch in the last round"), default=False)

    class Ranking(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints (percentage)")
        TOTAL = "total", _("Total points")

    ranking = models.CharField(
        _("ranked by"), max_length=12, choices=Ranking.choices, default=Ranking.MATCHPOINTS
    )
    # The opponents tap "Agree" on the table's tablet before a result counts.
    require_agreement = models.BooleanField(_("opponents agree each result"), default=False)
    # Once a table has entered a board, it may open the board's four hands, the tricks
    # each hand takes and the best contract (in an event, only once the event is over:
    # tournaments.results.card_selectors).
    show_cards = models.BooleanField(_("show the cards after each board"), default=True)
    current_round = models.PositiveSmallIntegerField(_("current round"), default=1)
    # Counts the session's changes (SessionQuerySet.mark_changed), for ETags.
    revision = models.PositiveIntegerField(default=0, editable=False)
    # Counts the changes of what no result changes (mark_changed(setup=True)): what the
    # pages keep between requests is kept under it (tournaments.sessions.caches).
    setup_revision = models.PositiveIntegerField(default=0, editable=False)
    # A league evening: the league, which evening of it, and the round of the league's
    # round robin its round 1 is (its movement follows from these, scoring.league).
    league = models.ForeignKey(
        "League",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sessions",
        verbose_name=_("league"),
    )
    league_evening = models.PositiveSmallIntegerField(_("league session"), null=True, blank=True)
    league_first_round = models.PositiveSmallIntegerField(
        _("first league round"), null=True, blank=True
    )
    # The round clock (scoring.clock): the minutes a round (None: no clock), when the
    # current round's time began (moved on by each pause; None until the teacher starts
    # it), when it was paused (None unless paused), and whether the projector beeps at
    # zero. Stored instants, never a timer in a process: the time left is worked out
    # from them, the same after a reload or a restart.
    round_minutes = models.PositiveSmallIntegerField(_("minutes a round"), null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_paused_at = models.DateTimeField(null=True, blank=True, editable=False)
    clock_sound = models.BooleanField(_("beep when the time is up"), default=False)

    objects = SessionQuerySet.as_manager()

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-date", "-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(boards_per_round__gte=1, boards_per_round__lte=8),
                name="boards_per_round_1_to_8",
            ),
            models.UniqueConstraint(
                "league",
                "league_evening",
                condition=models.Q(league__isnull=False),
                name="one_session_per_league_evening",
            ),
            models.CheckConstraint(
                condition=models.Q(round_minutes__isnull=True)
                | models.Q(round_minutes__gte=1, round_minutes__lte=60),
                name="round_minutes_1_to_60",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.school_class} {self.date}"

    @property
    def profile(self) -> Profile:
        """The scoring profile every result of the session is scored with: the scoring
        chosen and, under a target scoring, the teacher's own table. Resolved once per
        instance (again only if those fields change); pass it on rather than a key."""
        chosen = (self.scoring_profile, _table_rows(self.target_table))
        resolved = self._resolved_profile
        if resolved is None or resolved[0] != chosen:
            resolved = (chosen, profile_for(*chosen))
            self._resolved_profile = resolved
        return resolved[1]

    @property
    def profile_key(self) -> str:
        """The session's profile as text (:attr:`scoring.Profile.key`, e.g. for an
        export's tag): the scoring's name, or under a target scoring with the
        teacher's own table, that table (``"target:21-22:7,…"``)."""
        return self.profile.key

    # What Session.profile resolved, and from which settings.
    _resolved_profile: (
        tuple[tuple[str, tuple[tuple[int, int, int], ...] | None], Profile] | None
    ) = None


def _table_rows(table: list[list[int]] | None) -> tuple[tuple[int, int, int], ...] | None:
    # The JSON field's rows, as profile_for takes them (a broken row raises, as before).
    if table is None:
        return None
    return tuple((int(low), int(high), int(tricks)) for low, high, tricks in table)


class League(models.Model):
    """A term league of a class (docs/rules.md §10): its established pairs play mini-matches
    of a few deals against each other over the term's evenings; a cross-table ranks
    them. The fixtures follow from the number of pairs (scoring.league), never stored."""

    school_class = models.ForeignKey(
        SchoolClass, on_delete=models.CASCADE, related_name="leagues", verbose_name=_("class")
    )
    name = models.CharField(_("name"), max_length=80)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    deals_per_match = models.PositiveSmallIntegerField(_("deals in a mini-match"), default=3)
    # The profile each deal is scored with: "target" wins a deal by the target, the
    # others by the score.
    scoring_profile = models.CharField(_("scoring"), max_length=20, default="target")
    evenings = models.PositiveSmallIntegerField(_("sessions"))
    points_win = models.PositiveSmallIntegerField(_("points for a win"), default=2)
    points_draw = models.PositiveSmallIntegerField(_("points for a draw"), default=1)
    points_loss = models.PositiveSmallIntegerField(_("points for a loss"), default=0)

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(deals_per_match__in=[3, 5]), name="league_best_of_3_or_5"
            ),
            models.CheckConstraint(
                condition=models.Q(points_win__gte=models.F("points_draw"))
                & models.Q(points_draw__gte=models.F("points_loss")),
                name="league_win_draw_loss_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def profile(self) -> Profile:
        """The scoring profile each deal of the league is scored with."""
        return get_profile(self.scoring_profile)


class LeaguePair(models.Model):
    """An established pair of a league, I, II, III… A deleted pupil leaves an empty
    place; the pair and its results stay."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("league")
    )
    number = models.PositiveSmallIntegerField(_("pair number"))
    first = models.ForeignKey(
        Pupil,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("pupil"),
    )
    second = models.ForeignKey(
        Pupil,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("partner"),
    )

    class Meta:
        verbose_name = _("league pair")
        verbose_name_plural = _("league pairs")
        ordering = ["league", "number"]
        constraints = [
            models.UniqueConstraint("league", "number", name="unique_league_pair_number"),
        ]

    def __str__(self) -> str:
        return " & ".join(str(pupil) for pupil in (self.first, self.second) if pupil)


class PairQuerySet(models.QuerySet["Pair"]):
    def playing_in(self, round_: int) -> PairQuerySet:
        """The pairs still playing in ``round_`` (see :meth:`Pair.plays_in`)."""
        return self.filter(
            models.Q(withdrawn_from_round__isnull=True) | models.Q(withdrawn_from_round__gt=round_)
        )


class Pair(models.Model):
    """A pair in a session. ``number`` and ``line`` are the pair's name in the movement
    ("3 N–S" in a Mitchell, "3" in a Howell), given when the session starts."""

    class Line(models.TextChoices):
        NS = "NS", SIDE_NAMES[Side.NS]
        EW = "EW", SIDE_NAMES[Side.EW]

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="pairs", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("pair number"))
    line = models.CharField(_("line"), max_length=2, choices=Line.choices, blank=True)
    # From this round on the pair no longer plays (a pupil left early); its opponents
    # have those rounds off. Results already entered are kept.
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("sits out from round"), null=True, blank=True
    )

    objects = PairQuerySet.as_manager()

    class Meta:
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")
        ordering = ["session", "-line", "number"]  # N–S pairs first, then E–W
        constraints = [
            models.UniqueConstraint("session", "line", "number", name="unique_pair_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}{' ' + self.line if self.line else ''}"

    def plays_in(self, round_: int) -> bool:
        """Whether the pair still plays in ``round_``: a pair that stopped (a pupil left
        early) sits out from ``withdrawn_from_round`` on; its results before stay."""
        return self.withdrawn_from_round is None or self.withdrawn_from_round > round_


class PairMember(models.Model):
    """A pupil in a pair. A pupil is in at most one pair of a session (the database
    refuses a second). Three pupils may share a pair and take turns."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(
        Pair, on_delete=models.CASCADE, related_name="members", verbose_name=_("pair")
    )
    pupil = models.ForeignKey(
        Pupil, on_delete=models.PROTECT, related_name="pair_memberships", verbose_name=_("pupil")
    )
    position = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["pair", "position"]
        constraints = [
            models.UniqueConstraint("session", "pupil", name="one_pair_per_pupil_per_session"),
        ]

    def __str__(self) -> str:
        return str(self.pupil)


class Table(models.Model):
    """A table of a running session. ``token`` makes the table's unguessable link
    (its QR code on the table card): no login, only this table's boards."""

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="tables", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    token = models.CharField(max_length=32, unique=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint("session", "number", name="unique_table_number"),
        ]

    def __str__(self) -> str:
        return f"{self.session} · {self.number}"


class Result(models.Model):
    """One board played (or not) at one table in one round.

    Only what was said at the table is stored: the contract, the tricks declarer won
    and any revoke. Declarer, scores and matchpoints follow from the cards and the
    rules library, so they can never disagree with them.
    """

    class Kind(models.TextChoices):
        PLAYED = "played", _("Played")
        NOT_PLAYED = "not_played", _("Not played")
        ADJUSTED = "adjusted", _("Adjusted score")

    class Revoke(models.TextChoices):
        NONE = "", _("No revoke")
        DECLARING_SIDE = "declaring", _("Declarer's side revoked (one trick to the defenders)")
        DEFENDERS = "defending", _("A defender revoked (one trick to declarer)")

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("table")
    )
    round = models.PositiveSmallIntegerField(_("round"))
    board_number = models.PositiveSmallIntegerField(_("board"))
    ns_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="+", verbose_name=SIDE_NAMES[Side.NS]
    )
    ew_pair = models.ForeignKey(
        Pair, on_delete=models.PROTECT, related_name="+", verbose_name=SIDE_NAMES[Side.EW]
    )
    # An individual session: its pairs are its pupils, and who sat North and East is
    # ns_pair and ew_pair; their partners this round, South and West, are these.
    ns_partner = models.ForeignKey(
        Pair,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=SEAT_NAMES[Seat.SOUTH],
    )
    ew_partner = models.ForeignKey(
        Pair,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=SEAT_NAMES[Seat.WEST],
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    contract = models.CharField(_("contract"), max_length=3, blank=True)
    tricks_won = models.PositiveSmallIntegerField(_("tricks won by declarer"), null=True)
    revoke = models.CharField(
        _("revoke"), max_length=10, choices=Revoke.choices, default=Revoke.NONE, blank=True
    )
    # Average+ 60 / Average 50 / Average− 40 (%), for each side, when adjusted.
    ns_adjusted = models.PositiveSmallIntegerField(
        side_heading_lazy(Side.NS, SideHeading.ADJUSTED), null=True
    )
    ew_adjusted = models.PositiveSmallIntegerField(
        side_heading_lazy(Side.EW, SideHeading.ADJUSTED), null=True
    )
    agreed = models.BooleanField(_("agreed by the opponents"), default=True)
    # Sent with each entry form: the same form twice (a double tap, a retry) is one result.
    # NULL, not "": rows without a key must not collide in the unique constraint.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(_("entered"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["board_number", "table__number"]
        constraints = [
            models.UniqueConstraint(
                "session", "board_number", "ns_pair", name="one_result_per_board_and_pairs"
            ),
            models.UniqueConstraint(
                "session", "round", "table", "board_number", name="one_result_per_table_board"
            ),
            models.UniqueConstraint("table", "idempotency_key", name="one_result_per_form"),
            models.CheckConstraint(
                condition=models.Q(tricks_won__isnull=True) | models.Q(tricks_won__lte=13),
                name="tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(kind="played", tricks_won__isnull=False) & ~models.Q(contract="")
                )
                | models.Q(kind="not_played")
                | models.Q(kind="adjusted", ns_adjusted__isnull=False, ew_adjusted__isnull=False),
                name="result_kind_has_its_fields",
            ),
            models.CheckConstraint(
                condition=models.Q(ns_partner__isnull=True, ew_partner__isnull=True)
                | models.Q(ns_partner__isnull=False, ew_partner__isnull=False),
                name="result_partners_both_or_neither",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session} board {self.board_number} table {self.table_id}"


class Flag(models.Model):
    """Something at a table the teacher must answer, kept (through round changes and
    the finish) until the teacher does: a table's "Something is wrong", or a second
    tablet whose different result was refused because the board already had one."""

    class Kind(models.TextChoices):
        CHECK = "check", _("The table asked the teacher to check")
        CONFLICT = "conflict", _("A second tablet sent another result")

    class Resolution(models.TextChoices):
        OPEN = "", _("Open")
        CORRECTED = "corrected", _("Corrected")
        CHECKED = "checked", _("Checked and left as it was")
        DISMISSED = "dismissed", _("Dismissed")

    result = models.ForeignKey(
        Result, on_delete=models.CASCADE, related_name="flags", verbose_name=_("result")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    # A conflict's refused answers: what the second tablet sent.
    sent_contract = models.CharField(_("contract sent"), max_length=3, blank=True)
    sent_tricks = models.PositiveSmallIntegerField(_("tricks sent"), null=True, blank=True)
    sent_revoke = models.CharField(
        _("revoke sent"), max_length=10, choices=Result.Revoke.choices, blank=True
    )
    raised_at = models.DateTimeField(_("raised"), auto_now_add=True)
    resolution = models.CharField(
        _("answer"), max_length=10, choices=Resolution.choices, default=Resolution.OPEN, blank=True
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("answered by"),
    )
    resolved_at = models.DateTimeField(_("answered"), null=True, blank=True)

    class Meta:
        verbose_name = _("flag")
        verbose_name_plural = _("flags")
        ordering = ["raised_at", "pk"]
        constraints = [
            # A double tap, or two tablets at once, raise one flag, not two.
            models.UniqueConstraint(
                "result", "kind", condition=models.Q(resolution=""), name="one_open_flag_per_kind"
            ),
            models.CheckConstraint(
                condition=models.Q(resolution="") | models.Q(resolved_at__isnull=False),
                name="answered_flag_has_a_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.result})"

    @property
    def is_open(self) -> bool:
        return self.resolution == self.Resolution.OPEN


class ResultChange(models.Model):
    """The audit trail: every correction of a result, who made it, when, old → new."""

    result = models.ForeignKey(
        Result, on_delete=models.CASCADE, related_name="changes", verbose_name=_("result")
    )
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("changed by"),
    )
    changed_at = models.DateTimeField(_("changed"), auto_now_add=True)
    old = models.CharField(_("before"), max_length=100)
    new = models.CharField(_("after"), max_length=100)

    class Meta:
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")
        ordering = ["changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.old} → {self.new}"
