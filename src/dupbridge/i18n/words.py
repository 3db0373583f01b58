"""What a Director types, in his language: seats, calls, cards, yes and no, and the words of
the action grammar, read into the canonical forms the engine and the case grammar use.

Every language also accepts the English forms (N E S W, P X XX, NT, SK), so a line
copied from a case file works at any terminal. The other words, per language:

- seats: es N E S O (Norte, Este, Sur, Oeste), fr N E S O (Nord, Est, Sud, Ouest), pt N L S O
  (Norte, Leste, Sul, Oeste);
- calls: es paso, doblo, redoblo; fr passe, contre, surcontre; pt passo, dobro, redobro; no
  trump SA (sin triunfo, sans atout) or ST (sem trunfo);
- cards: a suit letter (S H D C) or symbol (♠ ♥ ♦ ♣) then the rank, with the rank letters of
  the language's card names (R D V for king, queen, jack; 10 for the ten);
- the commands of the action grammar and the words after them (``play``: es juega, fr
  joue, pt joga; ``ui``: es ino, fr/pt ina...): ``dupbridge.i18n.command_words``.

Suit letters: the symbols, the English letters, and the initials of the language's suit
names where they mean one suit: es P (picas), D (diamantes), T (tréboles); fr P (pique),
K (carreau), T (trèfle); pt E (espadas), O (ouros), P (paus). C is corazones, coeur or copas
in those languages and clubs in English: a C suit there is ambiguous (``AmbiguousWord``, with
the readings for the Director to choose from), never guessed. A call ``P`` alone stays a pass.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.command_words import command_word, read_argument, read_command

_SEAT_WORDS: Mapping[str, Mapping[str, Seat]] = {
    "en": {"n": Seat.NORTH, "e": Seat.EAST, "s": Seat.SOUTH, "w": Seat.WEST,
           "north": Seat.NORTH, "east": Seat.EAST, "south": Seat.SOUTH, "west": Seat.WEST},
    "es": {"o": Seat.WEST, "norte": Seat.NORTH, "este": Seat.EAST, "sur": Seat.SOUTH,
           "oeste": Seat.WEST},
    "fr": {"o": Seat.WEST, "nord": Seat.NORTH, "est": Seat.EAST, "sud": Seat.SOUTH,
           "ouest": Seat.WEST},
    "pt": {"l": Seat.EAST, "o": Seat.WEST, "norte": Seat.NORTH, "leste": Seat.EAST,
           "este": Seat.EAST, "sul": Seat.SOUTH, "oeste": Seat.WEST},
}

_CALL_WORDS: Mapping[str, Mapping[str, str]] = {
    "es": {"paso": "P", "doblo": "X", "redoblo": "XX"},
    "fr": {"passe": "P", "contre": "X", "surcontre": "XX"},
    "pt": {"passo": "P", "passe": "P", "dobro": "X", "redobro": "XX", "dobre": "X",
           "redobre": "XX"},
}
_NO_TRUMP_WORDS = ("SA", "ST")
_SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK_WORDS = {"R": "K", "D": "Q", "V": "J", "10": "T"}
_RANKS = frozenset("AKQJT98765432") | frozenset(_RANK_WORDS)
# The initials of the language's suit names; None: the letter reads as two suits.
_SUIT_LETTERS: Mapping[str, Mapping[str, str | None]] = {
    "es": {"P": "S", "D": "D", "T": "C", "C": None},
    "fr": {"P": "S", "K": "D", "T": "C", "C": None},
    "pt": {"E": "S", "O": "D", "P": "C", "C": None},
}
_AMBIGUOUS_READINGS = ("♥", "♣")  # C: the language's hearts, or English clubs


class AmbiguousWord(ParseError):
    """A call or card whose suit letter reads two ways in the Director's language (fr
    ``3C``: 3♥ coeur or 3♣ clubs); ``readings`` are the word with each suit's symbol."""

    def __init__(self, word: str, readings: tuple[str, ...]) -> None:
        super().__init__(msg("'{word}' reads two ways: type {first} or {second}", word=word,
                             first=readings[0], second=readings[1]), word, 0)
        self.word = word
        self.readings = readings


