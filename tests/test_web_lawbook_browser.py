"""The law book in a real browser (Debian's chromium) on a phone-sized screen: a clause in
Spanish and in French with its comparison to the other edition, a cross-reference followed
by a tap, and Law 27 side by side in both editions; screenshots kept in test-artifacts/."""

from __future__ import annotations

from pathlib import Path

from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.lawlinks import clause_url, law_diff_url
from shared_paths import SEEDS
from web_browser import PHONE, chromium, running, screenshot

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017


def test_law27B1_in_spanish_and_french_with_the_2007_2017_comparison(tmp_path: Path) -> None:
    books = [*import_lawbook(next(SEEDS.glob("000_*.txt")), language="es", edition=E07),
             *import_lawbook(next(SEEDS.glob("002_*.txt")), language="fr", edition=E17)]
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db",
                               lawbooks=lambda: books))
    with running(app) as url, chromium() as browser:
        page = browser.new_context(viewport=PHONE).new_page()

        page.goto(url + clause_url(LawRef(E07, "27B1"), "es"))
        assert page.locator("h1").inner_text().startswith("Artículo 27B1 · ")
        assert "27B1(a)" in page.locator(".lawtext").first.inner_text()
        assert "En los Artículos 2017:" in page.locator("#comparison").inner_text()
        # The page fits the phone: nothing wider than the screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, "lawbook-27B1-2007-es")

        page.locator(".lawtext a.xref", has_text="16D").first.click()
        page.wait_for_url(f"{url}/laws/2007/16D?lang=es")
        assert page.locator("h1").inner_text().startswith("Artículo 16D")

        page.goto(url + clause_url(LawRef(E17, "27B1"), "fr"))
        comparison = page.locator("#comparison")
        assert "rédaction modifiée" in comparison.inner_text()
        assert comparison.locator("ins").count() > 0 and comparison.locator("del").count() > 0
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshot(page, "lawbook-27B1-2017-fr")

        page.goto(url + law_diff_url(27, "fr"))
        assert page.locator("section.row").count() > 10
        screenshot(page, "lawbook-law27-compare-fr")
