"""Handicap pairs for a club session: the handicap ranking published beside the scratch
one (``scoring.handicap``), on the totals after procedural penalties (Law 90)."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

from dupbridge.app.club_night.event_kinds import pairs_options
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.section_rankings import pairs_per_section
from dupbridge.app.club_night.state import SCORING_METHODS, ClubState, state_of
from dupbridge.app.errors import BadInput, ResultRefused, translated
from dupbridge.core.messages import msg
from dupbridge.scoring.field_config import PairsMethod
from dupbridge.scoring.handicap import UNITS, Handicap, HandicapUnit, handicap_ranking
from dupbridge.tournament.sections import contestant_of, section_label
from dupbridge.tournament.session_scoring import score_session


@dataclass(frozen=True, slots=True)
class HandicapStanding:
    place: str
    pair: int
    label: str  # as the scorer shows it: 7, or B3 in an event in sections
    name: str
    scratch: Fraction
    handicap: Fraction
    handicapped: Fraction


def read_handicaps(pairs: Iterable[str], file: Path | None = None) -> dict[str, str]:
    """``PAIR=VALUE`` words and a CSV file of ``pair,handicap`` rows (a header row with
    the word pair is skipped), as given; read as numbers by ``handicap_standings``."""
    given: dict[str, str] = {}
    rows: list[list[str]] = []
    if file is not None:
        try:
            with file.open(newline="", encoding="utf-8") as handle:
                rows = [row for row in csv.reader(handle) if row]
        except OSError:
            raise BadInput(msg("cannot read the handicap file {file}", file=file.name)) from None
    for row in rows:
        if row[0].strip().lower() == "pair":
            continue
        if len(row) != 2:
            raise BadInput(msg("a handicap row is pair,handicap, not {text}",
                               text=",".join(row)[:40]))
        given[row[0].strip()] = row[1].strip()
    for word in pairs:
        pair, sign, value = word.partition("=")
        if not sign:
            raise BadInput(msg("a handicap is PAIR=VALUE such as 7=2.5, not {text}",
                               text=word[:40]))
        given[pair.strip()] = value.strip()
    return given


@translated
def event_handicaps(store: Store, event_id: str) -> tuple[dict[str, str], str]:
    return stored_handicaps(state_of(store, event_id))


def stored_handicaps(state: ClubState) -> tuple[dict[str, str], str]:
    """The handicaps kept with the event when it was created, and their unit."""
    kept = state.config.options.get("handicaps", {})
    given = {str(k): str(v) for k, v in kept.items()} if isinstance(kept, Mapping) else {}
    return given, str(state.config.options.get("handicap_unit", "percent"))


def _number(text: str) -> Fraction:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise BadInput(msg("a handicap is a number such as 2.5 or -1, not {text}",
                           text=text[:40])) from None


@translated
def handicap_standings(store: Store, event_id: str, given: Mapping[str, str],
                       unit: str = "percent") -> tuple[tuple[HandicapStanding, ...], ...]:
    """The session's handicap rankings, one beside each scratch ranking (two for a
    two-winner Mitchell): each pair's percentage with its handicap (``unit`` percent:
    percentage points; mp-per-board: matchpoints per board played)."""
    return handicap_standings_of(state_of(store, event_id), given, unit)


def handicap_standings_of(state: ClubState, given: Mapping[str, str],
                          unit: str = "percent"
                          ) -> tuple[tuple[HandicapStanding, ...], ...]:
    if unit not in UNITS:
        raise BadInput(msg("a handicap unit is {units}, not {unit}", units=", ".join(UNITS),
                           unit=unit[:40]))
    chosen: HandicapUnit = "percent" if unit == "percent" else "mp-per-board"
    if state.config.scoring != "matchpoints" or state.config.kind != "pairs":
        raise BadInput(msg("handicaps are added to the percentages of a matchpoint pairs "
                           "event"))
    if not state.book.entries:
        raise ResultRefused(msg("event {event}: no result recorded yet",
                                event=state.record.id))
    size = pairs_per_section(state)
    handicaps: dict[str, Handicap] = {}
    for label, value in given.items():
        try:
            pair = contestant_of(label, size) if size else int(label)
        except ValueError:
            pair = 0
        if pair not in state.movement.contestants:
            raise BadInput(msg("pair {pair} is not in the movement", pair=label[:20]))
        handicaps[str(pair)] = Handicap(_number(value), chosen)
    method: PairsMethod = next(m for m in SCORING_METHODS if m == state.config.scoring)
    adjusted = {key: a.score for key, a in state.adjustments.items()}
    scored = score_session(state.movement, state.book, state.boards, method=method,
                           config=pairs_options(state), adjusted=adjusted,
                           penalties=state.penalties)
    pairs = {name: replace(total, total=scored.totals[name])
             for name, total in scored.field.pairs.items()}
    absent = sorted(set(handicaps) - set(pairs), key=int)
    if absent:
        raise BadInput(msg("pair {pair} played no board", pair=absent[0]))
    out = []
    for group in scored.rankings:  # one handicap ranking per scratch one
        members = {r.contestant for r in group}
        out.append(tuple(
            HandicapStanding(line.place, int(line.pair),
                             section_label(int(line.pair), size) if size else line.pair,
                             state.name_of(int(line.pair)), line.scratch,
                             line.handicap.value, line.handicapped)
            for line in handicap_ranking({p: pairs[p] for p in members},
                                         {p: h for p, h in handicaps.items() if p in members},
                                         )))
    return tuple(out)
