"""Where each clause went between the 2007 and the 2017 editions of the Laws.

The data is ``data/moves.toml`` (see its header for the reading rule): explicit moves,
clauses new in 2017 and clauses dropped from 2007; an id present in both editions and not
named as moved, new or dropped is the same clause in both.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from dupbridge.core.edition import Edition, LawRef
from dupbridge.laws.machinery.index import law_index

MOVES_FILE = Path(__file__).parent / "data" / "moves.toml"
OLD = Edition.LAWS_2007
NEW = Edition.LAWS_2017


class MoveKind(StrEnum):
    """How a pair of clauses in ``aligned`` relate."""

    SAME = "same"  # same id in both editions
    RENUMBERED = "renumbered"  # another id within the same law
    MOVED = "moved"  # into (or from) another law
    NEW = "new"  # 2017 clause with no 2007 ancestor
    DROPPED = "dropped"  # 2007 clause with no 2017 successor


@dataclass(frozen=True, slots=True)
class Move:
    """One 2007 clause and the 2017 clause(s) it became, with our note on why."""

    old: str
    new: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class MoveTable:
    moves: Mapping[str, Move]  # by 2007 id
    new: Mapping[str, str]  # 2017 id -> note
    dropped: Mapping[str, str]  # 2007 id -> note


@cache
def move_table() -> MoveTable:
    """The parsed ``data/moves.toml``."""
    with MOVES_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    moves = {
        entry["from"]: Move(entry["from"], tuple(entry["to"]), entry.get("note", ""))
        for entry in data.get("move", ())
    }
    return MoveTable(moves, _notes(data.get("new", ())), _notes(data.get("dropped", ())))


def _notes(groups: list[dict[str, object]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for group in groups:
        ids = group["ids"]
        assert isinstance(ids, list)
        for clause in ids:
            found[str(clause)] = str(group.get("note", ""))
    return found


def _exists(edition: Edition, clause: str) -> bool:
    return law_index(edition).clause(clause) is not None


def _carries_over(clause: str) -> bool:
    """The id names the same clause in both editions."""
    table = move_table()
    return (
        clause not in table.moves
        and clause not in table.dropped
        and clause not in table.new
        and _exists(OLD, clause)
        and _exists(NEW, clause)
    )


def successor(ref_2007: LawRef) -> tuple[LawRef, ...]:
    """The 2017 clause(s) a 2007 clause became; empty if it was dropped."""
    if ref_2007.edition is not OLD:
        raise ValueError(f"successor() takes a 2007 clause, not {ref_2007}")
    clause = ref_2007.clause
    move = move_table().moves.get(clause)
    if move is not None:
        return tuple(LawRef(NEW, target) for target in move.new)
    return (LawRef(NEW, clause),) if _carries_over(clause) else ()


def predecessor(ref_2017: LawRef) -> tuple[LawRef, ...]:
    """The 2007 clause(s) a 2017 clause came from, in index order; empty if it is new."""
    if ref_2017.edition is not NEW:
        raise ValueError(f"predecessor() takes a 2017 clause, not {ref_2017}")
    clause = ref_2017.clause
    sources = [move.old for move in move_table().moves.values() if clause in move.new]
    if _carries_over(clause):
        sources.append(clause)
    order = _positions(OLD)
    return tuple(LawRef(OLD, source) for source in sorted(sources, key=order.__getitem__))


def move_note(old: LawRef | None, new: LawRef | None) -> str:
    """Our note on a pair from ``aligned`` ("" for an unchanged clause)."""
    table = move_table()
    if old is not None and old.clause in table.moves:
        return table.moves[old.clause].note
    if old is not None and new is None:
        return table.dropped.get(old.clause, "")
    if new is not None and old is None:
        return table.new.get(new.clause, "")
    return ""


Pair = tuple[LawRef | None, LawRef | None, str]


def aligned(law_number: int) -> list[Pair]:
    """Law ``law_number`` clause by clause, 2007 beside 2017, for ``laws diff``.

    Every 2007 clause of the law appears with each of its successors (same id, renumbered,
    or moved to another law) or alone as dropped; every 2017 clause of the law that came
    from another law appears as moved, one with no ancestor as new. Ordered by 2017
    position, with dropped or moved-away 2007 clauses after the pair before them."""
    pairs: list[Pair] = []
    for old in _clauses(OLD, law_number):
        targets = successor(old)
        if not targets:
            pairs.append((old, None, MoveKind.DROPPED))
        pairs.extend((old, new, move_kind(old, new)) for new in targets)
    for new in _clauses(NEW, law_number):
        sources = predecessor(new)
        if not sources:
            pairs.append((None, new, MoveKind.NEW))
        pairs.extend(
            (old, new, MoveKind.MOVED) for old in sources if old.law != law_number
        )
    return _in_reading_order(pairs, law_number)


def move_kind(old: LawRef, new: LawRef) -> MoveKind:
    """How a 2007 clause and one of its 2017 successors relate (same, renumbered, moved)."""
    if old.law != new.law:
        return MoveKind.MOVED
    return MoveKind.SAME if old.clause == new.clause else MoveKind.RENUMBERED


def _in_reading_order(pairs: list[Pair], law_number: int) -> list[Pair]:
    """Sort by the 2017 clause's place in this law; a pair without one (dropped, or moved
    to another law) keeps its place right after the 2007 clause before it."""
    new_order = _positions(NEW)
    old_order = _positions(OLD)
    keys: list[tuple[int, int, int]] = []
    last = -1
    for old, new, _ in pairs:
        if new is not None and new.law == law_number:
            last = new_order[new.clause]
            keys.append((last, 0, old_order[old.clause] if old is not None else -1))
        else:
            keys.append((last, 1, old_order[old.clause] if old is not None else -1))
    ranked = sorted(zip(keys, range(len(pairs)), strict=True))
    return [pairs[index] for _, index in ranked]


def _clauses(edition: Edition, law_number: int) -> list[LawRef]:
    return [
        item.ref for item in law_index(edition).all_clauses() if item.ref.law == law_number
    ]


@cache
def _positions(edition: Edition) -> dict[str, int]:
    return {item.ref.clause: place for place, item in enumerate(law_index(edition).all_clauses())}
