"""The law book as a reader browses it (the web's law pages), as values: a clause in the
reader's language with its cross-references as links, the text taken from another
language's book (and saying so) when the reader's book lacks the clause or a paragraph of
it, its notes, and how it compares with the other edition.

Everything comes from the imported books (``reference.show``) and the move table
(``moves``); nothing here holds any text of the Laws."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.moves import (
    MoveKind,
    aligned,
    move_kind,
    move_note,
    predecessor,
    successor,
)
from dupbridge.lawbook.reference import book_for, books_holding, folded, is_within, ranked, show
from dupbridge.lawbook.references import reference_spans
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.machinery.index import law_index

LANGUAGE_NAMES: Mapping[str, Msg] = {
    "en": msg("English"), "es": msg("Spanish"), "fr": msg("French"), "pt": msg("Portuguese"),
}
# The book read when the reader's own lacks a clause: the nearest language first.
FALLBACK: Mapping[str, tuple[str, ...]] = {
    "es": ("pt", "fr", "en"), "pt": ("es", "fr", "en"), "fr": ("es", "pt", "en"),
    "en": ("fr", "es", "pt"),
}


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of a text: plain words, or a reference to the clause ``target``."""

    text: str
    target: LawRef | None = None


@dataclass(frozen=True, slots=True)
class Paragraph:
    """The text of one clause, in ``language`` ("" when no installed book has it)."""

    ref: LawRef
    segments: tuple[Segment, ...]
    language: str

    @property
    def clause(self) -> str:
        return self.ref.clause

    @property
    def text(self) -> str:
        return "".join(segment.text for segment in self.segments)


@dataclass(frozen=True, slots=True)
class LinkedNote:
    """A note of the book (footnote, the Regulating Authority's, a commentary, our defect
    warning) with its references as links."""

    kind: str
    label: str
    segments: tuple[Segment, ...]


@dataclass(frozen=True, slots=True)
class Reading:
    """A clause for a reader of ``language``: our title in that language, the paragraphs
    of the clause and of the clauses under it, and ``notice`` saying why the text is in
    ``text_language`` rather than the reader's (or why there is none)."""

    ref: LawRef
    title: str
    language: str
    text_language: str
    notice: Msg | None
    paragraphs: tuple[Paragraph, ...]
    notes: tuple[LinkedNote, ...]
    source: str

    @property
    def own(self) -> Paragraph | None:
        """The paragraph of this clause alone (not those under it)."""
        return next((item for item in self.paragraphs if item.clause == self.ref.clause), None)

    @property
    def references(self) -> tuple[LawRef, ...]:
        """Every clause the text and notes refer to, once each, in order."""
        found = [segment.target for item in self.paragraphs for segment in item.segments
                 if segment.target is not None]
        found += [segment.target for note in self.notes for segment in note.segments
                  if segment.target is not None]
        return tuple(dict.fromkeys(found))


def known(ref: LawRef) -> bool:
    return law_index(ref.edition).clause(ref.clause) is not None


def linked(text: str, edition: Edition) -> tuple[Segment, ...]:
    """``text`` cut into plain pieces and the references it makes ("ver Ley 16D")."""
    segments: list[Segment] = []
    at = 0
    for start, end, clause in reference_spans(text, law_index(edition)):
        if start > at:
            segments.append(Segment(text[at:start]))
        segments.append(Segment(text[start:end], LawRef(edition, clause)))
        at = end
    if at < len(text):
        segments.append(Segment(text[at:]))
    return tuple(segments)


def read(ref: LawRef, language: str, books: Sequence[LawBook]) -> Reading:
    """``ref`` for a reader of ``language``; a ValueError if its edition has no such
    clause."""
    if not known(ref):
        raise ValueError(f"the {ref.edition} Laws have no clause {ref.clause}")
    title = clause_title(ref, language)
    text_language = next((candidate for candidate in (language, *FALLBACK[language])
                          if _has_text(books, ref, candidate)), "")
    notice = _notice(ref, language, text_language, books)
    if not text_language:
        return Reading(ref, title, language, "", notice, (), (), "")
    view = show(ref, text_language, books)
    book = books_holding(books, ref, text_language)[0]
    # A heading the book gives no words of its own (27B1 before its (a) and (b)) is left out.
    paragraphs = [Paragraph(LawRef(ref.edition, clause), linked(text, ref.edition), text_language)
                  for clause, text in view.parts if text.strip()]
    paragraphs += [_elsewhere(LawRef(ref.edition, clause), text_language, books)
                   for clause in _missing(ref, book)]
    order = _positions(ref.edition)
    paragraphs.sort(key=lambda item: order[item.clause])
    notes = tuple(LinkedNote(note.kind, note.label, linked(note.text, ref.edition))
                  for note in view.notes)
    return Reading(ref, title, language, text_language, notice, tuple(paragraphs), notes,
                   view.source)


