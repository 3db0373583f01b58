"""Issues 27 and 29: the newer console routes (withdraw a pair, a dispute's tricks, the new
event's time zone, the exports and the email, the round control, the pairs' names) attacked
as test_web_bad_input does the older ones: malformed, huge, wrong-type, NUL and lone
surrogate values, another role's cookie (a table device, the public) and no CSRF token.
Each is answered 4xx with a one-line reason in the reader's language, never 500, and
nothing is stored (the event's journal and the list of events are as they were)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from test_web_bad_input import Club, form_token, make_club, refusal_of

FORM = {"content-type": "application/x-www-form-urlencoded"}
# As a browser would percent-encode them. A lone surrogate's bytes in a form are decoded
# as U+FFFD (storable): they are tried where the field must be a number or a name.
NUL, SURROGATE = "%00", "%ED%A0%80"
HUGE = "9" * 400

# route (after the console's path), the fields a good request sends, the attacks: one
# field's raw (percent-encoded) value each.
ROUTES: list[tuple[str, dict[str, str], dict[str, list[str]]]] = [
    ("withdraw", {"pair": "2", "from_round": "2", "why": "ill"},
     {"pair": ["abc", "%C2%B2", "-1", "0", "99", HUGE, "1e3", "true", NUL, SURROGATE, ""],
      "from_round": ["abc", "0", "99", HUGE, "1/0", NUL, SURROGATE],
      "why": ["x" * 3000, "a" + NUL]}),
    ("rule", {"dispute": "nope", "tricks": "9"},
     {"dispute": ["nope", "x" * 500, NUL, SURROGATE, ""],
      "tricks": ["abc", "14", "-1", "1e3", "%C2%B2", HUGE, NUL, SURROGATE]}),
    ("round/start", {"round": "1", "minutes": "20"},
     {"round": ["abc", "0", "99", HUGE, "-1", NUL, SURROGATE, ""],
      "minutes": ["abc", "0", "-5", "1000000000000", HUGE, "1.5", NUL, SURROGATE]}),
    ("names", {"names": "1 Ana & Luis"},
     {"names": ["abc Ana", "99 Ana", "0 Ana", "1 " + "x" * 300, "1 Ana" + NUL,
                "x" * 40_001, HUGE + " Ana", "%C2%B2 Ana"]}),
    ("email", {"addresses": "1 ana@club.es"},
     {"addresses": ["1 not-an-address", "99 ana@club.es", "x" * 40_001, NUL,
                    HUGE + " a@b.es", ""]}),
]
NEW_EVENT = {"name": "Martes", "profile": "wbf-2017", "scoring": "matchpoints",
             "movement": "mitchell", "size": "3", "boards_per_round": "2"}
ZONES = ["Marte/Olympus", "../../etc/passwd", "/etc/localtime", "x" * 41, NUL, SURROGATE,
         "Europe/" + NUL, "UTC" + SURROGATE, "%C2%B2"]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    folder: Path = tmp_path_factory.mktemp("attacks")
    yield make_club(f"sqlite:///{folder}/club.db")


def _body(fields: dict[str, str], token: str | None) -> bytes:
    """The form as raw bytes: values already percent-encoded (a NUL, a lone surrogate's
    bytes), the rest quoted as a browser does."""
    from urllib.parse import quote_plus

    parts = [f"{name}={value if '%' in value else quote_plus(value)}"
             for name, value in fields.items()]
    if token is not None:
        parts.append(f"csrf={quote_plus(token)}")
    return "&".join(parts).encode("ascii")


def _post(web: TestClient, path: str, fields: dict[str, str], token: str | None,
          language: str) -> Any:
    return web.post(f"{path}?lang={language}", content=_body(fields, token),
                    headers={**FORM, "accept": "text/html"}, follow_redirects=False)


def _refused_alike(room: Club, web: TestClient, path: str, fields: dict[str, str],
                   token: str | None) -> None:
    """Refused 4xx in English and in Spanish, one line each, the Spanish one translated;
    nothing written."""
    before, events = len(room.journal()), len(club.list_events(room.store))
    reasons = {}
    for language in ("en", "es"):
        answer = _post(web, path, fields, token, language)
        assert 400 <= answer.status_code < 500, (path, fields, answer.status_code,
                                                 answer.text[:300])
        reason = refusal_of(answer)
        assert reason and "\n" not in reason and "Traceback" not in reason, reason
        assert "invalid literal" not in reason and "object has no" not in reason, reason
        reasons[language] = reason
    assert reasons["es"] != reasons["en"], reasons  # not left in English
    assert len(room.journal()) == before, (path, fields)
    assert len(club.list_events(room.store)) == events, (path, fields)


@pytest.mark.parametrize(("action", "good", "field", "value"), [
    (action, good, field, value) for action, good, attacks in ROUTES
    for field, values in attacks.items() for value in values])
def test_a_bad_value_on_a_newer_console_route_is_refused_in_the_readers_language(
        room: Club, action: str, good: dict[str, str], field: str, value: str) -> None:
    director = room.director()
    token = form_token(director, room.console)
    _refused_alike(room, director, f"{room.console}/{action}", {**good, field: value},
                   token)


@pytest.mark.parametrize("zone", ZONES)
def test_a_bad_time_zone_is_refused_and_no_event_created(room: Club, zone: str) -> None:
    director = room.director()
    token = form_token(director, "/director")
    _refused_alike(room, director, "/director/events", {**NEW_EVENT, "timezone": zone},
                   token)


@pytest.mark.parametrize("path", [
    "/download/boards.nope", "/download/boards." + "x" * 300, "/download/boards.%00",
    "/download/boards.%ED%A0%80", "/download/handrecord.nope", "/download/handrecord.%00",
])
def test_a_bad_export_is_refused(room: Club, path: str) -> None:
    director = room.director()
    for language in ("en", "es"):
        answer = director.get(f"{room.console}{path}?lang={language}",
                              headers={"accept": "text/html"})
        assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text[:200])
        assert "\n" not in refusal_of(answer)


NEWER = [(action, good) for action, good, _ in ROUTES] + [
    ("round/end", {}), ("release", {"release": "round"}),
    ("ranking-visibility", {"hide_from": "2"})]


@pytest.mark.parametrize(("action", "good"), NEWER)
def test_another_roles_cookie_or_no_token_is_refused(room: Club, action: str,
                                                     good: dict[str, str]) -> None:
    """A table device's cookie, the public's, or the Director's without the form's
    token: 403, the reason in the reader's language, nothing written."""
    device = room.device(1)
    device_token = form_token(device, "/device")
    public = room.client()
    public_token = form_token(public, "/login")
    director = room.director()
    path = f"{room.console}/{action}"
    for web, token in ((device, device_token), (public, public_token), (director, None),
                       (director, "forged")):
        _refused_alike(room, web, path, good, token)
    for web, token in ((device, device_token), (public, public_token)):
        for export in ("/download/session.zip", "/download/boards.dup",
                       "/print/results"):
            answer = web.get(f"{room.console}{export}", headers={"accept": "text/html"})
            assert answer.status_code == 403, export
        answer = _post(web, "/director/events", {**NEW_EVENT, "timezone": "UTC"}, token,
                       "es")
        assert answer.status_code == 403
