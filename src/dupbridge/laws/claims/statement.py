"""The claimer's clarification statement as plan steps (Law 68C, 70B1, 70D1; spec §5.3).

A statement binds the claimer: each step constrains the cards his side may play in the
adjudication search (``claim_search``), and whatever it leaves open is resolved against
him (70A: the search takes the worst normal choice). A short grammar, one step per
``;`` or ``,``, case-insensitive:

=====================================  ===================================================
``draw trumps`` / ``draw trumps 2``    lead trumps while an opponent may hold one (2 rounds)
``cash clubs`` / ``cash C``            when on lead, lead clubs until the side has none
``cash SA HK``                         lead these cards, in any order, when on lead
``ruff hearts in N``                   North ruffs hearts when void
``crossruff``                          ruff whenever void (either hand)
``finesse against DK with W``          play for West to hold the DK (a stated finesse)
``finesse against DK``                 play for the DK to lie before the hand that finesses
``finesse HQ`` / ``finesse hearts``    finesse with the HQ (lead towards it, play it when
                                       the opponent before it plays low) / in hearts
``entry H dummy`` / ``entry H N``      first a heart to dummy (or to that hand), won there
``squeeze`` / ``squeeze HJ D2``        winners first, these threat cards kept to the end
``lose SA`` / ``concede to SA``        a trick given up to the SA (the suit led to drive it)
``drop DQ``                            play for the drop: never finesse against the DQ
``concede 1``                          a trick given up (the number claimed says how many)
``SA HK D2``                           exactly these cards of the claimer's side, in order
``order S H D C``                      the suits led in this order
``all high`` / ``dummy is good``       no line stated (any normal order)
anything else                          free text, kept with the claim, constrains nothing
=====================================  ===================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.errors import ParseError
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat


@dataclass(frozen=True, slots=True)
class Exact:
    """``cards``: the claimer's side plays exactly these cards, in this order."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Cash:
    """When on lead, the claimer's side leads ``suit`` (or the ``cards``) until none is left."""

    suit: Suit | None = None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawTrumps:
    """Lead trumps while an opponent may hold one (``rounds``: that many rounds at most)."""

    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Ruff:
    """``hand`` (None: either hand, a crossruff) ruffs ``suit`` (None: any suit) when void;
    ``to``: the hand named as ``dummy`` or ``hand`` (the claimer's) rather than a seat."""

    suit: Suit | None = None
    hand: Seat | None = None
    to: str = ""


@dataclass(frozen=True, slots=True)
class Finesse:
    """The claimer plays for ``card`` (an opponent's) to be with ``through``; None: with the
    opponent who plays before the hand that finesses ("finesse against the king")."""

    card: Card
    through: Seat | None = None


@dataclass(frozen=True, slots=True)
class FinesseWith:
    """"Finesse the queen": the side leads towards ``card`` and plays it when the opponent
    before it has played low, hoping the higher missing honour lies there. ``card`` None:
    "the heart finesse" (``suit``), "finesse the queen" (``rank``, the suit not said),
    "finesse against the king" (``against``, the suit not said), "the finesse" (none):
    the search finds the suit where the side holds such a tenace."""

    card: Card | None = None
    suit: Suit | None = None
    rank: Rank | None = None
    against: Rank | None = None

    @property
    def finessed_suit(self) -> Suit | None:
        return self.card.suit if self.card is not None else self.suit


@dataclass(frozen=True, slots=True)
class Entry:
    """"A heart to dummy": the side leads ``suit`` from the other hand and wins it in
    ``to`` (``dummy``, ``hand``: the claimer's own, or a seat letter), once."""

    suit: Suit
    to: str = "dummy"


@dataclass(frozen=True, slots=True)
class Squeeze:
    """A squeeze: the side cashes its sure winners before anything else and keeps the
    ``kept`` threat cards (never discards them while another discard is possible)."""

    kept: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Drop:
    """The claimer plays for ``card`` to drop: he never finesses against it (None: "play for
    the drop", no finesse in any suit)."""

    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Concede:
    """A trick conceded (``tricks``) or the trick given up to ``card``."""

    tricks: int = 1
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class SuitOrderStep:
    """The suits the claimer's side leads, in this order."""

    suits: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class AllHigh:
    """"All high", "dummy is good", "the rest": no line and no order stated."""


Step = (Exact | Cash | DrawTrumps | Ruff | Finesse | FinesseWith | Entry | Squeeze | Drop
        | Concede | SuitOrderStep | AllHigh)


@dataclass(frozen=True, slots=True)
class Statement:
    """The statement at the time of the claim (frozen: later additions are ignored, 70D1)."""

    steps: tuple[Step, ...] = ()
    text: str = ""

    @property
    def is_empty(self) -> bool:
        """No line stated (68C: "no statement"; "all high" states none either)."""
        return all(isinstance(step, AllHigh) for step in self.steps)

    @law("70C1", title="Claimer did not mention the trump")
    def mentions_trumps(self, trump: Suit | None) -> bool:
        """70C1: whether the statement says anything about the trumps (drawing them, a
        trump card, ruffing, or the trump suit named)."""
        if trump is None:
            return False
        for step in self.steps:
            if isinstance(step, DrawTrumps | Ruff):
                return True
            if isinstance(step, Cash) and (step.suit is trump
                                           or any(c.suit is trump for c in step.cards)):
                return True
            if isinstance(step, Exact) and any(c.suit is trump for c in step.cards):
                return True
            if isinstance(step, Finesse | Drop) and step.card is not None \
                    and step.card.suit is trump:
                return True
            if isinstance(step, FinesseWith | Entry) and (
                    step.finessed_suit if isinstance(step, FinesseWith) else step.suit
            ) is trump:
                return True
            if isinstance(step, SuitOrderStep) and trump in step.suits:
                return True
        return False

    def __str__(self) -> str:
        return self.text


