"""How players write a result in their language, as a table device shows it and as a
traveller lists it: suit symbols, the rank letters of the language's card names (R D V for
king, queen, jack in es/fr/pt, 10 for the ten), the no-trump word of the federation's
glossary (SA, ST, NT), the seat letters (N E S O, N L S O) and the sides they make (NS/EO).

Reading is ``words`` (``card_word``, ``call_word``): the local and the English letters are
both accepted where they mean one thing. This module only writes."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.i18n.words import seat_letter

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_NO_TRUMP = {"en": "NT", "es": "SA", "fr": "SA", "pt": "ST"}
_LOCAL_HONOURS = {"K": "R", "Q": "D", "J": "V"}
RANKS = "AKQJT98765432"  # the order a rank row shows them


def rank_text(rank: str, language: str) -> str:
    """A rank letter as the language writes it (English ``T`` is written 10 everywhere)."""
    if rank == "T":
        return "10"
    return rank if language == "en" else _LOCAL_HONOURS.get(rank, rank)


def card_text(card: Card | str, language: str) -> str:
    """``♥R`` in es/fr/pt, ``♥K`` in English (a card or its PBN text ``HK``)."""
    text = str(card) if isinstance(card, Card) else card
    return SUIT_SYMBOLS.get(text[:1], text[:1]) + rank_text(text[1:], language)


def no_trump(language: str) -> str:
    return _NO_TRUMP.get(language, "NT")


def contract_text(contract: str, language: str) -> str:
    """``4SX`` as ``4♠X``, ``3NT`` as ``3SA`` in Spanish; anything else unchanged."""
    if len(contract) < 2 or contract[0] not in "1234567":
        return contract
    rest = contract[1:]
    if rest.startswith("NT"):
        return contract[0] + no_trump(language) + rest[2:]
    return contract[0] + SUIT_SYMBOLS.get(rest[0], rest[0]) + rest[1:]


def sides(language: str) -> tuple[str, str]:
    """North-South and East-West as two letters each: NS/EW, NS/EO, NS/LO."""
    letter = {seat: seat_letter(seat, language) for seat in Seat}
    return (letter[Seat.NORTH] + letter[Seat.SOUTH], letter[Seat.EAST] + letter[Seat.WEST])


def device_notation(language: str) -> Mapping[str, object]:
    """What a device's page needs to write a result as its players do (for its script)."""
    ns, ew = sides(language)
    return {"ranks": {rank: rank_text(rank, language) for rank in RANKS},
            "suits": SUIT_SYMBOLS, "nt": no_trump(language),
            "seats": {seat.letter: seat_letter(seat, language) for seat in Seat},
            "ns": ns, "ew": ew}



def tricks_text(contract: str, tricks: int) -> str:
    """Declarer's tricks against the contract: ``=``, ``+1``, ``−2``."""
    over = tricks - int(contract[0]) - 6
    return "=" if over == 0 else f"+{over}" if over > 0 else f"\u2212{-over}"


def result_text(contract: str, declarer: str, tricks: int | None, lead: str,
                language: str) -> str:
    """A played result as the players write it: ``4♠X S +1 ♥R`` (``3SA O = ♣4``)."""
    seat = seat_letter(Seat.parse(declarer), language) if declarer else ""
    made = "" if tricks is None or not contract[:1].isdigit() else tricks_text(contract,
                                                                                 tricks)
    words = [contract_text(contract, language), seat, made, card_text(lead, language)
             if lead else ""]
    return " ".join(word for word in words if word)


def score_text(ns_score: int, language: str) -> str:
    """North-South's score as the side that scored it: ``NS 420``, ``EO 100``, ``0``."""
    ns, ew = sides(language)
    return "0" if ns_score == 0 else f"{ns} {ns_score}" if ns_score > 0 else f"{ew} {-ns_score}"
