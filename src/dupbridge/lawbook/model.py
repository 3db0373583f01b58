"""A law book imported from a federation's text, as values.

A book is one edition in one language, optionally with a Regulating Authority's notes
(``authority="aeb"``). Its clauses carry the ids of our index (``27B1(a)``; the bare law
number ``27`` holds the law's opening text), so an imported clause sits beside the
index entry and beside every ruling that cites it."""

from __future__ import annotations

from dataclasses import dataclass, field

from dupbridge.core.edition import Edition


@dataclass(frozen=True, slots=True)
class CrossReference:
    """A reference written in the text ("ver Ley 16D", "voir Loi 23A"): ``text`` as written,
    ``target`` the clause id it points to in the same edition."""

    text: str
    target: str


@dataclass(frozen=True, slots=True)
class Note:
    """A footnote of the book (``kind="footnote"``), a national note of the Regulating
    Authority (``kind="authority"``, e.g. "Nota AEB"), or an example of a commentary."""

    kind: str
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class ImportedClause:
    """The text of one clause as the book has it. ``line`` is its first line in the source
    file, so a reader can check it."""

    id: str
    text: str
    heading: str = ""
    notes: tuple[Note, ...] = ()
    references: tuple[CrossReference, ...] = ()
    line: int = 0


@dataclass(frozen=True, slots=True)
class ImportReport:
    """How well the importer read the book: ``found`` clause markers seen in the text,
    ``placed`` of them assigned to an index clause; ``unplaced`` says which were not
    (source line and the first words), so a user can see what is missing."""

    found: int
    placed: int
    unplaced: tuple[tuple[int, str], ...] = ()
    references_found: int = 0  # cross-references read in the clauses' text
    references_resolved: int = 0  # of them, naming a clause of the index

    @property
    def placed_ratio(self) -> float:
        return self.placed / self.found if self.found else 0.0


@dataclass(frozen=True, slots=True)
class LawBook:
    edition: Edition
    language: str  # "es", "fr", "pt", "en"
    source: str  # the file it was read from (name only)
    clauses: tuple[ImportedClause, ...]
    authority: str | None = None  # "aeb", "ffb", "fvb", "fpb"...
    report: ImportReport = field(default_factory=lambda: ImportReport(0, 0))
    kind: str = "laws"  # "laws", or "commentary" (the AEB commentary on Laws 25-27)

    def clause(self, clause_id: str) -> ImportedClause | None:
        return next((item for item in self.clauses if item.id == clause_id), None)
