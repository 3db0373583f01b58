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
- the action words: es juega, fr joue, pt joga (play); es/pt transmite, fr transmet
  (convey) and es vacilación, fr hésitation, pt hesitação (a hesitation); es renuncia,
  fr renonce, pt renúncia (a revoke ruled from the facts); es/pt resultado, fr résultat
  (declarer's tricks, when the play was not entered); es elige, fr choisit, pt escolhe
  (choose).

Suit letters stay English in every language: the Spanish and French initials (C for
corazones and coeur, P for picas and pique) would read as clubs and pass.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat

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

_KEYWORDS: Mapping[str, Mapping[str, str]] = {
    "es": {"juega": "play", "jugar": "play", "renuncia": "revoke", "elige": "choose",
           "resultado": "result", "transmite": "convey", "vacilación": "hesitation",
           "vacilacion": "hesitation",
           "por": "by", "director": "Director", "árbitro": "Director", "arbitro": "Director"},
    "fr": {"joue": "play", "jouer": "play", "renonce": "revoke", "choisit": "choose",
           "résultat": "result", "resultat": "result",
           "par": "by", "directeur": "Director", "arbitre": "Director", "transmet": "convey",
           "hésitation": "hesitation", "hesitation": "hesitation"},
    "pt": {"joga": "play", "jogar": "play", "renúncia": "revoke", "renuncia": "revoke",
           "resultado": "result", "escolhe": "choose", "por": "by", "transmite": "convey",
           "hesitação": "hesitation", "diretor": "Director", "árbitro": "Director",
           "arbitro": "Director"},
}

_YES = {"en": ("yes", "y"), "es": ("sí", "si", "s"), "fr": ("oui", "o"), "pt": ("sim", "s")}
_NO = {"en": ("no", "n"), "es": ("no", "n"), "fr": ("non", "n"), "pt": ("não", "nao", "n")}


def seat_word(text: str, language: str) -> Seat | None:
    """The seat ``text`` names in ``language`` (or in English), else None."""
    key = text.strip().lower()
    return _SEAT_WORDS.get(language, {}).get(key) or _SEAT_WORDS["en"].get(key)


def seat_words(language: str) -> Mapping[str, Seat]:
    """Every word that names a seat in ``language``, the English ones included."""
    return {**_SEAT_WORDS["en"], **_SEAT_WORDS.get(language, {})}


def parse_seat(text: str, language: str) -> Seat:
    seat = seat_word(text, language)
    if seat is None:
        raise ParseError(f"not a seat: {text!r} (expected {seat_letters(language)})", text, 0)
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
    if len(key) == 2 and key[0].isdigit() and key[1] in _SUIT_SYMBOLS:
        return key[0] + _SUIT_SYMBOLS[key[1]]
    return key


def parse_call(text: str, language: str) -> Call:
    return Call.parse(call_word(text, language))


def card_word(text: str, language: str) -> str:
    """``text`` as the engine writes a card (``SK``, ``HT``): a suit symbol read as its
    letter, and the rank letters of the language's card names (R D V, 10)."""
    key = text.strip()
    if not key:
        return key
    suit = _SUIT_SYMBOLS.get(key[0], key[0].upper())
    rank = key[1:].upper()
    if language != "en" or rank == "10":
        rank = _RANK_WORDS.get(rank, rank)
    return suit + rank


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


def yes_no_words(language: str) -> tuple[str, str]:
    return _YES.get(language, _YES["en"])[0], _NO.get(language, _NO["en"])[0]


def canonical_line(text: str, language: str) -> str:
    """An action line in the Director's words as a line of the case grammar: ``O 2T`` is
    not touched (2T is no call), ``O paso`` is ``W P``, ``juega E SR`` is ``play E SK``."""
    words = text.split()
    if not words:
        return text
    first = _KEYWORDS.get(language, {}).get(words[0].lower(), words[0])
    rest = words[1:]
    if first == "play" and len(rest) == 2:
        return f"play {_seat_text(rest[0], language)} {card_word(rest[1], language)}"
    if first in ("choose", "revoke", "result"):
        return " ".join([first, *(_KEYWORDS.get(language, {}).get(w.lower(), w) for w in rest)])
    seat = seat_word(words[0], language)
    if seat is not None and len(rest) == 1:
        return f"{seat.letter} {call_word(rest[0], language)}"
    # Other grammar lines (lead-face-down E HA, convey E hesitation...): keywords, seats and
    # cards translated.
    words_of = _KEYWORDS.get(language, {})
    return " ".join([first, *(words_of.get(word.lower()) or _translate_word(word, language)
                              for word in rest)])


def _seat_text(text: str, language: str) -> str:
    seat = seat_word(text, language)
    return text if seat is None else seat.letter


def _translate_word(word: str, language: str) -> str:
    seat = seat_word(word, language)
    if seat is not None and len(word) <= 1:
        return seat.letter
    if len(word) >= 2 and (word[0] in _SUIT_SYMBOLS or word[0].upper() in "SHDC") and (
            word[1:].upper() in _RANK_WORDS or word[1:].upper() in "AKQJT98765432"):
        return card_word(word, language)
    return word
