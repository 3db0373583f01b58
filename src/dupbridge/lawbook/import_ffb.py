"""The FFB law book (seed 002 format): the 2007 and the 2017 French translations, cut into
page-sized fragments and interleaved, read back into two books.

Each paragraph is given to an edition, then to a clause of that edition's index. The form
decides where it can (``LOI n`` + title line is FR07; ``LOI n - TITRE`` and ``<sup>n</sup>``
WBF footnotes are FR17; the score table puts FR07 left and FR17 right). Elsewhere the
importer weighs four kinds of evidence, because a fragment cut at a page boundary carries
no heading: (1) where a clause marker fits in each edition's index, from that edition's
last position (a "3." after 19B2 is the 19B3 FR17 still expects; a "C." after 19B3 is the
19C FR07 expects next); (2) a paragraph almost identical to a recent one is the other
edition's copy of it; (3) pages alternate, so text continues the edition of the previous
paragraph, and after a run of footnotes (a page foot) turns to the other one; (4) an FFB
``*`` footnote belongs to the edition whose text has an unanswered ``*`` mark."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.lawbook.defects import annotate, defects_for, placements_for
from dupbridge.lawbook.import_ffb_blocks import Block, Marker, read_blocks
from dupbridge.lawbook.model import ImportedClause, ImportReport, LawBook, Note
from dupbridge.lawbook.references import link_references
from dupbridge.laws.machinery.index import law_index

FFB_SEED = "002"  # the layout's name in data/defects.toml
FR07 = Edition.LAWS_2007
FR17 = Edition.LAWS_2017
_LEVELS = ("section", "item", "letter", "roman")
_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
_WINDOW = 80  # paragraphs looked back for the other edition's copy (about two pages)
_SAME_TEXT = 0.6  # word-set overlap from which two paragraphs are copies of one text
# References whose numbering the 2017 renumbering changed (spec laws-17-40 §0.1): the
# information from withdrawn calls is 16D in 2007 and 16C in 2017; old Law 23 became 72C;
# the comparable call exists only in 2017.
_CUES = (
    (re.compile(r"\b16\s?D\s?[12]?\b(?!\s*\()"), Edition.LAWS_2007, 1.5),
    (re.compile(r"\b16\s?C\b"), Edition.LAWS_2017, 1.5),
    (re.compile(r"\b72\s?C\b"), Edition.LAWS_2017, 2.0),
    (re.compile(r"déclarations? comparables?", re.IGNORECASE), Edition.LAWS_2017, 2.5),
)


@dataclass(frozen=True, slots=True)
class Passage:
    """Where the importer put one paragraph: ``clause`` is an index id of ``edition`` (the
    law number for its opening text), ``placed`` False when its marker fits no clause."""

    line: int
    edition: Edition
    clause: str
    kind: str
    text: str
    placed: bool = True
    label: str = ""  # a footnote's mark: "*", "**" (FFB) or the WBF number


@dataclass(slots=True)
class _Cursor:
    """How far one edition has been read: the law and the marker at each level."""

    edition: Edition
    law: int = 0
    path: list[Marker] = field(default_factory=list)
    stars: list[tuple[str, int, int]] = field(default_factory=list)  # (clause, stars, line)
    sups: dict[str, str] = field(default_factory=dict)  # WBF footnote number -> clause

    @property
    def clause(self) -> str:
        return clause_id(self.edition, self.law, self.path)


def clause_id(edition: Edition, law: int, path: Iterable[Marker]) -> str:
    """``27`` + [B, 1, b] -> ``27B1(b)``; the 2007 items written directly under Law 35 or
    71 get the index's special form ``35-1``."""
    text = str(law) if law else ""
    markers = list(path)
    for marker in markers:
        if marker.level in ("letter", "roman"):
            text += f"({marker.value})"
        elif marker.level == "item" and not any(m.level == "section" for m in markers):
            text += f"-{marker.value}" if edition is FR07 else marker.value
        else:
            text += marker.value
    return text


@dataclass(frozen=True, slots=True)
class _Fit:
    clause: str
    path: tuple[Marker, ...]
    score: float


