"""A table that loses the network while saving keeps what the pupils chose, says "Not
sent yet, trying again", and sends it again when the network is back: one result, even
when the first save reached the server and only its answer was lost."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from playwright.sync_api import Page, Route, expect

from tests.factories import running_session
from tournaments.models import Result, Session


def choose(tablet: Page) -> None:
    """Three of the four taps: Spades, Game, 10 tricks; the score shows before Save."""
    tablet.get_by_role("radio", name="Spades").check()
    tablet.get_by_role("radio", name="Game").check()
    tablet.get_by_role("radio", name="10", exact=True).check()
    expect(tablet.locator(".score-preview")).to_contain_text("+")


def expect_choices_kept(tablet: Page) -> None:
    expect(tablet.get_by_role("radio", name="Spades")).to_be_checked()
    expect(tablet.get_by_role("radio", name="Game")).to_be_checked()
    expect(tablet.get_by_role("radio", name="10", exact=True)).to_be_checked()


def results(session: Session) -> list[tuple[str, int]]:
    return list(Result.objects.filter(session=session).values_list("contract", "tricks_won"))


def test_offline_the_table_keeps_its_choices_and_sends_them_when_back(
    page: Page, alice: AbstractUser
) -> None:
    session = running_session(alice, seed="offline")
    table = session.tables.get(number=1)
    page.goto(f"/t/{table.token}/")
    choose(page)

    page.context.set_offline(True)
    page.get_by_role("button", name="Save").click()
    status = page.locator(".send-status")
    expect(status).to_have_text(
        "Not sent yet, trying again. Keep this page open: your choices are kept."
    )
    expect(status).to_have_attribute("role", "status")
    # Still offline after a retry or two: nothing lost, nothing saved.
    page.wait_for_timeout(2500)
    expect(status).to_contain_text("Not sent yet, trying again")
    expect_choices_kept(page)
    assert results(session) == []

    page.context.set_offline(False)
    expect(page.get_by_text("How the other tables did")).to_be_visible(timeout=20_000)
    expect(page.get_by_text("Not sent yet")).to_have_count(0)
    assert results(session) == [("4S", 10)]


def test_a_save_whose_answer_was_lost_is_sent_again_and_makes_one_result(
    page: Page, alice: AbstractUser
) -> None:
    session = running_session(alice, seed="offline")
    table = session.tables.get(number=1)
    page.goto(f"/t/{table.token}/")
    choose(page)

    answered: list[int] = []

    def lose_the_answer(route: Route) -> None:
        # The form reaches the server, which saves it; the Wi-Fi drops on the way back.
        answered.append(route.fetch().status)
        route.abort("connectionreset")

    page.route(f"**/t/{table.token}/boards/*/", lose_the_answer, times=1)
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".send-status")).to_contain_text("Not sent yet, trying again")
    assert answered == [200]
    assert results(session) == [("4S", 10)]

    # The next try (same idempotency key) gets the saved result back: still one row.
    expect(page.get_by_text("How the other tables did")).to_be_visible(timeout=20_000)
    # The next board's panel comes with an empty status: nothing is waiting.
    expect(page.get_by_text("Not sent yet")).to_have_count(0)
    assert results(session) == [("4S", 10)]
