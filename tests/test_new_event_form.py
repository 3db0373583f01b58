"""Issue 27: the Director's new-event form comes back with its values and a one-line reason
in the reader's language on a mistake (never Python's own text), offers a Mitchell's
options (rounds, relay and bye stand, arrow switches) and gives an odd Howell its sit-out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from web_rulings_kit import Club, csrf_of

BASE = {"name": "Martes", "profile": "wbf-2017", "scoring": "matchpoints",
        "movement": "mitchell", "size": "4", "boards_per_round": "3", "deal": "1"}


@pytest.fixture
def room(tmp_path: Path) -> Club:
    return Club(tmp_path)


def _create(web: TestClient, language: str = "es", **change: str) -> object:
    token = csrf_of(web.get("/director").text)
    return web.post(f"/director/events?lang={language}", data={"csrf": token, **BASE,
                                                               **change},
                    follow_redirects=False)


def _alert(page: str) -> str:
    found = re.search(r'role="alert">([^<]*)<', page)
    return found.group(1) if found else ""


@pytest.mark.parametrize(("change", "language", "said"), [
    ({"size": "ocho"}, "es", "Mesas (Mitchell) o parejas (Howell): un número entero de 2 a 40, "
                             "no ocho"),
    ({"movement": "howell", "size": "4"}, "es",
     "un Howell necesita cinco parejas o más; dos mesas juegan un Mitchell"),
    ({"phantoms": "12"}, "es", "la pareja 12 no está en el movimiento (parejas 1 a 8)"),
    ({"rounds": "9"}, "fr", "tours : un nombre entier de 1 à 3, pas 9"),
    ({"arrow_switches": "tres"}, "pt", "troca de seta: um número inteiro de 1 a 3, não tres"),
    ({"name": " "}, "pt", "um torneio precisa de um nome"),
])
def test_a_mistake_keeps_the_form_and_says_why_in_the_language(
        room: Club, change: dict[str, str], language: str, said: str) -> None:
    web = room.director()
    before = len(club.list_events(open_store(room.url)))
    answer = _create(web, language, **{**change, "names": "1 Ana & Luis"})
    assert answer.status_code == 422
    alert = _alert(answer.text).replace("&#39;", "'")
    assert alert == said, alert
    assert "invalid literal" not in answer.text and "Traceback" not in answer.text
    for field, value in {**BASE, **change}.items():
        if field not in ("profile", "scoring", "movement", "deal") and value.strip():
            assert f'name="{field}"' in answer.text
            assert f'value="{value}"' in answer.text, field
    assert "1 Ana &amp; Luis</textarea>" in answer.text
    assert re.search(rf'<option value="{(BASE | change)["movement"]}" selected', answer.text)
    assert len(club.list_events(open_store(room.url))) == before  # nothing written


def test_law8_a_five_table_mitchell_cut_to_four_rounds_with_an_arrow_switch(
        room: Club) -> None:
    answer = _create(room.director(), size="5", rounds="4", arrow_switches="4")
    assert answer.status_code == 303
    event = answer.headers["location"].rsplit("/", 1)[1]
    state = club.state_of(open_store(room.url), event)
    assert state.movement.rounds == 4
    at_table_1 = next(e for e in state.movement.in_round(4) if e.table == 1)
    assert at_table_1.ns[0] > 5  # an East-West pair sits North-South in round 4


def test_law8_a_relay_and_bye_stand_on_an_even_number_of_tables(room: Club) -> None:
    answer = _create(room.director(), size="4", even="relay")
    assert answer.status_code == 303
    event = answer.headers["location"].rsplit("/", 1)[1]
    movement = club.state_of(open_store(room.url), event).movement
    assert movement.rounds == 4 and "relay" in movement.name


def test_law8_a_relay_mitchell_cut_short_is_created_and_played_as_a_skip_mitchell(
        room: Club) -> None:
    """A relay and bye stand even the boards' plays only over all the rounds: cut short,
    the movement layer plays the skip Mitchell of those rounds, and the form creates it
    (it used to refuse it)."""
    answer = _create(room.director(), "es", size="4", even="relay", rounds="3")
    assert answer.status_code == 303, _alert(answer.text)
    event = answer.headers["location"].rsplit("/", 1)[1]
    movement = club.state_of(open_store(room.url), event).movement
    assert movement.rounds == 3 and "relay" not in movement.name
    plays: dict[int, int] = {}
    for encounter in movement.encounters:
        assert len({*encounter.contestants}) == 2
        for board in encounter.boards:
            plays[board] = plays.get(board, 0) + 1
    assert set(plays.values()) == {3}  # every board played at three tables, none twice
    # No East-West pair meets a North-South pair twice, nor plays a board twice.
    met = [(e.ns, e.ew) for e in movement.encounters]
    assert len(met) == len(set(met))
    for pair in range(5, 9):
        boards = [b for e in movement.encounters if pair in e.ew for b in e.boards]
        assert len(boards) == len(set(boards)) == 3 * 3  # three boards a round


def test_law8_an_odd_howell_gets_its_sit_out_without_padding_by_hand(room: Club) -> None:
    answer = _create(room.director(), movement="howell", size="7", boards_per_round="2")
    assert answer.status_code == 303
    event = answer.headers["location"].rsplit("/", 1)[1]
    movement = club.state_of(open_store(room.url), event).movement
    assert movement.phantoms == (8,) or set(movement.phantoms) == {8}
    for number in range(1, movement.rounds + 1):
        sitting = [e for e in movement.in_round(number) if movement.sit_out(e)]
        assert len(sitting) == 1  # one pair sits out each round


def test_the_events_time_zone_shows_every_time_of_the_console_local(room: Club) -> None:
    from dupbridge.app.club_night import floor as club_floor
    from dupbridge.app.club_night.ports import FixedClock
    from web_rulings_kit import START

    director = room.director()
    answer = _create(director, timezone="Europe/Madrid")
    assert answer.status_code == 303
    event = answer.headers["location"].rsplit("/", 1)[1]
    store = open_store(room.url)
    club_floor.call_director(store, FixedClock(START), event, round=1, table=2,
                             who="table 2 device")  # 19:00 UTC, 20:00 in Madrid
    calls = director.get(f"/director/events/{event}").text.split('id="calls"')[1]
    assert "20:00:00 CET" in calls and "19:00:00" not in calls
    refused = _create(director, "es", timezone="Marte/Olympus")
    assert refused.status_code == 422
    assert _alert(refused.text) == ("zona horaria: una zona como Europe/Madrid, no "
                                    "Marte/Olympus")
    assert 'value="Marte/Olympus"' in refused.text
