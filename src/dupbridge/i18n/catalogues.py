"""The engine's messages in the reader's language (Spanish, French, Portuguese; English is
the template itself).

Catalogues are gettext PO files, ``locale/<language>/<part>.po`` (core, auction, play,
titles), read with Babel and merged per language; no compiled ``.mo`` file is shipped.
A ``Msg`` is rendered from its template's translation, with its parameters written in that
language, then the glossary tokens of the translation (``<Law>``, ``<Laws>``, ``<board>``,
``<boards>``, ``<Director>``) are replaced by the words of the chosen federation
(``glossary.toml``; each language has a default federation).

Parameters, per language (the choices the Laws leave to us):
- a seat by its name (es Norte/Este/Sur/Oeste, fr Nord/Est/Sud/Ouest, pt Norte/Este/Sul/Oeste);
- a suit by its symbol (♠ ♥ ♦ ♣), a card by its suit symbol then the rank letter of that
  language's own card names (As/Rey/Dama/Valet: A R D V in Spanish; As/Roi/Dame/Valet:
  A R D V in French; Ás/Rei/Dama/Valete: A R D V in Portuguese), the ten as "10", as the
  books write cards (the "T" of English software is not a letter of any of them);
- a call with the suit symbol or the language's no trump ("SA" sin triunfo / sans atout,
  "ST" sem trunfo) and its own pass, double and redouble;
- a clause (``LawRef``) as "<Law> 27B1", the glossary word of the federation;
- an enum shown to people by the translation of its ``N_`` value, a nested ``Msg``
  recursively, a tuple as a comma-separated list, anything else by ``str``.
A plain ``str``, or a template that no catalogue has, falls back to the English text.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from enum import Enum
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

from babel.messages.pofile import read_po

from dupbridge.core.calls import Bid, Call, Denomination, Double, Pass, Redouble
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.edition import LawRef
from dupbridge.core.messages import Msg
from dupbridge.core.seats import Seat

LANGUAGES = ("en", "es", "fr", "pt")
TRANSLATED = ("es", "fr", "pt")
LOCALE_DIR = Path(__file__).parent / "locale"
GLOSSARY_FILE = Path(__file__).parent / "glossary.toml"
TOKENS = ("<Laws>", "<Law>", "<boards>", "<board>", "<Director>")  # longest first

_SEATS: Mapping[str, tuple[str, str, str, str]] = {
    "en": ("North", "East", "South", "West"),
    "es": ("Norte", "Este", "Sur", "Oeste"),
    "fr": ("Nord", "Est", "Sud", "Ouest"),
    "pt": ("Norte", "Este", "Sul", "Oeste"),
}
_HONOURS = {Rank.ACE: "A", Rank.KING: "R", Rank.QUEEN: "D", Rank.JACK: "V", Rank.TEN: "10"}
_NO_TRUMP = {"es": "SA", "fr": "SA", "pt": "ST"}
_PASS = {"es": "Paso", "fr": "Passe", "pt": "Passe"}
_DOUBLE = {"es": "Doblo", "fr": "Contre", "pt": "Dobre"}
_REDOUBLE = {"es": "Redoblo", "fr": "Surcontre", "pt": "Redobre"}


def catalogue_files(language: str) -> tuple[Path, ...]:
    """Every PO file of ``language``, in a stable order."""
    return tuple(sorted((LOCALE_DIR / language).glob("*.po")))


@cache
def catalogue(language: str) -> Mapping[str, str]:
    """The merged translations of ``language``: template -> translation, leaving out empty
    and fuzzy entries (a fuzzy entry is a guess no one has checked). Read once per run."""
    merged: dict[str, str] = {}
    for path in catalogue_files(language):
        with path.open("rb") as handle:
            po = read_po(handle, locale=language)
        for message in po:
            if message.id and isinstance(message.id, str) and isinstance(message.string, str) \
                    and message.string and not message.fuzzy:
                merged[message.id] = message.string
    return merged


def translate(template: str, language: str) -> str:
    """The translation of ``template`` (glossary tokens still in it); the template itself in
    English or when no catalogue has it."""
    if language == "en":
        return template
    return catalogue(language).get(template, template)


@cache
def _glossary() -> Mapping[str, Any]:
    with GLOSSARY_FILE.open("rb") as handle:
        return tomllib.load(handle)


def default_federation(language: str) -> str:
    """The federation whose words a language uses unless the reader chooses another."""
    defaults: Mapping[str, str] = _glossary()["defaults"]
    return defaults.get(language, "wbf")


def glossary(federation: str) -> Mapping[str, str]:
    """The words of ``federation`` for each glossary token ("<Law>" -> "Artículo"...)."""
    entry: Mapping[str, str] = _glossary()["federations"][federation]
    return {f"<{word}>": entry[word] for word in ("Law", "Laws", "board", "boards", "Director")}


def federations() -> tuple[str, ...]:
    return tuple(_glossary()["federations"])


def substitute(text: str, federation: str) -> str:
    """Replace the glossary tokens of ``text`` by ``federation``'s words."""
    words = glossary(federation)
    for token in TOKENS:
        text = text.replace(token, words[token])
    return text


