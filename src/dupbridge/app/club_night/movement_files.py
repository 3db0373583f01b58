"""Movement files (``dupbridge.formats.movements``) turned into the tournament layer's
movements, so that one validator checks what the readers bring in."""

from __future__ import annotations

from pathlib import Path
from tempfile import TemporaryDirectory

from dupbridge.app.errors import BadInput
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
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


def load_movements_text(name: str, text: str) -> dict[str, Movement]:
    """A movement file sent as text (the new-event form's upload), read as
    ``load_movements`` reads a file called ``name`` (its suffix says its shape, its stem
    names a one-movement file)."""
    file_name = Path(name.replace("\\", "/")).name or "movement.csv"
    with TemporaryDirectory() as folder:
        path = Path(folder) / file_name
        path.write_text(text, encoding="utf-8")
        try:
            return load_movements(path)
        except (ParseError, ValueError) as error:
            # the reader's own words on where it stopped, the temporary folder left out
            said = str(error).replace(str(path), file_name).replace(folder, "").splitlines()[0]
            raise BadInput(msg("{file} is not a movement read here (Bridge_pal .txt, KoPS "
                               ".json, rows .csv): {error}", file=file_name,
                               error=said)) from None


def movement_rows(movement: Movement) -> str:
    """A pairs movement as CSV rows (round, table, NS, EW, boards), the shape
    ``load_movements`` reads back: the export of any movement, generated or imported."""
    if any(len(e.ns) != 1 or len(e.ew) != 1 for e in movement.encounters):
        raise ValueError("only a pairs or teams movement is written as rows")
    return files.dumps_rows(tuple(files.MovementRow(e.table, e.round, e.ns[0], e.ew[0],
                                                    e.boards)
                                  for e in movement.encounters))
