"""What an imported law book lacks: the clauses of its edition's index for which it holds
no text, neither its own nor a sub-clause's. ``laws import`` reports them, and the ruling
assistant says "not in this book" for them rather than a bare title."""

from __future__ import annotations

from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import is_within
from dupbridge.laws.machinery.index import law_index


def lacking(book: LawBook) -> tuple[str, ...]:
    """The index clauses of ``book``'s edition that ``book`` has no text for, in the
    index's order (a commentary, which covers a few laws by design, lacks nothing)."""
    if book.kind != "laws":
        return ()
    held = [clause.id for clause in book.clauses if clause.text.strip()]
    return tuple(item.ref.clause for item in law_index(book.edition).all_clauses()
                 if not any(is_within(clause, item.ref.clause) for clause in held))


__all__ = ["lacking"]
