"""Background tasks. Each is a thin wrapper: the work itself lives in a module of its own."""

from __future__ import annotations

from django_tasks import task

from tournaments.boards import analysis


@task()
def analyse_board_set(board_set_id: int) -> None:
    analysis.board_set_run_analysis(board_set_id=board_set_id)
