"""Printing for ``dupbridge laws show / search / diff``: the values come from
``dupbridge.lawbook.reference``; this module only lays them out."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table as RichTable

from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.installed import installed_books
from dupbridge.lawbook.reference import ClauseView, diff, search, show


def print_clause(console: Console, ref: LawRef, language: str,
                 authority: str | None = None) -> None:
    view = show(ref, language, installed_books(), authority)
    console.print(f"[bold]{ref.edition.value} {ref.clause}[/bold]  {view.title}")
    if not view.parts:
        whose = f" in a book of {authority}" if authority else ""
        console.print(f"(no imported text of this clause{whose} for this edition and "
                      "language: see 'dupbridge laws import')", style="dim")
        return
    for clause, text in view.parts:
        console.print(text if clause == ref.clause else f"{clause}  {text}", markup=False,
                      highlight=False)
    _print_notes(console, view)
    for written, title in view.references:
        console.print(f"  -> {written}: {title}", markup=False, highlight=False)
    console.print(f"[dim]{view.source}[/dim]")


def _print_notes(console: Console, view: ClauseView) -> None:
    for note in view.notes:
        label = f"{note.kind} {note.label}".strip()
        console.print(f"  [{label}] {note.text}", markup=False, highlight=False)


def print_search(console: Console, query: str, languages: tuple[str, ...],
                 editions: tuple[Edition, ...]) -> int:
    hits = search(query, installed_books(), languages, editions)
    for hit in hits:
        console.print(f"{hit.ref.edition.value} {hit.ref.clause:<10} {hit.language}  "
                      f"{hit.title}: {hit.excerpt}", markup=False, highlight=False)
    console.print(f"{len(hits)} clauses", style="dim")
    return len(hits)


def print_diff(console: Console, law: int, before: Edition, after: Edition,
               language: str) -> None:
    out = RichTable(title=f"Law {law}: {before.value} -> {after.value}", show_lines=True)
    for column in (before.value, after.value, "change"):
        out.add_column(column, overflow="fold")
    for row in diff(law, before, after, language, installed_books()):
        out.add_row(_cell(row.before), _cell(row.after), row.kind)
    console.print(out)


def _cell(view: ClauseView | None) -> str:
    if view is None:
        return ""
    head = f"{view.ref.clause} {view.title}"
    return f"{head}\n{view.text}" if view.text else head