def render(text: str | Msg, language: str, *, federation: str | None = None) -> str:
    """``text`` in ``language``, with ``federation``'s words (the language's default one if
    None). A plain ``str`` is returned as it is (English)."""
    chosen = federation or default_federation(language)
    rendered = substitute(_render(text, language), chosen)
    return _elided(rendered) if language == "fr" else rendered


# French elides "de", "que", "le" and "la" before a vowel or a mute h: a seat name or a word
# put into a template ("Main de {seat}" with Est is "Main d'Est", "La {what}" with
# hésitation is "L'hésitation").
_ELISION = re.compile(r"\b([DdLl]e|[Ll]a|[Qq]ue) (?!(?:ou|où|et|en|est|au|aux|avant|après)\b)"
                      r"(?=(?:[aeiouéèêAEIOUÉ]\w+|h[ée]sitation|honneurs?)\b)")


def _elided(text: str) -> str:
    def elide(match: re.Match[str]) -> str:
        word = match.group(1)
        if word.lower() in ("de", "le", "la"):
            return word[0] + "'"
        return word[:-1] + "'"  # que -> qu'
    return _ELISION.sub(elide, text)


def _render(text: str | Msg, language: str) -> str:
    if language == "en" or not isinstance(text, Msg):
        return str(text)
    if text.template not in catalogue(language):
        return str(text)  # not translated yet: the whole message in English, not a mixture
    template = translate(text.template, language)
    if not text.params:
        return template
    return _Localised(language).vformat(template, (), text.params)


class _Localised(Formatter):
    """Writes each parameter in the reader's language (see the module docstring)."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        return parameter(value, self.language)


def parameter(value: Any, language: str) -> str:
    """One parameter of a message, written in ``language`` (glossary tokens left in)."""
    if isinstance(value, Msg):
        return _render(value, language)
    if language == "en":
        return _ENGLISH_FIELD.format_field(value, "")
    if isinstance(value, Seat):
        return _SEATS[language][value]
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, Call):
        return call_text(value, language)
    if isinstance(value, Denomination):
        return strain_text(value, language)
    if isinstance(value, LawRef):
        return f"<Law> {value.clause}"
    if isinstance(value, Contract):
        bid = f"{value.level}{strain_text(value.denomination, language)}"
        doubled = ("", _DOUBLE[language], _REDOUBLE[language])[value.doubled]
        seat = "" if value.declarer is None else " " + _SEATS[language][value.declarer]
        return f"{bid}{' ' + doubled if doubled else ''}{seat}"
    if isinstance(value, Enum) and isinstance(value.value, str):
        return translate(value.value, language)
    if isinstance(value, tuple):
        return ", ".join(parameter(item, language) for item in value)
    return str(value)


def card_text(card: Card) -> str:
    return card.suit.symbol + _HONOURS.get(card.rank, card.rank.letter)


def call_text(call: Call, language: str) -> str:
    if isinstance(call, Pass):
        return _PASS[language]
    if isinstance(call, Double):
        return _DOUBLE[language]
    if isinstance(call, Redouble):
        return _REDOUBLE[language]
    assert isinstance(call, Bid)
    return f"{call.level}{strain_text(call.denomination, language)}"


def strain_text(denomination: Denomination, language: str) -> str:
    suit = denomination.suit
    return _NO_TRUMP[language] if suit is None else suit.symbol


class _EnglishField(Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return str(Msg("{value}", {"value": value}))


_ENGLISH_FIELD = _EnglishField()
