"""Reading the clause structure of a law book, whatever its language.

A book is read line by line. A law heading ("Ley 41", "LEI 41 – ...", "Artículo 41.-")
opens a law; inside it the markers "A." (section), "1." (item), "(a)" / "a." (sub-item)
and "(i)" / "i." (sub-sub-item) open clauses whose ids are those of our index
(``41``, ``41A``, ``43A1(a)``, ``12C1(e)(i)``; Laws 35 and 71 of 2007 number their items
without a letter: ``35-1``). Footnote lines ("\\* ...", "** ...") become notes of the
clauses whose text carries their mark. A marker whose id is not in the index, or is
already taken, is *unplaced*: its text stays with the clause before it and the report
names it.

What differs between books (the heading word, markdown or plain text, the Regulating
Authority's note label) is a :class:`BookStyle`; the per-book parsers build one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dupbridge.lawbook.model import ImportedClause, ImportReport, Note
from dupbridge.laws.machinery.index import LawIndex

_TOC_LINE = re.compile(r"\.{4,}|…|\t\s*<?b?>?\d+\s*(?:</b>)?\s*$")
_HTML_TAG = re.compile(r"</?(?:b|span|i|em|strong)\b[^>]*>")
_ESCAPED_STAR = "\x00"
_SECTION = re.compile(r"^(?P<label>[A-H])\s*(?:\.-|\.|-(?=\s))\s*(?P<rest>.*)$")
_NUMBER = re.compile(r"^(?P<label>\d{1,2})\s*\.(?!\d)\s*(?P<rest>.*)$")
_LETTER = re.compile(r"^(?:\((?P<paren>[a-z])\)|(?P<bare>[a-z])[.)](?=\s|$))\s*(?P<rest>.*)$")
_ROMAN = re.compile(
    r"^(?:\((?P<paren>[ivx]{1,4})\)|(?P<bare>[ivx]{1,4})[.)](?=\s|$))\s*(?P<rest>.*)$"
)
_FOOTNOTE_ESCAPED = re.compile(r"^\s*(?:-\s+)?\*?(?P<stars>(?:\\\*)+)\s*(?P<text>\S.*)$")
_FOOTNOTE_PLAIN = re.compile(r"^\s*(?:-\s+)?(?P<stars>\*{1,4})\s+(?P<text>\S.*)$")
_HEADING_TITLE_SPLIT = re.compile(r"^(?P<title>[^:.]{3,90}):\s*(?P<text>.*)$")


@dataclass(frozen=True, slots=True)
class BookStyle:
    """How one book writes what the reader looks for. ``law_heading`` must match a whole
    cleaned line and give the groups ``law`` and (optionally) ``title``; ``markdown`` says
    the text escapes footnote stars and marks headings with ``#`` and ``**``;
    ``authority_note`` matches a Regulating Authority's note ("Nota AEB: ...") and gives
    the group ``text``; ``authority_label`` is the note's label."""

    law_heading: re.Pattern[str]
    markdown: bool = True
    authority_note: re.Pattern[str] | None = None
    authority_label: str = ""
    inline_authority_note: str | None = None  # "(Nota AEB:" opens a note inside a line


@dataclass(frozen=True, slots=True)
class Marker:
    """One structural marker at the start of a line: ``level`` is law, section, number,
    letter or roman; ``label`` what is written ("B", "2", "a", "ii")."""

    level: str
    label: str
    rest: str


@dataclass(slots=True)
class _Draft:
    id: str
    line: int
    heading: str = ""
    lines: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ClauseReading:
    """What :func:`read_clauses` found: clauses in text order and the placement report."""

    clauses: tuple[ImportedClause, ...]
    report: ImportReport


def clean_line(raw: str, *, markdown: bool) -> tuple[str, bool]:
    """The line's words without markup, and whether it was written as a heading (``#`` or
    a line wholly in bold). Footnote stars written ``\\*`` stay as ``*``."""
    text = _HTML_TAG.sub("", raw).replace("\u00a0", " ").strip()
    if not markdown:
        return text, False
    heading = text.startswith("#")
    text = text.lstrip("#").strip()
    if text.startswith("- "):
        text = text[2:].strip()
    bold = text.startswith("**") and text.rstrip().endswith("**") and len(text) > 4
    text = text.replace("\\*", _ESCAPED_STAR).replace("*", "").replace(_ESCAPED_STAR, "*")
    text = text.replace("\\", "").strip()
    return text, heading or bold


def is_toc_line(raw: str) -> bool:
    """A table-of-contents entry: dot leaders or a page number after a tab."""
    return bool(_TOC_LINE.search(raw))


