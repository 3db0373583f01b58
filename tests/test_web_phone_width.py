"""Issue 27: every page of a session fits a phone. Chromium at 360 × 740 opens each page
(console, public event, ranking, travellers, score cards, hand record, law book, device
pages) in en, es, fr and pt; a page wider than the screen (document.scrollingElement's
scrollWidth above its clientWidth: a sideways scroll) fails, naming the page, its width
and the widest element. Screenshots of a few in test-artifacts/phone-width/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from session_pages import DEVICE_PAGES, director_pages, public_pages, session
from web_browser import ARTIFACTS, chromium, join, login, running

PHONE = {"width": 360, "height": 740}
SHOTS = {"/events/{p}", "/events/{p}/handrecord", "/director/events/{p}",
         "/events/{p}/boards/1", "/device/table", "/events/{e}"}

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


def _check(page: Any, url: str, path: str, language: str, name: str, wide: list[str]) -> None:
    page.goto(f"{url}{path}{'&' if '?' in path else '?'}lang={language}")
    page.wait_for_load_state("load")
    scroll, client, widest, right = page.evaluate(WIDTH)
    if scroll > client:
        wide.append(f"{language} {path}: {scroll} px > {client} ({widest} to {right} px)")
    if name in SHOTS:
        folder = ARTIFACTS / "phone-width"
        folder.mkdir(parents=True, exist_ok=True)
        slug = name.strip("/").replace("/", "-").replace("{", "").replace("}", "") or "home"
        page.screenshot(path=str(folder / f"{language}-{slug}.png"), full_page=True)


def test_every_page_of_a_session_fits_360_px_in_every_language(tmp_path: Path) -> None:
    s = session(tmp_path)
    wide: list[str] = []
    named = {s.published: "{p}", s.empty: "{e}"}

    def name(path: str) -> str:
        for event, label in named.items():
            path = path.replace(event, label)
        return path

    with running(s.app) as url, chromium() as browser:
        for language in ("en", "es", "fr", "pt"):
            reader = browser.new_context(viewport=PHONE).new_page()
            for path in public_pages(s):
                _check(reader, url, path, language, name(path), wide)
            director = login(browser.new_context(viewport=PHONE), url, language)
            for path in director_pages(s):
                _check(director, url, path, language, name(path), wide)
            device = join(browser, url, s.code(s.published, 1), language)
            device.set_viewport_size(PHONE)
            for path in DEVICE_PAGES:
                _check(device, url, path, language, name(path), wide)
    assert wide == [], "\n".join(wide)
