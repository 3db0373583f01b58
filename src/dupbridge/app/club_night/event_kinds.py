"""Event kinds beyond the pairs session, and the scoring options a scorer names: what
``event new --kind`` creates and how ``event score`` scores it.

* pairs and barometer: matchpoints, Butler, cross-IMPs or total points (Law 78), with the
  conditions of contest (78D) chosen here: the matchpoint convention (2 per score beaten
  and 1 per tie, or the ACBL's 1 and ½), Neuberg factoring on or off, the Butler datum's
  trimming and rounding, the cross-IMP divisor, and a total factored to a stated number
  of boards (a pair that sat out is shown as if it had played them);
* teams (a round robin) and Swiss teams: each board's two tables give IMPs (78B) and each
  match Victory Points on a scale (78D): the WBF 2013 continuous 20-point scale for any
  number of boards, or a scale given as a table (an older discrete one, a federation's);
  a Swiss round is paired from the standings when the last one is complete;
* individual: a published individual movement; each player scores what his partnership
  scores on each board, and is ranked alone.

The options are kept with the event (its configuration) as plain values, so the event
scores the same way whenever it is read again."""

from __future__ import annotations

import csv
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Any

from dupbridge.app.club_night.ports import Action, Clock, Json, Store
from dupbridge.app.club_night.state import ClubState, record_action, state_of
from dupbridge.app.errors import BadInput, ResultRefused, translated
from dupbridge.core.messages import msg
from dupbridge.laws.machinery.scoring_profile import pairs_config, teams_config
from dupbridge.scoring.field import FieldScore, score_pairs
from dupbridge.scoring.field_config import PairsConfig, VictoryPoints
from dupbridge.scoring.field_teams import Match, TeamsScore, score_teams
from dupbridge.scoring.ranking import RankingConfig, by_value, rank
from dupbridge.scoring.results import BoardResult
from dupbridge.scoring.vp import wbf_vp
from dupbridge.tournament.changes import expected_results
from dupbridge.tournament.results import Entry
from dupbridge.tournament.sections import MAX_SECTIONS
from dupbridge.tournament.session_scoring import awaiting_director, board_results
from dupbridge.tournament.swiss import BYE, swiss_pairing
from dupbridge.tournament.teams import match_encounters, team_of
from dupbridge.tournament.validation import Plan, validate

KINDS = ("pairs", "barometer", "teams", "swiss", "individual")
TEAM_KINDS = ("teams", "swiss")
CONVENTIONS = {"2/1": "2/1", "1/0.5": "1/0.5", "acbl": "1/0.5", "1/½": "1/0.5"}
CROSS_DIVISORS = {"comparisons": "comparisons", "n": "n", "none": None}
ROUNDINGS = ("half-away", "half-up", "half-even")


@translated
def read_options(raw: Mapping[str, Any], *, kind: str) -> dict[str, Json]:
    """The scorer's options as the event keeps them, each checked: ``convention`` (2/1,
    acbl or 1/0.5), ``neuberg`` (bool), ``factor_to`` (boards), ``butler_drop`` (a
    number or auto), ``butler_rounding``, ``cross_divide`` (comparisons, n or none),
    ``vp_scale`` (wbf2013 or a scale file, read now), ``bye_vp`` (a Swiss bye's VPs),
    ``swiss_rounds``, ``sections`` (a pairs event in sections scored across the
    field). Unknown or malformed: ``BadInput`` naming it."""
    if kind not in KINDS:
        raise BadInput(msg("an event is one of {kinds}, not {kind}", kinds=", ".join(KINDS),
                           kind=kind))
    out: dict[str, Json] = {}
    for key, value in raw.items():
        if value is None:
            continue
        if key == "convention":
            if str(value).lower() not in CONVENTIONS:
                raise _bad("--mp-convention", "2/1, acbl", value)
            out[key] = CONVENTIONS[str(value).lower()]
        elif key == "neuberg":
            out[key] = bool(value)
        elif key in ("factor_to", "swiss_rounds"):
            out[key] = _whole(key, value, 1, 1000)
        elif key == "handicaps":
            out[key] = _handicaps(value, kind)
        elif key == "handicap_unit":
            if value not in ("percent", "mp-per-board"):
                raise _bad("--handicap-unit", "percent, mp-per-board", value)
            out[key] = str(value)
        elif key == "sections":
            if kind != "pairs":
                raise BadInput(msg("sections scored across the field are for a pairs "
                                   "event, not {kind}", kind=kind))
            out[key] = _whole(key, value, 1, MAX_SECTIONS)
        elif key == "butler_drop":
            out[key] = "auto" if str(value) == "auto" else _whole(key, value, 0, 100)
        elif key == "butler_rounding":
            if value not in ROUNDINGS:
                raise _bad("--butler-rounding", ", ".join(ROUNDINGS), value)
            out[key] = str(value)
        elif key == "cross_divide":
            if value not in CROSS_DIVISORS:
                raise _bad("--cross-divide", ", ".join(CROSS_DIVISORS), value)
            out[key] = str(value)
        elif key == "vp_scale" and isinstance(value, list):  # a scale read already
            out[key] = read_vp_text("vp_scale", "\n".join(",".join(map(str, row))
                                                          for row in value))
        elif key == "vp_scale":
            out[key] = "wbf2013" if value == "wbf2013" else read_vp_table(Path(str(value)))
        elif key == "bye_vp":
            try:
                out[key] = str(Decimal(str(value)))
            except InvalidOperation:
                raise _bad("--bye-vp", "a number such as 12", value) from None
        else:
            raise BadInput(msg("unknown scoring option {option}", option=key))
    return out


