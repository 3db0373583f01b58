"""Editions of the Laws, and references to their clauses."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from dupbridge.core.errors import ParseError


class Edition(Enum):
    LAWS_2007 = "2007"
    LAWS_2017 = "2017"

    @classmethod
    def parse(cls, text: str) -> Edition:
        key = text.strip().upper().removeprefix("LAWS_").removeprefix("LAWS")
        for edition in cls:
            if key.strip() == edition.value:
                return edition
        raise ParseError(f"not an edition of the Laws: {text!r} (expected 2007 or 2017)", text, 0)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Edition.{self.name}"


CLAUSE_PATTERN = re.compile(
    r"^(?P<law>[1-9]\d?)(?:[A-H](?:\d{1,2}(?:\([a-z]\)(?:\([ivx]+\))?)?)?|-\d)?$"
)
"""Clause ids: ``27``, ``27B``, ``27B1``, ``27B1(a)``, ``40B2(a)(i)``; the 2007 Laws 35 and
71 number their items without a letter, written ``35-1``."""


@dataclass(frozen=True, slots=True)
class LawRef:
    """A clause of one edition of the Laws: numbering moved between 2007 and 2017, so a
    clause id means nothing without its edition."""

    edition: Edition
    clause: str

    def __post_init__(self) -> None:
        if not CLAUSE_PATTERN.match(self.clause):
            raise ParseError(f"not a clause id: {self.clause!r} (e.g. 27B1(a))", self.clause, 0)

    @property
    def law(self) -> int:
        match = CLAUSE_PATTERN.match(self.clause)
        assert match is not None
        return int(match["law"])

    @classmethod
    def parse(cls, text: str) -> LawRef:
        """``2017 Law 27B1(a)`` or ``2007:36B``."""
        match = re.match(r"^\s*(2007|2017)\s*(?::|\s)\s*(?:Law\s+)?(\S+)\s*$", text, re.IGNORECASE)
        if not match:
            raise ParseError("expected '<edition> Law <clause>', as in '2017 Law 27B1(a)'", text, 0)
        return cls(Edition(match[1]), match[2])

    def __str__(self) -> str:
        return f"{self.edition.value} Law {self.clause}"

    def __lt__(self, other: object) -> bool:  # numbering order, not string order
        if not isinstance(other, LawRef):
            return NotImplemented
        return _sort_key(self) < _sort_key(other)


def _sort_key(ref: LawRef) -> tuple[str, int, str]:
    return (ref.edition.value, ref.law, ref.clause)
