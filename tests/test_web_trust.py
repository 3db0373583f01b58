"""Issue 29 over HTTP: logins and sessions that hold, and a table's result never lost.

* The secret is kept with the database: a restart without DUPBRIDGE_SECRET keeps every
  device code and session (a configured secret still overrides it).
* Login attempts are counted in the database, before the password is checked: a burst
  across two application instances stays within the limit; X-Forwarded-For is believed
  only from a trusted proxy; the devices' joins count apart from the Director's login.
* Logout revokes the session on the server; sessions expire; the cookie is Secure over
  HTTPS; every answer carries the security headers, and no page has an inline script.
* A device's refused result is given to the Director (console) with the reason; after the
  official scores it is refused under Law 79C."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import delivery as club_delivery
from dupbridge.web.app import HEADERS, WebConfig, create_app
from dupbridge.web.pages import HERE
from dupbridge.web.security import RateLimit, hash_password

PASSWORD = "director"


@dataclass
class Clock:
    at: datetime

    def now(self) -> datetime:
        return self.at


@pytest.fixture(scope="module")
def director_hash() -> str:
    return hash_password(PASSWORD)


def app_on(path: Path | str, director_hash: str, **options: Any) -> FastAPI:
    """An application instance (a worker, or the server after a restart) on the database
    at ``path`` (a SQLite file, or a URL), with no secret configured unless given."""
    database = path if isinstance(path, str) else f"sqlite:///{path}"
    return create_app(WebConfig(database=database, director_hash=director_hash,
                                clock=Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC)),
                                **options))


def token(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found[1]


def page_token(web: TestClient) -> str:
    found = re.search(r'name="csrf-token" content="([^"]+)"', web.get("/device/table").text)
    assert found is not None
    return found[1]


def login(web: TestClient, password: str = PASSWORD, **headers: str) -> int:
    return web.post("/login", data={"password": password, "csrf": token(web, "/login")},
                    headers=headers, follow_redirects=False).status_code


def event_in(app: FastAPI) -> str:
    pages = app.state.pages
    return club.create_event(pages.store, pages.clock, club.NewEvent(
        "Trust", size=3, boards_per_round=2, deal=False), who="Director").id


def join(app: FastAPI, event: str, table: int = 1) -> TestClient:
    web = TestClient(app)
    code = app.state.pages.signer.device_code(event, table, 1)
    joined = web.post("/device/join", data={"code": code, "csrf": token(web, "/device")})
    assert joined.status_code == 200 and "/device/table" in str(joined.url)
    return web


def submit(web: TestClient, round_: int, board: int, tricks: int = 9,
           result_id: str | None = None) -> Any:
    return web.post("/device/results", headers={"x-csrf-token": page_token(web)}, json={
        "id": result_id or f"r{round_}b{board}t{tricks}-0123456789", "round": round_,
        "board": board, "contract": "3NT", "declarer": "N", "tricks": tricks})


# The secret


def test_a_restart_without_a_configured_secret_keeps_codes_and_sessions(
        tmp_path: Path, director_hash: str) -> None:
    before = app_on(tmp_path / "club.db", director_hash)
    event = event_in(before)
    phone, director = join(before, event), TestClient(before)
    assert login(director) == 303
    code = before.state.pages.signer.device_code(event, 1, 1)
    after = app_on(tmp_path / "club.db", director_hash)  # the server restarted
    assert after.state.pages.signer.device_code(event, 1, 1) == code
    phone_after, director_after = TestClient(after), TestClient(after)
    phone_after.cookies = phone.cookies
    director_after.cookies = director.cookies
    assert phone_after.get("/device/table").status_code == 200
    assert director_after.get("/director").status_code == 200
    assert submit(phone_after, 1, 1).json()["status"] == "recorded"


def test_a_configured_secret_overrides_the_databases(tmp_path: Path,
                                                     director_hash: str) -> None:
    kept = app_on(tmp_path / "club.db", director_hash)
    event = event_in(kept)
    configured = app_on(tmp_path / "club.db", director_hash, secret="from-the-environment")
    assert (configured.state.pages.signer.device_code(event, 1, 1)
            != kept.state.pages.signer.device_code(event, 1, 1))


# Login attempts


def test_a_concurrent_burst_across_two_workers_stays_within_the_limit(
        db_url: str, director_hash: str) -> None:
    """Forty wrong passwords at once, shared by two application instances on one
    database (SQLite, PostgreSQL): five are checked, the rest refused without looking at
    the password."""
    workers = [app_on(db_url, director_hash) for _ in range(2)]
    clients = [TestClient(workers[i % 2]) for i in range(40)]
    tokens = [token(web, "/login") for web in clients]
    start = threading.Barrier(len(clients))
    codes: list[int] = []

    def guess(index: int) -> None:
        start.wait()
        codes.append(clients[index].post("/login", data={
            "password": f"guess{index}", "csrf": tokens[index]}).status_code)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(set(codes)) == [401, 429]
    assert codes.count(401) == RateLimit().attempts
    assert login(TestClient(workers[1])) == 429  # the right password waits too


def test_a_forwarded_address_from_an_untrusted_client_is_ignored(
        tmp_path: Path, director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash)  # trusts loopback only
    web = TestClient(app)
    codes = [login(web, "guess", **{"x-forwarded-for": f"10.0.0.{i}"}) for i in range(8)]
    assert codes == [401] * 5 + [429] * 3  # one address: the client's own
    assert login(web, **{"x-forwarded-for": "10.0.0.99"}) == 429


def test_a_trusted_proxys_forwarded_address_is_believed(tmp_path: Path,
                                                        director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash, forwarded_allow_ips="*",
                 account_limit=RateLimit(100, 900))
    web = TestClient(app)
    assert [login(web, "guess", **{"x-forwarded-for": "10.0.0.1"}) for _ in range(6)] == [
        401] * 5 + [429]
    assert login(web, **{"x-forwarded-for": "10.0.0.2"}) == 303  # another player


def test_the_account_limit_holds_whatever_the_address(tmp_path: Path,
                                                      director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash, forwarded_allow_ips="*",
                 account_limit=RateLimit(3, 900))
    web = TestClient(app)
    codes = [login(web, "guess", **{"x-forwarded-for": f"10.0.1.{i}"}) for i in range(5)]
    assert codes == [401, 401, 401, 429, 429]


def test_wrong_device_codes_do_not_lock_the_director_out(tmp_path: Path,
                                                         director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash)
    web = TestClient(app)
    form = token(web, "/device")
    codes = [web.post("/device/join", data={"code": f"WRONG{i:03}", "csrf": form}
                      ).status_code for i in range(22)]
    assert codes == [401] * 20 + [429] * 2
    assert login(web) == 303


def test_a_good_code_does_not_wipe_out_the_wrong_ones(tmp_path: Path,
                                                      director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash, join_limit=RateLimit(3, 60))
    event = event_in(app)
    web = TestClient(app)
    form = token(web, "/device")
    wrong = [web.post("/device/join", data={"code": f"WRONG{i:03}", "csrf": form}
                      ).status_code for i in range(2)]
    join(app, event)  # a player's own table's code, from the same address
    assert wrong + [web.post("/device/join", data={"code": "WRONG999", "csrf": form}
                             ).status_code for _ in range(2)] == [401, 401, 401, 429]


# Sessions


def test_a_cookie_after_logout_is_refused(tmp_path: Path, director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash)
    director = TestClient(app)
    assert login(director) == 303
    copied = TestClient(app)
    copied.cookies = director.cookies
    assert copied.get("/director").status_code == 200
    form = token(director, "/director")
    director.post("/logout", data={"csrf": form})
    assert director.get("/director").status_code == 403
    assert copied.get("/director").status_code == 403  # revoked on the server


def test_a_session_expires_at_the_end_of_the_day(tmp_path: Path, director_hash: str) -> None:
    now = [datetime(2026, 11, 29, 19, 0).timestamp()]
    app = app_on(tmp_path / "club.db", director_hash, wall_clock=lambda: now[0])
    director = TestClient(app)
    assert login(director) == 303
    cookie = next(c for c in director.cookies.jar if c.name == "dupbridge_session")
    assert cookie.expires is not None
    now[0] += 5 * 3600  # after midnight, within the six hours: still in
    assert director.get("/director").status_code == 200
    now[0] += 2 * 3600  # the next morning
    assert director.get("/director").status_code == 403


def test_the_cookie_is_secure_over_https_only(tmp_path: Path, director_hash: str) -> None:
    proxied = TestClient(app_on(tmp_path / "a.db", director_hash, forwarded_allow_ips="*"))
    proxied.get("/login")
    answer = proxied.post("/login", data={"password": PASSWORD,
                                          "csrf": token(proxied, "/login")},
                          headers={"x-forwarded-proto": "https"}, follow_redirects=False)
    assert answer.status_code == 303 and "secure" in answer.headers["set-cookie"].lower()
    direct = TestClient(app_on(tmp_path / "b.db", director_hash))  # not a trusted proxy
    direct.get("/login")
    answer = direct.post("/login", data={"password": PASSWORD,
                                         "csrf": token(direct, "/login")},
                         headers={"x-forwarded-proto": "https"}, follow_redirects=False)
    assert answer.status_code == 303 and "secure" not in answer.headers["set-cookie"].lower()
    served = TestClient(app_on(tmp_path / "c.db", director_hash),
                        base_url="https://testserver")  # uvicorn's own TLS
    assert "secure" in served.get("/login").headers["set-cookie"].lower()


# Headers


@pytest.mark.parametrize("path", ["/", "/login", "/device", "/static/device.js",
                                  "/director", "/nowhere"])
def test_every_answer_carries_the_security_headers(tmp_path: Path, director_hash: str,
                                                   path: str) -> None:
    answer = TestClient(app_on(tmp_path / "club.db", director_hash)).get(path)
    for name, value in HEADERS.items():
        assert answer.headers[name] == value
    policy = answer.headers["content-security-policy"]
    script = next(p for p in policy.split(";") if p.strip().startswith("script-src"))
    assert "unsafe-inline" not in script and "unsafe-eval" not in script
    assert "frame-ancestors 'none'" in policy
    assert answer.headers["x-content-type-options"] == "nosniff"


def test_no_template_has_an_inline_script() -> None:
    for template in sorted((HERE / "templates").glob("*.html")):
        text = template.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag or 'type="application/json"' in tag, (template.name, tag)
        assert not re.search(r"\son[a-z]+\s*=", text), template.name
        assert "javascript:" not in text, template.name


# A refused result reaches the Director


def test_a_refused_result_is_on_the_directors_console(tmp_path: Path,
                                                      director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash)
    event = event_in(app)
    phone = join(app, event)
    refused = submit(phone, 2, 3)  # round 2 is not this table's yet
    assert refused.status_code == 403 and refused.json()["handed"] is True
    director = TestClient(app)
    login(director)
    live = director.get(f"/director/events/{event}/live?lang=es").text
    assert 'id="undelivered"' in live and "Resultados que las mesas no pudieron" in live
    assert "3NT N 9" in live
    assert club.results(app.state.pages.store, event).lines == ()


def test_law79C_after_the_official_scores_a_device_result_is_refused(
        tmp_path: Path, director_hash: str) -> None:
    app = app_on(tmp_path / "club.db", director_hash)
    event = event_in(app)
    phone = join(app, event)
    assert submit(phone, 1, 1).json()["status"] == "recorded"
    pages = app.state.pages
    club.make_official(pages.store, pages.clock, event, who="Director")
    ranking = club.score(pages.store, event).rankings
    refused = phone.post("/device/results?lang=fr", headers={
        "x-csrf-token": page_token(phone)}, json={
        "id": "after-official-0001", "round": 1, "board": 2, "contract": "3NT",
        "declarer": "N", "tricks": 9})
    assert refused.status_code == 409 and refused.json()["handed"] is True
    assert "résultats officiels sont publiés" in refused.json()["message"]
    assert "79C" in refused.json()["message"]
    assert club.score(pages.store, event).rankings == ranking  # the ranking did not move


def test_unreadable_tricks_are_refused_with_the_reason_and_nothing_is_kept(
        tmp_path: Path, director_hash: str) -> None:
    """Words that are no number of tricks are no result a table could mean (issue 29:
    answered 4xx, nothing stored): the phone keeps its entry and shows the reason."""
    app = app_on(tmp_path / "club.db", director_hash)
    event = event_in(app)
    phone = join(app, event)
    refused = phone.post("/device/results", headers={"x-csrf-token": page_token(phone)},
                         json={"id": "unreadable-0001", "round": 1, "board": 1,
                               "contract": "3NT", "declarer": "N", "tricks": "nine"})
    assert refused.status_code == 422 and "handed" not in refused.json()
    assert "tricks: a whole number from 0 to 13, not nine" in refused.json()["message"]
    assert club_delivery.undelivered(app.state.pages.store, event) == []
    assert app.state.pages.store.actions(event, ("result",)) == []
