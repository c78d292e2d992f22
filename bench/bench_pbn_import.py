"""How long a PBN upload holds a worker, for a normal file and for hostile ones.

Run from the project root::

    .venv/bin/python bench/bench_pbn_import.py [--runs 3]

Uploads each file as a teacher does (POST /boards/import/ through Django's test client
against a scratch SQLite database: the form's 2 MB check, decoding, the PBN reader, the
service's checks, the page of problems or the redirect), and prints the median time, the
answer's status and size, and how long the PBN reader alone takes (as the site calls it,
with at most 64 boards). The files:

* a normal set: 64 dealt boards with double-dummy tables, as ``make_boards --dd`` writes;
* board tags: ``[Board "1"]`` and an empty line, over and over, just under 2 MB (about
  161,000 boards that all have a problem);
* one game of board tags: the same without the empty lines (one game of 2 MB);
* stray lines: 2 MB of one-letter lines of text outside any tag;
* a long table: one good board whose ScoreTable goes on for 2 MB.

Exits with status 1 when an upload of one of these files takes longer than the goal.
"""

from __future__ import annotations

# ruff: noqa: E402
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
_scratch = tempfile.mkdtemp(prefix="minibridge-bench-")
os.environ["DEBUG"] = "false"
os.environ["SECRET_KEY"] = "bench-only-" + "x" * 50
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ["ALLOW_HTTP"] = "true"
os.environ["DATABASE_URL"] = f"sqlite:///{_scratch}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "minibridge.settings")

import django

django.setup()

import argparse
import logging
import statistics
import time
import warnings
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from scoring import dd, dealing
from scoring.pbn import PbnBoard, read_pbn, write_pbn
from tournaments.boards.forms import MAX_PBN_BYTES
from tournaments.models import BoardSet

#: Seconds an upload of at most 2 MB may hold a worker.
GOAL_SECONDS = 1.0
GOOD_DEAL = "N:KQ65..A732.K8642 32.QT6432.864.AQ AJ84.K85.KQ5.J73 T97.AJ97.JT9.T95"


def _fill(unit: str, prefix: str = "") -> bytes:
    """``prefix`` then ``unit`` over and over, just under the upload limit."""
    room = MAX_PBN_BYTES - 1024 - len(prefix)
    return (prefix + unit * (room // len(unit))).encode()


def normal_set() -> bytes:
    dealt = dealing.deal_boards(64, seed="bench-pbn-import")
    tables = dd.analyse([board.deal for board in dealt.boards])
    boards = [
        PbnBoard(
            number=board.number,
            dealer=board.dealer,
            deal=board.deal,
            dd_tricks=dict(table.tricks),
        )
        for board, table in zip(dealt.boards, tables, strict=True)
    ]
    return write_pbn(boards, event="Bench").encode()


def files() -> dict[str, bytes]:
    return {
        "normal set, 64 boards": normal_set(),
        "board tags": _fill('[Board "1"]\n\n'),
        "one game of board tags": _fill('[Board "1"]\n'),
        "stray lines": _fill("x\n"),
        "a long table": _fill(
            " 1  2    420\n",
            f'[Board "1"]\n[Deal "{GOOD_DEAL}"]\n[ScoreTable "PairId_NS;PairId_EW;Score_NS"]\n',
        ),
    }


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    # No collectstatic in a scratch run: plain static URLs instead of the manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    warnings.filterwarnings("ignore", message="No directory at")
    logging.getLogger("django.request").setLevel(logging.ERROR)  # the 422s are expected
    call_command("migrate", verbosity=0)
    client = Client()
    client.force_login(get_user_model().objects.create_user("bench"))
    client.get("/boards/import/")  # warm-up: templates, translations, the first query

    worst = 0.0
    print(f"median of {args.runs} runs; goal: an upload of up to 2 MB in ≤ {GOAL_SECONDS} s")
    print(f"{'file':24}{'size':>10}{'upload':>10}{'status':>8}{'answer':>11}{'reader':>10}")
    for name, data in files().items():
        answers: list[tuple[int, int]] = []

        def upload(data: bytes = data, answers: list[tuple[int, int]] = answers) -> None:
            BoardSet.objects.all().delete()
            file = SimpleUploadedFile("bench.pbn", data, content_type="application/octet-stream")
            response = client.post("/boards/import/", {"file": file, "name": ""})
            answers.append((response.status_code, len(response.content)))

        seconds = median_seconds(upload, args.runs)

        def read(data: bytes = data) -> object:
            return read_pbn(data, max_boards=64)

        reader = median_seconds(read, args.runs)
        status, size = answers[-1]
        worst = max(worst, seconds)
        print(
            f"{name:24}{len(data) / 1e6:>7.2f} MB{seconds:>8.2f} s{status:>8}"
            f"{size / 1e3:>8.0f} kB{reader:>8.2f} s"
        )
    verdict = "met" if worst <= GOAL_SECONDS else "NOT met"
    print(f"slowest upload {worst:.2f} s: goal {verdict}")
    return 0 if worst <= GOAL_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