def _bad(option: str, allowed: str, value: object) -> BadInput:
    return BadInput(msg("{option} is {allowed}, not {value}", option=option, allowed=allowed,
                        value=str(value)))


def _handicaps(value: object, kind: str) -> dict[str, Json]:
    """Handicaps kept with the event: pair (7, or B3 in sections) -> a number as written,
    each read as an exact number now so that a wrong one is refused at once."""
    from fractions import Fraction as Exact

    if kind != "pairs":
        raise BadInput(msg("handicaps are added to the percentages of a matchpoint pairs "
                           "event"))
    out: dict[str, Json] = {}
    for pair, number in dict(value).items() if isinstance(value, Mapping) else ():
        try:
            Exact(str(number))
        except (ValueError, ZeroDivisionError):
            raise BadInput(msg("a handicap is a number such as 2.5 or -1, not {text}",
                               text=str(number)[:40])) from None
        out[str(pair).strip().upper()] = str(number).strip()
    return out


def _whole(key: str, value: object, low: int, high: int) -> int:
    try:
        number = int(str(value))
    except ValueError:
        number = low - 1
    if not low <= number <= high:
        raise BadInput(msg("{field}: a whole number from {low} to {high}, not {text}",
                           field=key, low=low, high=high, text=str(value)))
    return number


def read_vp_table(path: Path) -> list[list[str]]:
    """A VP scale as a table: rows ``IMPs,winner,loser`` (the lowest winning margin of
    each band and its VPs; a header line and ``#`` comments are skipped), the first band
    from 0. Kept with the event, so the file is not needed again."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(msg("{file}: {error}", file=str(path), error=str(error))) from None
    return read_vp_text(path.name, text)


def read_vp_text(name: str, text: str) -> list[list[str]]:
    """``read_vp_table`` of a file's text (the new-event form's upload), ``name`` naming
    it in a refusal."""
    rows: list[list[str]] = []
    for number, cells in enumerate(csv.reader(text.splitlines()), 1):
        if not cells or cells[0].strip().startswith("#") or not cells[0].strip()[:1].isdigit():
            continue
        try:
            imps, winner, loser = (Decimal(c.strip()) for c in cells[:3])
        except (ValueError, InvalidOperation):
            raise BadInput(msg("{file}, line {line}: expected IMPs, winner's VPs, loser's "
                               "VPs", file=name, line=number)) from None
        if rows and imps <= Decimal(rows[-1][0]):
            raise BadInput(msg("{file}, line {line}: the margins must increase",
                               file=name, line=number))
        rows.append([str(imps), str(winner), str(loser)])
    if not rows or Decimal(rows[0][0]) != 0:
        raise BadInput(msg("{file}: a VP scale starts at a margin of 0", file=name))
    return rows


def table_scale(rows: list[list[str]]) -> VictoryPoints:
    """A scale given as a table: the band whose lowest margin the IMP margin reaches (a
    fractional margin, from a weighted or artificial score, counts only its whole IMPs)."""
    bands = [(Decimal(a), Decimal(w), Decimal(lo)) for a, w, lo in rows]

    def scale(margin: Fraction, boards: int) -> tuple[Decimal, Decimal]:
        whole = Decimal(int(margin))
        winner, loser = bands[0][1], bands[0][2]
        for low, w, lo in bands:
            if whole >= low:
                winner, loser = w, lo
        return winner, loser
    return scale


def vp_scale(options: Mapping[str, Any]) -> VictoryPoints:
    chosen = options.get("vp_scale", "wbf2013")
    return wbf_vp if chosen == "wbf2013" else table_scale(list(chosen))


def pairs_options(state: ClubState) -> PairsConfig:
    """The pairs scoring of the event: the profile's (edition, Law 12) with the
    conditions of contest the scorer chose."""
    options = state.config.options
    changes: dict[str, Any] = {}
    if "convention" in options:
        changes["convention"] = options["convention"]
    if "neuberg" in options:
        changes["neuberg"] = bool(options["neuberg"])
    if "butler_drop" in options:
        changes["butler_drop"] = options["butler_drop"]
    if "butler_rounding" in options:
        changes["butler_rounding"] = options["butler_rounding"]
    if "cross_divide" in options:
        changes["cross_divide"] = CROSS_DIVISORS[str(options["cross_divide"])]
    return pairs_config(state.config.regulations, **changes)


def factored(total: Fraction, boards: int, options: Mapping[str, Any]) -> Fraction | None:
    """A total factored to the stated number of boards (``factor_to``), or None."""
    target = options.get("factor_to")
    if target is None or boards == 0:
        return None
    return total * int(target) / boards


# Teams


@dataclass(frozen=True, slots=True)
class TeamRoster:
    """A team's name and its players (Law 4: a team of four or more)."""

    name: str
    players: tuple[str, ...]