class _Reader:
    """Reads the blocks in order, keeping one cursor per edition."""

    def __init__(self) -> None:
        self.cursors = {FR07: _Cursor(FR07), FR17: _Cursor(FR17)}
        self.order = {edition: {item.ref.clause: number for number, item in
                                enumerate(law_index(edition).all_clauses())}
                      for edition in (FR07, FR17)}
        self.current = FR07
        self.last_text_edition = FR07
        self.after_notes = False
        self.seen: list[tuple[Edition, frozenset[str], str]] = []
        self.passages: list[Passage] = []
        self.pending_title: Edition | None = None

    # -- evidence ---------------------------------------------------------------------
    def fit(self, edition: Edition, markers: tuple[Marker, ...]) -> _Fit:
        """Where ``markers`` would take ``edition`` and how well that follows its place."""
        cursor = self.cursors[edition]
        order = self.order[edition]
        best = _Fit("", (), -6.0)
        for candidate in _readings(markers):
            depth = _LEVELS.index(candidate[0].level)
            kept = [m for m in cursor.path if _LEVELS.index(m.level) < depth]
            path = tuple(kept) + candidate
            target = clause_id(edition, cursor.law, path)
            if target not in order:
                continue
            here = order.get(cursor.clause, -1)
            # a "2. (a)" is judged by its "2.": the step it takes from the cursor
            there = order.get(clause_id(edition, cursor.law, path[: len(kept) + 1]), -1)
            if there == here + 1:
                score = 4.0
            elif there > here and _follows(cursor.path, path):
                score = 2.0
            elif there > here:
                score = 0.5
            else:
                score = -2.0
            if score > best.score:
                best = _Fit(target, path, score)
        return best

    def copy_of(self, block: Block) -> tuple[Edition, str] | None:
        """The edition and clause of a recent paragraph this one nearly repeats, if any."""
        words = _words(block.text)
        if len(words) < 6:
            return None
        best, found = 0.0, None
        for edition, other, clause in self.seen[-_WINDOW:]:
            overlap = len(words & other) / len(words | other)
            if overlap > best:
                best, found = overlap, (edition, clause)
        return found if best >= _SAME_TEXT else None

    def copy_weight(self, block: Block, copied: tuple[Edition, str]) -> float:
        """How much a copy says: the other edition's copy sits in the same law and part, so
        a paragraph that would land elsewhere merely resembles a neighbour (``suffisante``
        and ``insuffisante`` in 18C/18D)."""
        edition, clause = copied
        other = _other(edition)
        if block.kind == "clause":
            target = self.fit(other, block.markers).clause
        else:
            target = self.cursors[other].clause
        if _part(target) == _part(clause):
            return 5.0
        if _law(target) == _law(clause):
            return 2.0
        return 0.0

    # -- reading ----------------------------------------------------------------------
    def read(self, block: Block) -> None:
        if block.kind == "note":
            self.read_note(block)
            return
        edition = block.edition or self.choose(block)
        if block.kind == "law":
            self.open_law(block, edition)
        elif block.kind == "clause":
            self.open_clause(block, edition)
        else:
            self.add_text(block, edition)
        self.current = self.last_text_edition = edition
        self.after_notes = False
        self.remember(block, edition, self.passages[-1].clause)

    def remember(self, block: Block, edition: Edition, clause: str) -> None:
        words = _words(block.text)
        if len(words) >= 6:
            self.seen.append((edition, words, clause))

    def choose(self, block: Block) -> Edition:
        continuing = _other(self.last_text_edition) if self.after_notes else self.current
        scores = {FR07: 0.0, FR17: 0.0}
        scores[continuing] += 2.0
        if self.pending_title is not None and block.kind == "text" and len(block.text) < 90:
            scores[self.pending_title] += 4.0
        if block.kind == "clause":
            for edition in scores:
                found = self.fit(edition, block.markers)
                scores[edition] += found.score
                if self.hungry(edition) and not found.clause.startswith(
                        self.cursors[edition].clause):
                    scores[edition] -= 2.0  # a heading is not left without its text
        copied = self.copy_of(block)
        if copied is not None:
            scores[_other(copied[0])] += self.copy_weight(block, copied)
        if block.kind == "text":
            hungry = [edition for edition in scores if self.hungry(edition)]
            if len(hungry) == 1 and not block.text.startswith("-"):
                scores[hungry[0]] += 1.0
        if block.emphasis:
            scores[FR17] += 1.0
        for pattern, edition, weight in _CUES:
            if pattern.search(block.text):
                scores[edition] += weight
        return FR07 if scores[FR07] >= scores[FR17] else FR17

    def hungry(self, edition: Edition) -> bool:
        """The edition's last paragraph was a heading still waiting for its text: a page
        cut after a heading leaves the body to turn up after the other edition's page."""
        last = next((passage for passage in reversed(self.passages)
                     if passage.edition is edition and passage.kind != "note"), None)
        return last is not None and last.kind in ("heading", "title", "law")

    def open_law(self, block: Block, edition: Edition) -> None:
        cursor = self.cursors[edition]
        # a page foot may carry the footnotes of the law before: keep that law's marks only
        cursor.stars = [mark for mark in cursor.stars if _law(mark[0]) == str(cursor.law)]
        cursor.law, cursor.path = block.law, []
        self.pending_title = edition if not block.title else None
        placed = str(block.law) in self.order[edition]
        self.passages.append(Passage(block.line, edition, str(block.law), "law", block.title,
                                     placed))
        self.note_marks(block, cursor)  # "LOI 13 - ...<sup>2</sup>": a footnote on the law

    def open_clause(self, block: Block, edition: Edition) -> None:
        self.pending_title = None
        cursor = self.cursors[edition]
        found = self.fit(edition, block.markers)
        if not found.clause:
            self.passages.append(Passage(block.line, edition, cursor.clause, "clause",
                                         block.text, placed=False))
            self.note_marks(block, cursor)
            return
        cursor.path = list(found.path)
        kind = "heading" if _is_heading(block) else "clause"
        self.passages.append(Passage(block.line, edition, found.clause, kind, block.text))
        self.note_marks(block, cursor)

    def add_text(self, block: Block, edition: Edition) -> None:
        cursor = self.cursors[edition]
        kind = "text"
        if self.pending_title is edition and len(block.text) < 90:
            kind = "title"
        self.pending_title = None
        self.passages.append(Passage(block.line, edition, cursor.clause, kind, block.text))
        self.note_marks(block, cursor)

    def note_marks(self, block: Block, cursor: _Cursor) -> None:
        """Remember footnote marks in the text, so the footnote finds its clause."""
        for stars in re.findall(r"\*+", block.text):
            cursor.stars.append((cursor.clause, len(stars), block.line))
        for number in re.findall(r"\[(\d{1,2})\]", block.text):
            cursor.sups[number] = cursor.clause

    def read_note(self, block: Block) -> None:
        if not self.after_notes:
            self.last_text_edition = self.current
        if block.note_label.isdigit():
            edition = FR17
            clause = self.cursors[FR17].sups.get(block.note_label, self.cursors[FR17].clause)
        else:
            edition, clause = self.star_note(block)
        self.passages.append(Passage(block.line, edition, clause, "note", block.text,
                                     label=block.note_label))
        self.current = edition
        self.after_notes = True
        self.remember(block, edition, clause)

    def star_note(self, block: Block) -> tuple[Edition, str]:
        """An FFB footnote goes to the edition with an unanswered mark of as many stars;
        failing that, it is the other edition's copy of a recent footnote."""
        count = len(block.note_label)
        waiting = {edition: min(line for _, stars, line in self.cursors[edition].stars
                                if stars == count)
                   for edition in (FR07, FR17)
                   if any(stars == count for _, stars, _ in self.cursors[edition].stars)}
        copied = self.copy_of(block)
        if len(waiting) == 1:
            edition = next(iter(waiting))
        elif copied is not None:
            edition = _other(copied[0])
        elif waiting:
            edition = min(waiting, key=lambda item: waiting[item])  # page feet come in order
        else:
            edition = self.current
        cursor = self.cursors[edition]
        marked = [clause for clause, stars, _ in cursor.stars if stars == count]
        # one footnote answers every mark of its kind on the page (17D2 and 17D3 share one)
        cursor.stars = [mark for mark in cursor.stars if mark[1] != count]
        return edition, marked[0] if marked else cursor.clause


