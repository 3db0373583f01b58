"""Contracts (Law 22: the last bid, with any double or redouble, Law 19D)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from dupbridge.core.calls import Bid, Denomination, Doubled
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.scoring_table import contract_score
from dupbridge.core.seats import Seat

_CONTRACT_PATTERN = re.compile(
    r"^(?P<level>[1-7])(?P<denomination>NT|N|C|D|H|S)(?P<doubled>XX|X|\*\*|\*)?"
    r"(?:\s*(?:BY\s*)?(?P<declarer>[NESW]))?$"
)


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: level, denomination, doubled state and (when known) declarer."""

    level: int
    denomination: Denomination
    doubled: Doubled = Doubled.UNDOUBLED
    declarer: Seat | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ValueError(f"a contract is at level 1 to 7 (Law 38A), got {self.level}")

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.denomination)

    @property
    def tricks_needed(self) -> int:
        """Book (six tricks) plus the odd tricks bid."""
        return 6 + self.level

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4S``, ``3NT``, ``4SX``, ``6HXX``, ``1N``, ``4S*``; optional declarer: ``4SX N``,
        ``3NT by S`` or ``3NTS``."""
        key = text.strip().upper()
        match = _CONTRACT_PATTERN.match(key)
        if not match:
            raise ParseError(
                msg("not a contract: {text} (expected level 1-7, denomination, X or XX, "
                    "optional declarer, as in '4SX N')", text=repr(text)),
                text,
                0,
            )
        doubled = {"X": 1, "*": 1, "XX": 2, "**": 2}.get(match["doubled"] or "", 0)
        declarer = Seat.parse(match["declarer"]) if match["declarer"] else None
        return cls(
            int(match["level"]),
            Denomination.parse(match["denomination"]),
            Doubled(doubled),
            declarer,
        )

    def score(self, tricks: int, vulnerable: bool) -> int:
        """Law 77: the score of the declaring side when declarer takes ``tricks`` tricks."""
        return contract_score(self, tricks, vulnerable)

    def __str__(self) -> str:
        text = f"{self.level}{self.denomination.letter}{self.doubled.suffix}"
        return text if self.declarer is None else f"{text} {self.declarer.letter}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"
