"""Installed law books: one JSON file per book in the user's data directory
(``$DUPBRIDGE_DATA``, else ``$XDG_DATA_HOME/dupbridge``, else ``~/.local/share/dupbridge``),
under ``lawbooks/<edition>-<language>[-<authority>][-commentary].json``."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from dupbridge.core.datadir import data_dir
from dupbridge.core.edition import Edition
from dupbridge.lawbook.model import CrossReference, ImportedClause, ImportReport, LawBook, Note

FORMAT_VERSION = 1


def books_dir() -> Path:
    return data_dir() / "lawbooks"


def book_file_name(book: LawBook) -> str:
    parts = [book.edition.value, book.language]
    if book.authority:
        parts.append(book.authority)
    if book.kind != "laws":
        parts.append(book.kind)
    return "-".join(parts) + ".json"


def save_book(book: LawBook) -> Path:
    """Write the book (replacing an earlier import of the same book); returns its file."""
    folder = books_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / book_file_name(book)
    data = {"format": FORMAT_VERSION, **asdict(book), "edition": book.edition.value}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def load_book(path: Path) -> LawBook:
    data = json.loads(path.read_text(encoding="utf-8"))
    return _book(data)


def installed_books() -> list[LawBook]:
    """Every book installed, in file name order."""
    folder = books_dir()
    if not folder.is_dir():
        return []
    return [load_book(path) for path in sorted(folder.glob("*.json"))]


_READ: dict[Path, tuple[tuple[tuple[str, int, int], ...], tuple[LawBook, ...]]] = {}


def current_books() -> tuple[LawBook, ...]:
    """``installed_books``, read again only when a book file was added, replaced or
    removed: a server reads the books once, not on every page (``laws import`` while it
    runs is seen on the next page)."""
    folder = books_dir()
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    stamp = tuple((path.name, path.stat().st_mtime_ns, path.stat().st_size) for path in files)
    known = _READ.get(folder)
    if known is None or known[0] != stamp:
        known = (stamp, tuple(load_book(path) for path in files))
        _READ[folder] = known
    return known[1]


def find_book(edition: Edition, language: str, authority: str | None = None) -> LawBook | None:
    """The installed book of that edition and language: with ``authority``, that
    authority's; without, a book of the Laws before a commentary, a book without an
    authority before one with, and then the book holding more clauses (the whole FVB
    translation before the AEB regulation of Laws 41-71)."""
    books = [
        book
        for book in installed_books()
        if book.edition is edition
        and book.language == language
        and (authority is None or book.authority == authority)
    ]
    books.sort(
        key=lambda book: (book.kind != "laws", book.authority is not None, -len(book.clauses))
    )
    return books[0] if books else None


def _book(data: dict[str, Any]) -> LawBook:
    report = data["report"]
    return LawBook(
        edition=Edition(data["edition"]),
        language=data["language"],
        source=data["source"],
        clauses=tuple(_clause(item) for item in data["clauses"]),
        authority=data.get("authority"),
        report=ImportReport(
            report["found"],
            report["placed"],
            tuple((line, words) for line, words in report["unplaced"]),
            report.get("references_found", 0),
            report.get("references_resolved", 0),
        ),
        kind=data.get("kind", "laws"),
    )


def _clause(data: dict[str, Any]) -> ImportedClause:
    return ImportedClause(
        id=data["id"],
        text=data["text"],
        heading=data.get("heading", ""),
        notes=tuple(Note(**note) for note in data.get("notes", ())),
        references=tuple(CrossReference(**ref) for ref in data.get("references", ())),
        line=data.get("line", 0),
    )
