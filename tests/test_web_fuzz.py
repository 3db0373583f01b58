"""Issue 29: random requests on every route of the web app, as the Director, as a table
device and as the public, with valid CSRF tokens: no answer is a 500 and no exception
escapes (the test client raises any unhandled one). Values are drawn from what a form
could carry and what breaks naive parsing: numbers out of range, ``²``, ``1/0``, a NUL,
long text, brackets, the words of a result.

A short run is part of the default suite; ``DUPBRIDGE_FUZZ_LONG=1`` runs many more
examples. The claim's adjudication routes are left out: they start a search off the
request thread, which a random claim could keep busy long after the test (their
refusals are tested in test_web_claims.py), and so is the spectators' stream, which
answers for minutes."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.app.club_night import floor as club_floor
from dupbridge.web.routers import claims, device, director, laws, public, rulings
from test_web_bad_input import Club, form_token, make_club

LONG = os.environ.get("DUPBRIDGE_FUZZ_LONG") == "1"
EXAMPLES = 2000 if LONG else 60
ROUTERS = (public.router, director.router, device.router, claims.router, laws.router,
           rulings.router, rulings.device_router)
LEFT_OUT = ("/adjudication", "/answer", "/device/claims/", "/logout", "/codes")
# What the routes that read their form themselves (the ruling screen's steps) look for.
STEP_FIELDS = ("seat", "call", "card", "line", "question", "value", "option", "contract",
               "trick", "winner", "won_later", "tricks", "faced", "late", "document",
               "pair", "consent", "why", "score", "confirm")
WORDS = ["", "0", "1", "2", "3", "4", "7", "9", "13", "14", "-1", "99999999999",
         "1" * 30, "²", "١", "abc", "1/0", "1e3", "0.5", "N", "S", "E", "W", "x",
         "3NT", "4S", "4SX", "1H", "P", "PASS", "A60/40", "A50/50", "4S N 10", "HK", "SA",
         "C2", "yes", "no", "decline", "unintended", "2007", "2017", "27B1", "wbf-2017",
         "mitchell", "howell", "matchpoints", "imps", "[[[[", "{}", '{"format": 1}',
         "x" * 500, "a\x00b", "é", "'\"<>&", "\n", "first", "second", "record", "load"]


# The spectators' stream (``web.live``) answers for minutes by design: a client reading
# it whole would wait for its end (its refusals and contents: test_web_live.py).
STREAMS = ("/events/{event_id}/live",)


def _routes() -> list[APIRoute]:
    return [route for router in ROUTERS for route in router.routes
            if isinstance(route, APIRoute) and route.path not in STREAMS and not any(
                part in route.path for part in LEFT_OUT)]


ROUTES = _routes()
SMALL = st.sampled_from(["0", "1", "2", "3", "4", "6", "-1", "abc", "²", "",
                         "99999999999"])


def values(event: str) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from([*WORDS, event]), st.text(max_size=20),
                     st.integers(-3, 40).map(str))


@dataclass
class Roles:
    club: Club
    clients: dict[str, TestClient]
    tokens: dict[str, str]
    generation: int = 1

    def client(self, role: str) -> tuple[TestClient, str]:
        if role == "device":
            now = club_floor.device_generation(self.club.store, self.club.event)
            if now != self.generation:  # the Director issued new codes: join again
                self.generation = now
                self.clients["device"], self.tokens["device"] = _device(self.club, now)
        return self.clients[role], self.tokens[role]


def _device(club: Club, generation: int) -> tuple[TestClient, str]:
    web = club.client()
    code = club.app.state.pages.signer.device_code(club.event, 1, generation)
    web.post("/device/join", data={"code": code, "csrf": form_token(web, "/device")})
    found = re.search(r'name="csrf-token" content="([^"]+)"', web.get("/device/table").text)
    assert found is not None
    return web, found[1]


@pytest.fixture(scope="module")
def roles(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Roles]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    club = make_club(f"sqlite:///{folder}/club.db")
    boss = club.director()
    anyone = club.client()
    table, table_token = _device(club, 1)
    yield Roles(club, {"director": boss, "device": table, "public": anyone},
                {"director": form_token(boss, "/director"), "device": table_token,
                 "public": form_token(anyone, "/login")})


@st.composite
def requests(draw: st.DrawFn, event: str) -> tuple[str, str, str, dict[str, Any]]:
    """A route, a role, a path and what the request carries."""
    route = draw(st.sampled_from(ROUTES))
    role = draw(st.sampled_from(["director", "device", "public"]))
    dependant = route.dependant
    path = route.path
    for param in dependant.path_params:
        if param.name == "event_id":
            value = draw(st.sampled_from([event, event, event, "nope", "x" * 200]))
        elif param.name == "action":
            value = draw(st.sampled_from([*rulings.STEPS, "record", "appeal", "nope"]))
        else:
            value = draw(st.one_of(SMALL, values(event)))
        path = path.replace("{" + param.name + "}", quote(value, safe="") or "1")
    query = {param.name: draw(values(event)) for param in dependant.query_params
             if draw(st.booleans())}
    query["lang"] = draw(st.sampled_from(["en", "es", "fr", "pt"]))
    # Headers a browser, or a forger, may send: any Latin-1 text (what HTTP carries).
    latin = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=30)
    headers = {name: draw(latin) for name in ("accept-language", "x-csrf-token", "cookie")
               if draw(st.integers(0, 9)) == 0}
    request: dict[str, Any] = {"params": query, "headers": headers}
    method = "POST" if "POST" in route.methods else "GET"
    if path == "/device/results":
        request["json"] = draw(st.fixed_dictionaries({}, optional={
            "id": st.one_of(st.sampled_from(["r1b1-0123456789", "0123456789abcdef"]),
                            st.text(max_size=70)),
            "round": st.one_of(st.integers(-2, 5), st.booleans(), st.text(max_size=3)),
            "board": st.one_of(st.integers(-2, 8), st.none(), st.text(max_size=3)),
            "contract": values(event), "declarer": values(event), "lead": values(event),
            "tricks": st.one_of(st.integers(-2, 15), st.booleans(), values(event),
                                st.none(), st.floats(allow_nan=True)),
            "agreed": st.one_of(st.booleans(), st.integers(0, 2), st.text(max_size=3))}))
    elif method == "POST":
        names = [param.name for param in dependant.body_params] or list(STEP_FIELDS)
        request["data"] = {name: draw(SMALL if name in ("size", "boards_per_round")
                                      else values(event))
                           for name in names if draw(st.integers(0, 5)) > 0}
    return method, role, path, request


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_request_on_any_route_is_answered_with_a_server_error(roles: Roles,
                                                                  data: st.DataObject) -> None:
    method, role, path, request = data.draw(requests(roles.club.event))
    web, token = roles.client(role)
    headers = {key: value.encode("latin-1") for key, value in request["headers"].items()}
    if "cookie" in headers:  # a forged cookie: on a client of its own, the role's kept
        web = TestClient(roles.club.app)
    if method == "POST":
        if "json" in request:
            answer = web.post(path, params=request["params"], json=request["json"],
                              headers={"x-csrf-token": token.encode(), **headers})
        else:
            answer = web.post(path, params=request["params"],
                              data={**request["data"], "csrf": token},
                              headers={"accept": b"text/html", **headers})
    else:
        answer = web.get(path, params=request["params"],
                         headers={"accept": b"text/html", **headers})
    assert answer.status_code < 500, (method, role, path, request, answer.text[:300])
