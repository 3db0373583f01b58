"""The Director's words read in each language (issue 19: seats, calls, cards, actions)."""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.i18n.words import canonical_line, parse_call, parse_card, parse_seat, yes_no


@pytest.mark.parametrize(("language", "text", "seat"), [
    ("es", "O", Seat.WEST), ("fr", "O", Seat.WEST), ("pt", "L", Seat.EAST),
    ("pt", "O", Seat.WEST), ("es", "Sur", Seat.SOUTH), ("fr", "ouest", Seat.WEST),
    ("en", "W", Seat.WEST), ("es", "W", Seat.WEST),  # English letters everywhere
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
    ("es", "SR", "SK"), ("fr", "♥D", "HQ"), ("pt", "CV", "CJ"), ("es", "D10", "DT"),
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


def test_yes_and_no() -> None:
    assert yes_no("sí", "es") is True and yes_no("non", "fr") is False
    assert yes_no("sim", "pt") is True and yes_no("yes", "fr") is True
    assert yes_no("peut-être", "fr") is None
