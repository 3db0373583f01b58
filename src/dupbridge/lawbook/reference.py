"""What ``dupbridge laws show / search / diff`` print, as values: one clause in a language
with its imported text when a book is installed, a search over titles and imported texts,
and how a law changed between the editions, clause by clause."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.model import ImportedClause, LawBook, Note
from dupbridge.lawbook.moves import aligned
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.machinery.index import law_index


@dataclass(frozen=True, slots=True)
class ClauseView:
    """A clause as a reader sees it: our title in the language and, when a book of that
    edition and language is installed, the book's text of the clause and of the clauses
    under it (``parts``: id and text, in the book's order), with their notes and
    cross-references."""

    ref: LawRef
    title: str
    parts: tuple[tuple[str, str], ...] = ()
    source: str = ""
    notes: tuple[Note, ...] = ()
    references: tuple[tuple[str, str], ...] = ()  # (as written, title of the target)

    @property
    def text(self) -> str | None:
        """The book's text of this clause alone (None when not imported)."""
        return next((text for clause, text in self.parts if clause == self.ref.clause), None)


def book_for(books: Sequence[LawBook], edition: Edition, language: str) -> LawBook | None:
    """The general book of that edition and language (see ``ranked``), None if none."""
    found = ranked(book for book in books
                   if book.edition is edition and book.language == language)
    return found[0] if found else None


def ranked(books: Iterable[LawBook]) -> list[LawBook]:
    """General book first: a book of the Laws before a commentary, then the one covering
    more laws (the whole FVB translation before the AEB regulation of Laws 41-71), then
    one without an authority, then by source for a stable order."""
    def laws_covered(book: LawBook) -> int:
        return len({_law_number(clause.id) for clause in book.clauses})
    return sorted(books, key=lambda book: (book.kind != "laws", -laws_covered(book),
                                           book.authority is not None, book.source))


def books_holding(books: Sequence[LawBook], ref: LawRef, language: str,
                  authority: str | None = None) -> list[LawBook]:
    """The books of ``ref``'s edition and ``language`` that hold the clause (or clauses
    under it), general book first; with ``authority`` only that authority's books."""
    wanted = authority.casefold() if authority else None
    return ranked(book for book in books
                  if book.edition is ref.edition and book.language == language
                  and (wanted is None or (book.authority or "").casefold() == wanted)
                  and any(is_within(clause.id, ref.clause) for clause in book.clauses))


def _law_number(clause_id: str) -> str:
    digits = len(clause_id) - len(clause_id.lstrip("0123456789"))
    return clause_id[:digits]


def is_within(clause: str, ancestor: str) -> bool:
    """``27B1(a)`` is within ``27B1``, ``27B`` and ``27``; ``27`` is not within ``2`` nor
    ``27B10`` within ``27B1`` (a digit after a digit is the same number, after a letter a
    clause under it)."""
    rest = clause.removeprefix(ancestor)
    if clause == ancestor:
        return True
    return rest != clause and (not rest[0].isdigit() or not ancestor[-1].isdigit())


def show(ref: LawRef, language: str, books: Sequence[LawBook] = (),
         authority: str | None = None) -> ClauseView:
    """The clause ``ref``, its text from the general book that holds it, and on top, as
    notes, what the other books of that edition and language say of it (a national
    regulation, a commentary); ``authority`` forces that authority's book alone. A
    ValueError if the index of its edition has no such clause."""
    if law_index(ref.edition).clause(ref.clause) is None:
        raise ValueError(f"the {ref.edition} Laws have no clause {ref.clause}")
    title = clause_title(ref, language)
    holding = books_holding(books, ref, language, authority)
    if not holding:
        return ClauseView(ref, title)
    book, others = holding[0], holding[1:]
    within = [clause for clause in book.clauses if is_within(clause.id, ref.clause)]
    return ClauseView(
        ref, title, tuple((clause.id, clause.text) for clause in within),
        f"{book.source}:{within[0].line}",
        (*(note for clause in within for note in clause.notes),
         *(note for other in others for note in _as_notes(other, ref))),
        tuple(reference for clause in within
              for reference in _references(ref.edition, clause, language)))


def _as_notes(book: LawBook, ref: LawRef) -> tuple[Note, ...]:
    """Another book's text of the clause as notes on top of the general book's: a national
    regulation ("AEB 45C1") or a commentary, with its own notes after it."""
    label = (book.authority or book.source).upper()
    kind = "regulation" if book.kind == "laws" else book.kind
    notes: list[Note] = []
    for clause in book.clauses:
        if is_within(clause.id, ref.clause):
            if clause.text.strip():
                notes.append(Note(kind, f"{label} {clause.id}", clause.text))
            notes.extend(clause.notes)
    return tuple(notes)


def _references(edition: Edition, clause: ImportedClause,
                language: str) -> tuple[tuple[str, str], ...]:
    return tuple((item.text, clause_title(LawRef(edition, item.target), language))
                 for item in clause.references
                 if law_index(edition).clause(item.target) is not None)


@dataclass(frozen=True, slots=True)
class SearchHit:
    ref: LawRef
    language: str
    title: str
    excerpt: str  # the words around the match, or the title when the title matched


def folded(text: str) -> str:
    """Lower case without accents, so "penalizacion" finds "penalización"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def search(query: str, books: Sequence[LawBook], languages: Sequence[str] = ("en",),
           editions: Sequence[Edition] = tuple(Edition)) -> list[SearchHit]:
    """Clauses whose imported text or whose title (in ``languages`` and in each book's
    language) holds every word of ``query``, accents and case ignored."""
    words = folded(query).split()
    if not words:
        raise ValueError("nothing to search for")
    hits: dict[tuple[LawRef, str], SearchHit] = {}
    for book in books:
        if book.edition not in editions:
            continue
        for clause in book.clauses:
            text = folded(clause.text)
            if all(word in text for word in words) and _in_index(book.edition, clause.id):
                ref = LawRef(book.edition, clause.id)
                hits.setdefault((ref, book.language), SearchHit(
                    ref, book.language, clause_title(ref, book.language),
                    _excerpt(clause.text, text, words[0])))
    for language in {*languages, *(book.language for book in books)}:
        for edition in editions:
            for entry in law_index(edition).all_clauses():
                title = clause_title(entry.ref, language)
                if all(word in folded(title) for word in words):
                    hits.setdefault((entry.ref, language),
                                    SearchHit(entry.ref, language, title, title))
    return sorted(hits.values(), key=lambda hit: (hit.ref.edition.value, _order(hit.ref),
                                                  hit.language))


def _in_index(edition: Edition, clause_id: str) -> bool:
    return law_index(edition).clause(clause_id) is not None


def _order(ref: LawRef) -> tuple[int, str]:
    return ref.law, ref.clause


def _excerpt(text: str, folded: str, word: str, width: int = 60) -> str:
    # Folding keeps one character per character of ``text`` for Latin scripts, so the
    # position found in the folded text is the position in the original.
    at = folded.find(word)
    start = max(at - width, 0)
    piece = " ".join(text[start:at + len(word) + width].split())
    return ("…" if start else "") + piece + ("…" if at + len(word) + width < len(text) else "")


@dataclass(frozen=True, slots=True)
class DiffRow:
    """One clause of a law in each edition. ``kind`` says how it moved (``moves.MoveKind``:
    same, renumbered, moved, new, dropped) and, for a clause kept under the same id when
    books of both editions in the language are installed, whether its text "changed" or
    is "unchanged"."""

    before: ClauseView | None
    after: ClauseView | None
    kind: str


def diff(law: int, before: Edition, after: Edition, language: str,
         books: Sequence[LawBook] = ()) -> list[DiffRow]:
    """How ``law`` changed from ``before`` to ``after``, clause by clause."""
    if before is after:
        raise ValueError("compare two different editions")
    rows = []
    for old, new, kind in aligned(law):
        first, second = (old, new) if before is Edition.LAWS_2007 else (new, old)
        left = show(first, language, books) if first else None
        right = show(second, language, books) if second else None
        if kind == "same" and left and right and left.text and right.text:
            kind = "unchanged" if folded(left.text).split() == folded(right.text).split() \
                else "changed"
        if before is not Edition.LAWS_2007:
            kind = {"new": "dropped", "dropped": "new"}.get(kind, kind)
        rows.append(DiffRow(left, right, kind))
    return rows
