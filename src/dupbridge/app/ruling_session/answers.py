"""Reading the Director's answers in ``dupbridge rule``: each reader returns the value or
raises ``InputError`` (a ``ValueError``) saying in one line what fits."""

from __future__ import annotations

from dupbridge.core.cards import CardSet
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.words import hand_word
from dupbridge.laws.machinery.profiles import (
    PROFILE_NAMES,
    Regulations,
    default_regulations,
    load_profile,
)
from dupbridge.laws.play.law61_revoke import NEXT_BOARD, ROUND_ENDED
from dupbridge.laws.play.law64_facts import FacedCard


class InputError(ValueError):
    """What the Director typed does not fit what was asked: one line saying what fits."""


def read_regulations(text: str) -> Regulations:
    """An edition (``2007``, ``2017``: the WBF profile), or a profile by name or file."""
    try:
        return default_regulations(Edition.parse(text))
    except ParseError:
        pass
    try:
        return load_profile(text)
    except ValueError:
        raise InputError(msg("give 2007, 2017 or a profile: {profiles}",
                             profiles=", ".join(PROFILE_NAMES))) from None


def read_board_number(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise InputError(msg("a board number is 1 or more, not {text}", text=text))
    return int(text)


def read_contract(text: str) -> Contract:
    contract = Contract.parse(text)
    if contract.declarer is None:
        raise InputError(msg("the contract needs its declarer, as in '4S S'"))
    return contract


# The answers' words in each language (the English ids are accepted everywhere: they are
# the documented vocabulary, docs/ruling-vocabulary.md).
FACED_WORDS = {
    "es": ("no", "muerto", "carta-penalizada", "mano-expuesta"),
    "fr": ("non", "mort", "carte-pénalisée", "main-étalée"),
    "pt": ("não", "morto", "carta-penalizada", "mão-exposta"),
}
LATE_WORDS = {
    "es": ("a-tiempo", "estuche-siguiente", "ronda-acabada"),
    "fr": ("à-temps", "étui-suivant", "tour-fini"),
    "pt": ("a-tempo", "bolsa-seguinte", "volta-acabada"),
}
_FACED_IDS = ("no", "dummy", "penalty-card", "hand-faced")
_LATE_IDS = ("in-time", "next-board", "round-ended")


def read_faced(text: str, language: str = "en") -> FacedCard:
    faced = {"no": FacedCard.NONE, "dummy": FacedCard.DUMMY,
             "penalty-card": FacedCard.PENALTY_CARD, "hand-faced": FacedCard.HAND_FACED}
    words = dict(zip(FACED_WORDS.get(language, _FACED_IDS), _FACED_IDS, strict=True))
    key = words.get(text.lower(), text.lower())
    if key not in faced:
        raise InputError(msg("answer {words}", words=", ".join(
            FACED_WORDS.get(language, _FACED_IDS))))
    return faced[key]


def read_late(text: str, language: str = "en") -> str:
    late = {"in-time": "", "next-board": NEXT_BOARD, "round-ended": ROUND_ENDED}
    words = dict(zip(LATE_WORDS.get(language, _LATE_IDS), _LATE_IDS, strict=True))
    key = words.get(text.lower(), text.lower())
    if key not in late:
        raise InputError(msg("answer {words}", words=", ".join(
            LATE_WORDS.get(language, _LATE_IDS))))
    return late[key]


def faced_default(language: str) -> str:
    return FACED_WORDS.get(language, _FACED_IDS)[0]


def late_default(language: str) -> str:
    return LATE_WORDS.get(language, _LATE_IDS)[0]


def read_number(text: str, low: int, high: int) -> int:
    if not text.strip().isdigit() or not low <= int(text) <= high:
        raise InputError(msg("give a number from {low} to {high}", low=low, high=high))
    return int(text)


def read_hand(text: str, needed: bool, language: str = "en") -> CardSet | None:
    """A hand as spades.hearts.diamonds.clubs, in the language's rank letters (fr/es/pt
    R D V for king, queen, jack) or PBN's."""
    if text == "-" and not needed:
        return None
    hand = CardSet.from_pbn(hand_word(text, language), 0, text)
    if len(hand) != 13:
        raise InputError(msg("a hand has 13 cards, this one {count}", count=len(hand)))
    return hand


def with_hand(deal: Deal, seat: Seat, hand: CardSet) -> Deal:
    hands = {other: deal[other] for other in Seat}
    hands[seat] = hand
    return Deal.from_hands(hands)
