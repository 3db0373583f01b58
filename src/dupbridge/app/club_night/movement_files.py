"""Movement files (``dupbridge.formats.movements``) turned into the tournament layer's
movements, so that one validator checks what the readers bring in."""

from __future__ import annotations

from pathlib import Path

from dupbridge.formats import movements as files
from dupbridge.tournament.movement import Encounter, Movement


def from_file_movement(movement: files.Movement, *, boards_per_set: int = 1) -> Movement:
    """A movement read from a file. Rows that name board sets (KoPS Howells) get
    ``boards_per_set`` boards per set; rows without boards (Bridge_pal) keep none."""
    encounters = []
    for row in movement.rows:
        if isinstance(row, files.IndividualRow):
            ns: tuple[int, ...] = (row.north, row.south)
            ew: tuple[int, ...] = (row.east, row.west)
        else:
            ns, ew = (row.ns,), (row.ew,)
        if movement.boards_are_sets:
            board_set = row.boards[0] if row.boards else None
            boards = tuple(b for s in row.boards
                           for b in range((s - 1) * boards_per_set + 1, s * boards_per_set + 1))
        else:
            board_set, boards = None, row.boards
        encounters.append(Encounter(row.round, row.table, ns, ew, boards, board_set))
    ordered = tuple(sorted(encounters, key=lambda e: (e.round, e.table)))
    return Movement(movement.name, ordered, note=movement.description)


def load_movements(path: str | Path) -> dict[str, Movement]:
    """Every movement in a file of any of the three shapes, by name."""
    file = Path(path)
    if file.suffix.lower() == ".csv":
        return {file.stem: from_file_movement(files.load_rows(file))}
    if file.suffix == ".json":
        return {key: from_file_movement(m) for key, m in files.load_howellki(file).items()}
    if file.suffix == ".txt":
        return {file.stem: from_file_movement(files.load_bridgepal(file))}
    loaded = files.load_bridgescorer(file)
    if not isinstance(loaded, files.Movement):
        raise ValueError(f"{file}: a board set file, not a movement")
    return {loaded.name or file.stem: from_file_movement(loaded)}


def movement_rows(movement: Movement) -> str:
    """A pairs movement as CSV rows (round, table, NS, EW, boards), the shape
    ``load_movements`` reads back: the export of any movement, generated or imported."""
    if any(len(e.ns) != 1 or len(e.ew) != 1 for e in movement.encounters):
        raise ValueError("only a pairs or teams movement is written as rows")
    return files.dumps_rows(tuple(files.MovementRow(e.table, e.round, e.ns[0], e.ew[0],
                                                    e.boards)
                                  for e in movement.encounters))
