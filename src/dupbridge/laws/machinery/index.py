"""The law index: every law 1-93 and every clause of each edition, with our own titles."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources

from dupbridge.core.edition import Edition, LawRef


class ClauseKind(Enum):
    MECHANICAL = "mechanical"  # the engine can apply it
    JUDGEMENT = "judgement"  # only the Director can decide; software asks
    NOT_APPLICABLE = "not-applicable"  # equipment, conduct, committees: nothing to execute


@dataclass(frozen=True, slots=True)
class IndexedClause:
    ref: LawRef
    title: str
    kind: ClauseKind
    reason: str = ""  # why a clause is the Director's judgement or not applicable


@dataclass(frozen=True, slots=True)
class IndexedLaw:
    number: int
    title: str
    kind: ClauseKind
    clauses: tuple[IndexedClause, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LawIndex:
    edition: Edition
    laws: tuple[IndexedLaw, ...]

    def clause(self, clause: str) -> IndexedClause | None:
        return _lookup(self.edition).get(clause)

    def __contains__(self, ref: object) -> bool:
        return isinstance(ref, LawRef) and ref.edition is self.edition and (
            self.clause(ref.clause) is not None
        )

    def all_clauses(self) -> list[IndexedClause]:
        """Every law and clause in text order; a law counts as a clause of itself."""
        found: list[IndexedClause] = []
        for entry in self.laws:
            found.append(
                IndexedClause(LawRef(self.edition, str(entry.number)), entry.title, entry.kind,
                              entry.reason)
            )
            found.extend(entry.clauses)
        return found


@cache
def law_index(edition: Edition) -> LawIndex:
    """Load ``laws/machinery/index/<edition>.toml`` shipped with the package."""
    shipped = resources.files("dupbridge.laws.machinery").joinpath(f"index/{edition.value}.toml")
    text = shipped.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    if data.get("edition") != edition.value:
        raise ValueError(f"index/{edition.value}.toml says edition {data.get('edition')!r}")
    laws = []
    for raw in data["law"]:
        law_kind = ClauseKind(raw.get("kind", "mechanical"))
        clauses = tuple(
            IndexedClause(
                LawRef(edition, item["id"]),
                item["title"],
                ClauseKind(item.get("kind", law_kind.value)),
                item.get("reason", ""),
            )
            for item in raw.get("clauses", ())
        )
        laws.append(IndexedLaw(int(raw["number"]), raw["title"], law_kind, clauses,
                               raw.get("reason", "")))
    return LawIndex(edition, tuple(laws))


@cache
def _lookup(edition: Edition) -> dict[str, IndexedClause]:
    return {item.ref.clause: item for item in law_index(edition).all_clauses()}
