"""Issue 27 in a real browser on the Director's 360 x 740 phone: a table's call makes the
console sound (Web Audio API, once the Director turned sound on with a tap) and vibrate
(``navigator.vibrate``), once per new call; a call already waiting when the page opened
and a call attended raise no alert. The script is a static file (the Content-Security-
Policy allows no inline script). Screenshot in test-artifacts/."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor as club_floor
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, MovableClock, chromium, login, running, screenshot

SMALL_PHONE = {"width": 360, "height": 740}
# Records what the page asks of the phone: each vibration and each tone started.
SPY = """
window.__vibrations = [];
navigator.vibrate = function (pattern) { window.__vibrations.push(pattern); return true; };
window.__tones = 0;
const started = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function () { window.__tones += 1;
  return started.apply(this, arguments); };
"""


def test_a_new_call_sounds_and_vibrates_on_the_directors_phone(tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Jueves", size=3, boards_per_round=2, deal=False), who="Director").id
    club_floor.call_director(store, clock, event, round=1, table=3, who="table 3 device")
    with running(app) as url, chromium() as browser:
        context = browser.new_context(viewport=SMALL_PHONE)
        context.add_init_script(SPY)
        director = login(context, url, "es")
        director.goto(f"{url}/director/events/{event}?lang=es")
        director.wait_for_selector("body[data-alerts='0']")
        director.click("#alert-on")  # the tap that lets the page play sound
        assert director.get_attribute("#alert-on", "aria-pressed") == "true"
        tones = director.evaluate("window.__tones")
        assert tones == 1  # the tone played as the Director turns sound on
        # Table 1 calls: the console's next refresh sounds and vibrates once.
        club_floor.call_director(store, clock, event, round=1, table=1,
                                 who="table 1 device")
        director.wait_for_selector("body[data-alerts='1']", timeout=20_000)
        assert director.evaluate("window.__vibrations") == [[300, 150, 300]]
        assert director.evaluate("window.__tones") == tones + 1
        screenshot(director, "console-call-alert-es-360")
        # Refreshes without a new call raise nothing more (the waiting call of table 3,
        # there when the page opened, never did).
        director.wait_for_timeout(4500)
        assert director.get_attribute("body", "data-alerts") == "1"
        assert len(director.evaluate("window.__vibrations")) == 1
