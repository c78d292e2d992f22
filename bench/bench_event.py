"""A national simultaneous event: 200 schools × 6 tables × 24 boards (28,800 results).

Run from the project root::

    .venv/bin/python bench/bench_event.py                       # SQLite
    .venv/bin/python bench/bench_event.py --database postgres   # a private PostgreSQL

On a scratch database (bench/_serve.py: SQLite in a temporary folder, or a PostgreSQL
server started here as .ci/run starts one) an event of 24 boards gets 200 schools, each
with 12 pairs at 6 tables (a Howell-like field: every table plays every board) and a
spread of scores, 28,800 result rows in all, as uploads and sessions leave them. Then:

1. the national results from cold (no cache): queries and milliseconds, median of a few
   runs, against the goal of ≤ 20 queries and ≤ 2 s;
2. the same read once cached (what every other page view costs).
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

from _serve import scratch_site

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SCHOOLS = 200
TABLES = 6
BOARDS = 24
GOAL_QUERIES = 20
GOAL_COLD_S = 2.0

#: N–S net scores a Minibridge board typically sees, most common first.
SCORES = [110, -110, 90, -90, 120, -120, 400, -400, 420, -420, 50, -50, 100, -100, 150, -150]


def build_event(schools: int = SCHOOLS) -> int:
    """The event and its schools' rows, bulk-made; returns the event's id."""
    from django.contrib.auth import get_user_model

    from events import services as event_services
    from events.models import EventPair, EventResult, EventSchool, Organiser
    from tournaments import services

    user = get_user_model().objects.create_user("bench-federation")
    organiser = Organiser.objects.create(user=user, name="Bench federation")
    board_set = services.board_set_deal(teacher=user, name="bench", count=BOARDS, seed="bench")
    event = event_services.event_create(
        organiser=organiser,
        name="Bench simultaneous",
        board_set=board_set,
        starts_on=datetime.date(2026, 11, 30),
        ends_on=datetime.date(2026, 12, 4),
    )
    rng = random.Random(20)
    made = EventSchool.objects.bulk_create(
        EventSchool(event=event, name=f"School {n:03}", source=EventSchool.Source.USEBIO)
        for n in range(schools)
    )
    pairs = EventPair.objects.bulk_create(
        EventPair(school=school, key=str(number), names=f"A{number} & B{number}")
        for school in made
        for number in range(1, 2 * TABLES + 1)
    )
    by_school: dict[int, list[EventPair]] = {}
    for pair in pairs:
        by_school.setdefault(pair.school_id, []).append(pair)
    rows = []
    for school in made:
        school_pairs = by_school[school.pk]
        for board in range(1, BOARDS + 1):
            order = rng.sample(school_pairs, len(school_pairs))
            for table in range(TABLES):
                rows.append(
                    EventResult(
                        school=school,
                        board_number=board,
                        ns_pair=order[2 * table],
                        ew_pair=order[2 * table + 1],
                        contract="3NT",
                        declarer="N",
                        tricks=9,
                        ns_score=rng.choice(SCORES),
                    )
                )
    EventResult.objects.bulk_create(rows, batch_size=2000)
    return event.pk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--database-url", default="")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    with scratch_site(args.database, args.database_url) as site:
        site.django()
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from events.models import Event, EventNational, EventResult
        from events.national import national_results

        start = time.perf_counter()
        event = Event.objects.get(pk=build_event())
        built = time.perf_counter() - start
        count = EventResult.objects.filter(school__event=event).count()
        print(
            f"{args.database}: {SCHOOLS} schools × {TABLES} tables × {BOARDS} boards "
            f"({count} results), built in {built:.1f} s"
        )
        cold, queries = [], 0
        for _ in range(args.runs):
            EventNational.objects.filter(event=event).delete()
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                results = national_results(event)
                cold.append(time.perf_counter() - start)
            queries = len(captured)
        cached = []
        for _ in range(args.runs):
            with CaptureQueriesContext(connection) as captured_cached:
                start = time.perf_counter()
                national_results(event)
                cached.append(time.perf_counter() - start)
        cold_s = statistics.median(cold)
        print(
            f"  national results from cold: {queries} queries, {cold_s * 1000:.0f} ms "
            f"(median of {args.runs}; {len(results.pairs)} pairs ranked)"
        )
        print(
            f"  the same, cached: {len(captured_cached)} queries, "
            f"{statistics.median(cached) * 1000:.0f} ms"
        )
        ok = queries <= GOAL_QUERIES and cold_s <= GOAL_COLD_S
        print(
            f"goal: from cold ≤ {GOAL_QUERIES} queries and ≤ {GOAL_COLD_S:.0f} s -> "
            f"{'met' if ok else 'NOT met'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
