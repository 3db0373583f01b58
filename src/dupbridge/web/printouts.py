"""What each printout of a club event shows, as plain values for its template
(``print_*.html``): the table cards, a guide card per pair, the movement sheet, personal
score cards, travellers, the hand record (four boards a page) and the results for the
notice board. The event's state is read once; the Director sees every result. A printout
made before the results are in is a blank form to fill in by hand."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.event_kinds import TEAM_KINDS
from dupbridge.app.club_night.kind_exports import individual_published, teams_published
from dupbridge.app.club_night.kind_views import kind_standings_of, ranked_by_kind
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import AppError
from dupbridge.app.publication.hand_record_page import side_letters as side_letters
from dupbridge.core.seats import Side
from dupbridge.tournament.movement import Encounter
from dupbridge.web import views

Say = Callable[..., str]  # the templates' ``_``: a template and its fields, translated

KINDS = ("tables", "guides", "movement", "scorecards", "travellers", "handrecord",
         "results")
PAPERS = {"a4": "A4", "letter": "letter"}


def _pairs(encounter: Encounter) -> tuple[str, str]:
    return views.pair_list(encounter.ns), views.pair_list(encounter.ew)


def _boards(encounter: Encounter) -> str:
    boards = encounter.boards
    if not boards:
        return ""
    if list(boards) == list(range(boards[0], boards[-1] + 1)) and len(boards) > 1:
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, boards))


def table_cards(state: ClubState) -> list[dict[str, Any]]:
    """Per table: each round's pairs and boards (the card left on the table)."""
    movement = state.movement
    cards = []
    for table in range(1, movement.tables + 1):
        rounds = []
        for number in range(1, movement.rounds + 1):
            for encounter in movement.in_round(number):
                if encounter.table == table:
                    ns, ew = _pairs(encounter)
                    rounds.append({"round": number, "ns": ns, "ew": ew,
                                   "boards": _boards(encounter),
                                   "sit_out": movement.sit_out(encounter)})
        cards.append({"table": table, "rounds": rounds})
    return cards


def guide_cards(state: ClubState, language: str) -> list[dict[str, Any]]:
    """Per pair (phantoms left out): where it plays each round, which way, against whom and
    which boards."""
    movement = state.movement
    ns_letters, ew_letters = side_letters(Side.NS, language), side_letters(Side.EW, language)
    cards = []
    for pair in sorted(movement.contestants):
        if pair in movement.phantoms:
            continue
        rounds = []
        for encounter in sorted(movement.of(pair), key=lambda e: e.round):
            side = encounter.side_of(pair)
            opponents = encounter.ew if side is Side.NS else encounter.ns
            rounds.append({"round": encounter.round, "table": encounter.table,
                           "direction": ns_letters if side is Side.NS else ew_letters,
                           "opponents": views.pair_list(opponents),
                           "boards": _boards(encounter),
                           "sit_out": movement.sit_out(encounter)})
        cards.append({"pair": pair, "name": state.name_of(pair), "rounds": rounds})
    return cards


def movement_sheet(state: ClubState) -> dict[str, Any]:
    """The whole movement: a row per round, a column per table (pairs and boards)."""
    movement = state.movement
    rows = []
    for number in range(1, movement.rounds + 1):
        cells = {e.table: e for e in movement.in_round(number)}
        row = []
        for table in range(1, movement.tables + 1):
            encounter = cells.get(table)
            if encounter is None:
                row.append({"pairs": "", "boards": "", "sit_out": False})
                continue
            ns, ew = _pairs(encounter)
            row.append({"pairs": f"{ns}–{ew}", "boards": _boards(encounter),
                        "sit_out": movement.sit_out(encounter)})
        rows.append({"round": number, "cells": row})
    return {"tables": list(range(1, movement.tables + 1)), "rows": rows,
            "phantoms": ", ".join(map(str, sorted(movement.phantoms)))}


def _scored(state: ClubState) -> club_views.SessionResult | None:
    try:
        return club_views.score_of(state)
    except AppError:
        return None  # no result yet: the printouts are blank forms


def _values(state: ClubState) -> dict[tuple[int, int, int], club_views.Line]:
    if ranked_by_kind(state):
        return _kind_values(state)
    scored = _scored(state)
    lines = scored.travellers if scored is not None else club_views.results_of(state).lines
    return {(line.round, line.table, line.board): line for line in lines}


