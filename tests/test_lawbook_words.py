"""The Director's words read in each language (issue 19: seats, calls, cards, actions)."""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.i18n.words import (
    AmbiguousWord,
    ambiguity,
    canonical_line,
    hand_word,
    parse_call,
    parse_card,
    parse_seat,
    yes_no,
)


@pytest.mark.parametrize(("language", "text", "seat"), [
    ("es", "O", Seat.WEST), ("fr", "O", Seat.WEST), ("pt", "L", Seat.EAST),
    ("pt", "O", Seat.WEST), ("es", "Sur", Seat.SOUTH), ("fr", "ouest", Seat.WEST),
    ("en", "W", Seat.WEST), ("es", "W", Seat.WEST),  # English letters everywhere
    ("fr", "Nord", Seat.NORTH), ("es", "norte", Seat.NORTH), ("en", "north", Seat.NORTH),
])
def test_seats_in_each_language(language: str, text: str, seat: Seat) -> None:
    assert parse_seat(text, language) is seat


def test_a_seat_that_is_not_one_says_what_fits() -> None:
    with pytest.raises(ParseError, match="expected N, L, S, O"):
        parse_seat("X", "pt")


@pytest.mark.parametrize(("language", "text", "call"), [
    ("es", "paso", "Pass"), ("fr", "passe", "Pass"), ("pt", "passo", "Pass"),
    ("es", "doblo", "X"), ("fr", "contre", "X"), ("pt", "dobro", "X"),
    ("es", "redoblo", "XX"), ("fr", "surcontre", "XX"), ("pt", "redobro", "XX"),
    ("es", "3SA", "3NT"), ("pt", "3ST", "3NT"), ("fr", "1♥", "1H"), ("en", "1NT", "1NT"),
])
def test_calls_in_each_language(language: str, text: str, call: str) -> None:
    assert parse_call(text, language) == Call.parse(call)


@pytest.mark.parametrize(("language", "text", "card"), [
    ("es", "SR", "SK"), ("fr", "♥D", "HQ"), ("pt", "PV", "CJ"), ("es", "D10", "DT"),
    ("fr", "TA", "CA"), ("fr", "KR", "DK"), ("es", "PA", "SA"), ("pt", "EA", "SA"),
    ("pt", "OD", "DQ"), ("es", "TD", "CQ"),
    ("en", "SK", "SK"), ("en", "♠10", "ST"),
])
def test_cards_in_each_language(language: str, text: str, card: str) -> None:
    assert parse_card(text, language) == Card.parse(card)


@pytest.mark.parametrize(("language", "text", "line"), [
    ("es", "O paso", "W P"), ("es", "juega O ♣A", "play W CA"), ("fr", "joue E SR", "play E SK"),
    ("pt", "joga L ♥V", "play E HJ"), ("es", "renuncia", "revoke"),
    ("fr", "résultat 9", "result 9"), ("es", "transmite E vacilación", "convey E hesitation"),
    ("fr", "lead-face-down O ♣A", "lead-face-down W CA"), ("en", "S X", "S X"),
])
def test_action_lines_become_the_case_grammar(language: str, text: str, line: str) -> None:
    assert canonical_line(text, language) == line


@pytest.mark.parametrize(("language", "text", "call"), [
    ("fr", "3T", "3C"), ("fr", "2K", "2D"), ("es", "1P", "1S"), ("es", "3D", "3D"),
    ("pt", "4E", "4S"), ("pt", "2P", "2C"), ("fr", "3H", "3H"), ("fr", "3S", "3S"),
])
def test_calls_with_the_federations_suit_letters(language: str, text: str, call: str) -> None:
    """The initials of the language's suit names, and English letters, where they mean one
    suit (fr P C K T, es P C D T, pt E C O P)."""
    assert parse_call(text, language) == Call.parse(call)


@pytest.mark.parametrize(("language", "text", "readings"), [
    ("fr", "3C", ("3♥", "3♣")), ("fr", "CD", ("♥D", "♣D")), ("es", "1C", ("1♥", "1♣")),
    ("pt", "C10", ("♥10", "♣10")), ("fr", "3T", ()), ("en", "3C", ()), ("fr", "3♣", ()),
])
def test_a_suit_letter_that_reads_two_ways_is_never_guessed(
        language: str, text: str, readings: tuple[str, ...]) -> None:
    """C is coeur, corazones, copas, and clubs in English: ambiguous outside English."""
    assert ambiguity(text, language) == readings
    if readings:
        with pytest.raises(AmbiguousWord):
            canonical_line(f"S {text}" if text[0].isdigit() else f"play S {text}", language)


def test_hands_in_the_languages_rank_letters() -> None:
    assert hand_word("ARD.V10.-.-", "fr") == "AKQ.JT.-.-"
    assert hand_word("O:ARD.V10.-.-", "es") == "W:AKQ.JT.-.-"


def test_yes_and_no() -> None:
    assert yes_no("sí", "es") is True and yes_no("non", "fr") is False
    assert yes_no("sim", "pt") is True and yes_no("yes", "fr") is True
    assert yes_no("peut-être", "fr") is None
