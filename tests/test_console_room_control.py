"""Issue 27's room control on the Director's console, over HTTP: a disputed result decided
with another number of tricks in one step (Law 79B2), a pair withdrawn (a phantom takes
its seat), a late pair turning a sit-out into a table, and a confirmation in the reader's
language after each action; bad input a one-line translated refusal, nothing recorded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock
from web_rulings_kit import START, Club, csrf_of


@pytest.fixture
def room(tmp_path: Path) -> Club:
    return Club(tmp_path)


def _console(room: Club) -> str:
    return f"/director/events/{room.event}"


def _dispute(room: Club) -> str:
    store = open_store(room.url)
    club.enter_result(store, FixedClock(START), room.event, club.ResultInput(
        1, 1, 1, "4S", "N", 11, agreed=False), who="table 1 device")
    disputes = club.results(store, room.event).disputes
    assert len(disputes) == 1
    return disputes[0].id


def _status(page: str) -> str:
    found = re.search(r'role="status">([^<]*)<', page)
    return found.group(1) if found else ""


def test_law79B2_the_director_records_a_dispute_with_other_tricks_in_one_step(
        room: Club) -> None:
    dispute = _dispute(room)
    director = room.director()
    page = director.get(f"/director/events/{room.event}/live?lang=es").text
    assert 'class="inline other-tricks"' in page and "Bazas que establece el Director" in page
    answer = director.post(f"{_console(room)}/rule", data={
        "csrf": csrf_of(director.get(_console(room)).text), "dispute": dispute,
        "tricks": "9"}, follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"{_console(room)}?done=rule"
    results = club.results(open_store(room.url), room.event)
    assert not results.disputes
    [line] = [x for x in results.lines if (x.round, x.table, x.board) == (1, 1, 1)]
    assert line.tricks == 9 and line.contract == "4S"
    shown = director.get(answer.headers["location"] + "&lang=es").text
    assert _status(shown) == "El resultado disputado queda decidido y registrado."


@pytest.mark.parametrize("tricks", ["ocho", "14", "-1"])
def test_other_tricks_that_are_not_tricks_are_refused_and_the_dispute_kept(
        room: Club, tricks: str) -> None:
    dispute = _dispute(room)
    director = room.director()
    answer = director.post(f"{_console(room)}/rule?lang=es", data={
        "csrf": csrf_of(director.get(_console(room)).text), "dispute": dispute,
        "tricks": tricks})
    assert answer.status_code == 422
    alert = re.search(r'role="alert">([^<]*)<', answer.text)
    assert alert and "un número entero de 0 a 13" in alert.group(1), alert
    assert "invalid literal" not in answer.text
    assert len(club.results(open_store(room.url), room.event).disputes) == 1


def test_the_console_withdraws_a_pair_as_the_command_line_does(room: Club) -> None:
    director = room.director()
    answer = director.post(f"{_console(room)}/withdraw", data={
        "csrf": csrf_of(director.get(_console(room)).text), "pair": "3",
        "from_round": "2", "why": "illness"}, follow_redirects=False)
    assert answer.headers["location"] == f"{_console(room)}?done=withdraw"
    state = club.state_of(open_store(room.url), room.event)
    assert 3 not in [p for e in state.movement.in_round(2) for p in e.contestants]
    phantom = max(state.movement.phantoms)
    assert phantom == 15  # the first number not in use (pairs 1 to 14)
    assert any(3 in e.contestants for e in state.movement.in_round(1))  # round 1 stands
    page = director.get(answer.headers["location"] + "&lang=fr").text
    assert _status(page) == "La paire est retirée : une paire fantôme prend sa place."
    assert 'id="withdraw"' in page


def test_withdrawing_a_pair_that_has_played_the_round_is_refused_in_the_language(
        room: Club) -> None:
    store = open_store(room.url)
    club.enter_result(store, FixedClock(START), room.event, club.ResultInput(
        1, 1, 1, "4S", "N", 10), who="table 1 device")
    director = room.director()
    answer = director.post(f"{_console(room)}/withdraw?lang=es", data={
        "csrf": csrf_of(director.get(_console(room)).text), "pair": "1",
        "from_round": "1"})
    assert answer.status_code == 422
    assert "la pareja 1 ya tiene un resultado en la ronda 1" in answer.text.lower()
    assert not club.state_of(open_store(room.url), room.event).movement.phantoms


def test_a_late_pair_turns_a_sit_out_into_a_table_and_is_confirmed(tmp_path: Path) -> None:
    room = Club(tmp_path)
    store = open_store(room.url)
    event = club.create_event(store, FixedClock(START), club.NewEvent(
        "Odd", size=4, boards_per_round=2, absent=(8,), deal=False), who="TD").id
    before = club.state_of(store, event).movement
    sat_out = [e.table for e in before.in_round(2) if before.sit_out(e)]
    assert len(sat_out) == 1
    director = room.director()
    answer = director.post(f"/director/events/{event}/late-pair", data={
        "csrf": csrf_of(director.get(f"/director/events/{event}").text), "late": "9",
        "phantom": "8", "from_round": "2", "name": "Flor & Gil"}, follow_redirects=False)
    assert answer.headers["location"] == f"/director/events/{event}?done=late-pair"
    after = club.state_of(open_store(room.url), event).movement
    assert not any(after.sit_out(e) for e in after.in_round(2))  # the table plays
    assert any(9 in e.contestants for e in after.in_round(2) if e.table == sat_out[0])
    page = director.get(answer.headers["location"] + "&lang=pt").text
    assert _status(page).startswith("O par atrasado foi adicionado")


@pytest.mark.parametrize(("action", "form", "language", "said"), [
    ("publish", {}, "es", "Los resultados se publican como oficiales"),
    ("round/start", {"round": "1", "minutes": "20"}, "fr", "Le tour est lancé"),
    ("names", {"names": "1 Ana & Luis"}, "pt", "Os nomes ficam guardados."),
])
def test_every_console_action_ends_with_a_confirmation(
        room: Club, action: str, form: dict[str, str], language: str, said: str) -> None:
    director = room.director()
    answer = director.post(f"{_console(room)}/{action}", data={
        "csrf": csrf_of(director.get(_console(room)).text), **form},
        follow_redirects=False)
    assert answer.status_code == 303
    page = director.get(answer.headers["location"] + f"&lang={language}").text
    assert _status(page).startswith(said)
    assert _status(director.get(_console(room)).text) == ""  # a reload says nothing new
    assert _status(director.get(_console(room) + "?done=nonsense").text) == ""
