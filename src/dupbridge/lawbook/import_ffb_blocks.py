"""Cutting the FFB law book (seed 002 format) into typed blocks.

The book is Markdown converted from a two-edition PDF: one paragraph per line, headings in
``**bold**`` or ``#`` levels, several bold runs glued on one line (``**LOI 1****Title**``),
FFB footnote marks escaped as ``\\*``, WBF footnotes as ``<sup>n</sup>``, a few HTML lines
and a score table whose rows hold both editions side by side, separated by tabs. A block
is one paragraph with what the layout says about it: its kind (law heading, clause marker,
footnote, plain text), the marker it opens with and any edition its form imposes."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from dupbridge.core.edition import Edition

_STAR = "\u2217"  # stands for an escaped footnote star while emphasis stars are removed
_SUP = re.compile(r"<sup>\s*([^<]*?)\s*</sup>")
_TAG = re.compile(r"<[^>]+>")
_BLOCK_TAG = re.compile(r"</?(?:p|br|tr|table|h\d)\b[^>]*>", re.IGNORECASE)
_COLUMN_GAP = re.compile(r"\t{3,}")
_BOLD_GLUE = re.compile(r"\*\*\s*\*\*")
_LAW = re.compile(r"^LOI\s+(\d{1,2})\b\s*(.*)$")
_SECTION = re.compile(r"^([A-H])\s?\.\s*(.*)$")
_ITEM = re.compile(r"^(\d{1,2})\s?\.\s*(.*)$")
_LETTER = re.compile(r"^\(([a-z])\)\s*(.*)$")
_ROMAN = re.compile(r"^\(([ivx]+)\)\s*(.*)$")
_STAR_NOTE = re.compile(r"^(\*{1,4})\s*(\S.*)$")
_NUMBER_NOTE = re.compile(r"^\[(\d{1,2})\]\s*(\S.*)$")
_BULLETED_MARKER = re.compile(r"^-\s+(?=[A-H]\s?\.\s|\([ivx]+\)\s)")


@dataclass(frozen=True, slots=True)
class Marker:
    """One level of a clause marker: ``level`` is "section" (A.), "item" (1.), "letter"
    ((a)) or "roman" ((i)); ``value`` the letter, number or numeral as written."""

    level: str
    value: str


@dataclass(frozen=True, slots=True)
class Block:
    """A paragraph of the book. ``kind``: "law" (a ``LOI n`` heading), "clause" (opens with
    one or more markers), "note" (a footnote: ``note_label`` is ``*``/``**`` or the WBF
    number), "text" (anything else). ``edition`` is set when the form alone decides it."""

    line: int
    kind: str
    text: str
    markers: tuple[Marker, ...] = ()
    law: int = 0
    title: str = ""
    note_label: str = ""
    edition: Edition | None = None
    emphasis: bool = False  # bold/italic inside running text: how FR17 marks its changes
    whole_bold: bool = False  # the whole paragraph is bold: a heading


def read_blocks(text: str) -> list[Block]:
    """Every non-empty paragraph of the book, in order, cut into blocks."""
    blocks: list[Block] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or set(raw.strip()) <= {"-", "\t", " ", "|"}:
            continue
        for piece, edition in _columns(raw):
            for part in _pieces(piece):
                block = _classify(number, part, edition)
                if block is not None:
                    blocks.append(block)
    return blocks


def _columns(raw: str) -> list[tuple[str, Edition | None]]:
    """A score-table row holds FR07 on the left and FR17 on the right, split by a run of
    tabs; any other line is one column whose edition the layout does not say."""
    cells = [cell.strip() for cell in _COLUMN_GAP.split(raw.strip())]
    cells = [cell for cell in cells if cell]
    if len(cells) == 2 and all(len(cell) > 12 for cell in cells):
        return [(cells[0], Edition.LAWS_2007), (cells[1], Edition.LAWS_2017)]
    return [(raw, None)]


def _pieces(raw: str) -> list[str]:
    """Split glued bold runs and HTML paragraphs into separate paragraphs."""
    line = raw.replace("\\*", _STAR)
    line = _SUP.sub(lambda match: _sup(match.group(1)), line)
    if "<" in line and ">" in line:
        line = _BLOCK_TAG.sub("\n", line)
        line = html.unescape(_TAG.sub(" ", line))
    line = _BOLD_GLUE.sub("**\n**", line)
    return [part for part in line.split("\n") if part.strip()]


def _sup(inner: str) -> str:
    inner = inner.replace("\\*", _STAR).replace("*", _STAR).strip()
    if inner.isdigit():
        return f"[{inner}]"
    return inner


def _clean(part: str) -> tuple[str, bool, bool]:
    """Drop Markdown markup; say whether the paragraph was bold throughout and whether it
    carries emphasis inside running text."""
    stripped = part.strip().lstrip("#").strip()
    # FR17 writes some clause lists as Markdown bullets ("- A. ...", "- (i) ..."): the
    # bullet is layout, the marker after it is the clause.
    bullet = _BULLETED_MARKER.match(stripped)
    if bullet is not None:
        stripped = stripped[bullet.end():]
    whole_bold = stripped.startswith("**") and stripped.rstrip().endswith("**")
    if whole_bold:
        stripped = stripped[2:-2]
    emphasis = "*" in stripped.replace(_STAR, "")
    stripped = stripped.replace("*", "").replace(_STAR, "*")
    stripped = re.sub(r"\s+", " ", stripped).strip()
    return stripped, whole_bold, emphasis


def _classify(line: int, part: str, edition: Edition | None) -> Block | None:
    text, whole_bold, emphasis = _clean(part)
    if not text or text in {"*", "---"}:
        return None
    law = _LAW.match(text)
    if law is not None:
        return _law_block(line, int(law.group(1)), law.group(2), edition)
    note = _STAR_NOTE.match(text)
    if note is not None and not text.startswith("**LOI"):
        return Block(line, "note", note.group(2), note_label=note.group(1), edition=edition)
    numbered = _NUMBER_NOTE.match(text)
    if numbered is not None:
        return Block(line, "note", numbered.group(2), note_label=numbered.group(1),
                     edition=Edition.LAWS_2017)
    if "[" in text and re.search(r"\[\d{1,2}\]", text):
        edition = edition or Edition.LAWS_2017  # WBF numbered footnotes exist only in FR17
    markers, rest = read_markers(text)
    kind = "clause" if markers else "text"
    return Block(line, kind, rest if markers else text, markers=markers, edition=edition,
                 emphasis=emphasis and not whole_bold, whole_bold=whole_bold)


def _law_block(line: int, law: int, rest: str, edition: Edition | None) -> Block:
    """``LOI n - TITRE EN CAPITALES`` is FR17; ``LOI n`` alone or with a mixed-case title
    (``LOI 91 - Pénaliser ou suspendre``) is FR07."""
    title = rest.strip()
    dashed = re.match(r"^[-–]\s*(.+)$", title)
    if dashed is not None:
        title = dashed.group(1).strip()
        letters = [char for char in title if char.isalpha()]
        capitals = letters and sum(char.isupper() for char in letters) / len(letters) > 0.8
        form = Edition.LAWS_2017 if capitals else Edition.LAWS_2007
    else:
        form = Edition.LAWS_2007
    marks = title
    title = re.sub(r"\[\d+\]", "", title).rstrip("* ").strip()
    return Block(line, "law", marks, law=law, title=title, edition=edition or form)


def read_markers(text: str) -> tuple[tuple[Marker, ...], str]:
    """The clause markers a paragraph opens with (``2. (a) ...`` gives two) and the rest."""
    markers: list[Marker] = []
    rest = text
    for level, pattern in (("section", _SECTION), ("item", _ITEM), ("letter", _LETTER),
                           ("roman", _ROMAN)):
        match = pattern.match(rest)
        if match is None:
            continue
        markers.append(Marker(level, match.group(1)))
        rest = match.group(2)
    return tuple(markers), rest.strip()
