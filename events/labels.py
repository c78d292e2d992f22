"""The events' wording, in one place (as tournaments.labels is the classroom's): every
user-facing sentence about events that is built in Python lives here, one msgid per
term."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from events.schools.upload_outcomes import SiteProblemCode
from scoring.upload import UploadProblemCode
from tournaments.labels.bridge import contract_text, seat_name

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise

    from events.schools.upload_outcomes import Problem, UploadOutcome

# -- Organisers and joining ---------------------------------------------------------------

BOARDS_DEAL = gettext_lazy("Deal new boards from a seed")
BOARDS_IMPORT = gettext_lazy("Import a PBN file")
BOARDS_NEEDED = gettext_lazy("Say how many boards to deal, or choose a PBN file.")
FILE_NEEDED = gettext_lazy("Choose the PBN file with the event's boards.")
BOARDS_LOCKED = gettext_lazy(
    "A school has started playing these boards, so they can no longer change."
)
EVENT_DEFAULT_NAME = gettext_lazy("Simultaneous %(date)s")
EVENT_CREATED = gettext_lazy("The event is ready. Give schools its join code.")
BOARDS_CHANGED = gettext_lazy("The event has new boards.")
EVENT_OVER = gettext_lazy("This event ended on %(day)s, so no school can join it any more.")
EVENT_OVER_PLAY = gettext_lazy(
    "This event ended on %(day)s, so no class can start playing it any more."
)
CODE_UNKNOWN = gettext_lazy(
    "No event has this code. Check it with the organiser and type it again."
)
CLASS_NEEDED = gettext_lazy("Choose the class that plays.")
SESSION_EXISTS = gettext_lazy("Your class has its session for this event already.")
UPLOADS_PLAY_ELSEWHERE = gettext_lazy(
    "Your school plays on its own laptop and uploads its results: there is no session here."
)
SCHOOL_JOINED = gettext_lazy("Your school has joined %(event)s.")

# -- Sections -----------------------------------------------------------------------------

SECTION_NAME_NEEDED = gettext_lazy("Give the section a name, for example Years 5–6.")
SECTION_NAME_TOO_LONG = gettext_lazy("A section's name is at most %(limit)s characters.")
SECTION_TAKEN = gettext_lazy("The event has a section called %(name)s already.")
SECTION_TWICE = gettext_lazy("%(name)s is in the list twice: give each section its own name.")
SECTIONS_TOO_MANY = gettext_lazy("An event has at most %(limit)s sections.")
SECTION_NEEDED = gettext_lazy("Choose your school's section.")
SECTION_NOT_IN_EVENT = gettext_lazy("Choose one of the event's sections.")
SECTION_GONE = gettext_lazy(
    "This section is no longer in the event. Reload the page and choose again."
)
SECTION_CHANGE_OVER = gettext_lazy(
    "This event ended on %(day)s: ask the organiser to move your school to another section."
)
SECTION_RENAMED = gettext_lazy("The section is now called %(name)s.")
SECTION_REMOVED = gettext_lazy("The section %(name)s is removed.")
SECTIONS_ENDED = gettext_lazy(
    "The section %(name)s is removed: the event has one national ranking again."
)
SCHOOL_MOVED = gettext_lazy("%(school)s is in %(section)s now.")
MOVE_NOWHERE = gettext_lazy("Nowhere: the event goes back to one national ranking")


def section_added_text(name: str, schools: int) -> str:
    """After a section is added: the first one takes the schools that joined already."""
    if not schools:
        return _("The section %(name)s is added.") % {"name": name}
    return ngettext(
        "The section %(name)s is added, and the school that joined already is in it.",
        "The section %(name)s is added, and the %(count)s schools that joined already are in it.",
        schools,
    ) % {"name": name, "count": schools}


def section_in_use_text(name: str, schools: int) -> str:
    """Why a section with schools is not removed before its schools have another."""
    return ngettext(
        "%(count)s school is in %(name)s: choose the section it goes to, then remove it.",
        "%(count)s schools are in %(name)s: choose the section they go to, then remove it.",
        schools,
    ) % {"name": name, "count": schools}


def section_removed_text(name: str, schools: int, moved_to: str | None) -> str:
    """After a section is removed, and where its schools went (``moved_to`` None: the
    last sections ended, and the event has one national ranking again)."""
    if schools and moved_to is None:
        return str(SECTIONS_ENDED % {"name": name})
    if not schools:
        return str(SECTION_REMOVED % {"name": name})
    return ngettext(
        "The section %(name)s is removed; its school is in %(to)s now.",
        "The section %(name)s is removed; its %(count)s schools are in %(to)s now.",
        schools,
    ) % {"name": name, "count": schools, "to": moved_to}


#: How a school's class plays the event, as the teacher chooses it.
HOW_WE_PLAY = {
    "direct": gettext_lazy("Here, on this site, with our tablets"),
    "pbn": gettext_lazy("On our own laptop, then we upload the results as a PBN file"),
    "usebio": gettext_lazy("On our own laptop, then we upload the results as a USEBIO file"),
}


# -- Uploads --------------------------------------------------------------------------------

# One sentence for each way a results file is refused, keyed by the problem's code
# (scoring.upload.UploadProblemCode, events.schools.upload_outcomes.SiteProblemCode); the library's
# English message is never shown. "%(board)s" and the others come from its params.
_UPLOAD_PROBLEMS: dict[str, StrPromise] = {
    UploadProblemCode.NOT_READABLE: gettext_lazy(
        "The file cannot be read. Send the PBN file with results that the site exports, "
        "or a USEBIO file (XML)."
    ),
    UploadProblemCode.UNSAFE: gettext_lazy(
        "The file holds XML the site does not accept (entity declarations). Export it "
        "again from your scoring program."
    ),
    UploadProblemCode.NOT_USEBIO: gettext_lazy(
        "The file is XML but not a USEBIO results file of one event."
    ),
    UploadProblemCode.UNKNOWN_ENCODING: gettext_lazy(
        "The file says its text is stored as “%(encoding)s”, which the site cannot read. "
        "Export it again from your scoring program as UTF-8."
    ),
    UploadProblemCode.TOO_MANY_ITEMS: gettext_lazy(
        "The file is far too long for one school's results. Is it the right file?"
    ),
    UploadProblemCode.BOARD_NUMBER: gettext_lazy(
        "A board in the file has no board number the site can read."
    ),
    UploadProblemCode.BOARD_TWICE: gettext_lazy("Board %(board)s appears twice in the file."),
    UploadProblemCode.BAD_DEAL: gettext_lazy("Board %(board)s: its cards cannot be read."),
    UploadProblemCode.PAIR_TWICE: gettext_lazy("Pair %(pair)s is in the file twice."),
    UploadProblemCode.BAD_RESULT: gettext_lazy("Board %(board)s: a result cannot be read."),
    UploadProblemCode.UNKNOWN_PAIR: gettext_lazy(
        "Board %(board)s: pair %(pair)s is not among the file's pairs."
    ),
    UploadProblemCode.BOARD_MISSING: gettext_lazy(
        "Board %(board)s of the event is not in the file."
    ),
    UploadProblemCode.BOARD_DIFFERENT: gettext_lazy(
        "Board %(board)s in the file has other cards than the event's board %(board)s: "
        "it was not dealt from the event's boards."
    ),
    UploadProblemCode.BOARD_EXTRA: gettext_lazy(
        "Board %(board)s in the file is not one of the event's boards."
    ),
    UploadProblemCode.BOARD_NO_DEAL: gettext_lazy(
        "Board %(board)s in the file has no cards, so it cannot be checked against the "
        "event's board."
    ),
    UploadProblemCode.RESULT_UNKNOWN_BOARD: gettext_lazy(
        "The file has results for board %(board)s, which is not one of the event's boards."
    ),
    UploadProblemCode.RESULT_TWICE: gettext_lazy(
        "Board %(board)s: pair %(pair)s has more than one result, or plays against itself."
    ),
    UploadProblemCode.NO_RESULTS: gettext_lazy("The file has no results."),
    UploadProblemCode.ADJUSTED_AS_AVERAGE: gettext_lazy(
        "Board %(board)s: an adjusted score that was the board's only result was taken as "
        "Average (50%% each)."
    ),
    SiteProblemCode.EMPTY: gettext_lazy("The file is empty."),
    SiteProblemCode.PLAYS_HERE: gettext_lazy(
        "This school plays the event on this site: its results reach the event by "
        "themselves, so there is nothing to upload."
    ),
    SiteProblemCode.NO_DEALS: gettext_lazy(
        "The file has no cards, so the site cannot check that it was played on the "
        "event's boards. Send a file with the deals: the site's PBN export, or USEBIO "
        "with its hands."
    ),
    SiteProblemCode.CONTRACT_NOT_ALLOWED: gettext_lazy(
        "Board %(board)s: %(contract)s is not allowed in this event's scoring."
    ),
    SiteProblemCode.WRONG_DECLARER: gettext_lazy(
        "Board %(board)s: the file has %(declarer)s as declarer, but the cards make "
        "%(expected)s declarer on this board."
    ),
    SiteProblemCode.PAIR_ID_TOO_LONG: gettext_lazy(
        "A pair's number in the file is too long: %(pair)s…"
    ),
}

# The same problems when the file does not say which board (or which pair, or which
# encoding) they are on.
_UPLOAD_PROBLEMS_ANYWHERE: dict[str, StrPromise] = {
    UploadProblemCode.BAD_DEAL: gettext_lazy("A board's cards in the file cannot be read."),
    UploadProblemCode.BAD_RESULT: gettext_lazy("A result or a pair in the file cannot be read."),
    UploadProblemCode.BOARD_TWICE: gettext_lazy("A board appears twice in the file."),
    UploadProblemCode.UNKNOWN_ENCODING: gettext_lazy(
        "The file's text is stored in a way the site cannot read. Export it again from "
        "your scoring program as UTF-8."
    ),
}


def upload_problem_text(problem: Problem) -> str:
    """Why a results file was refused (or what its reader decided), in the user's
    language, from the problem's code and params."""
    params = {key: value for key, value in problem.params.items() if value not in (None, "")}
    code = str(problem.code)
    if problem.board is not None:
        params.setdefault("board", problem.board)
    if code == UploadProblemCode.TOO_LARGE:
        limit = params.get("limit")
        megabytes = limit // (1024 * 1024) if isinstance(limit, int) else 0
        return _(
            "The file is too large for one school's results (at most %(limit)s MB). Is it "
            "the right file?"
        ) % {"limit": max(megabytes, 1)}
    if code == UploadProblemCode.BOARD_DIFFERENT and params.get("matches_board"):
        return _(
            "Board %(board)s in the file has the cards of the event's board %(other)s: the "
            "boards were numbered differently."
        ) % {"board": params["board"], "other": params["matches_board"]}
    if code == SiteProblemCode.CONTRACT_NOT_ALLOWED:
        params["contract"] = contract_text(str(params["contract"]))
    if code == SiteProblemCode.WRONG_DECLARER:
        params["declarer"] = seat_name(str(params["declarer"]))
        params["expected"] = seat_name(str(params["expected"]))
    template = _UPLOAD_PROBLEMS.get(code)
    needs = ("board", "pair", "encoding")
    if template is None or any(
        f"%({key})s" in str(template) and key not in params for key in needs
    ):
        template = _UPLOAD_PROBLEMS_ANYWHERE.get(
            code, _UPLOAD_PROBLEMS[UploadProblemCode.NOT_READABLE]
        )
    return str(template) % params