def _readings(markers: tuple[Marker, ...]) -> list[tuple[Marker, ...]]:
    """A marker ``(i)``, ``(v)`` or ``(x)`` may be a letter or a roman numeral."""
    readings = [markers]
    if markers and markers[0].level == "letter" and markers[0].value in _ROMANS:
        readings.append((Marker("roman", markers[0].value), *markers[1:]))
    return readings


def _follows(before: list[Marker], after: tuple[Marker, ...]) -> bool:
    """True when ``after`` opens the next sibling of some level of ``before``."""
    last = after[0]
    for marker in before:
        if marker.level == last.level:
            return _successor(marker) == last.value
    return _first(last)


def _successor(marker: Marker) -> str:
    if marker.level == "item":
        return str(int(marker.value) + 1)
    if marker.level == "roman":
        index = _ROMANS.index(marker.value) if marker.value in _ROMANS else -2
        return _ROMANS[index + 1] if 0 <= index + 1 < len(_ROMANS) else ""
    return chr(ord(marker.value) + 1)


def _first(marker: Marker) -> bool:
    return marker.value in ("A", "1", "a", "i")


def _is_heading(block: Block) -> bool:
    return bool(block.markers) and block.markers[0].level == "section" and (
        block.whole_bold or (len(block.text) < 80 and not block.text.endswith((".", ":")))
    )


