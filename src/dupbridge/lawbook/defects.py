"""Known translation and extraction defects of the law books (``data/defects.toml``),
attached to imported clauses as warnings, so a director reading a mistranslated clause is
told what is wrong and what the correct reading is."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources

from dupbridge.core.edition import Edition
from dupbridge.lawbook.model import ImportedClause, Note


@dataclass(frozen=True, slots=True)
class Defect:
    """One defect: in which book (``language``, ``edition``, ``seed``: the layout it was
    found in), at which clause, and our warning."""

    language: str
    edition: Edition
    clause: str
    seed: str
    warning: str


@cache
def known_defects() -> tuple[Defect, ...]:
    text = (
        resources.files("dupbridge.lawbook")
        .joinpath("data/defects.toml")
        .read_text(encoding="utf-8")
    )
    return tuple(
        Defect(row["language"], Edition(row["edition"]), row["clause"], row["seed"], row["warning"])
        for row in tomllib.loads(text)["defect"]
    )


def defects_for(language: str, edition: Edition, seed: str) -> tuple[Defect, ...]:
    return tuple(
        item
        for item in known_defects()
        if (item.language, item.edition, item.seed) == (language, edition, seed)
    )


def annotate(
    clauses: Iterable[ImportedClause], defects: Iterable[Defect]
) -> tuple[ImportedClause, ...]:
    """The clauses with a ``Note(kind="defect")`` on each one a defect names; a defect of a
    clause the book does not hold (the Portuguese Law 48) is left out."""
    by_clause: dict[str, list[Note]] = {}
    for item in defects:
        by_clause.setdefault(item.clause, []).append(Note("defect", "dupbridge", item.warning))
    return tuple(
        replace(clause, notes=clause.notes + tuple(by_clause[clause.id]))
        if clause.id in by_clause
        else clause
        for clause in clauses
    )


@dataclass(frozen=True, slots=True)
class Placement:
    """A run of a book's lines (``first`` to ``last``) that belongs to ``edition``, where the
    importer's evidence reads it otherwise (``data/placements.toml``)."""

    seed: str
    first: int
    last: int
    starts: str
    edition: Edition
    why: str


@cache
def known_placements() -> tuple[Placement, ...]:
    text = resources.files("dupbridge.lawbook").joinpath("data/placements.toml").read_text(
        encoding="utf-8")
    return tuple(Placement(row["seed"], row["first"], row["last"], row["starts"],
                           Edition(row["edition"]), row["why"])
                 for row in tomllib.loads(text)["placement"])


def placements_for(seed: str, lines: list[str]) -> tuple[Placement, ...]:
    """The placements of layout ``seed`` whose first line is in ``lines`` as recorded (a
    placement is about one printing: another file keeps its own evidence)."""
    return tuple(run for run in known_placements()
                 if run.seed == seed and run.first <= len(lines)
                 and lines[run.first - 1].startswith(run.starts))