def upload_outcome_text(outcome: UploadOutcome) -> str:
    """What became of a file that was not refused: "Taken: 24 boards, 72 results." or
    "Nothing changed: this is the file you sent before." """
    if not outcome.taken:
        return _("Nothing changed: this is the file you sent before.")
    boards = ngettext("%(count)s board", "%(count)s boards", outcome.boards) % {
        "count": outcome.boards
    }
    results = ngettext("%(count)s result", "%(count)s results", outcome.results) % {
        "count": outcome.results
    }
    return _("Taken: %(boards)s, %(results)s.") % {"boards": boards, "results": results}


# -- National results -----------------------------------------------------------------------


def national_percent() -> str:
    """The heading of a pair's national percentage."""
    return _("National percentage")


def board_played_text(number: int, played: int) -> str:
    """A board's heading over its frequency tables: "Board 3 · played at 5 tables"."""
    board = _("Board %(number)s") % {"number": number}
    tables = ngettext("played at %(count)s table", "played at %(count)s tables", played) % {
        "count": played
    }
    return f"{board} · {tables}"


# -- The event booklet ----------------------------------------------------------------------


def booklet_kind() -> str:
    """What the booklet is called in each page's header."""
    return _("Event booklet")


def booklet_not_analysed() -> str:
    """Instead of a par, for a board the analysis has not reached (as the lesson pack)."""
    return _("The cards are not analysed yet")


def booklet_frequency_heading() -> str:
    """The heading of a board's contracts across the event."""
    return _("Across the event:")


def booklet_frequency_text(contracts: Sequence[tuple[str, int]]) -> str:
    """How often each contract was played on a board, most played first:
    "4♠ at 12 tables · 3NT at one table"; "No results yet." with none."""
    if not contracts:
        return _("No results yet.")
    return " · ".join(
        ngettext("%(contract)s at one table", "%(contract)s at %(count)s tables", count)
        % {"contract": _contract(contract), "count": count}
        for contract, count in contracts
    )


def _contract(text: str) -> str:
    try:
        return contract_text(text)
    except ValueError:  # never from this site's rows; shown as stored rather than lost
        return text
