"""A real browser for the web app's tests: Playwright (sync API) driving Debian's chromium
(tools/install-chromium puts it at /usr/bin/chromium; Playwright's own browser download is
never used), and a uvicorn server in a thread of the test process serving a given app."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from dupbridge.app.club_night import commands as club
from dupbridge.core.seats import Seat
from dupbridge.web.server import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@contextmanager
def running(app: FastAPI, port: int | None = None) -> Iterator[str]:
    """Serve ``app`` on a free local port (or ``port``: a server restarted where the
    phones' pages expect it); yield its base URL."""
    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):  # wait until it listens (not a timing assertion)
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """A Playwright browser on Debian's chromium (each ``new_context()`` is a person with
    cookies and storage of their own, in a fresh profile); the test skips, saying why,
    only when chromium is not installed."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (tools/install-chromium could not "
                    "install it): browser tests cannot run")
    from playwright.sync_api import sync_playwright

    # launch() starts chromium on a fresh temporary profile of its own (--user-data-dir).
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=FLAGS[1:])
        browser.new_context = _patient(browser.new_context)
        try:
            yield browser
        finally:
            browser.close()


# A page that computes (the hand record's double-dummy tables) may take longer than
# Playwright's 30 s on a loaded shared machine; waiting longer hides no failure, since a
# wrong page still fails its assertion.
PATIENCE_MS = 120_000


def _patient(new_context: Any) -> Any:
    def patient(**options: Any) -> Any:
        context = new_context(**options)
        context.set_default_timeout(PATIENCE_MS)
        return context
    return patient


def screenshot(page: Any, name: str) -> Path:
    """Keep a screenshot as a test artefact (test-artifacts/, ignored by git)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


PASSWORD = "director"
PHONE = {"width": 390, "height": 844}


@dataclass
class MovableClock:
    """The app's clock port, moved by the test (79C's deadline is crossed at will)."""

    at: datetime

    def now(self) -> datetime:
        return self.at


def login(context: Any, url: str, language: str) -> Any:
    page = context.new_page()
    page.goto(f"{url}/login?lang={language}")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_url(f"{url}/director")
    return page


def join(browser: Any, url: str, code: str, language: str) -> Any:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{url}/device?lang={language}")
    page.fill("input[name=code]", code)
    page.click("form[action='/device/join'] button")
    page.wait_for_selector("#device")
    return page


def tap(page: Any, selector: str) -> int:
    """One tap on the table device; returns 1, so that a test can count them."""
    page.click(selector)
    return 1


def key(field: str, value: object) -> str:
    """The entry's button of ``value`` in ``field`` (board, level, strain, risk, declarer,
    suit, rank, tricks)."""
    return f'#entry [data-field="{field}"] button[data-value="{value}"]'


def enter_fields(page: Any, board: int, contract: str, declarer: str, tricks: int,
                 lead: str = "") -> int:
    """North taps the result in (the board only when another is chosen; the tricks last,
    which opens the confirm screen when the result can be right); returns the taps."""
    page.wait_for_selector("#device[data-idle]", state="attached")
    taps = 0
    if page.get_attribute(key("board", board), "aria-pressed") != "true":
        taps += tap(page, key("board", board))
    if contract == "pass":
        return taps + tap(page, "#passed-out")
    doubled = len(contract) - len(contract.rstrip("X"))
    bid = contract[:len(contract) - doubled]
    taps += tap(page, key("level", bid[0])) + tap(page, key("strain", bid[1:]))
    if doubled:
        taps += tap(page, key("risk", "X" * doubled))
    taps += tap(page, key("declarer", declarer))
    if lead:
        taps += tap(page, key("suit", lead[0])) + tap(page, key("rank", lead[1:]))
    return taps + tap(page, key("tricks", tricks))


def enter(page: Any, board: int, contract: str, declarer: str, tricks: int, lead: str = "",
          *, agree: bool = True) -> int:
    """North enters the result, East-West confirm with their own tap; returns the taps.
    (A tricks key holds declarer's tricks whether it shows them as =, +1 or as 9, 10.)"""
    taps = enter_fields(page, board, contract, declarer, tricks, lead)
    page.wait_for_selector("#confirm:not([hidden])")
    return taps + tap(page, "#confirm-yes" if agree else "#confirm-no")


def card_of(store: Any, event_id: str, board: int, seat: Seat) -> str:
    """A card ``seat`` holds on ``board`` (the boards are dealt from a fresh seed)."""
    deal = club.state_of(store, event_id).board(board).deal
    assert deal is not None
    return str(min(deal.hand(seat)))


def synced(page: Any, board: int) -> None:
    page.wait_for_selector(f'[data-board="{board}"] .state[data-done]', state="attached")


def at_round(page: Any, number: int) -> None:
    page.wait_for_selector(f'#device[data-round="{number}"]', state="attached")
