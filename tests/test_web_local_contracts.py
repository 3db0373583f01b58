"""Issue 27: the Director writes a contract on the ruling and claim screens as the players
of her language do (4♠, 3SA O in Spanish) or in English letters (4S S), and the screens show
it back in her notation: no English letters on a Spanish, French or Portuguese page."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from web_rulings_kit import Club, csrf_of

HX = {"HX-Request": "true"}
# 4S by South, three tricks left (as tests/test_web_claims.py): a claim set up in a moment.
TRUMP_LEFT = "N:..432. .32.5. A.AK.. 2...65"


def _step(web: TestClient, url: str, language: str, **data: str) -> str:
    token = csrf_of(web.get(f"{url}?lang={language}").text)
    answer = web.post(f"{url}/{data.pop('step')}?lang={language}",
                      data={**data, "csrf": token}, headers=HX)
    assert answer.status_code == 200, answer.text[:300]
    return answer.text


@pytest.mark.parametrize(("language", "typed"), [
    ("es", "4♠ N"), ("es", "4S N"), ("es", "3SA S"), ("fr", "4♠ N"), ("pt", "4♠ N"),
    ("en", "4S N")])
def test_law64_a_revoke_ruled_on_a_contract_written_in_the_directors_notation(
        tmp_path: Path, language: str, typed: str) -> None:
    room = Club(tmp_path)
    director = room.director()
    url = room.ruling_url(1, 1)
    page = _step(director, url, language, step="revoke", contract=typed, seat="E",
                 trick="3", winner="E", won_later="2", tricks="9")
    assert 'id="ruling-error"' not in page
    assert 'href="/laws/2017/64A1"' in page  # two tricks transferred, as for "4S N"


def test_a_contract_that_is_none_is_refused_in_the_readers_language(tmp_path: Path) -> None:
    room = Club(tmp_path)
    director = room.director()
    page = _step(director, room.ruling_url(1, 1), "es", step="revoke", contract="4Z N",
                 seat="E", trick="3", winner="E", won_later="2", tricks="9")
    assert 'id="ruling-error"' in page and "not a contract" not in page


def test_the_auctions_contract_is_shown_in_the_readers_notation(tmp_path: Path) -> None:
    room = Club(tmp_path)
    director = room.director()
    url = room.ruling_url(1, 1)
    for seat, call in zip("NESWNE", ("1S", "P", "4S", "P", "P", "P"), strict=True):
        _step(director, url, "en", step="call", seat=seat, call=call)
    assert 'name="contract" value="4♠ N"' in director.get(f"{url}?lang=es").text


@pytest.mark.parametrize(("language", "typed", "shown"), [
    ("es", "4♠", "4♠"), ("es", "4S", "4♠"), ("fr", "4♠", "4♠"), ("pt", "4S", "4♠")])
def test_law70_a_claim_set_up_with_the_contract_in_the_directors_notation(
        tmp_path: Path, language: str, typed: str, shown: str) -> None:
    kit = Club(tmp_path)
    event = club.create_event(kit.app.state.pages.store, kit.clock, club.NewEvent(
        "Claims", size=3, boards_per_round=2, deal=False), who="Director").id
    director = kit.director()
    url = f"/director/events/{event}/claims/1/1/1"
    answer = director.post(f"{url}?lang={language}", data={
        "csrf": csrf_of(director.get(url).text), "contract": typed, "declarer": "S",
        "hands": TRUMP_LEFT, "leader": "S", "won": "8"}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]
    page = director.get(f"{url}?lang={language}").text
    assert f'name="contract" size="5" value="{shown}" placeholder="4♠"' in page
    refused = director.post(f"{url}?lang={language}", data={
        "csrf": csrf_of(page), "contract": "4Z", "declarer": "S", "hands": TRUMP_LEFT,
        "leader": "S", "won": "8"}, follow_redirects=False)
    assert refused.status_code == 422 and 'id="claim-error"' in refused.text
