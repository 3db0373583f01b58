"""The Director logs in through a real browser (Debian's chromium), in Spanish; a wrong
password is refused on the page."""

from __future__ import annotations

from pathlib import Path

from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import chromium, running, screenshot


def test_director_logs_in_in_spanish_in_a_real_browser(tmp_path: Path) -> None:
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db",
                               director_hash=hash_password("clave")))
    with running(app) as url, chromium() as browser:
        page = browser.new_page()
        page.goto(f"{url}/login?lang=es")
        page.fill("input[name=password]", "mala")
        page.click("button:has-text('Entrar')")
        assert page.locator("[role=alert]").inner_text() == "Contraseña incorrecta."
        screenshot(page, "login-refused-es")
        page.fill("input[name=password]", "clave")
        page.click("button:has-text('Entrar')")
        page.wait_for_url(f"{url}/director")
