"""A claim's clarification statement as the claimer says it (Laws 68C, 70B1), read phrase by
phrase into the steps of the short grammar (``laws.claims.statement``), in en, es, fr, pt.

"Drawing trumps, then everything is high", "sacando triunfos y luego todas son buenas",
"je fais tomber les atouts puis tout est maître", "tiro os trunfos e depois estão todas
boas" all read as ``draw trumps; all high``. The statement is cut into phrases at
punctuation and at the words that chain a line ("then", "and", "luego", "y", "puis",
"et", "depois", "e"); each phrase is matched against the language's phrases (and the
English short grammar, which every language accepts). A word that no phrase takes and
that is not one of the little words around them (articles, "I", "then") is *unread*:
the reading names it, and the Director is asked to rephrase or confirm, so that no word
of a claimer's statement is ever dropped in silence. The phrases are data, per
language, in ``claim_phrases``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.cards import Card, Suit
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.claim_phrases import (
    CARD_TOKEN,
    CONNECTORS,
    FILLERS,
    HANDS,
    NUMBERS,
    PHRASES,
    RANKS,
    SUITS,
)
from dupbridge.i18n.words import card_word, seat_word, seat_words
from dupbridge.laws.claims.statement import (
    AllHigh,
    Cash,
    Concede,
    DrawTrumps,
    Drop,
    Entry,
    Finesse,
    FinesseWith,
    Ruff,
    Squeeze,
    Step,
    SuitOrderStep,
    parse_statement,
)

LANGUAGES = ("en", "es", "fr", "pt")
_INHERITING = ("cash", "ruff", "drop", "lose", "squeeze")


@dataclass(frozen=True, slots=True)
class ReadPhrase:
    """One phrase of the statement as typed, the steps it reads as (short grammar), and
    the words of it nothing read."""

    typed: str
    steps: tuple[str, ...]
    unread: tuple[str, ...] = ()
    hint: str = ""  # the short grammar's expected form, when the phrase began like a step


@dataclass(frozen=True, slots=True)
class StatementReading:
    """The whole statement read: its phrases in order."""

    text: str
    language: str
    phrases: tuple[ReadPhrase, ...]

    @property
    def grammar(self) -> str:
        """The steps read, in the short grammar, ``; `` between them."""
        return "; ".join(step for phrase in self.phrases for step in phrase.steps)

    @property
    def unread(self) -> tuple[str, ...]:
        """Every word not understood, in the order typed."""
        return tuple(word for phrase in self.phrases for word in phrase.unread)

    @property
    def understood(self) -> bool:
        return not self.unread


def read_statement(text: str, language: str) -> StatementReading:
    """The statement ``text`` read in ``language`` (or English): never raises; what is not
    understood is named in the phrases' ``unread``."""
    lang = language if language in PHRASES else "en"
    phrases: list[ReadPhrase] = []
    previous = ""
    for typed in _phrases(text, lang):
        phrase = _read_phrase(typed, lang, previous)
        if phrase.steps:
            previous = phrase.steps[-1]
        phrases.append(phrase)
    return StatementReading(text.strip(), lang, tuple(phrases))


def canonical_statement(text: str, language: str) -> str:
    """The steps of the statement read in ``language`` (or English), in the short grammar
    of ``laws.claims.statement`` (68C): ``sacar triunfos 2; impasse contra DR con O`` is
    ``draw trumps 2; finesse against DK with W``. The words not understood are not in it:
    ``read_statement`` names them."""
    return read_statement(text, language).grammar


def _phrases(text: str, language: str) -> list[str]:
    connectors = "|".join(CONNECTORS[language] + CONNECTORS["en"])
    pieces = re.split(r"[;,:.!?]|(?<!\S)(?:" + connectors + r")(?!\S)", text,
                      flags=re.IGNORECASE)
    return [piece.strip() for piece in pieces if piece and piece.strip()]


def normalised(text: str) -> str:
    """Lower case, accents taken off (``caída`` and ``caida`` read alike), an elided article
    cut off its word (``l'impasse``), the suit symbols kept."""
    plain = "".join(c for c in unicodedata.normalize("NFD", text.lower())
                    if not unicodedata.combining(c)).replace("œ", "oe")
    plain = re.sub(r"[’']", "' ", plain)
    plain = re.sub(r"[()\"]", " ", plain)
    return " ".join(plain.split())