def suit_letter(letter: str, language: str, word: str = "") -> str | None:
    """The English letter (S H D C) of the suit ``letter`` names in ``language``: a symbol,
    the language's initial, or the English letter; None if it names no suit.
    ``AmbiguousWord`` (about ``word``) when it names two."""
    if letter in _SUIT_SYMBOLS:
        return _SUIT_SYMBOLS[letter]
    upper = letter.upper()
    local = _SUIT_LETTERS.get(language, {})
    if upper in local:
        english = local[upper]
        if english is None:
            raise AmbiguousWord(word or letter, tuple(
                symbol + (word or letter)[1:] if word[:1].isalpha() else
                word.replace(letter, symbol, 1) for symbol in _AMBIGUOUS_READINGS))
        return english
    return upper if upper in "SHDC" else None


def ambiguity(word: str, language: str) -> tuple[str, ...]:
    """The readings of a call or card ``word`` whose suit letter is ambiguous in
    ``language`` (fr ``3C``: ``3♥``, ``3♣``; ``CD``: ``♥D``, ``♣D``); () when it reads one
    way or is no call or card."""
    key = word.strip()
    head, colon, tail = key.rpartition(":")
    if colon and head:  # a reference to a call or card, SEAT:CALL (``O:3C``)
        return tuple(f"{head}:{reading}" for reading in ambiguity(tail, language))
    if len(key) == 2 and key[0] in "1234567" and key[1].isalpha():
        letter = key[1]
    elif 2 <= len(key) <= 3 and key[0].isalpha() and key[1:].upper() in _RANKS:
        letter = key[0]
    else:
        return ()
    try:
        suit_letter(letter, language, key)
    except AmbiguousWord as error:
        return error.readings
    return ()

# "back": undo the Director's last answer, or leave a sub-question without recording it.
_BACK = {"en": ("back",), "es": ("atrás", "atras", "volver"), "fr": ("retour",),
         "pt": ("voltar", "atrás", "atras")}

_YES = {"en": ("yes", "y"), "es": ("sí", "si", "s"), "fr": ("oui", "o"), "pt": ("sim", "s")}
_NO = {"en": ("no", "n"), "es": ("no", "n"), "fr": ("non", "n"), "pt": ("não", "nao", "n")}


def seat_word(text: str, language: str) -> Seat | None:
    """The seat ``text`` names in ``language`` (or in English), else None."""
    key = text.strip().lower()
    seat = _SEAT_WORDS.get(language, {}).get(key)
    return seat if seat is not None else _SEAT_WORDS["en"].get(key)  # North is 0: no `or`


def seat_words(language: str) -> Mapping[str, Seat]:
    """Every word that names a seat in ``language``, the English ones included."""
    return {**_SEAT_WORDS["en"], **_SEAT_WORDS.get(language, {})}


def parse_seat(text: str, language: str) -> Seat:
    seat = seat_word(text, language)
    if seat is None:
        raise ParseError(msg("not a seat: '{text}' (expected {letters})", text=text,
                             letters=seat_letters(language)), text, 0)
    return seat


def seat_letters(language: str) -> str:
    return {"es": "N, E, S, O", "fr": "N, E, S, O", "pt": "N, L, S, O"}.get(language,
                                                                          "N, E, S, W")


def seat_letter(seat: Seat, language: str) -> str:
    """How ``seat`` is typed in ``language``: N E S O, or N L S O in Portuguese."""
    letters = {"es": "NESO", "fr": "NESO", "pt": "NLSO"}.get(language, "NESW")
    return letters[seat]


def call_word(text: str, language: str) -> str:
    """``text`` as the engine writes a call (``P``, ``X``, ``1NT``), words of ``language``
    read; what is not a call word is returned unchanged for ``Call.parse`` to judge."""
    key = text.strip()
    word = _CALL_WORDS.get(language, {}).get(key.lower())
    if word is not None:
        return word
    upper = key.upper()
    for no_trump in _NO_TRUMP_WORDS:
        if len(upper) == 1 + len(no_trump) and upper[0].isdigit() and upper.endswith(no_trump):
            return upper[0] + "NT"
    if len(key) == 2 and key[0] in "1234567" and (key[1] in _SUIT_SYMBOLS or (
            language != "en" and key[1].isalpha())):
        suit = suit_letter(key[1], language, key)
        return key if suit is None else key[0] + suit
    return key


def parse_call(text: str, language: str) -> Call:
    return Call.parse(call_word(text, language))


