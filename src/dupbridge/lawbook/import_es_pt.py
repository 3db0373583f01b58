"""What is particular to the Spanish and Portuguese 2007 books of the seeds.

- ``fvb``: the Spanish translation of the Laws (FVB), markdown, headings "Ley 41";
- ``aeb``: the AEB regulation of Laws 41-71, a web page: "Artículo 41.- ...", sections
  "A.- Title: words", and the AEB's own notes ("Nota AEB: ...", also inside parentheses);
- ``pt``: the Portuguese translation, markdown, headings "LEI 41 – TITLE" (Law 48 is
  missing from the book itself);
- ``aeb-commentary``: the AEB commentary on Laws 25-27: the laws' text, then commentary
  blocks headed "Artículo 27b1" with numbered worked examples, attached to their clause
  as notes (``commentary``, ``example``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from dupbridge.lawbook.import_text import BookStyle, ClauseReading, read_clauses
from dupbridge.lawbook.model import ImportedClause, ImportReport, Note
from dupbridge.laws.machinery.index import LawIndex


@dataclass(frozen=True, slots=True)
class BookFormat:
    """One layout of law book: ``key`` names it, ``seed`` is the seed file it was written
    for (``defects.toml`` refers to it), ``language`` and ``authority`` are the defaults."""

    key: str
    seed: str
    language: str
    authority: str | None
    style: BookStyle
    commentary: bool = False


FVB = BookFormat(
    "fvb",
    "000",
    "es",
    "fvb",
    BookStyle(re.compile(r"^(?:Ley|LEY)\s+(?P<law>\d{1,2})\b\s*(?P<title>.*)$")),
)
AEB = BookFormat(
    "aeb",
    "001",
    "es",
    "aeb",
    BookStyle(
        re.compile(r"^Art[íi]culo\s+(?P<law>\d{1,2})\s*\.-\s*(?P<title>.*)$"),
        markdown=False,
        authority_note=re.compile(r"^Nota AEB\s*:\s*(?P<text>.*)$"),
        authority_label="Nota AEB",
        inline_authority_note="(Nota AEB:",
    ),
)
PORTUGUESE = BookFormat(
    "pt",
    "003",
    "pt",
    None,
    BookStyle(re.compile(r"^(?:LEI|Lei)\s+(?P<law>\d{1,2})\b\s*(?P<title>.*)$")),
)
AEB_COMMENTARY = BookFormat(
    "aeb-commentary",
    "004",
    "es",
    "aeb",
    BookStyle(
        re.compile(r"^(?:Art[íi]culo|ART[ÍI]CULO)\s+(?P<law>\d{1,2})\b\s*(?P<title>.*)$"),
        markdown=False,
    ),
    commentary=True,
)

FORMATS = (FVB, AEB, PORTUGUESE, AEB_COMMENTARY)

_COMMENTARY_HEADING = re.compile(r"^Art[íi]culo\s+(?P<id>\d{1,2}[A-Ha-h]\w*(?:\([a-z]\))*)\s*$")
_EXAMPLE = re.compile(r"^(?P<label>\d{1,2})\)\s+(?P<text>.*)$")
_BLOG_NOISE = ("No hay comentarios", "Publicar un comentario")


def detect_format(text: str) -> BookFormat | None:
    """The layout of a Spanish or Portuguese book, from its headings; None if neither."""
    lines = [line.strip() for line in text.splitlines()]
    aeb_articles = sum(1 for line in lines if re.match(r"^Art[íi]culo\s+\d{1,2}\s*\.-", line))
    if aeb_articles >= 3:
        return AEB
    if any(_COMMENTARY_HEADING.match(line) for line in lines) and any(
        AEB_COMMENTARY.style.law_heading.match(line) for line in lines
    ):
        return AEB_COMMENTARY
    headings = [
        re.sub(r"[#*\s]+", " ", line).strip() for line in lines if line.startswith(("#", "**"))
    ]
    if sum(1 for h in headings if re.match(r"^LEI \d", h)) >= 3:
        return PORTUGUESE
    if sum(1 for h in headings if re.match(r"^(?:Ley|LEY) \d", h)) >= 3:
        return FVB
    return None


def read_book(text: str, book: BookFormat, index: LawIndex) -> ClauseReading:
    """The clauses of a book in one of the layouts above."""
    if not book.commentary:
        return read_clauses(text, book.style, index)
    lines = text.splitlines()
    start = next(
        (n for n, line in enumerate(lines) if _COMMENTARY_HEADING.match(line.strip())), len(lines)
    )
    laws = read_clauses("\n".join(lines[:start]), book.style, index)
    return _add_commentary(laws, lines[start:], start + 1, index)


def _add_commentary(
    laws: ClauseReading, lines: list[str], first_line: int, index: LawIndex
) -> ClauseReading:
    """Commentary blocks ("Artículo 27b1" and the words and examples under it) become notes
    of their clause; each heading counts as a marker, placed when the index has it."""
    clauses = {clause.id: clause for clause in laws.clauses}
    order = [clause.id for clause in laws.clauses]
    found, placed, unplaced = 0, 0, list(laws.report.unplaced)
    for heading, line, notes in _commentary_blocks(lines, first_line):
        found += 1
        target = _normalise_id(heading)
        if index.clause(target) is None:
            unplaced.append((line, f"Artículo {heading}"))
            continue
        placed += 1
        existing = clauses.get(target) or ImportedClause(target, "", line=line)
        if target not in clauses:
            order.append(target)
        clauses[target] = replace(existing, notes=existing.notes + tuple(notes))
    report = ImportReport(laws.report.found + found, laws.report.placed + placed, tuple(unplaced))
    return ClauseReading(tuple(clauses[key] for key in order), report)


def _commentary_blocks(lines: list[str], first_line: int) -> list[tuple[str, int, list[Note]]]:
    blocks: list[tuple[str, int, list[Note]]] = []
    for offset, raw in enumerate(lines):
        text = raw.strip()
        if not text or text.startswith(_BLOG_NOISE):
            continue
        heading = _COMMENTARY_HEADING.match(text)
        if heading:
            blocks.append((heading["id"], first_line + offset, []))
            continue
        if not blocks:
            continue
        notes = blocks[-1][2]
        example = _EXAMPLE.match(text)
        if example:
            notes.append(Note("example", f"{example['label']})", example["text"]))
        elif notes and _continues(notes[-1].text, text):
            notes[-1] = replace(notes[-1], text=f"{notes[-1].text}\n{text}")
        else:
            notes.append(Note("commentary", f"Artículo {blocks[-1][0]}", text))
    return blocks


def _continues(previous: str, text: str) -> bool:
    """A line that carries on the paragraph before it: the paragraph stopped mid-sentence,
    or the line starts in lower case."""
    return not previous.rstrip().endswith((".", ")", ":", "!", "?", '"', "”")) or text[:1].islower()


def _normalise_id(written: str) -> str:
    """ "27b1" as the AEB writes it -> "27B1", the id of our index."""
    match = re.match(r"^(\d{1,2})([A-Ha-h])(.*)$", written)
    if match is None:
        return written
    return f"{match[1]}{match[2].upper()}{match[3]}"