def roster_of(text: str) -> TeamRoster:
    """A team's line as the Director types it: ``Lions: Ana, Bea, Carlos, Dora`` (the
    name, then its players after a colon, separated by commas); a name alone lists none."""
    name, _, players = text.partition(":")
    return TeamRoster(name.strip(), tuple(p.strip() for p in players.split(",") if p.strip()))


@dataclass(frozen=True, slots=True)
class TeamStanding:
    place: str
    team: int
    name: str
    vp: Decimal
    imps: Fraction
    matches: int
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TeamMatchLine:
    """A match as scored (``scoring.field_teams.Match``: IMPs and VPs) and the round it
    was played in; its teams by number."""

    round: int
    match: Match

    @property
    def home(self) -> int:
        return int(self.match.home)

    @property
    def away(self) -> int:
        return int(self.match.away)


@dataclass(frozen=True, slots=True)
class TeamsResult:
    standings: tuple[TeamStanding, ...]
    matches: tuple[TeamMatchLine, ...]
    incomplete: int  # boards played at one table only so far (not scored yet)


def _team_results(state: ClubState
                  ) -> tuple[list[BoardResult], int, dict[frozenset[int], int]]:
    """Every result with its teams' numbers; boards of a match played at one table only
    are left out (counted), as they cannot be IMPed yet. Also the round of each match."""
    adjusted = {key: a.score for key, a in state.adjustments.items()}
    book = awaiting_director(state.book, adjusted)
    results = board_results(book, state.boards, adjusted)
    keyed: dict[tuple[int, frozenset[int]], list[BoardResult]] = {}
    rounds: dict[frozenset[int], int] = {}
    entries = [e for _, e in sorted(book.entries.items())]
    for result, entry in zip(results, entries, strict=True):
        ns, ew = team_of(entry.ns[0]), team_of(entry.ew[0])
        keyed.setdefault((result.board, frozenset((ns, ew))), []).append(
            replace(result, ns=str(ns), ew=str(ew)))
        rounds[frozenset((ns, ew))] = entry.round
    complete = [r for group in keyed.values() if len(group) == 2 for r in group]
    return complete, sum(1 for group in keyed.values() if len(group) == 1), rounds


def _scored_teams(state: ClubState, complete: list[BoardResult]) -> TeamsScore:
    config = teams_config(state.config.regulations,
                          victory_points=vp_scale(state.config.options))
    return score_teams(complete, config)


def team_board_results(state: ClubState) -> tuple[list[BoardResult], TeamsScore]:
    """The results of the boards played at both tables of their match, their teams by
    number (North-South, East-West), and what ``score_teams`` makes of them (each
    board's IMPs, each match's VPs): what the exports write beside the standings."""
    complete, _, _ = _team_results(state)
    return complete, _scored_teams(state, complete)