def _law(clause: str) -> str:
    match = re.match(r"\d*", clause)
    return match.group(0) if match else ""


def _part(clause: str) -> str:
    """The law and section letter of a clause id: ``27B1(a)`` -> ``27B``."""
    match = re.match(r"\d*[A-H]?", clause)
    return match.group(0) if match else ""


def _other(edition: Edition) -> Edition:
    return FR17 if edition is FR07 else FR07


def _words(text: str) -> frozenset[str]:
    return frozenset(word for word in re.findall(r"\w+", text.lower()) if len(word) > 2)


def ffb_passages(text: str) -> list[Passage]:
    """Every paragraph of an FFB two-edition book with the edition and clause it belongs
    to, in the order of the file. Runs of lines whose edition the evidence misreads are
    given theirs by ``data/placements.toml`` (when the file holds those lines)."""
    reader = _Reader()
    placed = placements_for(FFB_SEED, text.splitlines())
    for block in read_blocks(text):
        edition = next((run.edition for run in placed if run.first <= block.line <= run.last),
                       None)
        if edition is not None and block.kind != "note":
            block = replace(block, edition=edition)
        reader.read(block)
    return reader.passages


# -- books --------------------------------------------------------------------------------
@dataclass(slots=True)
class _Draft:
    line: int
    heading: str = ""
    paragraphs: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


def _book(passages: list[Passage], edition: Edition, source: str) -> LawBook:
    drafts: dict[str, _Draft] = {}
    found = placed = 0
    unplaced: list[tuple[int, str]] = []
    for passage in passages:
        if passage.edition is not edition:
            continue
        if passage.kind in ("law", "clause", "heading"):
            found += 1
            if not passage.placed:
                unplaced.append((passage.line, " ".join(passage.text.split()[:6])))
                placed -= 1
            placed += 1
        if not passage.clause:
            continue
        draft = drafts.setdefault(passage.clause, _Draft(passage.line))
        if passage.kind == "note":
            draft.notes.append(_note(passage))
        elif passage.kind in ("law", "title", "heading") and not draft.heading and passage.placed:
            draft.heading = passage.text.rstrip(" *")  # the mark's footnote is a Note
        elif passage.text:
            draft.paragraphs.append(passage.text)
    index = law_index(edition)
    order = {item.ref.clause: n for n, item in enumerate(index.all_clauses())}
    drafted = tuple(
        ImportedClause(clause, "\n".join(draft.paragraphs), draft.heading, tuple(draft.notes),
                       line=draft.line)
        for clause, draft in sorted(drafts.items(), key=lambda item: order.get(item[0], 10**6))
        if clause in order
    )
    clauses, links = link_references(drafted, index)
    clauses = annotate(clauses, defects_for("fr", edition, FFB_SEED))
    report = ImportReport(found, placed, tuple(unplaced), links.found, links.resolved)
    return LawBook(edition, "fr", source, clauses, "ffb", report)


def _note(passage: Passage) -> Note:
    """A ``*`` footnote is an FFB choice (a Regulating-Authority note); a numbered one is a
    WBF footnote of the 2017 Laws."""
    if passage.label.isdigit():
        return Note("footnote", passage.label, passage.text)
    return Note("authority", "FFB", passage.text)


def parse_ffb(text: str, *, source: str) -> tuple[LawBook, LawBook]:
    """The 2007 and the 2017 FFB books held in one text (language "fr", authority "ffb").
    A text without law headings of both forms is not such a book: ParseError."""
    passages = ffb_passages(text)
    editions = {passage.edition for passage in passages if passage.kind == "law"}
    if editions != {FR07, FR17}:
        raise ParseError(
            "not an FFB two-edition law book: expected headings 'LOI n' with the title on "
            "its own line (2007) and 'LOI n - TITRE' (2017)",
            text.splitlines()[0] if text else "", 0, source=source, line=1, column=1)
    return _book(passages, FR07, source), _book(passages, FR17, source)


__all__ = ["Passage", "clause_id", "ffb_passages", "parse_ffb"]
