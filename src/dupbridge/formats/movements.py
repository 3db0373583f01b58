"""Movement files (who sits where, round by round) in the three shapes of the real data:

* bridgescorer YAML (``Movement.*.yaml``: table/round/ns/ew/boards rows;
  ``IndividualMovement.*.yaml``: north/south/east/west; ``Boardset.*.yaml``: dealer and
  vulnerability per board), read by a small reader for the subset these files use, so
  no YAML dependency is needed;
* howellki JSON (KoPS Howell tables in a compact form: starting positions, the circuit
  the moving pairs follow, the board sets' starting tables), decoded into rows;
* Bridge_pal individual ``.txt`` (``!table`` blocks of rows: two partners, two
  opponents and the deal series, one row per round).

Rows are small frozen values the tournament layer can use; malformed input raises
``ParseError`` with file, line and column."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability

Scalar = int | bool | str | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MovementRow:
    """At ``table`` in ``round``, pair ``ns`` plays pair ``ew`` on ``boards`` (board
    numbers, or board-set numbers when the movement says so)."""

    table: int
    round: int
    ns: int
    ew: int
    boards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class IndividualRow:
    """An individual movement's table: one player per seat."""

    table: int
    round: int
    north: int
    east: int
    south: int
    west: int
    boards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Movement:
    name: str
    rows: tuple[MovementRow, ...] | tuple[IndividualRow, ...]
    description: str = ""
    boards_are_sets: bool = False

    @property
    def tables(self) -> int:
        return max((row.table for row in self.rows), default=0)

    @property
    def rounds(self) -> int:
        return max((row.round for row in self.rows), default=0)


@dataclass(frozen=True, slots=True)
class BoardMarking:
    """A board's dealer and vulnerability as a board set file states them."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability


@dataclass(frozen=True, slots=True)
class BoardSet:
    name: str
    boards: tuple[BoardMarking, ...]
    description: str = ""


# bridgescorer YAML


def load_bridgescorer(path: str | Path) -> Movement | BoardSet:
    file = Path(path)
    return loads_bridgescorer(file.read_text(encoding="utf-8"), source=str(file))


def loads_bridgescorer(text: str, *, source: str = "<string>") -> Movement | BoardSet:
    """A bridgescorer movement, individual movement or board set."""
    document, items, where = _yaml(text, source)
    name = str(document.get("name", ""))
    description = str(document.get("description", ""))
    if "boards" in items:
        return BoardSet(name, tuple(_marking(item, where[id(item)], source)
                                    for item in items["boards"]), description)
    hands = items.get("hands")
    if hands is None:
        raise ParseError("expected a 'hands:' or 'boards:' list", source=source, line=1,
                         column=1)
    if hands and "north" in hands[0]:
        individual = tuple(_individual(item, where[id(item)], source) for item in hands)
        return Movement(name, individual, description)
    return Movement(name, tuple(_pairs_row(item, where[id(item)], source) for item in hands),
                    description)


def _get(item: Mapping[str, Scalar], key: str, line: int, source: str) -> int:
    value = item.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ParseError(f"expected a whole number for {key!r}, found {value!r}",
                         source=source, line=line, column=1)
    return value


def _boards(item: Mapping[str, Scalar], line: int, source: str) -> tuple[int, ...]:
    value = item.get("boards", ())
    if not isinstance(value, tuple):
        raise ParseError(f"expected a list of boards, found {value!r}", source=source,
                         line=line, column=1)
    return value


def _pairs_row(item: Mapping[str, Scalar], line: int, source: str) -> MovementRow:
    table, round_number, ns, ew = (_get(item, key, line, source)
                                   for key in ("table", "round", "ns", "ew"))
    return MovementRow(table, round_number, ns, ew, _boards(item, line, source))


def _individual(item: Mapping[str, Scalar], line: int, source: str) -> IndividualRow:
    table, round_number, north, east, south, west = (
        _get(item, key, line, source)
        for key in ("table", "round", "north", "east", "south", "west"))
    return IndividualRow(table, round_number, north, east, south, west,
                         _boards(item, line, source))


def _marking(item: Mapping[str, Scalar], line: int, source: str) -> BoardMarking:
    ns, ew = item.get("nsVul"), item.get("ewVul")
    if not isinstance(ns, bool) or not isinstance(ew, bool):
        raise ParseError("expected nsVul and ewVul true or false", source=source, line=line,
                         column=1)
    vulnerability = {(False, False): Vulnerability.NONE, (True, False): Vulnerability.NS,
                     (False, True): Vulnerability.EW, (True, True): Vulnerability.BOTH}[(ns, ew)]
    try:
        dealer = Seat.parse(str(item.get("dealer", "")))
    except ParseError:
        raise ParseError(f"expected a dealer N, E, S or W, found {item.get('dealer')!r}",
                         source=source, line=line, column=1) from None
    return BoardMarking(_get(item, "id", line, source), dealer, vulnerability)


_KEY = re.compile(r"(?P<indent> *)(?P<dash>- +)?(?P<key>[A-Za-z_]\w*):(?: +(?P<value>.*))?$")
_ITEM = re.compile(r"(?P<indent> *)- +(?P<value>[^:]+)$")

Item = dict[str, Scalar]


def _yaml(text: str, source: str
          ) -> tuple[dict[str, Scalar], dict[str, list[Item]], dict[int, int]]:
    """The subset the bridgescorer files use: top-level ``key: scalar``, and top-level
    ``key:`` lists of flat mappings whose values are scalars, ``[1, 2]`` or a nested
    ``- n`` list. Returns the scalars, the lists, and each item's line."""
    document: dict[str, Scalar] = {}
    lists: dict[str, list[Item]] = {}
    where: dict[int, int] = {}
    current: list[Item] | None = None
    item: Item | None = None
    nested: list[int] | None = None
    nested_key = ""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#") or line == "---":
            continue
        match = _KEY.match(line)
        if match is None:
            bullet = _ITEM.match(line)
            if bullet is None or item is None or nested is None:
                raise ParseError("expected 'key: value' or '- value'", line, 0, source=source,
                                 line=number, column=1)
            nested.append(_number(bullet["value"], line, number, source))
            item[nested_key] = tuple(nested)
            continue
        key, value = match["key"], match["value"]
        if not match["indent"] and not match["dash"]:
            if value is None:
                current = lists.setdefault(key, [])
                item = None
            else:
                document[key] = _scalar(value, line, number, source)
            continue
        if current is None:
            raise ParseError(f"{key!r} outside a list", line, 0, source=source, line=number,
                             column=len(match["indent"]) + 1)
        if match["dash"]:
            item = {}
            current.append(item)
            where[id(item)] = number
        if item is None:
            raise ParseError("expected '- ' to start a list item", line, 0, source=source,
                             line=number, column=1)
        if value is None:
            nested, nested_key = [], key
            item[key] = ()
        else:
            nested = None
            item[key] = _scalar(value, line, number, source)
    return document, lists, where


