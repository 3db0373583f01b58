"""Reading a ruling case from its TOML file (the format is in docs/ruling-cases.md).

Everything that can be checked without running the case is checked here: unknown keys,
wrong types, malformed events and malformed expectations. Each error names the file and
the place in it, so a typo never lets a case pass silently.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from dupbridge.cases.checks import CHECKS
from dupbridge.cases.expect_values import ExpectError
from dupbridge.cases.model import Case, CaseError, Event, ExpectBlock
from dupbridge.core.board import Board, law2_dealer
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.laws.machinery.profiles import (
    PROFILE_NAMES,
    Regulations,
    default_regulations,
    load_profile,
)
from dupbridge.notation.steps import StepError, parse_step

T = TypeVar("T")

DEFAULT_DEAL = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
)
"""A complete deal, so that cards can be played when a case does not give its own."""

TOP_KEYS = ("title", "source", "note", "edition", "profile", "dealer", "board",
            "vulnerability", "deal", "events", "expect")


def load_case(path: Path) -> Case:
    """The case in ``path``; ``CaseError`` for anything that keeps it from running."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise CaseError(path, "", f"cannot read the file: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise CaseError(path, "", f"not valid TOML: {error}") from None
    return parse_case(data, path)


def parse_case(data: dict[str, Any], path: Path) -> Case:
    _no_unknown(path, "", data, TOP_KEYS)
    regulations = _regulations(data, path)
    events = _events(data, path)
    return Case(
        path=path,
        title=_string(data, "title", path),
        source=_string(data, "source", path),
        note=_string(data, "note", path, required=False),
        board=_board(data, path),
        regulations=regulations,
        events=events,
        expectations=_expectations(data, path, regulations.edition, len(events)),
    )


def _no_unknown(path: Path, where: str, data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise CaseError(path, where, f"unknown key(s) {', '.join(unknown)}; allowed: "
                        f"{', '.join(allowed)}")


def _string(data: dict[str, Any], key: str, path: Path, required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        raise CaseError(path, "", f"{key!r} must be a non-empty string")
    return value


def _regulations(data: dict[str, Any], path: Path) -> Regulations:
    """``edition`` (2007 or 2017) or ``profile`` (a shipped name or a file next to the case);
    both may be given if they agree."""
    edition = None
    if "edition" in data:
        try:
            edition = Edition.parse(str(data["edition"]))
        except ParseError as error:
            raise CaseError(path, "", f"'edition': {error.reason}") from None
    if "profile" not in data:
        if edition is None:
            raise CaseError(path, "", "give 'edition' (\"2007\" or \"2017\") or 'profile'")
        return default_regulations(edition)
    name = _string(data, "profile", path)
    try:
        regulations = load_profile(name if name in PROFILE_NAMES else path.parent / name)
    except ValueError as error:
        raise CaseError(path, "", f"'profile': {error}") from None
    if edition is not None and regulations.edition is not edition:
        raise CaseError(path, "", f"profile {regulations.name} is for the "
                        f"{regulations.edition.value} Laws, not {edition.value}")
    return regulations


def _board(data: dict[str, Any], path: Path) -> Board:
    """The board whose Law 2 dealer is ``dealer`` (boards 1-4), or board ``board``; an
    optional ``vulnerability`` marks the board otherwise (a non-conforming board, Law 2)."""
    number = data.get("board")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)
                               or number < 1):
        raise CaseError(path, "", f"'board' must be a board number (1 or more), not {number!r}")
    dealer = None
    if "dealer" in data:
        dealer = _parse(path, "dealer", Seat.parse, _string(data, "dealer", path))
    if number is None:
        if dealer is None:
            raise CaseError(path, "", "give 'dealer' (N, E, S or W) or 'board'")
        number = dealer + 1
    elif dealer is not None and law2_dealer(number) is not dealer:
        raise CaseError(path, "", f"board {number} is dealt by "
                        f"{law2_dealer(number).name.title()} (Law 2), not {dealer.name.title()}")
    vulnerability = None
    if "vulnerability" in data:
        vulnerability = _parse(path, "vulnerability", Vulnerability.parse,
                               _string(data, "vulnerability", path))
    deal = DEFAULT_DEAL
    if "deal" in data:
        deal = _parse(path, "deal", Deal.from_pbn, _string(data, "deal", path))
    return Board(number, deal, marked_vulnerability=vulnerability)


def _parse(path: Path, key: str, parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise CaseError(path, "", f"{key!r}: {error.reason}") from None


def _events(data: dict[str, Any], path: Path) -> tuple[Event, ...]:
    raw = data.get("events")
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise CaseError(path, "", "'events' must be a list of strings, such as "
                        "[\"N 1S\", \"E P\", \"S X\"]")
    events = []
    for number, text in enumerate(raw, 1):
        try:
            step = parse_step(text)
        except StepError as error:
            raise CaseError(path, f"event {number} {text!r}", str(error)) from None
        events.append(Event(number, text, step))
    return tuple(events)


def _expectations(data: dict[str, Any], path: Path, edition: Edition,
                  count: int) -> tuple[ExpectBlock, ...]:
    raw = data.get("expect")
    if not isinstance(raw, list) or not raw or not all(isinstance(b, dict) for b in raw):
        raise CaseError(path, "", "a case needs one or more [[expect]] tables")
    return tuple(_expect_block(block, number, path, edition, count)
                 for number, block in enumerate(raw, 1))


def _expect_block(data: dict[str, Any], number: int, path: Path, edition: Edition,
                  count: int) -> ExpectBlock:
    where = f"[[expect]] #{number}"
    _no_unknown(path, where, data, ("after", *CHECKS))
    after = data.get("after", count)
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= count:
        raise CaseError(path, where, f"'after' must be a number of events from 0 to {count}, "
                        f"not {after!r}")
    checks = []
    for key, value in data.items():
        if key == "after":
            continue
        try:
            checks.append((key, CHECKS[key](value, edition)))
        except ExpectError as error:
            raise CaseError(path, f"{where}, key {key!r}", str(error)) from None
    if not checks:
        raise CaseError(path, where, "checks nothing: give at least one key besides 'after'")
    return ExpectBlock(number, after, tuple(checks))
