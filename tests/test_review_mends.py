"""Issue 27's review mends: the Director's forms read contracts and cards with the table
device's reader (``entry_check.typed_contract`` / ``typed_lead`` over ``contract_word`` /
``lead_word``), never a second one of the web's; the profiles an event may be created with
are the app's to choose (``new_event_form.profile_names`` / ``profile_of``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.entry_check import (
    contract_word,
    lead_word,
    typed_contract,
    typed_lead,
)
from dupbridge.app.club_night.new_event_form import profile_names, profile_of, read_new_event
from dupbridge.app.errors import BadInput
from dupbridge.laws.machinery import profiles
from dupbridge.web import views
from web_rulings_kit import Club, csrf_of


@pytest.fixture
def room(tmp_path: Path) -> Club:
    return Club(tmp_path)


@pytest.mark.parametrize(("typed", "language", "read"), [
    ("4♠X", "es", "4SX"), ("3SA", "es", "3NT"), ("4PX", "es", "4SX"), ("3NTxx", "en", "3NTXX"),
    ("paso", "es", "PASS"), ("passe", "fr", "PASS"), ("AP", "en", "AP"), ("", "es", ""),
    ("tres", "es", "TRES"),  # passed on for ResultInput to refuse with its reason
])
def test_a_typed_contract_is_read_as_the_table_device_reads_it(
        typed: str, language: str, read: str) -> None:
    assert typed_contract(typed, language) == read
    if read not in ("PASS", "AP", "", "TRES"):
        assert read == contract_word(typed, language)


def test_a_typed_lead_is_read_as_the_table_device_reads_it() -> None:
    assert typed_lead("♥R", "es") == lead_word("♥R", "es") == "HK"
    assert typed_lead("HK", "es") == "HK" and typed_lead(" ", "es") == ""
    with pytest.raises(BadInput, match="reads two ways"):
        typed_lead("CR", "es")  # corazones or clubs: never guessed
    with pytest.raises(BadInput, match="reads two ways"):
        typed_contract("2C", "fr")


def test_the_directors_assigned_score_is_read_with_the_entry_checks_words() -> None:
    assert views.assigned_input("4♠ O 10", "es") == "4S W 10"
    assert views.assigned_input("3SA N 9", "es") == "3NT N 9"
    assert views.assigned_input("A60/40", "es") == "A60/40"
    for name in ("contract_input", "card_input"):
        assert not hasattr(views, name)  # one reader of the players' letters, the app's


def test_an_adjusted_score_that_reads_two_ways_is_refused_on_the_console(room: Club) -> None:
    """French ``2C``: coeur or clubs. Refused in French with both readings, nothing
    stored (it was a server error: the word was read before the action's guard)."""
    director = room.director()
    url = f"/director/events/{room.event}"
    token = csrf_of(director.get(url).text)
    answer = director.post(f"{url}/adjust?lang=fr", data={
        "csrf": token, "round": "1", "table": "1", "board": "1", "score": "2C N 8",
        "why": "erreur"})
    assert answer.status_code == 422
    assert "se lit de deux façons : tapez 2♥ ou 2♣" in answer.text.replace("&#39;", "'")
    assert "Traceback" not in answer.text and "position" not in answer.text
    assert club.state_of(open_store(room.url), room.event).adjustments == {}
    done = director.post(f"{url}/adjust?lang=es", data={
        "csrf": token, "round": "1", "table": "1", "board": "1", "score": "4♠ O 10",
        "why": "error"}, follow_redirects=False)
    assert done.status_code == 303
    adjusted = club.state_of(open_store(room.url), room.event).adjustments[(1, 1, 1)]
    assert "4S W 10" in adjusted.text


def test_a_device_result_that_reads_two_ways_is_refused_not_guessed(room: Club) -> None:
    """A table device in French sending ``2C`` (coeur or clubs) is refused with both
    readings; it used to be recorded as two clubs."""
    device: TestClient = room.device(1)
    page = device.get("/device/table?lang=fr").text
    meta = page.split('name="csrf-token" content="')[1].split('"')[0]
    answer = device.post("/device/results?lang=fr", headers={"x-csrf-token": meta}, json={
        "id": "fr-2c-clubs", "round": 1, "board": 1, "contract": "2C", "declarer": "N",
        "tricks": 8})
    assert answer.status_code == 422
    assert "2♥" in answer.json()["message"] and "2♣" in answer.json()["message"]
    assert club.state_of(open_store(room.url), room.event).book.entries == {}


def test_profiles_are_chosen_by_the_app_by_name_never_by_path(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()
    shipped = Path(profiles.__file__).parent / "profiles" / "wbf-2017.toml"
    (folder / "our-club.toml").write_text(shipped.read_text(encoding="utf-8"),
                                          encoding="utf-8")
    (folder / "not a name.toml").write_text("", encoding="utf-8")
    assert profile_names(folder) == (*profiles.PROFILE_NAMES, "our-club")
    assert profile_names(None) == profiles.PROFILE_NAMES
    assert profile_of("aeb-2007", folder) == "aeb-2007"
    assert profile_of("our-club", folder) == str(folder / "our-club.toml")
    for written in ("../profiles/our-club", str(shipped), "/etc/passwd", "our-club"):
        folder_given = None if written == "our-club" else folder
        with pytest.raises(BadInput, match="profile: one of"):
            profile_of(written, folder_given)
    form = {"name": "Martes", "size": "3", "boards_per_round": "2", "profile": "our-club"}
    assert read_new_event(form, folder).profile == str(folder / "our-club.toml")
    assert read_new_event({**form, "profile": ""}).profile == "wbf-2017"
    with pytest.raises(BadInput, match="profile"):
        read_new_event({**form, "profile": str(shipped)}, folder)
