"""Issue 27: late arrivals on the Director's console. In a 5-table Mitchell cut to 4 rounds
with 9 pairs (East-West 10 absent: a sit-out each round), a late pair turns the sit-out into
a table from the round in play; two pairs arriving together add a table where the movement
has two free places; where it has none the refusal says why, in the reader's language, and
nothing is recorded. The console confirms each action in the reader's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor, late_arrival
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.errors import ResultRefused
from dupbridge.i18n.catalogues import render
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
PASSWORD = "td"


def _event(tmp_path: Path, absent: tuple[int, ...] = (10,)) -> tuple[object, str]:
    store = open_store(f"sqlite:///{tmp_path}/club.db")
    event = club.create_event(store, CLOCK, club.NewEvent(
        "Jueves", size=5, boards_per_round=2, rounds=4, absent=absent, deal=False),
        who="Director")
    return store, event.id


def _sit_outs(store: object, event_id: str) -> list[tuple[int, int]]:
    movement = club.state_of(store, event_id).movement  # type: ignore[arg-type]
    return [(e.round, e.table) for e in movement.encounters if movement.sit_out(e)]


def test_a_late_pair_turns_the_sit_out_into_a_table_from_the_round_in_play(
        tmp_path: Path) -> None:
    store, event_id = _event(tmp_path)
    assert _sit_outs(store, event_id) == [(1, 5), (2, 1), (3, 2), (4, 3)]
    floor.start_round(store, CLOCK, event_id, round=1, minutes=None, who="Director")
    floor.end_round(store, CLOCK, event_id, who="Director")
    offered = late_arrival.arrival(store, event_id)  # type: ignore[arg-type]
    assert offered.places == (10,) and offered.first_round == 2 and offered.next_pair == 11
    change = late_arrival.turn_sit_out_into_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                                                  name="Flor & Gil", who="Director")
    assert change.new
    state = club.state_of(store, event_id)  # type: ignore[arg-type]
    # Round 1's sit-out stays one (it is over); from round 2 the late pair 11 plays there.
    assert _sit_outs(store, event_id) == [(1, 5)]
    table1 = next(e for e in state.movement.in_round(2) if e.table == 1)
    assert table1.ew == (11,) and state.name_of(11) == "Flor & Gil"
    assert 10 not in state.movement.contestants or 10 in state.movement.phantoms
    # Nobody plays a board twice (Law 15): the movement was validated again.
    played = [(c, b) for e in state.movement.encounters for c in e.contestants
              for b in e.boards if not state.movement.sit_out(e)]
    assert len(played) == len(set(played))


def test_a_late_pair_never_joins_a_round_that_is_over(tmp_path: Path) -> None:
    store, event_id = _event(tmp_path)
    floor.start_round(store, CLOCK, event_id, round=2, minutes=None, who="Director")
    with pytest.raises(ResultRefused) as refused:
        late_arrival.turn_sit_out_into_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                                             from_round=1, who="Director")
    assert render(refused.value.message, "es") == (
        "la ronda 1 ha terminado: una pareja retrasada entra a partir de la ronda 2")
    floor.end_round(store, CLOCK, event_id, who="Director")
    floor.start_round(store, CLOCK, event_id, round=4, minutes=None, who="Director")
    floor.end_round(store, CLOCK, event_id, who="Director")
    with pytest.raises(ResultRefused) as late:
        late_arrival.turn_sit_out_into_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                                             who="Director")
    assert "4 rondas" in render(late.value.message, "es")
    assert _sit_outs(store, event_id) == [(1, 5), (2, 1), (3, 2), (4, 3)]


def test_two_late_pairs_add_a_table_where_the_movement_has_two_free_places(
        tmp_path: Path) -> None:
    store, event_id = _event(tmp_path, absent=(5, 10))  # table 5 expected, nobody there
    change = late_arrival.add_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                                    names=("Ana & Luis", "Bea & Juan"), who="Director")
    assert change.new
    state = club.state_of(store, event_id)  # type: ignore[arg-type]
    assert not state.movement.phantoms and _sit_outs(store, event_id) == []
    table5 = next(e for e in state.movement.in_round(1) if e.table == 5)
    assert (table5.ns, table5.ew) == ((11,), (12,))
    assert (state.name_of(11), state.name_of(12)) == ("Ana & Luis", "Bea & Juan")
    # One movement version recorded: both pairs or neither.
    assert len(store.actions(event_id, ("movement",))) == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("absent", [(), (10,)])
def test_a_table_cannot_be_added_without_two_free_places_and_nothing_is_recorded(
        tmp_path: Path, absent: tuple[int, ...]) -> None:
    store, event_id = _event(tmp_path, absent=absent)
    with pytest.raises(ResultRefused) as refused:
        late_arrival.add_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                               names=("A", "B"), who="Director")
    said = {language: render(refused.value.message, language) for language in ("es", "pt")}
    assert said["es"].startswith(f"no se puede añadir una mesa: el movimiento tiene "
                                 f"{len(absent)} puesto(s) libre(s)")
    assert said["pt"].startswith("não é possível adicionar uma mesa")
    assert len(store.actions(event_id, ("movement",))) == 1  # type: ignore[attr-defined]
    if not absent:
        with pytest.raises(ResultRefused) as none:
            late_arrival.turn_sit_out_into_table(store, CLOCK, event_id,  # type: ignore[arg-type]
                                                 who="Director")
        assert render(none.value.message, "fr").startswith(
            "il n'y a aucun relâche à transformer en table")


# The console: a thin route, a confirmation, a translated refusal.


def _director(tmp_path: Path) -> TestClient:
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=CLOCK))
    web = TestClient(app)
    web.post("/login", data={"password": PASSWORD, "csrf": _csrf(web, "/login")})
    return web


def _csrf(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found.group(1)


def test_the_console_turns_the_sit_out_into_a_table_and_says_so(tmp_path: Path) -> None:
    store, event_id = _event(tmp_path)
    floor.start_round(store, CLOCK, event_id, round=1, minutes=None, who="Director")
    floor.end_round(store, CLOCK, event_id, who="Director")  # the pair joins in round 2
    web = _director(tmp_path)
    console = f"/director/events/{event_id}"
    page = web.get(f"{console}?lang=pt").text
    assert 'id="sit-out-table"' in page and "Transformar o descanso em mesa" in page
    assert re.search(r'name="from_round" type="number" min="1" value="2"', page)
    answer = web.post(f"{console}/sit-out-table", data={
        "csrf": _csrf(web, console), "name": "Flor & Gil", "from_round": ""},
        follow_redirects=False)
    assert answer.status_code == 303
    assert answer.headers["location"] == f"{console}?done=sit-out-table"
    shown = web.get(answer.headers["location"] + "&lang=pt").text
    assert "O descanso é agora uma mesa" in shown
    assert 'id="no-sit-out"' in shown  # the only sit-out is now a table
    assert club.state_of(store, event_id).name_of(11) == "Flor & Gil"  # type: ignore[arg-type]


@pytest.mark.parametrize(("language", "said"), [
    ("es", "no se puede añadir una mesa"), ("fr", "impossible d'ajouter une table"),
    ("pt", "não é possível adicionar uma mesa"),
])
def test_the_console_refuses_a_table_it_cannot_add_in_one_translated_line(
        tmp_path: Path, language: str, said: str) -> None:
    _event(tmp_path)
    web = _director(tmp_path)
    event_id = club.list_events(open_store(f"sqlite:///{tmp_path}/club.db"))[0].id
    console = f"/director/events/{event_id}"
    answer = web.post(f"{console}/add-table?lang={language}", data={
        "csrf": _csrf(web, console), "first": "A", "second": "B", "from_round": "ocho"})
    assert answer.status_code == 422  # "ocho" is not a round: said in the reader's words
    alert = re.search(r'role="alert">([^<]*)<', answer.text)
    assert alert is not None and "invalid literal" not in answer.text
    answer = web.post(f"{console}/add-table?lang={language}", data={
        "csrf": _csrf(web, console), "first": "A", "second": "B", "from_round": "1"})
    assert answer.status_code == 422
    alert = re.search(r'role="alert">([^<]*)<', answer.text)
    assert alert is not None and said in alert.group(1).replace("&#39;", "'"), alert