def _has_text(books: Sequence[LawBook], ref: LawRef, language: str) -> bool:
    """A book of ``language`` gives words for the clause or one under it (a heading alone,
    "38C" with nothing after it, is not a text)."""
    return any(clause.text.strip() for book in books_holding(books, ref, language)
               for clause in book.clauses if is_within(clause.id, ref.clause))


def _notice(ref: LawRef, language: str, text_language: str,
            books: Sequence[LawBook]) -> Msg | None:
    if text_language == language:
        return None
    if not text_language:
        return msg("No installed law book has the text of this clause; the title is "
                   "dupbridge's own. The books are imported with 'dupbridge laws import'.")
    fields = {"language": LANGUAGE_NAMES[language], "edition": ref.edition.value,
              "other": LANGUAGE_NAMES[text_language]}
    if book_for(books, ref.edition, language) is None:
        return msg("No {language} book of the {edition} Laws is installed: the text below "
                   "is the {other} book's.", **fields)
    return msg("The {language} book of the {edition} Laws has no text for this clause: the "
               "text below is the {other} book's.", **fields)


def _missing(ref: LawRef, book: LawBook) -> list[str]:
    """Clauses under ``ref`` that the index has and ``book`` gives no text for: not in the
    book, none of their own sub-clauses in it either, and the nearest clause above them
    that is in the book has no text of its own (which could hold theirs)."""
    present = {clause.id: clause.text for clause in book.clauses
               if is_within(clause.id, ref.clause)}
    missing = []
    for entry in law_index(ref.edition).all_clauses():
        clause = entry.ref.clause
        if not is_within(clause, ref.clause) or clause in present:
            continue
        if any(is_within(other, clause) for other in present):
            continue
        above = [other for other in present if is_within(clause, other)]
        if not above or not present[max(above, key=len)].strip():
            missing.append(clause)
    return missing


def _elsewhere(ref: LawRef, skip: str, books: Sequence[LawBook]) -> Paragraph:
    """The text of one clause a book lacks, from another language's book of the edition
    (an empty paragraph when none has it)."""
    for language in (skip, *FALLBACK[skip]):
        if language == skip:
            continue
        for book in books_holding(books, ref, language):
            found = book.clause(ref.clause)
            if found is not None and found.text.strip():
                return Paragraph(ref, linked(found.text, ref.edition), language)
    return Paragraph(ref, (), "")


def _positions(edition: Edition) -> dict[str, int]:
    return {entry.ref.clause: place
            for place, entry in enumerate(law_index(edition).all_clauses())}