def _kind_values(state: ClubState) -> dict[tuple[int, int, int], club_views.Line]:
    """A team event's lines with each side's IMPs on the board, an individual's with its
    partnerships' matchpoints (``kind_exports``), not a pairs field's matchpoints."""
    lines = club_views.results_of(state).lines
    try:
        published = teams_published(state) if state.config.kind in TEAM_KINDS \
            else individual_published(state)
    except AppError:
        published = None  # nothing scorable yet: the results as entered
    points = {} if published is None else {
        (line.round, line.table, line.board): (line.ns_points, line.ew_points)
        for line in published.lines}
    return {(line.round, line.table, line.board): replace(
        line, ns_value=points.get((line.round, line.table, line.board), (None, None))[0],
        ew_value=points.get((line.round, line.table, line.board), (None, None))[1])
        for line in lines}


def score_cards(state: ClubState, language: str) -> list[dict[str, Any]]:
    """Per pair: a row per board in the order played, the result, the score and the
    pair's points when recorded and scored (else blank, to fill in)."""
    movement = state.movement
    values = _values(state)
    ns_letters, ew_letters = side_letters(Side.NS, language), side_letters(Side.EW, language)
    cards = []
    for pair in sorted(movement.contestants):
        if pair in movement.phantoms:
            continue
        rows = []
        for encounter in sorted(movement.of(pair), key=lambda e: e.round):
            side = encounter.side_of(pair)
            for board in encounter.boards:
                line = values.get((encounter.round, encounter.table, board))
                points = None if line is None else (
                    line.ns_value if side is Side.NS else line.ew_value)
                score = None if line is None or line.score is None else (
                    line.score if side is Side.NS else -line.score)
                rows.append({
                    "round": encounter.round, "board": board,
                    "direction": ns_letters if side is Side.NS else ew_letters,
                    "opponents": views.pair_list(
                        encounter.ew if side is Side.NS else encounter.ns),
                    "text": "" if line is None else views.line_text(line, language),
                    "score": "" if score is None else score,
                    "points": views.number(points)})
        cards.append({"pair": pair, "name": state.name_of(pair), "rows": rows})
    return cards


def travellers(state: ClubState, language: str) -> list[dict[str, Any]]:
    """Per board: a row per table that plays it, in the order played, with the result, the
    score and each side's points when recorded (else blank)."""
    movement = state.movement
    values = _values(state)
    boards: dict[int, list[dict[str, Any]]] = {}
    for encounter in sorted(movement.encounters, key=lambda e: (e.round, e.table)):
        if movement.sit_out(encounter):
            continue
        for board in encounter.boards:
            line = values.get((encounter.round, encounter.table, board))
            ns, ew = _pairs(encounter)
            boards.setdefault(board, []).append({
                "round": encounter.round, "table": encounter.table, "ns": ns, "ew": ew,
                "text": "" if line is None else views.line_text(line, language),
                "ns_score": "" if line is None or line.score is None or line.score < 0
                else line.score,
                "ew_score": "" if line is None or line.score is None or line.score >= 0
                else -line.score,
                "ns_points": "" if line is None else views.number(line.ns_value),
                "ew_points": "" if line is None else views.number(line.ew_value)})
    return [{"board": board, "rows": rows} for board, rows in sorted(boards.items())]


def results(state: ClubState, say: Say) -> dict[str, Any]:
    """The rankings as the notice board shows them: a table per group (North-South and
    East-West in a two-winner Mitchell), with the pairs' names and percentages."""
    if ranked_by_kind(state):
        return _kind_results(state, say)
    scored = _scored(state)
    if scored is None:
        return {"groups": [], "empty": say("No result recorded yet.")}
    groups = []
    for index, group in enumerate(scored.rankings):
        side = scored.directions[index] if index < len(scored.directions) else None
        title = (say("North-South") if side is Side.NS else
                 say("East-West") if side is Side.EW else "")
        groups.append({"title": title, "rows": [
            {"place": s.place, "pair": s.pair, "name": s.name, "total": views.number(s.total),
             "percentage": views.number(s.percentage)} for s in group]})
    return {"groups": groups, "empty": ""}


def _kind_results(state: ClubState, say: Say) -> dict[str, Any]:
    """A team event's standings (VPs) or an individual's (percentages) for the notice
    board."""
    found = kind_standings_of(state)
    if found is None or (found.teams is None and not found.players):
        return {"groups": [], "empty": say("No result recorded yet.")}
    if found.teams is not None:
        return {"groups": [{"title": "", "contestant": say("Team"), "total": say("VPs"),
                            "rows": [{"place": s.place, "pair": s.team, "name": s.name,
                                      "total": f"{s.vp:.2f}", "percentage": ""}
                                     for s in found.teams.standings]}], "empty": ""}
    return {"groups": [{"title": "", "contestant": say("Player"), "total": say("Total"),
                        "rows": [{"place": s.place, "pair": s.player, "name": s.name,
                                  "total": views.number(s.total),
                                  "percentage": views.number(s.percentage)}
                                 for s in found.players]}], "empty": ""}
