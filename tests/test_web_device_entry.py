"""Issue 27 over HTTP: the table device's result checked field by field as North enters it
(``/device/check``: the reason next to the field in the reader's language, North-South's
score once whole), a result sent in the players' own letters (Spanish R D V, SA, suit
symbols) or in English recorded as the same result, and the players' names entered at the
table and edited on the console."""

from __future__ import annotations

from typing import Any

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.entry_check import (
    LEADS_ANSWERED,
    PartialResult,
    check_partial,
    contract_word,
)
from dupbridge.app.club_night.entry_check import lead_word as read_lead
from dupbridge.app.club_night.floor import OutOfScope
from dupbridge.app.club_night.table_names import name_pairs_at_table
from dupbridge.core.seats import Seat
from dupbridge.i18n.table_notation import card_text, contract_text, device_notation, sides
from test_web_roles import (  # noqa: F401  (director_hash, session: fixtures)
    Club,
    director_hash,
    form_token,
    page_token,
    session,
)


def _held(club_session: Club, board: int, seat: Seat, *, highest: bool = True) -> str:
    deal = club.state_of(club_session.store, club_session.event).board(board).deal
    assert deal is not None
    hand = sorted(deal.hand(seat))
    return str(hand[-1] if highest else hand[0])


def _check(web: Any, language: str, **fields: Any) -> Any:
    answer = web.post(f"/device/check?lang={language}",
                      headers={"x-csrf-token": page_token(web)},
                      json={"round": 1, "board": 1, **fields})
    assert answer.status_code == 200
    return answer.json()


def test_a_lead_the_leader_does_not_hold_is_refused_next_to_the_lead_in_spanish(
        session: Club) -> None:  # noqa: F811
    web = session.device(1)
    north = _held(session, 1, Seat.NORTH)
    found = _check(web, "es", contract="3NT", declarer="N", lead=north)
    assert set(found["fields"]) == {"lead"}
    assert found["fields"]["lead"] == (f"Este hace la salida y no tiene "
                                       f"{card_text(north, 'es')}")
    assert found["score"] is None
    east = _held(session, 1, Seat.EAST)
    whole = _check(web, "es", contract="3NT", declarer="N", lead=east, tricks=9)
    assert whole == {"fields": {}, "score": 400}  # board 1: nobody vulnerable (Law 2)
    assert _check(web, "es", contract="pass") == {"fields": {}, "score": 0}


def test_a_board_of_another_table_or_tricks_out_of_range_are_said_where(
        session: Club) -> None:  # noqa: F811
    web = session.device(1)
    other = _check(web, "fr", board=3, contract="3NT")  # board 3 is table 2's in round 1
    assert list(other["fields"]) == ["board"]
    assert "pas un étui" in other["fields"]["board"]
    tricks = _check(web, "en", contract="3NT", declarer="N", tricks=14)
    assert list(tricks["fields"]) == ["tricks"]
    nonsense = _check(web, "en", contract="8NT", declarer="Q")
    assert set(nonsense["fields"]) == {"contract", "declarer"}


@pytest.mark.parametrize(("language", "contract", "lead_of"), [
    ("es", "3SA", lambda card: card_text(card, "es")),   # ♥R: Spanish letters
    ("es", "3NT", lambda card: card),                     # HK: English letters
    ("fr", "3SA", lambda card: "♥♠♦♣"["HSDC".index(card[0])] + card[1:]),
    ("pt", "3ST", lambda card: card_text(card, "pt")),
])
def test_a_result_in_the_players_letters_is_recorded_as_the_same_result(
        session: Club, language: str, contract: str, lead_of: Any) -> None:  # noqa: F811
    web = session.device(1)
    east = _held(session, 1, Seat.EAST)
    answer = web.post(f"/device/results?lang={language}",
                      headers={"x-csrf-token": page_token(web)},
                      json={"id": "local-letters-0001", "round": 1, "board": 1,
                            "contract": contract, "declarer": "N", "lead": lead_of(east),
                            "tricks": 9})
    assert answer.status_code == 200, answer.text
    line = club.results(session.store, session.event).lines[0]
    assert (line.contract, line.declarer, line.lead, line.tricks) == ("3NT", "N", east, 9)


def test_the_players_notation_per_language() -> None:
    assert (contract_text("3NTX", "es"), contract_text("4SXX", "en"),
            contract_text("2NT", "pt")) == ("3SAX", "4♠XX", "2ST")
    assert [card_text(c, "fr") for c in ("SK", "HQ", "DJ", "CT", "S9")] == [
        "♠R", "♥D", "♦V", "♣10", "♠9"]
    assert card_text("SK", "en") == "♠K"
    assert (sides("en"), sides("es"), sides("pt")) == (("NS", "EW"), ("NS", "EO"),
                                                      ("NS", "LO"))
    assert device_notation("pt")["seats"] == {"N": "N", "E": "L", "S": "S", "W": "O"}
    # Reading accepts the local and the English letters where they mean one thing.
    assert [contract_word(t, "es") for t in ("4♠X", "3SA", "4P", "2T", "3NTxx")] == [
        "4SX", "3NT", "4S", "2C", "3NTXX"]
    assert [read_lead(t, "es") for t in ("♥R", "HK", "PD", "♦10", "DV")] == [
        "HK", "HK", "SQ", "DT", "DJ"]
    with pytest.raises(ValueError):
        contract_word("2C", "fr")  # coeur or clubs: never guessed