@dataclass(frozen=True, slots=True)
class Change:
    """A run of words of a word-by-word comparison: ``kind`` is "same", "removed" (only in
    the older edition) or "added" (only in the newer)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class Counterpart:
    """A clause of the other edition that corresponds to the one read: how it moved
    (``moves.MoveKind``), and when both texts are in one language whether the wording
    "changed" or is "unchanged", with the words that changed (older to newer)."""

    reading: Reading
    kind: MoveKind
    change: str
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Comparison:
    """``ref`` against the other edition: its counterparts (none: new in 2017 or dropped
    from 2007) and our note on the move (English; the move table's)."""

    ref: LawRef
    other: Edition
    counterparts: tuple[Counterpart, ...]
    note: str

    @property
    def kind(self) -> MoveKind:
        if self.counterparts:
            return self.counterparts[0].kind
        return MoveKind.NEW if self.ref.edition is Edition.LAWS_2017 else MoveKind.DROPPED


def compare(reading: Reading, books: Sequence[LawBook]) -> Comparison:
    """How the clause read changed between the editions."""
    ref = reading.ref
    if ref.edition is Edition.LAWS_2007:
        others = successor(ref)
        note = move_note(ref, others[0] if others else None)
        kinds = [move_kind(ref, other) for other in others]
    else:
        others = predecessor(ref)
        note = move_note(others[0] if others else None, ref)
        kinds = [move_kind(other, ref) for other in others]
    counterparts = []
    for other, kind in zip(others, kinds, strict=True):
        their = read(other, reading.language, books)
        older, newer = (reading, their) if ref.edition is Edition.LAWS_2007 else (their, reading)
        change, changes = word_changes(older.paragraphs, newer.paragraphs)
        counterparts.append(Counterpart(their, kind, change, changes))
    other_edition = next(edition for edition in Edition if edition is not ref.edition)
    return Comparison(ref, other_edition, tuple(counterparts), note)


def word_changes(older: Sequence[Paragraph], newer: Sequence[Paragraph]
                 ) -> tuple[str, tuple[Change, ...]]:
    """"changed" or "unchanged" and the words that changed, when both texts are in one
    language; ("", ()) when they cannot be compared (one missing, two languages)."""
    languages = {item.language for item in (*older, *newer)}
    if len(languages) != 1 or "" in languages:
        return "", ()
    before = " ".join(item.text for item in older).split()
    after = " ".join(item.text for item in newer).split()
    if not before or not after:
        return "", ()
    if [folded(word) for word in before] == [folded(word) for word in after]:
        return "unchanged", ()
    matcher = difflib.SequenceMatcher(None, [folded(word) for word in before],
                                      [folded(word) for word in after], autojunk=False)
    changes: list[Change] = []
    for operation, i1, i2, j1, j2 in matcher.get_opcodes():
        if operation == "equal":
            changes.append(Change("same", " ".join(after[j1:j2])))
            continue
        if i2 > i1:
            changes.append(Change("removed", " ".join(before[i1:i2])))
        if j2 > j1:
            changes.append(Change("added", " ".join(after[j1:j2])))
    return "changed", tuple(changes)


@dataclass(frozen=True, slots=True)
class LawRow:
    """One line of a law in both editions (``moves.aligned``): the 2007 clause, the 2017
    clause (either may be None), how it moved, our note, and the comparison of the two
    clauses' own paragraphs."""

    older: Reading | None
    newer: Reading | None
    kind: MoveKind
    note: str
    change: str
    changes: tuple[Change, ...]


def compare_law(law: int, language: str, books: Sequence[LawBook]) -> tuple[LawRow, ...]:
    """Law ``law`` clause by clause, 2007 beside 2017, in ``language``."""
    rows = []
    for old, new, kind in aligned(law):
        older = read(old, language, books) if old is not None else None
        newer = read(new, language, books) if new is not None else None
        change, changes = word_changes(_own(older), _own(newer))
        rows.append(LawRow(older, newer, MoveKind(kind), move_note(old, new), change, changes))
    return tuple(rows)


def _own(reading: Reading | None) -> tuple[Paragraph, ...]:
    own = reading.own if reading is not None else None
    return (own,) if own is not None else ()


@dataclass(frozen=True, slots=True)
class LawLine:
    """A law in the contents of an edition."""

    ref: LawRef
    title: str


def contents(edition: Edition, language: str) -> tuple[LawLine, ...]:
    """The laws of ``edition`` with our titles in ``language``."""
    return tuple(LawLine(LawRef(edition, str(law.number)),
                         clause_title(LawRef(edition, str(law.number)), language))
                 for law in law_index(edition).laws)


def sub_clauses(ref: LawRef, language: str) -> tuple[LawLine, ...]:
    """The clauses directly under ``ref`` in the index (27B under 27, 27B1 under 27B),
    with their titles."""
    index = law_index(ref.edition).all_clauses()
    under = [entry.ref for entry in index
             if entry.ref.clause != ref.clause and is_within(entry.ref.clause, ref.clause)]
    direct = [item for item in under
              if not any(other != item and is_within(item.clause, other.clause)
                         for other in under)]
    return tuple(LawLine(item, clause_title(item, language)) for item in direct)


def parents(ref: LawRef, language: str) -> tuple[LawLine, ...]:
    """The clauses above ``ref``, the law first (27, 27B for 27B1)."""
    above = [entry.ref for entry in law_index(ref.edition).all_clauses()
             if entry.ref.clause != ref.clause and is_within(ref.clause, entry.ref.clause)]
    return tuple(LawLine(item, clause_title(item, language)) for item in above)


def books_of(books: Sequence[LawBook], edition: Edition, language: str) -> tuple[LawBook, ...]:
    """The installed books of ``edition`` in ``language`` (general book first)."""
    return tuple(ranked(book for book in books
                        if book.edition is edition and book.language == language))