@translated
def score_teams_event(store: Store, event_id: str) -> TeamsResult:
    return score_teams_of(state_of(store, event_id))


def score_teams_of(state: ClubState) -> TeamsResult:
    """IMPs per board, VPs per match on the event's scale, the teams ranked on VPs (then
    IMPs); a Swiss bye counts the bye's VPs."""
    if not state.book.entries:
        raise ResultRefused(msg("event {event}: no result recorded yet",
                                event=state.record.id))
    complete, incomplete, rounds = _team_results(state)
    scored = _scored_teams(state, complete)
    vps: dict[int, Decimal] = {}
    imps: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    lines = []
    for match in scored.matches:
        home, away = int(match.home), int(match.away)
        # each team's IMPs are its own net margin (they need not balance: 12C2, 86)
        for team, vp, margin in ((home, match.home_vp, match.home_imps),
                                 (away, match.away_vp, match.away_imps)):
            vps[team] = vps.get(team, Decimal(0)) + (vp or Decimal(0))
            imps[team] = imps.get(team, Fraction(0)) + margin
            played[team] = played.get(team, 0) + 1
        lines.append(TeamMatchLine(rounds.get(frozenset((home, away)), 0), match))
    bye = Decimal(str(state.config.options.get("bye_vp", "12")))
    for team in swiss_byes(state):
        vps[team] = vps.get(team, Decimal(0)) + bye
    teams = sorted({team_of(c) for c in state.movement.contestants} | set(vps) |
                   (set(range(1, state.config.size + 1)) if state.config.kind == "swiss"
                    else set()))
    order = rank({str(t): vps.get(t, Decimal(0)) for t in teams},
                 config=RankingConfig((by_value({str(t): m for t, m in imps.items()}),)))
    rosters = {t: roster_of(state.name_of(t)) for t in teams}
    standings = tuple(TeamStanding(s.place, int(s.contestant),
                                   rosters[int(s.contestant)].name,
                                   vps.get(int(s.contestant), Decimal(0)),
                                   imps.get(int(s.contestant), Fraction(0)),
                                   played.get(int(s.contestant), 0),
                                   rosters[int(s.contestant)].players) for s in order)
    return TeamsResult(standings, tuple(sorted(lines, key=lambda m: (m.round, m.home))),
                       incomplete)


def swiss_byes(state: ClubState) -> list[int]:
    """The teams that had a bye in the Swiss rounds so far (recorded with each round)."""
    return [int(t) for t in state.config.options.get("byes", ())] + \
        [int(t) for t in _byes_of(state)]


def _byes_of(state: ClubState) -> Iterable[int]:
    """The team left out of each Swiss round paired (an odd number of teams), read from
    the movement itself rather than from the journal's actions, which the states a
    viewer may see (``visibility.restricted``) do not carry."""
    if state.config.kind != "swiss":
        return ()
    teams = set(range(1, state.config.size + 1))
    return (bye for round_ in range(1, state.movement.rounds + 1)
            for bye in sorted(teams - {team_of(c) for e in state.movement.in_round(round_)
                                       for c in e.contestants}))


@dataclass(frozen=True, slots=True)
class SwissRound:
    round: int
    matches: tuple[tuple[int, int], ...]
    bye: int | None
    repeats: int


def first_swiss_round(teams: int, boards_per_round: int) -> tuple[list[Any], int | None]:
    """The first round's tables (teams in number order: 1 v 2, 3 v 4...) and its bye."""
    pairing = swiss_pairing({t: 0.0 for t in range(1, teams + 1)})
    return _tables(1, pairing.matches, boards_per_round)


def _tables(round_number: int, matches: Iterable[tuple[int, int]], boards_per_round: int
            ) -> tuple[list[Any], int | None]:
    real = [(a, b) for a, b in matches if BYE not in (a, b)]
    bye = next((a if b == BYE else b for a, b in matches if BYE in (a, b)), None)
    first = (round_number - 1) * boards_per_round + 1
    boards = tuple(range(first, first + boards_per_round))
    return match_encounters(round_number, real, boards, round_number), bye


