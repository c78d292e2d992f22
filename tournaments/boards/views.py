"""Board sets: the list, a set's page, dealing or importing one, a board's page, the
analysis, the prints and files. Thin views: read through selectors, write through
services, render or redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.dup import DupError
from tournaments.boards import files as board_files
from tournaments.boards import selectors as board_selectors
from tournaments.boards import services as board_services
from tournaments.boards.forms import PRESET_CHOICES, BoardSetDealForm, BoardSetImportForm
from tournaments.printing.boards import board_prints, board_slips_pdf, curtain_cards_pdf
from tournaments.web.http import TeacherRequest, attachment, paper_size


@require_GET
@login_required
def board_set_list(request: TeacherRequest) -> HttpResponse:
    board_sets = board_selectors.board_sets_for_teacher(request.user)
    return render(request, "tournaments/boards/board_set_list.html", {"board_sets": board_sets})


@require_GET
@login_required
def board_set_detail(request: TeacherRequest, board_set_id: int) -> HttpResponse:
    board_set = board_selectors.get_board_set_for_teacher(request.user, board_set_id)
    boards = [board_selectors.board_facts(board) for board in board_set.boards.all()]
    template = "tournaments/boards/board_set_detail.html"
    if request.htmx:
        template += "#live"
    context = {
        "board_set": board_set,
        "boards": boards,
        "preset_label": dict(PRESET_CHOICES).get(board_set.preset, ""),
        "analysing": board_selectors.analysis_running(board_set),
        "analysis": board_selectors.analysis_progress(board_set.pk),
        "answers_ready": board_selectors.answers_ready(board_set),
        "papers": [("A4", ""), ("Letter", "?paper=letter")],
    }
    return render(request, template, context)


@require_POST
@login_required
def board_set_analyse(request: TeacherRequest, board_set_id: int) -> HttpResponse:
    board_set = board_selectors.get_board_set_for_teacher(request.user, board_set_id)
    board_services.board_set_request_analysis(board_set=board_set)
    return redirect("tournaments:board_set_detail", board_set_id=board_set.pk)


@require_GET
@login_required
def board_detail(request: TeacherRequest, board_set_id: int, number: int) -> HttpResponse:
    board = board_selectors.get_board_for_teacher(request.user, board_set_id, number)
    numbers = list(board.board_set.boards.values_list("number", flat=True))
    index = numbers.index(number)
    return render(
        request,
        "tournaments/boards/board_detail.html",
        {
            "board_set": board.board_set,
            "board": board_selectors.board_facts(board),
            "previous": numbers[index - 1] if index > 0 else None,
            "next": numbers[index + 1] if index + 1 < len(numbers) else None,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def board_set_create(request: TeacherRequest) -> HttpResponse:
    form = BoardSetDealForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            board_set = board_services.board_set_deal(teacher=request.user, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect("tournaments:board_set_detail", board_set_id=board_set.pk)
    return render(request, "tournaments/boards/board_set_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def board_set_import(request: TeacherRequest) -> HttpResponse:
    form = BoardSetImportForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
    )
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        try:
            board_set = board_services.board_set_import(
                teacher=request.user,
                text=form.cleaned_data["file"],
                filename=form.filename,
                name=form.cleaned_data["name"],
                good_only=form.cleaned_data["good_only"],
            )
        except board_services.BoardImportRefused as refused:
            context.update(
                problems=refused.problems,
                more_problems=refused.more_problems,
                problem_count=len(refused.problems) + refused.more_problems,
                good_count=refused.good_count,
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                ngettext(
                    "%(count)s board imported.",
                    "%(count)s boards imported.",
                    board_set.boards.count(),
                )
                % {"count": board_set.boards.count()},
            )
            return redirect("tournaments:board_set_detail", board_set_id=board_set.pk)
    status = 422 if context.get("problems") or form.errors else 200
    return render(request, "tournaments/boards/board_set_import.html", context, status=status)


@require_GET
@login_required
def board_set_download(request: TeacherRequest, board_set_id: int, kind: str) -> HttpResponse:
    """The set as a file: board slips with or without the answers, or curtain cards
    (PDF, A4 or ?paper=letter), PBN, or DUP for a dealing machine."""
    board_set = board_selectors.get_board_set_for_teacher(request.user, board_set_id)
    if kind == "slips" and not board_selectors.answers_ready(board_set):
        # Never slips that silently lack the answers: the page offers the slips without
        # them as a choice of their own, and these the moment the analysis is done.
        if board_selectors.analysis_running(board_set):
            message = _(
                "The board slips with the answers are not ready yet: the best contracts "
                "are being worked out (%(done)s of %(total)s). Take the slips without the "
                "answers, or wait a moment."
            ) % {
                "done": board_set.analysed_count,
                "total": board_set.board_count,
            }
        else:
            message = _(
                "The board slips with the answers need the best contracts: work them out "
                "first, or take the slips without the answers."
            )
        messages.error(request, message)
        return redirect("tournaments:board_set_detail", board_set_id=board_set.pk)
    boards = [board_selectors.board_facts(board) for board in board_set.boards.all()]
    paper = paper_size(request)
    stem = slugify(str(board_set)) or "boards"
    if kind in {"slips", "slips-without-answers", "curtain-cards"}:
        prints = board_prints(boards)
        if kind != "curtain-cards":
            # Without the answers (no tricks table, no par): slips for the tables while
            # the boards are still being played.
            data = board_slips_pdf(
                prints, page_size=paper, title=str(board_set), with_analysis=kind == "slips"
            )
        else:
            data = curtain_cards_pdf(prints, page_size=paper, title=str(board_set))
        return attachment(data, f"{stem}-{kind}.pdf", "application/pdf")
    if kind == "pbn":
        text = board_files.board_set_pbn(board_set, boards)
        return attachment(text.encode("utf-8"), f"{stem}.pbn", "text/plain; charset=utf-8")
    if kind == "dup":
        try:
            data = board_files.board_set_dup(boards)
        except DupError:
            messages.error(
                request,
                _(
                    "A dealing machine file needs boards numbered one after another, "
                    "with none missing."
                ),
            )
            return redirect("tournaments:board_set_detail", board_set_id=board_set.pk)
        return attachment(data, f"{stem}.dup", "application/octet-stream")
    raise Http404
