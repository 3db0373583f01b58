"""Cross-references written in a law book ("ver Ley 16D", "véase el Artículo 12C1",
"ver Leis 16 e 17", "voir Loi 23A"), read into links to the clauses of our index.

A reference names a law word (Ley/Leyes, Artículo/Artículos, Art., Lei/Leis, Loi/Lois)
and one or more clause ids joined by a comma or "y / e / et / o / ou". An id the index
does not hold (a law above 93, or a translator's slip such as the Portuguese "Lei 25F5"
for 20F5) is kept as unresolved, so the share that resolves can be reported."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from dupbridge.lawbook.model import CrossReference, ImportedClause
from dupbridge.laws.machinery.index import LawIndex

_ID = r"\d{1,2}(?:[A-H](?:\d{1,2}(?:\s?\([a-z]\)(?:\s?\([ivx]+\))?)?)?)?(?![\d\w])"
_REFERENCE = re.compile(
    rf"\b(?P<word>Leyes|Ley|Leis|Lei|Lois|Loi|Art[íi]culos|Art[íi]culo|Arts?\.)\s+"
    rf"(?P<ids>{_ID}(?:\s*(?:,|\by\b|\be\b|\bet\b|\bo\b|\bou\b)\s*{_ID})*)"
)
_ONE_ID = re.compile(_ID)


@dataclass(frozen=True, slots=True)
class FoundReference:
    """One clause named in a reference: ``text`` as written (the whole phrase when it names
    several), ``clause`` the id read from it, ``resolved`` whether the index has it."""

    text: str
    clause: str
    resolved: bool


@dataclass(frozen=True, slots=True)
class ReferenceCount:
    found: int
    resolved: int

    @property
    def resolved_ratio(self) -> float:
        return self.resolved / self.found if self.found else 0.0


def find_references(text: str, index: LawIndex) -> list[FoundReference]:
    """Every clause the text refers to, in order of appearance."""
    found: list[FoundReference] = []
    for match in _REFERENCE.finditer(text):
        written = match.group(0).strip()
        for item in _ONE_ID.finditer(match["ids"]):
            clause = re.sub(r"\s+", "", item.group(0))
            found.append(FoundReference(written, clause, index.clause(clause) is not None))
    return found


def reference_spans(text: str, index: LawIndex) -> list[tuple[int, int, str]]:
    """Where each resolved clause is named in ``text``: (start, end, clause id), in order.
    The first id of a reference spans its law word too ("Ley 16D"), so a link reads as the
    reference; the others span their id alone ("Leyes 16 y 17")."""
    spans: list[tuple[int, int, str]] = []
    for match in _REFERENCE.finditer(text):
        base = match.start("ids")
        for number, item in enumerate(_ONE_ID.finditer(match["ids"])):
            clause = re.sub(r"\s+", "", item.group(0))
            if index.clause(clause) is not None:
                start = match.start() if number == 0 else base + item.start()
                spans.append((start, base + item.end(), clause))
    return spans


def link_references(
    clauses: Iterable[ImportedClause], index: LawIndex
) -> tuple[tuple[ImportedClause, ...], ReferenceCount]:
    """The clauses with their resolved references attached, and how many of the references
    found resolved to a clause of the index."""
    linked: list[ImportedClause] = []
    found = resolved = 0
    for clause in clauses:
        references = find_references(clause.text, index)
        found += len(references)
        targets = tuple(
            dict.fromkeys(
                CrossReference(item.text, item.clause) for item in references if item.resolved
            )
        )
        resolved += sum(1 for item in references if item.resolved)
        linked.append(replace(clause, references=targets))
    return tuple(linked), ReferenceCount(found, resolved)
