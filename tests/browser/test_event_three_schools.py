"""A simultaneous event with three schools in real chromium (issue 20): one plays on
this site (its tablet enters results), one uploads the site's PBN export from its own
laptop, one uploads a USEBIO file; the public page ranks every pair nationally with
first names and schools only, and the national percentages equal a computation by hand
from the results as the event holds them."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import EventPair, EventResult, EventSchool
from events.schools.services import school_join
from tests.browser.conftest import log_in_as
from tests.events.schools.test_uploads import pbn_export, played_on_a_laptop, usebio_file
from tests.factories import event_school_session, organiser_event, play_round


def _national_by_hand() -> dict[int, float]:
    """EBU matchpoints board by board over every school's results (2 for each N–S
    score beaten, 1 for each tie; E–W the rest of the top), then each pair's
    matchpoints over its tops, as a percentage."""
    by_board: dict[int, list[EventResult]] = defaultdict(list)
    for row in EventResult.objects.all():
        by_board[row.board_number].append(row)
    got: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for rows in by_board.values():
        top = 2 * (len(rows) - 1)
        for row in rows:
            assert row.ns_score is not None
            ns = sum(
                2 if row.ns_score > other.ns_score else 1 if row.ns_score == other.ns_score else 0
                for other in rows
                if other.pk != row.pk and other.ns_score is not None
            )
            for pair, mp in ((row.ns_pair_id, ns), (row.ew_pair_id, top - ns)):
                got[pair][0] += mp
                got[pair][1] += top
    return {pair: 100 * mp / top for pair, (mp, top) in got.items()}


def test_three_schools_play_directly_and_upload_pbn_and_usebio(
    page: Page,
    alice: User,
    bob: User,
    alice_client: Client,
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    event = organiser_event(boards=8, seed="event")
    # Bergen plays here: a Howell of 4 pairs, 3 rounds of 2 boards. Its first table's
    # tablet enters round 1 in the browser; the rest is entered as the tables would.
    bergen = event_school_session(event, bob, school="Bergen skole", rounds=3)
    table = bergen.tables.get(number=1)
    page.goto(f"/t/{table.token}/")
    for index, tricks in enumerate(("7", "7")):
        page.get_by_role("radio", name="No trumps").check()
        page.get_by_role("radio", name="Part-score").check()
        page.get_by_role("radio", name=tricks, exact=True).check()
        page.get_by_role("button", name="Save").click()
        expect(page.get_by_text("How the other tables did").nth(index)).to_be_visible()
    play_round(bergen, 1, {})
    play_round(bergen, 2, {(1, 3): ("3NT", 9)})
    play_round(bergen, 3, {(2, 6): ("1S", 6)})

    # Nord played on its own laptop (the event's boards dealt from its seed) and sends
    # the site's PBN export; Syd sends USEBIO from a scoring program.
    nord = school_join(event=event, teacher=alice, name="Nord skole")
    syd = school_join(event=event, teacher=alice, name="Syd skole")
    pbn = tmp_path / "nord.pbn"
    pbn.write_bytes(pbn_export(played_on_a_laptop(alice), alice_client))
    usebio = tmp_path / "syd.xml"
    usebio.write_bytes(usebio_file(event))
    page.context.clear_cookies()
    log_in_as(page, alice, live_server.url)
    for school, path, taken in (
        (nord, pbn, "Taken: 8 boards, 24 results."),
        (syd, usebio, "Taken: 4 boards, 8 results."),
    ):
        page.goto(f"/events/schools/{school.pk}/upload/")
        page.get_by_label("Results file").set_input_files(str(path))
        page.get_by_role("button", name="Upload").click()
        expect(page.get_by_role("status")).to_contain_text(taken)

    # The public page: no login, every pair of the three schools, first names only.
    page.context.clear_cookies()
    page.goto(f"/events/r/{event.public_token}/")
    rows = page.locator("table.national-ranking tbody tr")
    expect(rows).to_have_count(4 + 8 + 4)
    text = page.locator("main").inner_text()
    for school_name in ("Bergen skole", "Nord skole", "Syd skole"):
        assert school_name in text
    for surname in ("Surname", "Hansen", "Olsen", "Berg Lie"):
        assert surname not in text
    sources = dict(EventSchool.objects.values_list("name", "source"))
    assert sources == {"Bergen skole": "direct", "Nord skole": "pbn", "Syd skole": "usebio"}

    # Every pair's national percentage on the page equals the computation by hand.
    expected = _national_by_hand()
    pairs = {pair.pk: pair for pair in EventPair.objects.select_related("school")}
    assert len(expected) == rows.count()
    for pk, percent in expected.items():
        pair = pairs[pk]
        row = rows.filter(has_text=pair.school.name).filter(has_text=pair.names)
        expect(row).to_have_count(1)
        shown = float(row.locator("td").nth(2).inner_text().removesuffix(" %"))
        assert abs(shown - percent) < 0.006, (pair.names, shown, percent)  # to 2 decimals