def _scalar(value: str, line: str, number: int, source: str) -> Scalar:
    text = value.strip()
    if text.startswith("[") and text.endswith("]"):
        inner = text[1:-1].strip()
        return tuple(_number(part, line, number, source) for part in inner.split(",")) \
            if inner else ()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        return text[1:-1]
    if text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def _number(text: str, line: str, number: int, source: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        column = line.find(text.strip()) + 1
        raise ParseError(f"expected a whole number, found {text.strip()!r}", line, column - 1,
                         source=source, line=number, column=column) from None


# howellki JSON


def load_howellki(path: str | Path) -> dict[str, Movement]:
    file = Path(path)
    return loads_howellki(file.read_text(encoding="utf-8"), source=str(file))


def loads_howellki(text: str, *, source: str = "<string>") -> dict[str, Movement]:
    """Every movement of a howellki ``movements.json``, by its key (``"4-7"``: 4 tables,
    7 rounds). Each round, a pair whose North-South or East-West position is in the
    ``movement`` circuit moves to the next position of it, the others stay; the board
    sets shift one place down the list (``sets[i]`` is the table of set i+1 in round 1,
    0 = out of play). Rows name sets, not boards."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ParseError(f"malformed JSON ({error.msg})", source=source, line=error.lineno,
                         column=error.colno) from None
    if not isinstance(data, dict):
        raise ParseError("expected a JSON object of movements", source=source, line=1, column=1)
    return {key: _howell(key, value, text, source) for key, value in data.items()}


def _howell(key: str, value: object, text: str, source: str) -> Movement:
    try:
        assert isinstance(value, dict)
        tables, rounds = int(value["tables"]), int(value["rounds"])
        sets = [int(s) for s in value["sets"]]
        circuit = [str(p) for p in value["movement"]]
        positions = [int(p) for p in value["positions"]]
        if len(positions) != 2 * tables or len(sets) != rounds:
            raise ValueError("positions must be 2 per table and sets 1 per round")
    except (AssertionError, KeyError, TypeError, ValueError) as error:
        line = text[: max(text.find(f'"{key}"'), 0)].count("\n") + 1
        raise ParseError(f"movement {key!r}: expected tables, rounds, sets, movement and "
                         f"positions ({error})", source=source, line=line, column=1) from None
    seat = {f"{i // 2 + 1}{'NE'[i % 2]}": pair for i, pair in enumerate(positions)}
    rows: list[MovementRow] = []
    for round_number in range(1, rounds + 1):
        shift = round_number - 1
        set_at = {sets[(i - shift) % rounds]: i + 1 for i in range(rounds)}
        for table in range(1, tables + 1):
            ns, ew = seat.get(f"{table}N"), seat.get(f"{table}E")
            if ns is not None and ew is not None:
                board_set = set_at.get(table)
                rows.append(MovementRow(table, round_number, ns, ew,
                                        (board_set,) if board_set else ()))
        seat = {_next(position, circuit): pair for position, pair in seat.items()}
    return Movement(key, tuple(rows), boards_are_sets=True)


def _next(position: str, circuit: list[str]) -> str:
    if position in circuit:
        return circuit[(circuit.index(position) + 1) % len(circuit)]
    return position


# Bridge_pal individual movements


def load_bridgepal(path: str | Path) -> Movement:
    file = Path(path)
    return loads_bridgepal(file.read_text(encoding="utf-8"), source=str(file), name=file.stem)


def loads_bridgepal(text: str, *, source: str = "<string>", name: str = "") -> Movement:
    """``#`` comments, ``!n`` or ``!TABLEn`` starts table n, then one row per round, in
    round order: four players and the deal series (board set) played there. The first two
    players are partners (North-South), the last two (East-West): Bridge_pal's loader reads
    the last number as the deal series, and in every real file only that reading makes each
    player partner each other at most once. Boards per set are not in the file."""
    rows: list[IndividualRow] = []
    table: int | None = None
    round_number = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            # "!1" or "!TABLE1"
            table = _number(re.sub(r"(?i)^table", "", line[1:].strip()), raw, number, source)
            round_number = 0
            continue
        parts = line.split()
        if table is None or len(parts) != 5:
            raise ParseError("expected '!table' then rows of four players and a deal series",
                             raw, 0, source=source, line=number, column=1)
        north, south, east, west, deal_series = (_number(p, raw, number, source)
                                                 for p in parts)
        round_number += 1
        rows.append(IndividualRow(table, round_number, north, east, south, west,
                                  (deal_series,)))
    rows.sort(key=lambda row: (row.round, row.table))
    return Movement(name, tuple(rows), boards_are_sets=True)


# A movement as rows (CSV): what a scorer types or another program exports


ROW_COLUMNS = ("round", "table", "ns", "ew", "boards")


def load_rows(path: str | Path) -> Movement:
    file = Path(path)
    return loads_rows(file.read_text(encoding="utf-8-sig"), source=str(file), name=file.stem)


def loads_rows(text: str, *, source: str = "<string>", name: str = "") -> Movement:
    """A header naming the columns round, table, NS, EW and boards (any order, any case;
    comma or semicolon separated), then one row per table and round. Boards are board
    numbers: ``1-3``, ``1 2 3`` or ``1,2,3`` in quotes. A line starting with ``#`` is a
    comment."""
    import csv

    lines = [line for line in text.splitlines() if line.strip() and
             not line.lstrip().startswith("#")]
    if not lines:
        raise ParseError("expected a header: round, table, NS, EW, boards", "", 0,
                         source=source, line=1, column=1)
    dialect = ";" if lines[0].count(";") > lines[0].count(",") else ","
    reader = csv.reader(lines, delimiter=dialect)
    header = [h.strip().lower() for h in next(reader)]
    missing = [c for c in ROW_COLUMNS if c not in header]
    if missing:
        raise ParseError(f"expected the columns {', '.join(ROW_COLUMNS)}; missing "
                         f"{', '.join(missing)}", lines[0], 0, source=source, line=1, column=1)
    where = {c: header.index(c) for c in ROW_COLUMNS}
    rows = []
    for number, cells in enumerate(reader, 2):
        raw = lines[number - 1]
        if len(cells) < len(header):
            raise ParseError(f"expected {len(header)} cells", raw, 0, source=source,
                             line=number, column=1)
        value = {c: cells[where[c]].strip() for c in ROW_COLUMNS}
        round_number, table, ns, ew = (_number(value[c], raw, number, source)
                                       for c in ("round", "table", "ns", "ew"))
        rows.append(MovementRow(table, round_number, ns, ew,
                                _board_list(value["boards"], raw, number, source)))
    rows.sort(key=lambda row: (row.round, row.table))
    return Movement(name, tuple(rows))


def _board_list(text: str, raw: str, number: int, source: str) -> tuple[int, ...]:
    boards: list[int] = []
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        first, dash, last = part.partition("-")
        low = _number(first, raw, number, source)
        high = _number(last, raw, number, source) if dash else low
        if high < low:
            raise ParseError(f"expected boards such as 1-3, not {part}", raw, 0,
                             source=source, line=number, column=1)
        boards.extend(range(low, high + 1))
    if not boards:
        raise ParseError("expected the boards played (such as 1-3)", raw, 0, source=source,
                         line=number, column=1)
    return tuple(boards)


def dumps_rows(rows: tuple[MovementRow, ...]) -> str:
    """The rows as CSV with the header ``loads_rows`` reads (boards as ``1-3`` when they
    run on, else listed)."""
    out = ["round,table,NS,EW,boards"]
    for row in rows:
        run = row.boards and row.boards == tuple(range(row.boards[0], row.boards[-1] + 1))
        boards = f"{row.boards[0]}-{row.boards[-1]}" if run and len(row.boards) > 1 else \
            " ".join(map(str, row.boards))
        out.append(f"{row.round},{row.table},{row.ns},{row.ew},{boards}")
    return "\n".join(out) + "\n"
