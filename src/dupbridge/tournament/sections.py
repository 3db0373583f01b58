"""An event in sections (Law 3: an event may be divided into sections), each section its
own movement on the same boards, so that the boards can be scored across the field.

The sections are laid side by side in one movement: section B's tables follow section
A's (a 7-table section B sits at tables 8-14 of the event) and its contestants are
numbered after A's. Each section keeps the same movement, and a board is played once a
round in each section where the one movement played it once: every section has its own
copy of the boards (duplicated boards), so no board is needed at two tables at once
within a section. Pairs are shown with their section's letter and their number within
it (``B3``)."""

from __future__ import annotations

from dataclasses import replace
from string import ascii_uppercase

from dupbridge.core.registry import law
from dupbridge.tournament.movement import Movement

MAX_SECTIONS = len(ascii_uppercase)


@law("3", title="Arrangement of tables: sections")
def in_sections(movement: Movement, sections: int) -> Movement:
    """``sections`` copies of ``movement`` side by side: copy k's tables and contestants
    are numbered after copy k-1's."""
    if not 1 <= sections <= MAX_SECTIONS:
        raise ValueError(f"an event has 1 to {MAX_SECTIONS} sections, not {sections}")
    if sections == 1:
        return movement
    tables, contestants = movement.tables, max(movement.contestants, default=0)
    encounters = tuple(
        replace(e, table=e.table + k * tables, ns=tuple(c + k * contestants for c in e.ns),
                ew=tuple(c + k * contestants for c in e.ew))
        for k in range(sections) for e in movement.encounters)
    return replace(movement, name=f"{movement.name} x {sections} sections",
                   encounters=tuple(sorted(encounters, key=lambda e: (e.round, e.table))))


def section_size(movement: Movement, sections: int) -> int:
    """How many contestant numbers each section of a movement ``in_sections`` holds."""
    highest = max(movement.contestants, default=0)
    if sections < 1 or highest % sections:
        raise ValueError(f"{highest} contestants are not {sections} equal sections")
    return highest // sections


def section_of(contestant: int, size: int) -> tuple[str, int]:
    """The section letter and the number within it of the event's ``contestant``."""
    section, number = divmod(contestant - 1, size)
    return ascii_uppercase[section], number + 1


def section_label(contestant: int, size: int) -> str:
    """``B3``: the contestant as its section knows it."""
    letter, number = section_of(contestant, size)
    return f"{letter}{number}"


def contestant_of(label: str, size: int) -> int:
    """The event's number of a pair given as ``B3`` (or as the event's number itself)."""
    text = label.strip().upper()
    if text.isdigit():
        return int(text)
    letter, number = text[:1], text[1:]
    if letter not in ascii_uppercase or not number.isdigit() or not 1 <= int(number) <= size:
        raise ValueError(f"a pair is a section letter and a number such as B3, not {label!r}")
    return ascii_uppercase.index(letter) * size + int(number)