def _read_phrase(typed: str, language: str, previous: str) -> ReadPhrase:
    text = normalised(typed)
    hint = ""
    if all(_grammar_word(word) for word in text.split()):
        try:
            grammar = parse_statement(text)
            if grammar.steps:  # the English short grammar, at any terminal
                return ReadPhrase(typed, (text,))
        except ParseError as error:
            hint = error.reason.split(":")[0]
    words = [w for w in text.split() if w not in FILLERS[language] and w not in FILLERS["en"]]
    if words and all(_is_suit_or_card(w, language) for w in words):
        return ReadPhrase(typed, (_bare(words, previous, language),))
    found: list[tuple[int, str]] = []
    for pattern, template in _compiled(language):
        while True:
            match = pattern.search(text)
            if match is None:
                break
            step = _fill(template, match.groupdict(), language)
            found.append((match.start(), step))
            text = text[:match.start()] + " ¦ " + text[match.end():]
    left = [w for w in text.split() if w != "¦" and w not in FILLERS[language]
            and w not in FILLERS["en"]]
    as_typed = {normalised(word): word for word in typed.split()}
    left = [as_typed.get(w, w) for w in left]
    steps = tuple(step for _, step in sorted(found))
    return ReadPhrase(typed, steps, tuple(left), hint if left else "")


_GRAMMAR_WORDS = frozenset(
    [
        "draw", "trumps", "trump", "cash", "ruff", "in", "crossruff", "cross-ruff", "crossruffing",
        "cross-ruffing", "finesse", "against", "with", "through", "via", "the", "drop", "concede",
        "to", "lose", "order", "entry", "squeeze", "dummy", "hand", "all", "high", "good", "is",
        "rest", "no", "statement", "north", "east", "south", "west", "n", "e", "s", "w", "a", "k",
        "q", "j", "t", "10"
    ])


def _grammar_word(word: str) -> bool:
    """A word of the English short grammar: its keywords, suits, seats, ranks, cards,
    numbers (a phrase of other words is read by the phrases, so that none is skipped)."""
    return (word in _GRAMMAR_WORDS or word in SUITS["en"] or word.isdigit()
            or bool(CARD_TOKEN.match(word)))


def _bare(words: list[str], previous: str, language: str) -> str:
    """Suits or cards alone ("..., then the diamonds", "cash the SA and the HK"): the
    step before goes on with them (cash, ruff, drop, lose, squeeze); otherwise suits are
    cashed and cards played in that order."""
    head = previous.split()[0] if previous else ""
    rest = " ".join(_suit_or_card(w, language) for w in words)
    if head in _INHERITING:
        return f"{head} {rest}"
    if all(CARD_TOKEN.match(w) for w in words):
        return rest
    return f"cash {rest}"


def _is_suit_or_card(word: str, language: str) -> bool:
    return word in SUITS[language] or word in SUITS["en"] or bool(CARD_TOKEN.match(word))


def _suit_or_card(word: str, language: str) -> str:
    suit = SUITS[language].get(word) or SUITS["en"].get(word)
    return _SUIT_NAMES[suit] if suit else card_word(word, language)


_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


# --- the phrases compiled ---------------------------------------------------------------------

_COMPILED: dict[str, list[tuple[re.Pattern[str], str]]] = {}