def test_the_check_names_no_other_card(session: Club) -> None:  # noqa: F811
    """What the check says of the leader's hand is whether he holds the card named."""
    state = club.state_of(session.store, session.event)
    north = _held(session, 1, Seat.NORTH, highest=False)
    found = check_partial(state, PartialResult(1, 1, 1, "3NT", "N", north), "en")
    assert list(found.problems) == ["lead"]
    assert str(found.problems["lead"].params["card"]) == card_text(north, "en")


def test_players_names_entered_at_the_table_and_edited_on_the_console(
        session: Club) -> None:  # noqa: F811
    web = session.device(1)
    page = web.get("/device/table?lang=es").text
    assert 'id="names"' in page and "Nombres de los jugadores" in page
    token = page_token(web)
    saved = web.post("/device/names", data={"csrf": token, "ns": "Ana & Luis",
                                            "ew": "Dora & Raúl"})
    assert saved.status_code == 200 and "/device/table" in str(saved.url)
    page = saved.text
    assert 'id="names"' not in page and "Ana &amp; Luis" in page and "Dora &amp; Raúl" in page
    state = club.state_of(session.store, session.event)
    at1 = next(e for e in state.movement.in_round(1) if e.table == 1)
    assert (state.name_of(at1.ns[0]), state.name_of(at1.ew[0])) == ("Ana & Luis",
                                                                    "Dora & Raúl")
    # The Director changes a name from the console; another table's pair is his to name.
    director = session.director()
    console = director.get(f"/director/events/{session.event}").text
    assert f"{at1.ns[0]} Ana &amp; Luis" in console
    changed = director.post(f"/director/events/{session.event}/names", data={
        "csrf": form_token(director, f"/director/events/{session.event}"),
        "names": f"{at1.ns[0]} Ana & Luis M."})
    assert changed.status_code == 200
    assert club.state_of(session.store, session.event).name_of(at1.ns[0]) == "Ana & Luis M."


def test_a_device_names_only_the_pairs_seated_at_its_table(session: Club) -> None:  # noqa: F811
    state = club.state_of(session.store, session.event)
    other = next(e for e in state.movement.in_round(1) if e.table == 2).ns[0]
    with pytest.raises(OutOfScope):
        name_pairs_at_table(session.store, session.clock, session.event, 1,
                            {other: "Not here"})
    assert club.state_of(session.store, session.event).name_of(other) == ""


def test_the_directors_correction_reads_his_letters_and_refuses_an_ambiguous_suit(
        session: Club) -> None:  # noqa: F811
    director = session.director()
    page = f"/director/events/{session.event}"
    east = _held(session, 1, Seat.EAST)
    club.enter_result(session.store, session.clock, session.event,
                      club.ResultInput(1, 1, 1, "3NT", "N", 9), who="test")

    def correct(contract: str, lead: str, declarer: str = "N", tricks: str = "10") -> Any:
        return director.post(f"{page}/correct?lang=es", data={
            "csrf": form_token(director, page), "round": "1", "table": "1", "board": "1",
            "contract": contract, "declarer": declarer, "lead": lead, "tricks": tricks,
            "why": "error del anotador"})

    assert correct("4PX", card_text(east, "es")).status_code == 200
    line = club.results(session.store, session.event).lines[0]
    assert (line.contract, line.lead, line.tricks) == ("4SX", east, 10)
    refused = correct("4C", "")  # corazones or clubs: never guessed
    assert refused.status_code == 422 and "4♥" in refused.text and "4♣" in refused.text
    assert club.results(session.store, session.event).lines[0].contract == "4SX"
    assert correct("paso", "", "", "").status_code == 200
    assert club.results(session.store, session.event).lines[0].contract == "PASS"


def test_the_lead_is_checked_for_a_few_cards_only_so_no_hand_can_be_probed(
        session: Club) -> None:  # noqa: F811
    web = session.device(1)
    deal = club.state_of(session.store, session.event).board(1).deal
    assert deal is not None
    wrong = [str(c) for c in sorted(deal.hand(Seat.NORTH))]  # East, the leader, holds none
    said = [bool(_check(web, "en", contract="3NT", declarer="N", lead=card)["fields"])
            for card in wrong[:LEADS_ANSWERED + 2]]
    assert said == [True] * LEADS_ANSWERED + [False, False]  # then silent about the lead
    # A lead already asked is answered again (the phone asks once more at the tricks).
    assert _check(web, "en", contract="3NT", declarer="N", lead=wrong[0])["fields"]
    # Sent anyway, the result is refused and handed to the Director, as any wrong lead.
    answer = web.post("/device/results", headers={"x-csrf-token": page_token(web)}, json={
        "id": "probe-0000000001", "round": 1, "board": 1, "contract": "3NT",
        "declarer": "N", "lead": wrong[-1], "tricks": 9})
    assert answer.status_code == 422 and answer.json()["handed"] is True
