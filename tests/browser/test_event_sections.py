"""An event with sections by age, in real chromium, from set-up to the public page: the
organiser makes the event with two sections (and adds and removes a third on its
page), three schools join into them with the code, their results arrive as USEBIO
files, and the public page shows the national ranking with each pair's section, and
each section's ranking with its own places; axe finds nothing, in English and
Norwegian."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from events.models import Event, EventSchool, Organiser
from events.results.selectors import national_figures
from events.schools.uploads import event_boards, school_upload
from scoring.upload import Upload, UploadBoard, UploadPair, UploadResult
from scoring.usebio import write_usebio
from tests.browser.classroom import set_language, visit
from tests.browser.conftest import log_in_as
from tests.browser.test_accessibility import axe_violations

#: Tricks declarer makes in 1NT at each school's two tables on boards 1–4.
TRICKS = {"Ask skole": (9, 6, 8, 7), "Berg skole": (7, 7, 6, 9), "Dal skole": (6, 8, 9, 6)}
#: Each school's section, as its teacher chooses it when joining.
SECTION = {"Ask skole": "Years 5–6", "Berg skole": "Years 7–8", "Dal skole": "Years 5–6"}


def _results_file(event: Event, school: str) -> bytes:
    """A school's four pairs on boards 1–4 at two tables (1 v 2, 3 v 4), as its own
    scoring program would write them: 1NT by the board's declarer, the tricks of
    TRICKS at table 1 and one fewer at table 2."""
    facts = event_boards(event)
    boards = tuple(UploadBoard(n, facts[n].deal, facts[n].dealer) for n in range(1, 5))
    pairs = tuple(UploadPair(str(n), (f"{school[:3]}{n}", f"Kid{n} Hansen")) for n in range(1, 5))
    results = tuple(
        UploadResult(
            board,
            ns,
            ew,
            contract="1NT",
            declarer=facts[board].declaration.declarer,
            tricks=TRICKS[school][board - 1] - table,
            ns_score=0,  # the event scores every result again
        )
        for board in range(1, 5)
        for table, (ns, ew) in enumerate((("1", "2"), ("3", "4")))
    )
    return write_usebio(Upload(boards=boards, pairs=pairs, results=results))


def _join(page: Page, code: str, school: str, section: str) -> None:
    page.goto("/events/join/")
    page.get_by_label("Join code").fill(code)
    page.get_by_role("button", name="Next").click()
    page.get_by_label("Your school's name").fill(school)
    page.get_by_label("Section", exact=True).select_option(label=section)
    page.get_by_label("On our own laptop, then we upload the results as a USEBIO file").check()
    page.get_by_role("button", name="Join the event").click()
    expect(page.get_by_text(re.compile("Your school has joined"))).to_be_visible()
    expect(page.get_by_test_id("school-section")).to_have_text(section)


def _ranking(page: Page) -> list[list[str]]:
    rows = page.locator("table.national-ranking tbody tr")
    return [
        [cell.strip() for cell in rows.nth(n).locator("td").all_inner_texts()]
        for n in range(rows.count())
    ]


def test_an_event_with_two_sections_from_set_up_to_the_public_page(
    page: Page,
    alice: User,
    bob: User,
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    organiser = get_user_model().objects.create_user(username="nbf", password="x" * 20)
    Organiser.objects.create(user=organiser, name="Norwegian Bridge Federation")
    today = datetime.date.today()
    found: list[str] = []

    # Set-up, in English: the event with two sections, one a line.
    log_in_as(page, organiser, live_server.url)
    page.goto("/events/organiser/new/")
    page.get_by_label("Name").fill("Youth simultaneous")
    page.get_by_label("First day").fill((today - datetime.timedelta(days=1)).isoformat())
    page.get_by_label("Last day").fill((today + datetime.timedelta(days=4)).isoformat())
    page.get_by_label("Deal new boards from a seed").check()
    page.get_by_label("Number of boards").fill("4")
    page.get_by_label("Sections (optional)").fill("Years 5–6\nYears 7–8")
    page.get_by_role("button", name="Create the event").click()
    expect(page.get_by_text("The event is ready. Give schools its join code.")).to_be_visible()
    event = Event.objects.get()
    sections = page.locator("table.section-list tbody th")
    expect(sections).to_have_text(["Years 5–6", "Years 7–8"])
    # A third section added, then removed: nobody is in it.
    page.get_by_label("New section").fill("Years 9–10")
    page.get_by_role("button", name="Add the section").click()
    expect(page.get_by_role("status")).to_contain_text("The section Years 9–10 is added.")
    expect(sections).to_have_text(["Years 5–6", "Years 7–8", "Years 9–10"])
    page.get_by_role("button", name="Remove Years 9–10").click()
    expect(page.get_by_role("status")).to_contain_text("The section Years 9–10 is removed.")
    expect(sections).to_have_text(["Years 5–6", "Years 7–8"])

    # Three schools join with the code, each into its section.
    page.context.clear_cookies()
    log_in_as(page, alice, live_server.url)
    _join(page, event.join_code, "Ask skole", SECTION["Ask skole"])
    _join(page, event.join_code, "Dal skole", SECTION["Dal skole"])
    page.context.clear_cookies()
    log_in_as(page, bob, live_server.url)
    _join(page, event.join_code, "Berg skole", SECTION["Berg skole"])
    # Berg uploads its file on its page; Ask's and Dal's arrive as their uploads would.
    berg = EventSchool.objects.get(name="Berg skole")
    usebio = tmp_path / "berg.xml"
    usebio.write_bytes(_results_file(event, "Berg skole"))
    page.goto(f"/events/schools/{berg.pk}/upload/")
    page.get_by_label("Results file").set_input_files(str(usebio))
    page.get_by_role("button", name="Upload").click()
    expect(page.get_by_role("status")).to_contain_text("Taken: 4 boards, 8 results.")
    for name in ("Ask skole", "Dal skole"):
        school = EventSchool.objects.get(name=name)
        school_upload(school=school, data=_results_file(event, name), filename=f"{name}.xml")

    # The organiser sees every school in its section.
    page.context.clear_cookies()
    log_in_as(page, organiser, live_server.url)
    page.goto(f"/events/organiser/{event.pk}/")
    expect(page.locator("table.section-list tbody td.num")).to_have_text(["2", "1"])
    for name, section in SECTION.items():
        expect(page.get_by_label(f"Section of {name}").locator("option:checked")).to_have_text(
            section
        )

    # The public page, no login: the national ranking with each pair's section.
    page.context.clear_cookies()
    page.goto(f"/events/r/{event.public_token}/")
    picker = page.get_by_role("navigation", name="Rankings by section")
    expect(picker.get_by_role("link")).to_have_text(["National ranking", "Years 5–6", "Years 7–8"])
    expect(picker.get_by_role("link", name="National ranking")).to_have_attribute(
        "aria-current", "true"
    )
    figures = national_figures(event)
    national = _ranking(page)
    assert len(national) == 12
    assert [(row[0], row[3], row[4]) for row in national] == [
        (pair.place, pair.school, SECTION[pair.school]) for pair in figures.pairs
    ]
    # Each section: its pairs only, its own places from 1, the national percentages.
    for ranking in figures.sections:
        picker.get_by_role("link", name=ranking.name).click()
        expect(page.get_by_role("heading", name=f"Ranking: {ranking.name}")).to_be_visible()
        expect(picker.get_by_role("link", name=ranking.name)).to_have_attribute(
            "aria-current", "true"
        )
        shown = _ranking(page)
        assert [(row[0], row[2], row[3]) for row in shown] == [
            (pair.place, f"{pair.percentage:.2f} %", pair.school) for pair in ranking.pairs
        ]
        assert {row[3] for row in shown} == {
            name for name, named in SECTION.items() if named == ranking.name
        }
        assert shown[0][0] in {"1", "1="}
    assert [len(section.pairs) for section in figures.sections] == [8, 4]
    assert "Hansen" not in page.content()

    # Every page of the way, in English and in Norwegian: no axe violation.
    y5 = figures.sections[0]
    ask = EventSchool.objects.get(name="Ask skole")
    for language in ("en", "nb"):
        found += _axe_everywhere(page, event, language, y5.key, ask, organiser, alice, live_server)
    assert found == [], "axe found:\n" + "\n".join(found)


def _axe_everywhere(
    page: Page,
    event: Event,
    language: str,
    section: str,
    school: EventSchool,
    organiser: User,
    teacher: User,
    live_server: LiveServer,
) -> list[str]:
    """The public pages (no login, at a phone's width and a laptop's), the organiser's
    and a teacher's pages of an event with sections, in ``language``."""
    found: list[str] = []
    page.context.clear_cookies()
    set_language(page, language, live_server.url)
    for width in (360, 1024):
        page.set_viewport_size({"width": width, "height": 800})
        visit(page, f"/events/r/{event.public_token}/")
        found += axe_violations(page, f"{language}: public page at {width}px")
        visit(page, f"/events/r/{event.public_token}/?section={section}")
        found += axe_violations(page, f"{language}: a section's public page at {width}px")
    if language == "nb":
        expect(page.get_by_role("heading", name="Resultatliste: Years 5–6")).to_be_visible()
        picker = page.get_by_role("navigation", name="Resultatlister per pulje")
        expect(picker.get_by_role("link").first).to_have_text("Nasjonal resultatliste")
    log_in_as(page, organiser, live_server.url)
    set_language(page, language, live_server.url)
    for name, path in [
        ("new event", "/events/organiser/new/"),
        ("the event with sections", f"/events/organiser/{event.pk}/"),
        ("national results", f"/events/{event.pk}/national/"),
        ("a section's national results", f"/events/{event.pk}/national/?section={section}"),
    ]:
        visit(page, path)
        found += axe_violations(page, f"{language}: {name}")
    # A section in use is not removed: the refusal shows beside the choice.
    page.goto(f"/events/organiser/{event.pk}/")
    remove = "Remove Years 5–6" if language == "en" else "Fjern Years 5–6"
    page.get_by_role("button", name=remove).click()
    expect(page.get_by_role("alert")).to_contain_text("2")
    found += axe_violations(page, f"{language}: a section in use, refused")
    page.context.clear_cookies()
    log_in_as(page, teacher, live_server.url)
    set_language(page, language, live_server.url)
    for name, path in [
        ("the event to join", f"/events/join/{event.join_code}/"),
        ("a school in a section", f"/events/schools/{school.pk}/"),
    ]:
        visit(page, path)
        found += axe_violations(page, f"{language}: {name}")
    return found