@translated
def next_swiss_round(store: Store, clock: Clock, event_id: str, *, who: str,
                     action_id: str | None = None) -> SwissRound:
    """Pair the next Swiss round from the standings (VPs) once every match of the last
    round is complete: like scores meet, no repeat meeting while a pairing without one
    exists (``swiss_pairing``); a new movement version, validated again."""
    state = state_of(store, event_id)
    if state.config.kind != "swiss":
        raise ResultRefused(msg("event {event} is not a Swiss event", event=event_id))
    last = state.movement.rounds
    planned = int(state.config.options.get("swiss_rounds", 0))
    if last >= planned:
        raise ResultRefused(msg("all {rounds} rounds of event {event} are paired",
                                rounds=planned, event=event_id))
    waiting = [e for e in state.movement.in_round(last) for b in e.boards
               if (e.round, e.table, b) not in state.book.entries]
    if waiting:
        raise ResultRefused(msg("round {round} is not complete: table {table}, board {board} "
                                "has no result", round=last, table=waiting[0].table,
                                board=waiting[0].boards[0]))
    standings = {s.team: float(s.vp) for s in score_teams_of(state).standings} \
        if state.book.entries else {}
    teams = list(range(1, state.config.size + 1))
    met = {(team_of(e.ns[0]), team_of(e.ew[0])) for e in state.movement.encounters}
    pairing = swiss_pairing({t: standings.get(t, 0.0) for t in teams}, met,
                            byes=swiss_byes(state))
    encounters, bye = _tables(last + 1, pairing.matches, state.config.boards_per_round)
    movement = state.movement.revised([*state.movement.encounters, *encounters],
                                      f"Swiss round {last + 1} paired")
    problems = validate(movement, Plan.of(movement, meetings=1))
    if problems and pairing.repeats == 0:
        raise ResultRefused(msg("the movement is not valid: {problem}",
                                problem=problems[0].message))
    from dupbridge.app.club_night.journal import movement_json

    action = Action(action_id or uuid.uuid4().hex, event_id, "movement", who, clock.now(),
                    movement.note, {"movement": movement_json(movement), "bye": bye,
                                    "affected": []})
    record_action(store, state, action)
    return SwissRound(last + 1, tuple(m for m in pairing.matches if BYE not in m), bye,
                      pairing.repeats)


# Individuals


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    place: str
    player: int
    name: str
    total: Fraction
    percentage: Fraction | None
    boards: int


@translated
def score_individual_event(store: Store, event_id: str) -> tuple[PlayerStanding, ...]:
    return score_individual_of(state_of(store, event_id))


def score_individual_of(state: ClubState) -> tuple[PlayerStanding, ...]:
    """Each board matchpointed as in a pairs event (the partnership of the round is the
    side); a player's total is the sum of his sides' scores, ranked on the percentage of
    what was available to him."""
    if not state.book.entries:
        raise ResultRefused(msg("event {event}: no result recorded yet",
                                event=state.record.id))
    entries, field = individual_field(state)
    totals: dict[int, Fraction] = {}
    available: dict[int, Fraction] = {}
    boards: dict[int, int] = {}
    for i, entry in enumerate(entries):
        for side, value in ((entry.ns, field.ns(i)), (entry.ew, field.ew(i))):
            for player in side:
                totals[player] = totals.get(player, Fraction(0)) + value
                available[player] = available.get(player, Fraction(0)) + field.top(i)
                boards[player] = boards.get(player, 0) + 1

    def percentage(player: int) -> Fraction | None:
        return 100 * totals[player] / available[player] if available[player] else None

    order = rank({str(p): percentage(p) or Fraction(0) for p in totals})
    return tuple(PlayerStanding(s.place, int(s.contestant), state.name_of(int(s.contestant)),
                                totals[int(s.contestant)], percentage(int(s.contestant)),
                                boards[int(s.contestant)]) for s in order)


def individual_field(state: ClubState) -> tuple[tuple[Entry, ...], FieldScore]:
    """Each board matchpointed as in a pairs event (the round's partnerships as the
    sides): the entries scored, in the field's order, and the field."""
    adjusted = {key: a.score for key, a in state.adjustments.items()}
    config = pairs_options(state)
    if config.expected is None:
        config = replace(config, expected=expected_results(state.movement))
    book = awaiting_director(state.book, adjusted)
    field = score_pairs(board_results(book, state.boards, adjusted), "matchpoints", config)
    return tuple(e for _, e in sorted(book.entries.items())), field


@translated
def event_kind(store: Store, event_id: str) -> str:
    """The event's kind (pairs, barometer, teams, swiss, individual)."""
    return state_of(store, event_id).config.kind
