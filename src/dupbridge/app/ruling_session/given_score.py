"""The adjusted score the Director gives a ruling session for each side (Law 12C), when the
rulings' own assigned score does not say it all: an artificial score by each side's fault
(``A60/40``, 12C2), a split score in points, each side's own (``NS +140 / EW -110``: 2007
12C1(f), 2017 12C1(e): the sides' scores need not balance), or an assigned result
(``4S N 10``, 12C1(a)), or a weighted assigned score (``60% 3H S 9, 40% 4H S 8``, 12C1(c)),
when the edition and the Regulating Authority allow weighting (``app.weighted_score``).

It is written as the club writes an adjusted score (``tournament.results.artificial_code``,
``scoring.law12_assigned.read_split``, the console's ``4S N 10``), so that the score the
ruling gives is the one recorded at the club, and read in the Director's words (``NS +140 /
EO -110`` in Spanish and French, ``LO`` in Portuguese)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from dupbridge.app.weighted_score import (
    WeightedPart,
    is_weighted,
    mean_points,
    weighted_text,
    weighting_refused,
    weights_refused,
)
from dupbridge.core.board import Board
from dupbridge.core.calls import Pass
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.words import AmbiguousWord, parse_call, seat_word
from dupbridge.laws.machinery.profiles import Regulations, default_regulations
from dupbridge.scoring.board_score import ns_score
from dupbridge.scoring.law12_assigned import read_split, split_text
from dupbridge.tournament.results import artificial_code, code_of

ARTIFICIAL = "artificial"
SPLIT = "split"
ASSIGNED = "assigned"
WEIGHTED = "weighted"

# East-West as each language writes the side (es/fr Este-Oeste, Est-Ouest: EO; pt Leste-Oeste).
_EAST_WEST = re.compile(r"\b(EO|LO|OE|OL)\b", re.IGNORECASE)
_DOUBLED = re.compile(r"^(.*?)(x{0,2})$", re.IGNORECASE)
_PERCENT = re.compile(r"^A(\d+)/(\d+)$")
_WEIGHT = re.compile(r"^(\d{1,3})\s*%\s*(.+)$")


@dataclass(frozen=True, slots=True)
class GivenScore:
    """The Director's adjusted score: ``text`` as the club writes it, its clause, its kind
    (``artificial``, ``split``, ``assigned``, ``weighted``) and each side's own score
    (points; for an artificial score, the percentage its code names; for a weighted one,
    the weighted mean of its results' points, ``parts``, each an assigned result)."""

    text: str
    law: LawRef
    kind: str
    ns: int | Fraction
    ew: int | Fraction
    contract: Contract | None = None
    tricks: int | None = None
    parts: tuple[tuple[int, GivenScore], ...] = ()  # a weighted score's (percent, result)


class GivenScoreError(ValueError):
    """Not an adjusted score: the message (a ``Msg``) says how one is written."""


def _refused(text: str) -> GivenScoreError:
    return GivenScoreError(msg("not an adjusted score: '{text}' (A60/40: an artificial score "
                               "by each side's fault; NS +140 / EW -110: each side's own "
                               "score; 4S N 10: an assigned result)", text=text))


SCORE_QUESTION = msg("Adjusted score for each side: A60/40 (artificial, by each side's fault), "
                     "NS +140 / EW -110 (each side's own score), 4S N 10 (an assigned result) "
                     "or 60% 3H S 9, 40% 4H S 8 (a weighted score)")


def given_reader(board: Board, regulations: Regulations, language: str
                 ) -> Callable[[str], GivenScore]:
    """``read_given`` on the session's board under its regulations, in ``language``."""
    return partial(read_given, board=board, edition=regulations.edition, language=language,
                   regulations=regulations)


def read_given(text: str, board: Board, edition: Edition, language: str = "en",
               regulations: Regulations | None = None) -> GivenScore:
    """The adjusted score ``text`` writes, in the Director's words or the club's, under
    ``regulations`` (the edition's WBF profile if not given: they say whether a weighted
    score is allowed)."""
    written = " ".join(text.split())
    upper = written.upper()
    if is_weighted(written):
        return _weighted(written, board, regulations or default_regulations(edition),
                         language)
    if upper.startswith("A") and "/" in upper:
        try:
            artificial = artificial_code(upper.replace(" ", ""))
        except ValueError:
            raise _refused(text) from None
        code = code_of(artificial)
        if artificial.ns_percent is None or artificial.ew_percent is None:
            percent = _PERCENT.match(code)  # A60/40: the faults, the profile's figures
            assert percent is not None
            ns, ew = int(percent[1]), int(percent[2])
        else:  # A70/70, A60/0: the percentages the Director states, whole ones here
            stated = (artificial.ns_percent, artificial.ew_percent)
            if any(value.denominator != 1 for value in stated):
                raise _refused(text)
            ns, ew = int(stated[0]), int(stated[1])
        return GivenScore(code, LawRef(edition, "12C2(a)"), ARTIFICIAL, ns, ew)
    if upper.startswith("NS"):
        try:
            split = read_split(_EAST_WEST.sub("EW", written))
        except ValueError:
            raise _refused(text) from None
        assert isinstance(split.ns, int) and isinstance(split.ew, int)
        clause = "12C1(f)" if edition is Edition.LAWS_2007 else "12C1(e)"
        return GivenScore(split_text(split), LawRef(edition, clause), SPLIT, split.ns,
                          -split.ew)
    return _assigned(written, board, edition, language)


def _assigned(text: str, board: Board, edition: Edition, language: str) -> GivenScore:
    words = text.split()
    if len(words) == 1 and (words[0].upper() in ("PASS", "AP") or _is_pass(words[0], language)):
        return GivenScore("PASS", LawRef(edition, "12C1(a)"), ASSIGNED, 0, 0)
    if len(words) != 3 or not words[2].isdigit() or int(words[2]) > 13:
        raise _refused(text)
    seat: Seat | None = seat_word(words[1], language)
    bid, doubled = _DOUBLED.match(words[0]).groups()  # type: ignore[union-attr]
    try:
        call = parse_call(bid, language)
        contract = Contract.parse(f"{call}{doubled.upper()}")
    except AmbiguousWord as error:  # fr 2C: coeur or clubs, said, never guessed
        raise GivenScoreError(error.reason) from None
    except (ParseError, ValueError):
        raise _refused(text) from None
    if seat is None:
        raise _refused(text)
    contract = Contract(contract.level, contract.denomination, contract.doubled, seat)
    tricks = int(words[2])
    points = ns_score(board, contract, seat, tricks)
    return GivenScore(f"{str(contract).split()[0]} {seat.letter} {tricks}",
                      LawRef(edition, "12C1(a)"), ASSIGNED, points, -points, contract, tricks)


def _weighted(text: str, board: Board, regulations: Regulations, language: str
              ) -> GivenScore:
    """12C1(c): ``60% 3H S 9, 40% 4H S 8``, each result in the Director's words."""
    refused = weighting_refused(regulations)
    if refused is not None:
        raise GivenScoreError(refused)
    edition = regulations.edition
    parts: list[tuple[int, GivenScore]] = []
    for written in text.split(","):
        match = _WEIGHT.match(written.strip())
        if match is None:
            raise _refused(text)
        parts.append((int(match[1]), _assigned(match[2].strip(), board, edition, language)))
    wrong = weights_refused([percent for percent, _ in parts])
    if wrong is not None:
        raise GivenScoreError(wrong)
    if len(parts) == 1:  # 100% of one result: that result assigned (12C1(a))
        return parts[0][1]
    weighed = tuple(WeightedPart(percent, part.text, int(part.ns)) for percent, part in parts)
    mean = mean_points(weighed)
    return GivenScore(weighted_text(weighed), LawRef(edition, "12C1(c)"), WEIGHTED,
                      _whole(mean), _whole(-mean), parts=tuple(parts))


def _whole(points: Fraction) -> int | Fraction:
    return int(points) if points.denominator == 1 else points


def _is_pass(word: str, language: str) -> bool:
    try:
        return isinstance(parse_call(word, language), Pass)
    except ParseError:
        return False


__all__ = ["ARTIFICIAL", "ASSIGNED", "SCORE_QUESTION", "SPLIT", "WEIGHTED", "GivenScore",
           "GivenScoreError", "given_reader", "read_given"]
