"""A weighted assigned adjusted score (Law 12C1(c)) the Director gives, as he reads it: read
back once typed, and in the outcome each weighed result with its percentage, its contract
and declarer with the suit symbol in his language, its tricks and its points, then the
weighted score for each side (the weighted mean of the points; the club scores each
result at its weight, ``app.weighted_score``)."""

from __future__ import annotations

from fractions import Fraction

from dupbridge.app.ruling_session.given_score import GivenScore
from dupbridge.app.ruling_session.texts import contract_text
from dupbridge.core.messages import Msg, msg

Line = tuple[str | Msg, str]  # as ``outcome.Line``


def signed_points(points: int | Fraction, language: str) -> str:
    """Points with their sign, a weighted mean's decimals with the language's comma."""
    if isinstance(points, int) or points.denominator == 1:
        return format(int(points), "+d")
    written = format(float(points), "+.2f").rstrip("0").rstrip(".")
    return written if language == "en" else written.replace(".", ",")


def part_text(percent: int, part: GivenScore, language: str) -> Msg:
    """One weighed result: ``60% of 3♥ by South, 9 tricks (+140)``."""
    if part.contract is None or part.contract.declarer is None:
        result: Msg = msg("passed out")
    else:
        result = msg("{contract} by {declarer}, {tricks} tricks",
                     contract=contract_text(part.contract), declarer=part.contract.declarer,
                     tricks=part.tricks or 0)
    return msg("{percent}% of {result} ({score})", percent=percent, result=result,
               score=signed_points(part.ns, language))


def weighted_echo(given: GivenScore, language: str) -> Msg:
    """The weighted score read back before it is kept: each result, then each side's."""
    parts = [part_text(percent, part, language) for percent, part in given.parts]
    listed = parts[0]
    for part in parts[1:]:
        listed = msg("{before}; {part}", before=listed, part=part)
    return msg("{parts}: weighted score {ns} to North-South, {ew} to East-West ({law})",
               parts=listed, ns=signed_points(given.ns, language),
               ew=signed_points(given.ew, language), law=given.law)


def weighted_lines(given: GivenScore, language: str) -> list[Line]:
    """The outcome's lines of a weighted score: its clause, each result, the weighted
    score of each side."""
    lines: list[Line] = [(msg("Weighted assigned adjusted score ({law}):", law=given.law),
                          "bold")]
    lines += [(msg("  {part}", part=part_text(percent, part, language)), "")
              for percent, part in given.parts]
    return lines


def weighted_score_line(given: GivenScore, language: str) -> Line:
    return (msg("Score of the board: weighted score {ns} to North-South, {ew} to East-West "
                "({law})", ns=signed_points(given.ns, language),
                ew=signed_points(given.ew, language), law=given.law), "bold")


__all__ = ["signed_points", "weighted_echo", "weighted_lines", "weighted_score_line"]