def read_marker(text: str) -> Marker | None:
    """The structural marker a cleaned line starts with, if any (not a law heading)."""
    for level, pattern in (("section", _SECTION), ("number", _NUMBER)):
        match = pattern.match(text)
        if match:
            return Marker(level, match["label"], match["rest"].strip())
    roman = _ROMAN.match(text)
    letter = _LETTER.match(text)
    if roman:
        return Marker("roman", roman["paren"] or roman["bare"], roman["rest"].strip())
    if letter:
        return Marker("letter", letter["paren"] or letter["bare"], letter["rest"].strip())
    return None


def read_footnote(raw: str, *, markdown: bool) -> tuple[str, str] | None:
    """(mark, text) when the line is a footnote: one to four stars, then its words."""
    match = _FOOTNOTE_ESCAPED.match(raw) if markdown else _FOOTNOTE_PLAIN.match(raw)
    if match is None and markdown:
        match = _FOOTNOTE_PLAIN.match(raw)
        if match is not None and match["text"].startswith("*"):
            return None
    if match is None:
        return None
    stars = "*" * match["stars"].count("*")
    text = match["text"].replace("\\*", "*").replace("\\", "").strip().strip("*").strip()
    return stars, text


def extract_inline_notes(text: str, opener: str) -> tuple[str, list[str]]:
    """Cut every "(<opener> ...)" out of a line, balancing parentheses; returns the line
    without them and the notes' words."""
    notes: list[str] = []
    while (start := text.find(opener)) >= 0:
        depth, end = 0, len(text)
        for position in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[position], 0)
            if depth == 0:
                end = position + 1
                break
        closed = text[end - 1] == ")"  # an unclosed note runs to the end of the line
        notes.append(text[start + len(opener) : end - 1 if closed else end].strip())
        text = (text[:start] + text[end:]).strip()
    return text, notes


class _Path:
    """Where the reader is inside a law: the labels of each open level."""

    def __init__(self, law: int) -> None:
        self.law = law
        self.section: str | None = None
        self.number: str | None = None
        self.letter: str | None = None
        self.roman: str | None = None

    def candidate(self, marker: Marker, index: LawIndex, taken: set[str]) -> str:
        """The clause id the marker opens, and moves the path there."""
        law = str(self.law)
        if marker.level == "roman" and self.letter is not None:
            roman_id = self._letter_id() + f"({marker.label})"
            if index.clause(roman_id) is not None and roman_id not in taken:
                self.roman = marker.label
                return roman_id
        if marker.level in ("roman", "letter"):
            if marker.level == "roman" and not self._next_letter_is(marker.label):
                self.roman = marker.label
                return self._letter_id() + f"({marker.label})"
            self.letter, self.roman = marker.label, None
            return self._letter_id()
        if marker.level == "number":
            label = self._repaired_number(marker.label, index, taken)
            self.number, self.letter, self.roman = label, None, None
            if self.section is None:
                return f"{law}-{label}"
            return f"{law}{self.section}{label}"
        self.section, self.number, self.letter, self.roman = marker.label, None, None, None
        return f"{law}{marker.label}"

    def _repaired_number(self, label: str, index: LawIndex, taken: set[str]) -> str:
        """A number written again where the next one was meant (the FVB 46B numbers its
        items 4 and 5 as "2." and "3."): when the written id is taken and the one after
        the open number is free in the index, the sequence wins."""
        if self.section is None or self.number is None:
            return label
        written = f"{self.law}{self.section}{label}"
        following = f"{self.law}{self.section}{int(self.number) + 1}"
        if written in taken and following not in taken and index.clause(following) is not None:
            return str(int(self.number) + 1)
        return label

    def _next_letter_is(self, label: str) -> bool:
        """Whether "i", "v" or "x" continues the open lettering ("h" then "i") rather than
        numbering inside the open letter; "ii" and longer are always roman."""
        if len(label) > 1:
            return False
        if self.letter is None:
            return True
        return ord(label) == ord(self.letter) + 1

    def _letter_id(self) -> str:
        return f"{self.law}{self.section or ''}{self.number or ''}({self.letter})"