def card_word(text: str, language: str) -> str:
    """``text`` as the engine writes a card (``SK``, ``HT``): a suit symbol read as its
    letter, and the rank letters of the language's card names (R D V, 10)."""
    key = text.strip()
    if not key:
        return key
    rank = key[1:].upper()
    suit = key[0].upper()
    if (language != "en" and rank in _RANKS) or key[0] in _SUIT_SYMBOLS:
        suit = suit_letter(key[0], language, key) or suit
    if language != "en" or rank == "10":
        rank = _RANK_WORDS.get(rank, rank)
    return suit + rank


def hand_word(text: str, language: str) -> str:
    """A hand or a PBN deal as typed in ``language`` (``ARD.V10...``, ``O:...``) in PBN's
    letters (``AKQ.JT...``, ``W:...``): the rank letters of the language's card names."""
    if language == "en":
        return text.replace("10", "T")
    prefix = ""
    if len(text) > 1 and text[1] == ":":
        seat = seat_word(text[0], language)
        prefix, text = (seat.letter if seat is not None else text[0]) + ":", text[2:]
    text = text.replace("10", "T")
    return prefix + "".join(_RANK_WORDS.get(char.upper(), char) for char in text)


def parse_card(text: str, language: str) -> Card:
    return Card.parse(card_word(text, language))


def yes_no(text: str, language: str) -> bool | None:
    """True, False, or None when ``text`` is neither yes nor no in ``language`` or English."""
    key = text.strip().lower()
    if key in _YES.get(language, ()) or key in _YES["en"]:
        return True
    if key in _NO.get(language, ()) or key in _NO["en"]:
        return False
    return None


def keyword_word(keyword: str, language: str) -> str:
    """How the Director types the grammar's ``keyword`` (``play``) in ``language``
    (``joue``); the keyword itself when the language has no word for it."""
    return command_word(keyword, language)


def is_back(text: str, language: str) -> bool:
    """Whether ``text`` is the word for "back" in ``language`` (or in English)."""
    key = text.strip().lower()
    return key in _BACK.get(language, ()) or key in _BACK["en"]


def back_word(language: str) -> str:
    return _BACK.get(language, _BACK["en"])[0]


def yes_no_words(language: str) -> tuple[str, str]:
    return _YES.get(language, _YES["en"])[0], _NO.get(language, _NO["en"])[0]


def canonical_line(text: str, language: str) -> str:
    """An action line in the Director's words as a line of the case grammar: ``O 2T`` is
    not touched (2T is no call), ``O paso`` is ``W P``, ``juega E SR`` is ``play E SK``."""
    words = text.split()
    if not words:
        return text
    first = read_command(words[0], language) or words[0]
    rest = words[1:]
    if first == "play" and len(rest) == 2:
        return f"play {_seat_text(rest[0], language)} {card_word(rest[1], language)}"
    if first in ("choose", "revoke", "result", "score"):
        return " ".join([first, *(read_argument(w, language) or w for w in rest)])
    if first in ("claim", "concede") and rest:
        # The claimer's statement is kept as said: the phrase reader reads it in the
        # Director's language (a Portuguese "e o" is "and the", not East and West).
        return " ".join([first, _seat_text(rest[0], language), *rest[1:]])
    seat = seat_word(words[0], language)
    if seat is not None and len(rest) == 1:
        return f"{seat.letter} {call_word(rest[0], language)}"
    # Other grammar lines (lead-face-down E HA, convey E hesitation, ui N O:3H...): the
    # command, the words after it, seats, calls and cards translated.
    return " ".join([first, *(read_argument(word, language) or _translate_word(word, language)
                              for word in rest)])


def _seat_text(text: str, language: str) -> str:
    seat = seat_word(text, language)
    return text if seat is None else seat.letter


def _translate_word(word: str, language: str) -> str:
    head, colon, tail = word.rpartition(":")
    if colon and head and tail:  # SEAT:CALL or SEAT:CARD
        seat = seat_word(head, language)
        written = call_word(tail, language)
        if written == tail and not tail[:1].isdigit():
            written = _translate_word(tail, language)
        return f"{seat.letter if seat is not None else head}:{written}"
    seat = seat_word(word, language)
    if seat is not None and len(word) <= 1:
        return seat.letter
    if len(word) >= 2 and (word[0] in _SUIT_SYMBOLS or word[0].upper() in "SHDC"
                           or word[0].upper() in _SUIT_LETTERS.get(language, {})) and (
            word[1:].upper() in _RANK_WORDS or word[1:].upper() in "AKQJT98765432"):
        return card_word(word, language)
    return word
