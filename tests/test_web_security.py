"""The web app's roles and protections (issue 17): the Director's password is an argon2
hash and its login is rate-limited; every post without its session's CSRF token is
refused; the page's language follows ?lang=, the cookie, then Accept-Language."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.adapters.sql.web_store import WebStore
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.language import choose_language
from dupbridge.web.security import RateLimit, Signer, check_password, hash_password

PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def director_hash() -> str:
    return hash_password(PASSWORD)


def client(director_hash: str, limit: RateLimit | None = None) -> TestClient:
    folder = tempfile.mkdtemp(prefix="dupbridge-web-")
    config = WebConfig(database=f"sqlite:///{folder}/club.db", secret="test-secret",
                       director_hash=director_hash,
                       login_limit=limit or RateLimit())
    return TestClient(create_app(config))


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found[1]


def test_password_is_kept_only_as_an_argon2_hash(director_hash: str) -> None:
    assert director_hash.startswith("$argon2")
    assert PASSWORD not in director_hash
    assert check_password(director_hash, PASSWORD)
    assert not check_password(director_hash, "wrong")
    assert not check_password("not a hash", PASSWORD)


def test_director_logs_in_with_the_password_and_not_without(director_hash: str) -> None:
    web = client(director_hash)
    token = csrf_of(web.get("/login").text)
    refused = web.post("/login", data={"password": "guess", "csrf": token})
    assert refused.status_code == 401
    assert "Wrong password." in refused.text
    accepted = web.post("/login", data={"password": PASSWORD, "csrf": token},
                        follow_redirects=False)
    assert accepted.status_code == 303 and accepted.headers["location"] == "/director"


def test_login_is_rate_limited_per_address(director_hash: str) -> None:
    web = client(director_hash, RateLimit(attempts=3, window=60))
    token = csrf_of(web.get("/login").text)
    codes = [web.post("/login", data={"password": f"guess{i}", "csrf": token}).status_code
             for i in range(3)]
    assert codes == [401, 401, 401]
    blocked = web.post("/login", data={"password": PASSWORD, "csrf": token})
    assert blocked.status_code == 429  # even the right password waits out the window


def test_rate_limit_forgets_failures_after_its_window(tmp_path: Path) -> None:
    """The counts are the database's (shared by every worker): two tries per minute."""
    now = [1_000.0]
    store = WebStore(open_store(f"sqlite:///{tmp_path}/club.db").engine)

    def attempt(who: str) -> bool:
        return store.take_attempt(who, 2, 60, now[0])

    assert attempt("a") and attempt("a")
    assert not attempt("a") and attempt("b")
    now[0] += 61
    assert attempt("a")


def test_a_post_without_csrf_token_is_refused(director_hash: str) -> None:
    web = client(director_hash)
    web.get("/")
    assert web.post("/login", data={"password": PASSWORD}).status_code == 403
    assert web.post("/login", data={"password": PASSWORD, "csrf": "forged"}).status_code == 403


def test_a_csrf_token_of_another_session_is_refused(director_hash: str) -> None:
    stolen = csrf_of(client(director_hash).get("/login").text)
    web = client(director_hash)
    web.get("/")
    assert web.post("/login", data={"password": PASSWORD, "csrf": stolen}).status_code == 403


def test_a_tampered_session_cookie_is_ignored() -> None:
    signer = Signer("s")
    token = signer.dumps({"sid": "x", "role": "public"})
    forged = token.replace(token.split(".")[0], Signer("other").dumps(
        {"sid": "x", "role": "director"}).split(".")[0])
    assert signer.loads(token) == {"sid": "x", "role": "public"}
    assert signer.loads(forged) is None


def test_device_codes_differ_by_table_and_generation() -> None:
    signer = Signer("s")
    codes = {signer.device_code("e1", t, g) for t in (1, 2, 3) for g in (1, 2)}
    assert len(codes) == 6
    assert signer.device_code("e1", 1, 1) != Signer("other").device_code("e1", 1, 1)


def test_language_from_query_then_cookie_then_accept_language() -> None:
    assert choose_language("es", "fr", "pt") == "es"
    assert choose_language(None, "fr", "pt") == "fr"
    assert choose_language(None, None, "de-DE,pt-BR;q=0.8,es;q=0.9") == "es"
    assert choose_language("xx", None, "") == "en"


def test_pages_render_in_the_chosen_language_and_remember_it(director_hash: str) -> None:
    web = client(director_hash)
    spanish = web.get("/login?lang=es")
    assert "Contraseña" in spanish.text and 'lang="es"' in spanish.text
    assert "Contraseña" in web.get("/login").text  # the cookie keeps it
    french = client(director_hash).get("/login", headers={"accept-language": "fr-FR,fr"})
    assert "Mot de passe" in french.text


def test_htmx_is_served_from_the_app_itself(director_hash: str) -> None:
    web = client(director_hash)
    assert '<script src="/static/htmx.min.js"' in web.get("/").text
    script = web.get("/static/htmx.min.js")
    assert script.status_code == 200 and "htmx" in script.text[:2000]