def _alternation(words: Mapping[str, object] | tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def _slots(language: str) -> dict[str, str]:
    suits = _alternation({**SUITS["en"], **SUITS[language]})
    ranks = _alternation({**RANKS["en"], **RANKS[language]})
    seats = _alternation(seat_words(language))
    hands = _alternation({**HANDS["en"], **HANDS[language]})
    numbers = _alternation({**NUMBERS["en"], **NUMBERS[language]}) + r"|\d+"
    of = r"(?:of|de|du|des|do|da|d')"
    article = r"(?:(?:the|la|las|los|le|les|l'|o|os|a|el) )?"
    token = r"[shdc\u2660\u2665\u2666\u2663](?:10|[akqjt98765432rdv])"
    card = (rf"(?:{token}|(?:{ranks}) {of} {article}(?:{suits})|(?:{suits}) (?:{ranks}))")
    cards = rf"{card}(?:(?: and| y| et| e)? {card})*"
    return {
        "suit": rf"(?P<suit>{suits})", "suits": rf"(?P<suits>(?:{suits})(?: (?:{suits}))+)",
        "rank": rf"(?P<rank>{ranks})", "seat": rf"(?P<seat>{seats})",
        "hand": rf"(?P<hand>{hands}|{seats})", "num": rf"(?P<num>{numbers})",
        "card": rf"(?P<card>{card})", "cards": rf"(?P<cards>{cards})",
        "count": r"(?P<count>\d)",
    }


def _compiled(language: str) -> list[tuple[re.Pattern[str], str]]:
    compiled = _COMPILED.get(language)
    if compiled is None:
        slots = _slots(language)
        compiled = []
        for source in (PHRASES[language], PHRASES["*"]):
            for pattern, template in source:
                body = re.sub(r"\{(\w+)\}", lambda m: slots[m.group(1)], pattern)
                compiled.append((re.compile(rf"(?<!\S){body}(?!\S)"), template))
        _COMPILED[language] = compiled
    return compiled


def _fill(template: str, groups: Mapping[str, str | None], language: str) -> str:
    """The template with its fields, ``[...]`` parts left out when a field in them is
    empty."""
    values = {key: _value(key, text, language) for key, text in groups.items() if text}

    def optional(match: re.Match[str]) -> str:
        inner = match.group(1)
        needed = re.findall(r"\{(\w+)\}", inner)
        return inner if all(key in values for key in needed) else ""

    text = re.sub(r"\[([^\]]*)\]", optional, template)
    return " ".join(text.format_map(values).split())


def _value(key: str, text: str, language: str) -> str:
    if key == "suit":
        return _SUIT_NAMES[_suit_letter(text, language)]
    if key == "suits":
        return " ".join(_suit_letter(w, language) for w in text.split())
    if key == "rank":
        return _rank_letter(text, language)
    if key == "seat":
        seat = seat_word(text, language)
        return seat.letter if seat is not None else text
    if key == "hand":
        hand = HANDS[language].get(text) or HANDS["en"].get(text)
        if hand is not None:
            return hand
        seat = seat_word(text, language)
        return seat.letter if seat is not None else text
    if key == "num":
        return str(NUMBERS[language].get(text) or NUMBERS["en"].get(text) or text)
    if key == "card":
        return _card(text, language)
    if key == "cards":
        return " ".join(_card(c, language) for c in _card_texts(text, language))
    return text


def _suit_letter(word: str, language: str) -> str:
    found = SUITS[language].get(word) or SUITS["en"].get(word)
    if found is None:
        raise ParseError(f"not a suit: {word!r}", word, 0)
    return found


def _rank_letter(word: str, language: str) -> str:
    found = RANKS[language].get(word) or RANKS["en"].get(word)
    if found is None:
        raise ParseError(f"not a rank: {word!r}", word, 0)
    return found


def _card_texts(text: str, language: str) -> list[str]:
    words = [w for w in text.split() if w not in ("and", "y", "et", "e")]
    out: list[str] = []
    i = 0
    while i < len(words):
        if CARD_TOKEN.match(words[i]):
            out.append(words[i])
            i += 1
        elif words[i] in RANKS[language] or words[i] in RANKS["en"]:
            j = i + 2
            if j < len(words) and not (words[j] in SUITS[language] or words[j] in SUITS["en"]):
                j += 1  # the article between: "as de la pique"
            out.append(" ".join(words[i:j + 1]))
            i = j + 1
        else:  # "spade ace"
            out.append(" ".join(words[i:i + 2]))
            i += 2
    return out


def _card(text: str, language: str) -> str:
    words = text.split()
    if len(words) == 1:
        return card_word(words[0], language)
    suit = next(_suit_letter(w, language) for w in words
                if w in SUITS[language] or w in SUITS["en"])
    rank = next(_rank_letter(w, language) for w in words
                if w in RANKS[language] or w in RANKS["en"])
    return suit + rank


# --- the reading shown to the Director ------------------------------------------------------


def reading_lines(reading: StatementReading) -> list[Msg]:
    """The reading phrase by phrase, in the Director's words: what each phrase reads as,
    then each word not understood, with the request to rephrase or confirm."""
    lines: list[Msg] = []
    for phrase in reading.phrases:
        for step in _steps(phrase):
            lines.append(msg("“{said}” reads as: {step}", said=phrase.typed,
                             step=step_text(step)))
        for word in phrase.unread:
            lines.append(unread_warning(word, phrase.typed))
    return lines


def unread_warning(word: str, said: str) -> Msg:
    """70B1: a word of the statement not understood, never dropped in silence."""
    return msg("“{word}” in “{said}” is not understood: rephrase the statement, or confirm "
               "that the reading above is what the claimer said", word=word, said=said)


def _steps(phrase: ReadPhrase) -> list[Step]:
    steps: list[Step] = []
    for text in phrase.steps:
        try:
            steps.extend(parse_statement(text).steps)
        except ParseError:
            continue
    return steps


def step_text(step: Step) -> Msg:
    """One plan step in the Director's words."""
    if isinstance(step, AllHigh):
        return msg("all high (no line stated)")
    if isinstance(step, DrawTrumps):
        return (msg("draw trumps") if step.rounds is None
                else msg("draw trumps ({rounds} rounds)", rounds=step.rounds))
    if isinstance(step, Cash):
        if step.suit is not None:
            return msg("cash the {suit}", suit=step.suit.symbol)
        return msg("cash {cards}", cards=_cards(step.cards))
    if isinstance(step, Ruff):
        if step.suit is None and step.hand is None and not step.to:
            return msg("crossruff: ruff in both hands")
        return msg("ruff {suit} in {hand}", suit=_suit_or_any(step.suit),
                   hand=_hand(step.hand, step.to))
    if isinstance(step, Finesse):
        if step.through is None:
            return msg("finesse against the {card}", card=step.card)
        return msg("finesse against the {card}, played for with {seat}", card=step.card,
                   seat=step.through)
    if isinstance(step, FinesseWith):
        return _finesse_with(step)
    if isinstance(step, Entry):
        return msg("{suit} to {hand} (an entry)", suit=step.suit.symbol, hand=_hand(None, step.to))
    if isinstance(step, Squeeze):
        return (msg("squeeze: the winners first") if not step.kept else
                msg("squeeze: the winners first, keeping {cards}", cards=_cards(step.kept)))
    if isinstance(step, Drop):
        return (msg("play for the drop") if step.card is None
                else msg("play for the drop of the {card}", card=step.card))
    if isinstance(step, Concede):
        return (msg("concede {tricks}", tricks=step.tricks) if step.card is None
                else msg("lose a trick to the {card}", card=step.card))
    if isinstance(step, SuitOrderStep):
        return msg("the suits in the order {suits}", suits=" ".join(s.symbol for s in step.suits))
    return msg("exactly these cards in this order: {cards}", cards=_cards(step.cards))


def _finesse_with(step: FinesseWith) -> Msg:
    if step.card is not None:
        return msg("finesse with the {card}", card=step.card)
    if step.rank is not None:
        return msg("finesse with the {rank}", rank=step.rank.letter)
    if step.against is not None:
        return msg("finesse against the {rank}", rank=step.against.letter)
    if step.suit is not None:
        return msg("the {suit} finesse", suit=step.suit.symbol)
    return msg("a finesse")


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.suit.symbol + card.rank.letter for card in cards)


def _suit_or_any(suit: Suit | None) -> Msg | str:
    return msg("any suit") if suit is None else suit.symbol


def _hand(seat: Seat | None, to: str) -> Msg | Seat:
    if seat is not None:
        return seat
    if to == "dummy":
        return msg("dummy")
    if to == "hand":
        return msg("the claimer's hand")
    if to:
        return Seat.parse(to)
    return msg("either hand")
