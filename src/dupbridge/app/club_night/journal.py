"""Tournament values as the JSON a store keeps: a result entry and a movement version.
Written for readers (contracts, seats and cards as the players write them) and read back
exactly, so the journal replays to the same book.

A result keeps the shape it has had since the first database (``entry_json``): the
table's ``ResultInput`` with the id and the pairs the movement seated there, which is the
tournament layer's ``Entry``."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from dupbridge.app.club_night.ports import Action, Json
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat, Side
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.tournament.results import Entry


def entry_json(entry: Entry) -> dict[str, Json]:
    return {
        "id": entry.id, "round": entry.round, "table": entry.table, "board": entry.board,
        "ns": list(entry.ns), "ew": list(entry.ew),
        "contract": None if entry.contract is None else str(entry.contract),
        "declarer": None if entry.declarer is None else entry.declarer.letter,
        "lead": None if entry.lead is None else str(entry.lead),
        "tricks": entry.tricks, "adjusted": entry.adjusted,
        "agreed_by": sorted(side.value for side in entry.agreed_by),
        **({} if entry.score is None else {"score": entry.score}),
    }


def entry_action(kind: str, entry: Entry, *, event: str, who: str, at: datetime,
                 why: str = "", **more: Json) -> Action:
    """The journal's record of ``entry`` (``kind``: result, rule, resolve or correct),
    under the entry's id, placed at its round, table and board."""
    return Action(entry.id, event, kind, who, at, why, {**more, "entry": entry_json(entry)},
                  entry.round, entry.table, entry.board)


def read_entry(data: Mapping[str, Any]) -> Entry:
    contract, declarer, lead = data.get("contract"), data.get("declarer"), data.get("lead")
    return Entry(
        str(data["id"]), int(data["round"]), int(data["table"]), int(data["board"]),
        tuple(int(c) for c in data["ns"]), tuple(int(c) for c in data["ew"]),
        None if contract is None else Contract.parse(str(contract)),
        None if declarer is None else Seat.parse(str(declarer)),
        None if lead is None else Card.parse(str(lead)),
        None if data.get("tricks") is None else int(data["tricks"]),
        None if data.get("adjusted") is None else str(data["adjusted"]),
        frozenset(Side(side) for side in data.get("agreed_by", ("NS", "EW"))),
        None if data.get("score") is None else int(data["score"]),
    )


def movement_json(movement: Movement) -> dict[str, Json]:
    return {
        "name": movement.name, "version": movement.version, "note": movement.note,
        "phantoms": sorted(movement.phantoms),
        "encounters": [[e.round, e.table, list(e.ns), list(e.ew), list(e.boards),
                        e.board_set] for e in movement.encounters],
    }


def read_movement(data: Mapping[str, Any]) -> Movement:
    encounters = tuple(
        Encounter(int(r), int(t), tuple(int(c) for c in ns), tuple(int(c) for c in ew),
                  tuple(int(b) for b in boards), None if board_set is None else int(board_set))
        for r, t, ns, ew, boards, board_set in data["encounters"])
    return Movement(str(data["name"]), encounters, int(data["version"]), str(data["note"]),
                    frozenset(int(p) for p in data["phantoms"]))
