"""Issue 27: every page fits a phone. Chromium at 360 × 740 opens each page of the sessions
of ``session_pages`` (every kind of event: pairs, Howell, teams, Swiss, individual,
barometer, sections, handicaps; the room on the night: sit-out, late pairs, clock, calls;
rulings and claims; printouts; hand record; law book; the Director's console and forms;
the table's phone, its entry and its confirm screen) in en, es, fr and pt, as the role that
can see it; a page wider than the screen (document.scrollingElement's scrollWidth above its
clientWidth: a sideways scroll) fails, naming the page, its width and the widest element.
A page that is not what it is listed for (its marker missing) fails too. The default run
walks at least one page of every kind (``Page.short``); DUPBRIDGE_LONG=1 walks them all.
Screenshots of a few in test-artifacts/phone-width/."""

from __future__ import annotations

import json
from typing import Any

import pytest

from session_pages import Page, Site, build, walk
from web_browser import ARTIFACTS, chromium, enter_fields, join, login, running

PHONE = {"width": 360, "height": 740}
LANGUAGES = ("en", "es", "fr", "pt")
SHOTS = {"/events/published", "/events/published/handrecord", "/director/events/floor",
         "/events/published/boards/1", "/events/teams", "/events/handicap",
         "/director/events/published/print/scorecards", "/director/events/swiss",
         "/device/claims/1/1", "/director/events/floor/rulings/1/1"}

WIDTH = """() => {
  const root = document.scrollingElement;
  let widest = '';
  let right = root.clientWidth;
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect().right;
    if (r > right + 0.5) { right = r; widest = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''); }
  }
  return [root.scrollWidth, root.clientWidth, widest, Math.round(right)];
}"""

# A form sent from the page the browser is on (its CSRF token), as the Director sends it.
POST = """([path, fields]) => {
  const form = document.createElement('form');
  form.method = 'post'; form.action = path;
  const token = document.querySelector('input[name=csrf]').value;
  for (const [name, value] of [['csrf', token], ...fields]) {
    const input = document.createElement('input');
    input.type = 'hidden'; input.name = name; input.value = value; form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}"""


def _measure(site: Site, page: Any, name: str, language: str, wide: list[str]) -> None:
    scroll, client, widest, right = page.evaluate(WIDTH)
    if scroll > client:
        wide.append(f"{language} {name}: {scroll} px > {client} ({widest} to {right} px)")


def _shot(page: Any, label: str, language: str) -> None:
    folder = ARTIFACTS / "phone-width"
    folder.mkdir(parents=True, exist_ok=True)
    slug = label.strip("/").replace("/", "-").replace("?", "-") or "home"
    page.screenshot(path=str(folder / f"{language}-{slug}.png"), full_page=True)


def _open(site: Site, tab: Any, url: str, listed: Page, language: str,
          wide: list[str]) -> None:
    name = site.label(listed.name)
    if listed.form:
        tab.goto(f"{url}/director?lang={language}")
        with tab.expect_navigation():
            tab.evaluate(POST, [f"{listed.path}?lang={language}", list(listed.form)])
        status = listed.status  # a form's answer: its marker says it is the refusal
    else:
        answer = tab.goto(f"{url}{listed.path}{'&' if '?' in listed.path else '?'}"
                          f"lang={language}")
        status = answer.status if answer is not None else 0
    tab.wait_for_load_state("load")
    if not status:  # a navigation the page's own script overtook: its document's status
        status = tab.evaluate(
            "performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0")
    if listed.ready:
        tab.wait_for_selector(listed.ready)
    html = tab.content()
    if status != listed.status or listed.marker not in html:
        wide.append(f"{language} {name}: {status}, {listed.marker!r} "
                    f"{'shown' if listed.marker in html else 'missing'}")
        tab.goto("about:blank")
        return
    _measure(site, tab, name, language, wide)
    label = site.label(listed.path)
    if label in SHOTS or listed.role == "device:floor/5":
        _shot(tab, f"{listed.role.replace(':', '-')}{label}", language)
    tab.goto("about:blank")  # no page left polling the server (htmx) while others load


def _device_screens(site: Site, tab: Any, language: str, wide: list[str]) -> None:
    """The phone's entry and its confirm screen: what a tap opens is measured too."""
    tab.wait_for_selector("#device[data-idle]", state="attached")
    board = int(tab.locator('#entry [data-field="board"] button').first
                .get_attribute("data-value"))
    enter_fields(tab, board, "4SX", "S", 10)
    tab.wait_for_selector("#confirm:not([hidden])")
    _measure(site, tab, "device: the confirm screen of 4♠X S +0", language, wide)
    _shot(tab, "device-confirm", language)
    tab.click("#confirm-fix")  # back to the entry, nothing sent
    tab.wait_for_selector("#confirm", state="hidden")


def _walk(site: Site, which: str) -> None:
    pages = [p for p in walk(site, which) if not p.fragment]
    wide: list[str] = []
    with running(site.app) as url, chromium() as browser:
        for language in LANGUAGES:
            tabs = {"public": browser.new_context(viewport=PHONE).new_page(),
                    "director": login(browser.new_context(viewport=PHONE), url, language)}
            for device in site.devices(pages):
                tabs[f"device:{device}"] = join(browser, url, site.code(device), language)
                tabs[f"device:{device}"].set_viewport_size(PHONE)
            for listed in pages:
                _open(site, tabs[listed.role], url, listed, language, wide)
            # The entry and the confirm screen of a phone (the floor's table 1, round 2).
            phone = join(browser, url, site.code("floor/1"), language)
            phone.set_viewport_size(PHONE)
            _device_screens(site, phone, language, wide)
            form = tabs["director"]
            form.goto(f"{url}/director?lang={language}")
            for kind in json.loads(form.evaluate(
                    "JSON.stringify([...document.querySelectorAll("
                    "'select[name=kind] option')].map(o => o.value))")):
                form.select_option("select[name=kind]", kind)
                _measure(site, form, f"/director with {kind} chosen", language, wide)
            for context in browser.contexts:
                context.close()
    assert wide == [], "\n".join(wide)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build(tmp_path_factory.mktemp("phone-width"))


def test_a_page_of_every_kind_fits_360_px_in_every_language(site: Site) -> None:
    _walk(site, "short")


@pytest.mark.long
def test_every_page_of_the_sessions_fits_360_px_in_every_language(site: Site) -> None:
    _walk(site, "full")