_SUIT_WORDS = {"c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS,
               "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "diamonds": Suit.DIAMONDS,
               "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
               "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES}
_NO_LINE = ("all high", "all good", "dummy is good", "hand is good", "the rest", "rest",
            "high", "good", "no statement", "")


def parse_statement(text: str) -> Statement:
    """Read a statement in the short grammar (module docstring). A part that is not a
    step is kept as free text (it constrains nothing); a step that starts like one but
    is malformed (``finesse DQ``, no seat) raises ``ParseError`` naming the part."""
    steps: list[Step] = []
    offset = 0
    for part in re.split(r"[;,]", text):
        words = part.strip().lower().split()
        try:
            step = _step(words, part.strip())
        except ParseError as error:
            raise ParseError(error.reason, text, offset) from None
        if step is not None:
            steps.append(step)
        offset += len(part) + 1
    return Statement(tuple(steps), text.strip())


def _step(words: list[str], part: str) -> Step | None:
    joined = " ".join(words)
    if joined in _NO_LINE:
        return AllHigh()
    head, rest = words[0], words[1:]
    if head == "draw" and rest[:1] in (["trumps"], ["trump"]):
        if len(rest) > 2 or (len(rest) == 2 and not rest[1].isdigit()):
            raise ParseError(f"expected 'draw trumps [N]': {part!r}", part, 0)
        return DrawTrumps(int(rest[1]) if len(rest) == 2 else None)
    if head == "cash":
        if len(rest) == 1 and rest[0] in _SUIT_WORDS:
            return Cash(_SUIT_WORDS[rest[0]])
        return Cash(None, _cards(rest, part))
    if head in ("crossruff", "cross-ruff", "cross-ruffing", "crossruffing"):
        return Ruff()
    if head == "ruff":
        return _ruff(rest, part)
    if head == "finesse":
        return _finesse(rest, part)
    if head == "entry":
        if len(rest) == 2 and rest[0] in _SUIT_WORDS:
            to = rest[1] if rest[1] in ("dummy", "hand") else _seat(rest[1], part).letter
            return Entry(_SUIT_WORDS[rest[0]], to)
        return _fail("entry SUIT dummy|hand|SEAT", part)
    if head == "squeeze":
        return Squeeze(_cards(rest, part) if rest else ())
    if head == "lose":
        return Concede(1, _cards(rest, part)[0]) if len(rest) == 1 else _fail("lose CARD", part)
    if head == "drop":
        if not rest:
            return Drop()
        return Drop(_cards(rest, part)[0]) if len(rest) == 1 else _fail("drop [CARD]", part)
    if head == "concede":
        if rest[:1] == ["to"]:
            return Concede(1, _cards(rest[1:], part)[0])
        if len(rest) == 1 and rest[0].isdigit():
            return Concede(int(rest[0]))
        return _fail("concede N | concede to CARD", part)
    if head == "order":
        suits = tuple(_SUIT_WORDS[w] for w in rest if w in _SUIT_WORDS)
        return (SuitOrderStep(suits) if suits and len(suits) == len(rest)
                else _fail("order SUIT SUIT ...", part))
    try:
        return Exact(tuple(Card.parse(word) for word in words))
    except ParseError:
        return None  # free text


def _finesse(rest: list[str], part: str) -> Step:
    """``finesse against CARD [with SEAT]`` (the missing card), ``finesse CARD`` (the
    card finessed with), ``finesse SUIT``."""
    words = [w for w in rest if w not in ("through", "via", "in", "the")]
    if not words:
        return FinesseWith()
    if words[:1] == ["against"]:
        words = [w for w in words[1:] if w != "with"]
        if len(words) == 1 and _rank(words[0]) is not None:
            return FinesseWith(against=_rank(words[0]))
        if len(words) == 1:
            return Finesse(_cards(words, part)[0])
        if len(words) == 2:
            return Finesse(_cards(words[:1], part)[0], _seat(words[1], part))
    elif len(words) == 1 and words[0] in _SUIT_WORDS:
        return FinesseWith(None, _SUIT_WORDS[words[0]])
    elif len(words) == 1 and _rank(words[0]) is not None:
        return FinesseWith(rank=_rank(words[0]))
    elif len(words) == 1:
        return FinesseWith(_cards(words, part)[0])
    return _fail("finesse against CARD [with SEAT] | finesse CARD | finesse SUIT", part)


def _rank(word: str) -> Rank | None:
    """A rank alone (``q``, ``10``): "finesse the queen", the suit not said."""
    if len(word) > 2 or word in _SUIT_WORDS:
        return None
    try:
        return Rank.parse(word)
    except (ParseError, ValueError, KeyError):
        return None


def _ruff(rest: list[str], part: str) -> Ruff:
    suit = _SUIT_WORDS.get(rest[0]) if rest else None
    named = rest[-1] if len(rest) >= 2 and rest[-2] == "in" else None
    if named in ("dummy", "hand"):
        return Ruff(suit, None, named)
    hand = _seat(named, part) if named is not None else None
    if rest and suit is None and hand is None:
        _fail("ruff SUIT [in SEAT|dummy|hand]", part)
    return Ruff(suit, hand)


def _cards(words: list[str], part: str) -> tuple[Card, ...]:
    if not words:
        _fail("a card, as in SA or H10", part)
    return tuple(Card.parse(word) for word in words)


def _seat(word: str, part: str) -> Seat:
    try:
        return Seat.parse(word)
    except ParseError:
        raise ParseError(f"not a seat in {part!r}: {word!r}", part, 0) from None


def _fail(expected: str, part: str) -> Step:
    raise ParseError(f"expected '{expected}': {part!r}", part, 0)
