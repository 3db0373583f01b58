"""``import_lawbook``: read a federation's law book from a file into :class:`LawBook`
values. The layout is detected from the text (headings "Ley n", "LEI n", "Artículo n.-",
"LOI n"); the arguments say the language and edition the user expects, and the
Regulating Authority whose notes the book carries (default: the layout's own)."""

from __future__ import annotations

import re
from pathlib import Path

from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.lawbook.defects import annotate, defects_for
from dupbridge.lawbook.import_es_pt import BookFormat, detect_format, read_book
from dupbridge.lawbook.model import ImportReport, LawBook
from dupbridge.lawbook.references import link_references
from dupbridge.laws.machinery.index import law_index

_FFB_HEADING = re.compile(r"^[#*\s]*LOI\s+\d{1,2}\b", re.MULTILINE)


def import_lawbook(
    path: Path | str, *, language: str, edition: Edition, authority: str | None = None
) -> list[LawBook]:
    """The books in the file: one for the Spanish and Portuguese layouts, the editions
    found for the FFB one. Raises ParseError when the layout is not recognised or does
    not fit the language and edition asked for."""
    file = Path(path)
    text = read_book_text(file)
    if len(_FFB_HEADING.findall(text)) >= 3:
        return _ffb_books(text, file.name, language, edition)
    book = detect_format(text)
    if book is None:
        raise ParseError(
            "not a law book layout dupbridge knows: expected headings 'Ley n' (FVB), "
            "'Artículo n.-' (AEB), 'LEI n' (Portuguese) or 'LOI n' (FFB)",
            text.split("\n", 1)[0][:80],
            0,
            source=file.name,
            line=1,
            column=1,
        )
    _check(book, language, edition, file.name)
    return [
        read_lawbook(
            text, book, edition=edition, source=file.name, authority=authority or book.authority
        )
    ]


def read_lawbook(
    text: str, book: BookFormat, *, edition: Edition, source: str, authority: str | None
) -> LawBook:
    """One book of a known layout, with cross-references linked and known defects noted."""
    index = law_index(edition)
    reading = read_book(text, book, index)
    clauses, references = link_references(reading.clauses, index)
    clauses = annotate(clauses, defects_for(book.language, edition, book.seed))
    report = ImportReport(
        reading.report.found,
        reading.report.placed,
        reading.report.unplaced,
        references.found,
        references.resolved,
    )
    return LawBook(
        edition,
        book.language,
        source,
        clauses,
        authority,
        report,
        kind="commentary" if book.commentary else "laws",
    )


def _check(book: BookFormat, language: str, edition: Edition, source: str) -> None:
    if language != book.language:
        raise ParseError(
            f"the book {source} is in {book.language!r}, not {language!r}",
            language,
            0,
            source=source,
            line=1,
            column=1,
        )
    if edition is not Edition.LAWS_2007:
        raise ParseError(
            f"the book {source} is a 2007 edition, not {edition.value}",
            edition.value,
            0,
            source=source,
            line=1,
            column=1,
        )


def _ffb_books(text: str, source: str, language: str, edition: Edition) -> list[LawBook]:
    """The FFB file holds both editions; both are returned, whichever was asked for."""
    from dupbridge.lawbook.import_ffb import parse_ffb

    if language != "fr":
        raise ParseError(
            f"the book {source} is in 'fr', not {language!r}",
            language,
            0,
            source=source,
            line=1,
            column=1,
        )
    return list(parse_ffb(text, source=source))


def read_book_text(file: Path) -> str:
    """The text of a law book file: UTF-8 (a BOM dropped), else Windows-1252, else
    Latin-1 (older Spanish and French files are in one of them; Latin-1 reads any byte).
    A file with NUL bytes is binary, not a law book, and an empty file has no law in it:
    both are a ParseError naming the file."""
    data = file.read_bytes()
    if not data.strip():
        raise ParseError("empty file: no law book in it", source=file.name, line=1, column=1)
    if _binary(data[:65536]):
        raise ParseError("a binary file, not a law book (text)", source=file.name, line=1,
                         column=1)
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _binary(head: bytes) -> bool:
    """NUL bytes, or control characters a text never has in such number."""
    controls = sum(1 for byte in head if byte < 9 or 13 < byte < 32)
    return b"\x00" in head or controls > len(head) // 20