class ClauseReader:
    """Reads one book's lines into clauses; call :meth:`feed` per line, then :meth:`result`."""

    def __init__(self, style: BookStyle, index: LawIndex) -> None:
        self.style = style
        self.index = index
        self.drafts: list[_Draft] = []
        self.taken: set[str] = set()
        self.path: _Path | None = None
        self.found = 0
        self.placed = 0
        self.unplaced: list[tuple[int, str]] = []

    # -- per line -------------------------------------------------------------------
    def feed(self, number: int, raw: str) -> None:
        if not raw.strip() or is_toc_line(raw):
            return
        # Extraction glued a bold heading to the next one ("**LEI 7 – ...****A. ...**").
        pieces = raw.replace("****", "**\n**").split("\n") if self.style.markdown else [raw]
        for piece in pieces:
            self._feed_piece(number, piece)

    def _feed_piece(self, number: int, raw: str) -> None:
        text, heading = clean_line(raw, markdown=self.style.markdown)
        if not text:
            return
        law = self.style.law_heading.match(text)
        if law and self._opens_law(int(law["law"]), heading or not self.style.markdown):
            self._open_law(number, int(law["law"]), (law.groupdict().get("title") or ""))
            return
        if self.path is None:
            return  # before the first law: preface, definitions, contents
        footnote = read_footnote(raw, markdown=self.style.markdown)
        if footnote is not None:
            self._attach_footnote(*footnote)
            return
        if self.style.authority_note is not None:
            note = self.style.authority_note.match(text)
            if note:
                self._current().notes.append(
                    Note("authority", self.style.authority_label, note["text"].strip())
                )
                return
        self._read_body(number, text, heading)

    def _opens_law(self, law: int, heading_like: bool) -> bool:
        current = self.path.law if self.path else 0
        return heading_like and law > current and self.index.clause(str(law)) is not None

    def _open_law(self, line: int, law: int, title: str) -> None:
        self.path = _Path(law)
        self.found += 1
        self.placed += 1
        self.taken.add(str(law))
        self.drafts.append(_Draft(str(law), line, heading=_strip_dashes(title)))

    def _read_body(self, line: int, text: str, heading: bool) -> None:
        assert self.path is not None
        marker = read_marker(text)
        while marker is not None:
            text = self._open_clause(line, marker, text)
            inner = read_marker(marker.rest) if marker.rest else None
            if inner is None or inner.level == "section":
                break
            marker = inner
        if marker is None and heading and self._is_title_position():
            self._current().heading = _strip_dashes(text)
            return
        if marker is None and heading:
            return  # a chapter or part heading between laws: not clause text
        if marker is not None:
            text = marker.rest
            if marker.level == "section" and not self._current().heading:
                title, text = _split_title(text, heading)
                self._current().heading = title
        self._add_text(text)

    def _open_clause(self, line: int, marker: Marker, text: str) -> str:
        assert self.path is not None
        self.found += 1
        clause_id = self.path.candidate(marker, self.index, self.taken)
        if self.index.clause(clause_id) is None or clause_id in self.taken:
            self.unplaced.append((line, f"{clause_id}: {' '.join(text.split()[:8])}"))
            self._current().lines.append(text)  # keep the words with the clause before
            return text
        self.placed += 1
        self.taken.add(clause_id)
        self.drafts.append(_Draft(clause_id, line))
        return text

    def _is_title_position(self) -> bool:
        draft = self._current()
        return not draft.heading and not draft.lines

    def _add_text(self, text: str) -> None:
        if not text:
            return
        opener = self.style.inline_authority_note
        if opener and opener in text:
            text, notes = extract_inline_notes(text, opener)
            for words in notes:
                self._current().notes.append(
                    Note("authority", self.style.authority_label, words.lstrip(":").strip())
                )
        if text:
            self._current().lines.append(text)

    def _current(self) -> _Draft:
        return self.drafts[-1]

    def _attach_footnote(self, mark: str, text: str) -> None:
        assert self.path is not None
        law = str(self.path.law)
        pattern = re.compile(rf"(?<![*\w])\*{{{len(mark)}}}(?!\*)|(?<=\w)\*{{{len(mark)}}}(?!\*)")
        note = Note("footnote", mark, text)
        holders = [
            d
            for d in self.drafts
            if _in_law(d.id, law) and any(pattern.search(part) for part in d.lines)
        ]
        for draft in holders or [next(d for d in self.drafts if d.id == law)]:
            draft.notes.append(note)

    # -- result ---------------------------------------------------------------------
    def result(self) -> ClauseReading:
        clauses = tuple(
            ImportedClause(d.id, "\n".join(d.lines), d.heading, tuple(d.notes), (), d.line)
            for d in self.drafts
        )
        report = ImportReport(self.found, self.placed, tuple(self.unplaced))
        return ClauseReading(clauses, report)


def read_clauses(
    text: str, style: BookStyle, index: LawIndex, *, first_line: int = 1
) -> ClauseReading:
    """Every law and clause of ``text``; ``first_line`` numbers the first line given."""
    reader = ClauseReader(style, index)
    for offset, raw in enumerate(text.splitlines()):
        reader.feed(first_line + offset, raw)
    return reader.result()


def _in_law(clause_id: str, law: str) -> bool:
    match = re.match(r"\d+", clause_id)
    return match is not None and match.group() == law


def _strip_dashes(title: str) -> str:
    return title.strip().strip("–-.:").strip()


def _split_title(text: str, heading: bool) -> tuple[str, str]:
    """A section's own title and the words after it: the whole line when it was written
    as a heading, "Title: words" in plain books, or a short line without a full stop."""
    if heading:
        return _strip_dashes(text), ""
    match = _HEADING_TITLE_SPLIT.match(text)
    if match:
        return match["title"].strip(), match["text"].strip()
    if len(text) <= 90 and not text.rstrip().endswith((".", ":", ";")):
        return text.strip(), ""
    return "", text
