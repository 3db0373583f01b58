"""``dupbridge event new | enter | import | correct | score | ...`` and ``dupbridge db``:
running a club session from the command line. Arguments and printing only; the work is
``dupbridge.app.club_night.commands``.

Every command takes ``--db URL`` (or ``DUPBRIDGE_DB``; default ``./dupbridge.db``, a
SQLite file; ``postgresql://...`` for PostgreSQL) and ``--now`` (or ``DUPBRIDGE_NOW``:
an ISO 8601 moment that stands for the clock, for tests and for replaying a session as it
happened; the system clock otherwise). A mistake is one line on standard error naming
where and what, exit code 2, and nothing already recorded is touched."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from dupbridge.cli.event_preparation import (
    ArrowSwitch,
    BoardsPerRound,
    MovementFile,
    MovementName,
    Relay,
    Rounds,
    event_app,
)
from dupbridge.cli.failure import fail
from dupbridge.core.messages import msg

if TYPE_CHECKING:
    from dupbridge.adapters.sql.store import SqlStore
    from dupbridge.app.club_night.commands import MovementChange
    from dupbridge.app.club_night.ports import Clock
    from dupbridge.app.club_night.result_input import ResultInput

db_app = typer.Typer(help="The club-session database: its schema migrations.",
                     no_args_is_help=True, add_completion=False, rich_markup_mode=None)

Db = Annotated[str | None, typer.Option(
    "--db", envvar="DUPBRIDGE_DB",
    help="Database URL or SQLite file (default ./dupbridge.db; postgresql://... too)")]
Now = Annotated[str | None, typer.Option(
    "--now", envvar="DUPBRIDGE_NOW",
    help="The clock, as an ISO 8601 moment: for tests and replays only")]
Lang = Annotated[str, typer.Option("--lang", envvar="DUPBRIDGE_LANG",
                                   help="Language of messages: en, es, fr or pt")]
Who = Annotated[str, typer.Option("--who", help="Who records it (audit trail)")]
Why = Annotated[str, typer.Option("--why", help="Why (audit trail)")]
EventId = Annotated[str, typer.Argument(help="The event's id (see 'event list')")]


class _Failed(Exception):
    pass


def _say(text: str, language: str) -> str:
    from dupbridge.i18n.catalogues import LANGUAGES, render

    return render(text, language if language in LANGUAGES else "en")


@contextmanager
def _session(db: str | None, now: str | None, language: str
             ) -> Iterator[tuple[SqlStore, Clock]]:
    """The store and the clock; every refusal (``AppError``: the use cases and the store
    report nothing else) becomes one line and exit code 2."""
    from dupbridge.adapters.sql.store import open_store
    from dupbridge.app.club_night.ports import FixedClock, SystemClock
    from dupbridge.app.errors import AppError
    from dupbridge.i18n.catalogues import LANGUAGES

    if language not in LANGUAGES:
        _fail(msg("--lang is one of {languages}, not {value}", languages=LANGUAGES,
                  value=language))
    clock: Clock = SystemClock()
    if now:
        try:
            moment = datetime.fromisoformat(now)
        except ValueError:
            _fail(msg("--now is an ISO 8601 moment such as 2026-11-26T21:30:00+00:00, "
                      "not {value}", value=now), language)
        clock = FixedClock(moment if moment.tzinfo else moment.replace(tzinfo=UTC))
    store = None
    try:
        store = open_store(db)
        yield store, clock
    except AppError as error:
        _fail(error.message, language)
    except OSError as error:  # a file the command reads or writes
        _fail(str(error).splitlines()[0], language)
    finally:
        if store is not None:
            store.close()


def _fail(message: str, language: str = "en") -> Any:
    """One line on standard error, in the reader's language; exit code 2."""
    fail(_say(message, language))


# What became of an entry (app.club.status_of), as the scorer reads it.
_STATUS = {"recorded": msg("recorded"), "duplicate": msg("the same result is already recorded"),
           "retry": msg("already received (a retry)"), "dispute": msg("disputed (79B)"),
           "conflict": msg("conflict for the Director")}


def _show_change(language: str, change: MovementChange) -> None:
    _show(language, msg("movement v{version}: {note}; {count} results affected",
                        version=change.version, note=change.note,
                        count=len(change.affected)))


def _show(language: str, message: str) -> None:
    _console().print(_say(message, language), highlight=False, markup=False)


def _console() -> Any:
    from rich.console import Console

    return Console()


def hours(moment: datetime | None, zone: str, layout: str = "%H:%M") -> str:
    """``moment`` on the club's clock (``zone``: the event's time zone)."""
    from dupbridge.app.club_night.local_time import local

    return "" if moment is None else local(moment, zone).strftime(layout)


def _result(round_number: int, table: int, board: int, words: list[str],
            lead: str | None, code: str | None, agreed: bool, language: str,
            score: int | None = None) -> ResultInput:
    """``4SX N 10`` (contract, declarer, tricks), ``PASS``, or nothing with ``--code`` or
    ``--score``: read here, once, into the command the use case records."""
    from dupbridge.app.club_night.result_input import PASSED, ResultInput
    from dupbridge.app.errors import AppError

    at = {"round": round_number, "table": table, "board": board}
    if score is not None:
        if words or code is not None:
            _fail(msg("round {round}, table {table}, board {board}: give either the score "
                      "or the contract, not both", **at), language)
        return ResultInput(round_number, table, board, score=score, agreed=agreed)
    if code is not None and words:
        _fail(msg("round {round}, table {table}, board {board}: give either a result "
                  "or --code, not both", **at), language)
    passed = len(words) == 1 and words[0].upper() in PASSED
    if code is None and not passed and len(words) != 3:
        _fail(msg("round {round}, table {table}, board {board}: write the result as "
                  "contract, declarer and tricks (4SX N 10), PASS, or give --code A60/40",
                  **at), language)
    try:
        if code is not None:
            return ResultInput(round_number, table, board, code=code, agreed=agreed)
        if passed:
            return ResultInput(round_number, table, board, "PASS", agreed=agreed)
        try:
            tricks = int(words[2])
        except ValueError:
            _fail(msg("round {round}, table {table}, board {board}: tricks must be a "
                      "number from 0 to 13, not {value}", **at, value=words[2]), language)
        return ResultInput(round_number, table, board, words[0], words[1], tricks, lead,
                           agreed=agreed)
    except AppError as error:
        _fail(error.message, language)
        raise  # pragma: no cover (_fail exits)


Round = Annotated[int, typer.Option("--round", help="Round number")]
Table = Annotated[int, typer.Option("--table", help="Table number")]
BoardNo = Annotated[int, typer.Option("--board", help="Board number")]
Words = Annotated[list[str] | None, typer.Argument(
    help="The result: contract, declarer and tricks (4SX N 10), or PASS")]
Lead = Annotated[str | None, typer.Option("--lead", help="Opening lead, e.g. HA")]
Code = Annotated[str | None, typer.Option("--code", help="Adjusted-score code, e.g. A60/40")]


@event_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The event's name")],
    event_id: Annotated[str | None, typer.Option("--id", help="Its id (default: from the "
                                                  "name and the date)")] = None,
    profile: Annotated[str, typer.Option(help="Regulating-Authority profile (wbf-2017, "
                                         "aeb-2007...) or a TOML file")] = "wbf-2017",
    scoring: Annotated[str, typer.Option(help="matchpoints, butler, cross-imps or "
                                         "total-points")] = "matchpoints",
    movement: Annotated[str, typer.Option(help="mitchell, howell, barometer or teams")
                        ] = "mitchell",
    size: Annotated[int, typer.Option(help="Tables (mitchell) or pairs (howell, barometer)")
                    ] = 7,
    boards: BoardsPerRound = 3,
    relay: Relay = False,
    arrow_switch: ArrowSwitch = "none",
    rounds: Rounds = None,
    movement_file: MovementFile = None,
    movement_name: MovementName = None,
    ew_numbering: Annotated[str, typer.Option(
        "--ew-numbering", help="Mitchell East-West pairs: offset (tables+1 up) or direction "
        "(1 up with EW)")] = "offset",
    kind: Annotated[str, typer.Option(
        "--kind", help="pairs, barometer, teams (round robin of --size teams), swiss "
        "(--size teams, --rounds rounds) or individual (--movement-file)")] = "pairs",
    mp_convention: Annotated[str | None, typer.Option(
        "--mp-convention", help="Matchpoints: 2/1 (2 a score beaten, 1 a tie) or acbl "
        "(1 and 1/2)")] = None,
    neuberg: Annotated[bool | None, typer.Option(
        "--neuberg/--no-neuberg", help="Factor boards played fewer times (Neuberg)")] = None,
    factor_to: Annotated[int | None, typer.Option(
        "--factor-to", help="Also show each total factored to this many boards (a pair "
        "that sat out)")] = None,
    butler_drop: Annotated[str | None, typer.Option(
        "--butler-drop", help="Butler datum: scores dropped at each end (a number or "
        "auto)")] = None,
    butler_rounding: Annotated[str | None, typer.Option(
        "--butler-rounding", help="Butler datum rounded to 10: half-away, half-up or "
        "half-even")] = None,
    cross_divide: Annotated[str | None, typer.Option(
        "--cross-divide", help="Cross-IMPs divided by: comparisons, n or none")] = None,
    vp_scale: Annotated[str | None, typer.Option(
        "--vp-scale", help="Teams: wbf2013 (continuous, any number of boards) or a scale "
        "file (CSV rows: IMPs, winner's VPs, loser's VPs)")] = None,
    bye_vp: Annotated[str | None, typer.Option(
        "--bye-vp", help="Swiss: the VPs a team with a bye scores (default 12)")] = None,
    sections: Annotated[int | None, typer.Option(
        "--sections", help="Pairs: this many sections, each the movement on the same "
        "boards, scored across the field")] = None,
    handicap: Annotated[list[str] | None, typer.Option(
        "--handicap", help="Handicap pairs: a pair's handicap, PAIR=VALUE (7=2.5, B3=-1), "
        "kept with the event")] = None,
    handicap_unit: Annotated[str | None, typer.Option(
        "--handicap-unit", help="percent (percentage points) or mp-per-board (matchpoints "
        "per board played)")] = None,
    absent: Annotated[str, typer.Option(help="Pairs absent at the start (phantoms), e.g. "
                                        "14")] = "",
    deal: Annotated[bool, typer.Option(help="Deal the boards (Law 6) with a commitment")
                    ] = True,
    seed: Annotated[str | None, typer.Option(help="Dealing seed in hexadecimal: tests and "
                                             "replays only")] = None,
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "scorer",
) -> None:
    """Create an event: its movement, validated, and its boards dealt with a commitment."""
    from dupbridge.app.club_night.commands import NewEvent, create_event
    from dupbridge.app.club_night.handicaps import read_handicaps

    try:
        absent_pairs = tuple(int(p) for p in absent.split(",") if p.strip())
    except ValueError:
        _fail(msg("--absent lists pair numbers such as 13,14, not {value}", value=absent),
              lang)
    with _session(db, now, lang) as (store, clock):
        view = create_event(store, clock, NewEvent(
            name, profile, scoring, movement, size, boards, relay, arrow_switch,
            absent_pairs, None, deal, seed, event_id, rounds,
            None if movement_file is None else str(movement_file), movement_name,
            ew_numbering, kind, {
                "convention": mp_convention, "neuberg": neuberg, "factor_to": factor_to,
                "butler_drop": butler_drop, "butler_rounding": butler_rounding,
                "cross_divide": cross_divide, "vp_scale": vp_scale, "bye_vp": bye_vp,
                "sections": sections,
                "handicaps": read_handicaps(handicap) if handicap else None,
                "handicap_unit": handicap_unit}),
            who=who)
        labels = [str(p) for p in view.pairs]
        if kind == "swiss":
            labels = [str(t) for t in range(1, size + 1)]
        elif kind == "teams":
            labels = [str(t) for t in sorted({(p + 1) // 2 for p in view.pairs})]
        elif sections is not None and sections > 1:
            from dupbridge.tournament.sections import section_label

            labels = [section_label(p, max(view.pairs + view.phantoms) // sections)
                      for p in view.pairs]
        elif ew_numbering == "direction" and movement == "mitchell" and movement_file is None:
            from dupbridge.tournament.mitchell import pair_label

            labels = [pair_label(p, view.tables, "direction") for p in view.pairs]
        common = {"id": view.id, "movement": view.movement, "rounds": view.rounds,
                  "first": view.boards[0], "last": view.boards[-1]}
        if kind in ("teams", "swiss"):
            _show(lang, msg("{id}: {movement}, {rounds} rounds, boards {first}-{last}, "
                            "teams {teams}", teams=", ".join(labels), **common))
        elif kind == "individual":
            _show(lang, msg("{id}: {movement}, {rounds} rounds, boards {first}-{last}, "
                            "players {players}", players=", ".join(labels), **common))
        else:
            _show(lang, msg("{id}: {movement}, {rounds} rounds, boards {first}-{last}, "
                            "pairs {pairs}", pairs=", ".join(labels), **common))
        if view.phantoms:
            _show(lang, msg("phantoms: {pairs}", pairs=", ".join(map(str, view.phantoms))))
        if view.commitment:
            _show(lang, msg("dealing commitment (publish before play): {commitment}",
                            commitment=view.commitment))


@event_app.command("enter")
def enter(
    event: EventId, round_number: Round, table: Table, board: BoardNo,
    result: Words = None, lead: Lead = None, code: Code = None,
    score: Annotated[int | None, typer.Option(
        help="A score-only traveller: North-South's score (420, -50), no contract")] = None,
    disputed: Annotated[bool, typer.Option(help="One side does not agree the tricks "
                                           "(79B)")] = False,
    entry_id: Annotated[str | None, typer.Option("--id", help="Client id: sending it again "
                                                  "is harmless")] = None,
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "scorer",
) -> None:
    """Enter one result: enter EVENT --round 1 --table 3 --board 4 4SX N 10 --lead HA."""
    from dupbridge.app.club_night.commands import enter_result

    given = _result(round_number, table, board, result or [], lead, code, not disputed,
                    lang, score)
    with _session(db, now, lang) as (store, clock):
        recorded = enter_result(store, clock, event, given, entry_id=entry_id, who=who)
        _show(lang, msg("{status}: {id}", status=_say(_STATUS.get(
            recorded.status, recorded.status), lang), id=recorded.id))


@event_app.command("import")
def import_file(
    event: Annotated[str, typer.Argument(help="The event's id, or another program's results "
                                         "file (USEBIO .xml, or PBN .pbn with a ScoreTable "
                                         "per board) to make a new event of")],
    file: Annotated[Path | None, typer.Argument(help="CSV or JSON traveller file "
                                                "(docs/club-import.md)")] = None,
    event_id: Annotated[str | None, typer.Option("--id", help="With a results file: the new "
                                                  "event's id (default: the file's name)")
                        ] = None,
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "scorer",
) -> None:
    """Import results from a traveller file into EVENT (all checked first, nothing written
    if a row is wrong), or another program's results file as a new event."""
    from dupbridge.app.club_night.traveller_import import import_results, read_rows

    if file is None:
        from dupbridge.app.club_night.result_files import import_results_file

        with _session(db, now, lang) as (store, clock):
            brought = import_results_file(store, clock, Path(event), event_id=event_id,
                                          who=who)
        _show(lang, msg("{id}: {results} results of {pairs} pairs imported from {file}",
                        id=brought.view.id, results=brought.results,
                        pairs=len(brought.view.pairs), file=Path(event).name))
        for warning in brought.warnings:
            _show(lang, msg("warning: {warning}", warning=warning))
        return
    with _session(db, now, lang) as (store, clock):
        done = import_results(store, clock, event, read_rows(file), who=who)
        _show(lang, msg("{rows} rows: {recorded} recorded, {retries} already there, "
                        "{disputes} disputes, {conflicts} conflicts", rows=done.rows,
                        recorded=done.recorded, retries=done.retries,
                        disputes=done.disputes, conflicts=done.conflicts))


@event_app.command("correct")
def correct(
    event: EventId, round_number: Round, table: Table, board: BoardNo,
    result: Words = None, lead: Lead = None, code: Code = None, why: Why = "",
    director_certain: Annotated[bool, typer.Option(help="79C2: the Director is certain "
                                                   "the record is wrong")] = False,
    organizer_agrees: Annotated[bool, typer.Option(help="79C2: the Tournament Organizer "
                                                   "agrees")] = False,
    after_round: Annotated[bool, typer.Option(help="2007 79B2 / 2017 79B3: the Director was "
                                              "called about the tricks after the end of the "
                                              "round (by default only the side the result "
                                              "lowers is changed: a split score)")] = False,
    convinced: Annotated[bool, typer.Option(help="with --after-round: the Director is "
                                            "clearly convinced, both sides change")] = False,
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "director",
) -> None:
    """Correct a recorded result (79C), with the audit trail; after the end of the round,
    79B2 / 79B3 (--after-round)."""
    from dupbridge.app.club_night.commands import correct_result

    given = _result(round_number, table, board, result or [], lead, code, True, lang)
    with _session(db, now, lang) as (store, clock):
        if after_round:
            from dupbridge.app.club_night.late_correction import correct_after_round

            late = correct_after_round(store, clock, event, given,
                                       convinced=True if convinced else None, who=who,
                                       why=why)
            _show(lang, msg("split score recorded ({law}): NS {ns:+d} / EW {ew:+d}",
                            law=late.law, ns=late.ns, ew=-late.ew) if late.split else
                  msg("corrected for both sides ({law}): {id}", law=late.law,
                      id=late.recorded.id))
            return
        done = correct_result(store, clock, event, given, who=who, why=why,
                              director_certain=director_certain,
                              organizer_agrees=organizer_agrees)
        _show(lang, msg("corrected: {id}", id=done.id))


@event_app.command("rule")
def rule(
    event: EventId,
    dispute: Annotated[str, typer.Argument(help="The disputed entry's id")],
    round_number: Round, table: Table, board: BoardNo,
    result: Words = None, lead: Lead = None, code: Code = None, why: Why = "",
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "director",
) -> None:
    """79B2: the Director decides the score of a disputed entry."""
    from dupbridge.app.club_night.commands import rule_on_dispute

    given = _result(round_number, table, board, result or [], lead, code, True, lang)
    with _session(db, now, lang) as (store, clock):
        done = rule_on_dispute(store, clock, event, dispute, given, who=who, why=why)
        _show(lang, msg("ruled: {id}", id=done.id))


@event_app.command("resolve")
def resolve(
    event: EventId,
    conflict: Annotated[str, typer.Argument(help="The second entry's id")],
    keep: Annotated[str, typer.Option(help="first or second")] = "first", why: Why = "",
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "director",
) -> None:
    """Settle two different results for one board and table: keep the first or second."""
    from dupbridge.app.club_night.commands import resolve_conflict

    with _session(db, now, lang) as (store, clock):
        done = resolve_conflict(store, clock, event, conflict, keep, who=who, why=why)
        _show(lang, msg("settled: {id}", id=done.id))


@event_app.command("late-pair")
def add_late(
    event: EventId,
    pair: Annotated[int, typer.Option(help="The late pair's number")],
    phantom: Annotated[int, typer.Option(help="The phantom whose place it takes")],
    from_round: Annotated[int, typer.Option(help="First round it plays")],
    name: Annotated[str, typer.Option(help="Its players")] = "",
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "director",
) -> None:
    """A late pair takes a phantom's place: a new movement version, validated again."""
    from dupbridge.app.club_night.commands import add_late_pair

    with _session(db, now, lang) as (store, clock):
        change = add_late_pair(store, clock, event, late=pair, phantom=phantom,
                               from_round=from_round, name=name, who=who)
        _show_change(lang, change)


@event_app.command("withdraw")
def withdraw(
    event: EventId,
    pair: Annotated[int, typer.Option(help="The pair that leaves")],
    phantom: Annotated[int, typer.Option(help="A new number for the phantom in its seat")],
    from_round: Annotated[int, typer.Option(help="First round it does not play")],
    why: Why = "", db: Db = None, now: Now = None, lang: Lang = "en",
    who: Who = "director",
) -> None:
    """A pair withdraws: a phantom takes its seat, its opponents sit out (boards factored)."""
    from dupbridge.app.club_night.commands import withdraw_pair

    with _session(db, now, lang) as (store, clock):
        change = withdraw_pair(store, clock, event, pair=pair, phantom=phantom,
                               from_round=from_round, who=who, why=why)
        _show_change(lang, change)


@event_app.command("adjust")
def adjust(
    event: EventId, round_number: Round, table: Table, board: BoardNo,
    score: Annotated[str, typer.Argument(help="A60/40 (artificial, 12C2) or '4S N 10' "
                                         "(assigned, 12C1)")],
    why: Why = "", db: Db = None, now: Now = None, lang: Lang = "en",
    who: Who = "director",
) -> None:
    """Law 12: an adjusted score in place of a board's result at a table."""
    from dupbridge.app.club_night.commands import adjust_score

    with _session(db, now, lang) as (store, clock):
        adjust_score(store, clock, event, round=round_number, table=table, board=board,
                     score=score, who=who, why=why)
        _show(lang, msg("adjusted: round {round}, table {table}, board {board}: {score}",
                        round=round_number, table=table, board=board, score=score))


@event_app.command("penalty")
def penalty(
    event: EventId,
    pair: Annotated[int, typer.Option(help="The pair penalised")],
    amount: Annotated[str, typer.Option(help="Deducted from its total (matchpoints; IMPs "
                                        "in a Butler), e.g. 3 or 1/2")],
    clause: Annotated[str, typer.Option(help="90B1-90B8, or 90A")] = "90A",
    board: Annotated[int | None, typer.Option(help="The board it was given on")] = None,
    why: Why = "", db: Db = None, now: Now = None, lang: Lang = "en",
    who: Who = "director",
) -> None:
    """Law 90: a procedural penalty on a pair's total."""
    from fractions import Fraction

    from dupbridge.app.club_night.commands import penalise

    try:
        value = Fraction(amount)
    except (ValueError, ZeroDivisionError):
        _fail(msg("--amount is a number such as 3 or 1/2, not {value}", value=amount),
              lang)
    with _session(db, now, lang) as (store, clock):
        penalise(store, clock, event, pair=pair, amount=value, clause=clause, board=board,
                 who=who, why=why)
        _show(lang, msg("penalty: pair {pair}, {amount} ({clause})", pair=pair,
                        amount=amount, clause=clause))


@event_app.command("names")
def names(
    event: EventId,
    pairs: Annotated[list[str], typer.Argument(help="PAIR=NAMES, e.g. 3='Ana & Bea'")],
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "scorer",
) -> None:
    """Enter the players' names of pairs."""
    from dupbridge.app.club_night.commands import name_pairs

    given = {}
    for item in pairs:
        number, _, name = item.partition("=")
        if not number.strip().isdigit() or not name.strip():
            _fail(msg("write a pair's names as 3='Ana & Bea', not {value}", value=item), lang)
        given[int(number)] = name.strip()
    with _session(db, now, lang) as (store, clock):
        view = name_pairs(store, clock, event, given, who=who)
        for pair in sorted(given):
            _show(lang, msg("pair {pair}: {names}", pair=pair, names=view.names[pair]))


@event_app.command("appeal")
def appeal(
    event: EventId, round_number: Round, table: Table, board: BoardNo,
    pair: Annotated[int, typer.Option(help="The pair appealing")],
    partner_consents: Annotated[bool, typer.Option(help="92D1: both members consent")
                                ] = False,
    why: Why = "", db: Db = None, now: Now = None, lang: Lang = "en",
    who: Who = "director",
) -> None:
    """Law 92: a request for a ruling or an appeal, refused after the 92B period."""
    from dupbridge.app.club_night.commands import lodge_appeal

    with _session(db, now, lang) as (store, clock):
        done = lodge_appeal(store, clock, event, round=round_number, table=table,
                            board=board, pair=pair, partner_consents=partner_consents,
                            who=who, why=why)
        _show(lang, msg("appeal lodged: {id}", id=done.id))


@event_app.command("official")
def official(event: EventId, db: Db = None, now: Now = None, lang: Lang = "en",
             who: Who = "director") -> None:
    """The official scores are out: the correction (79C) and appeal (92B) periods start."""
    from dupbridge.app.club_night.commands import make_official

    with _session(db, now, lang) as (store, clock):
        v = make_official(store, clock, event, who=who)
        _show(lang, msg("official at {at}; corrections until {correction}, appeals until "
                        "{appeal}", at=hours(v.official_at, v.timezone, "%H:%M %Z"),
                        correction=hours(v.correction_ends, v.timezone),
                        appeal=hours(v.appeal_ends, v.timezone)))


@event_app.command("dealing")
def dealing(event: EventId, db: Db = None, lang: Lang = "en") -> None:
    """Law 6: the dealing commitment; the seed too once the official scores are out."""
    from dupbridge.app.club_night.commands import dealing_record

    with _session(db, None, lang) as (store, _):
        record = dealing_record(store, event)
    _show(lang, msg("commitment ({algorithm}): {commitment}", algorithm=record.algorithm,
                    commitment=record.commitment))
    if record.seed is None:
        _show(lang, msg("the seed is revealed once the official scores are out"))
    else:
        _show(lang, msg("seed: {seed}", seed=record.seed))


@event_app.command("extend")
def extend(event: EventId,
           minutes: Annotated[int, typer.Option(help="Minutes added to both periods")],
           why: Why = "", db: Db = None, now: Now = None, lang: Lang = "en",
           who: Who = "director") -> None:
    """The Director extends the correction and appeal periods (79C1, 92B)."""
    from dupbridge.app.club_night.commands import extend_periods

    with _session(db, now, lang) as (store, clock):
        v = extend_periods(store, clock, event, minutes=minutes, who=who, why=why)
        _show(lang, msg("corrections until {correction}",
                        correction=hours(v.correction_ends, v.timezone)))


@event_app.command("attach-log")
def attach_log(
    event: EventId, round_number: Round, table: Table, board: BoardNo,
    file: Annotated[Path, typer.Argument(help="A ruling session (JSON) or an engine event "
                                         "log (a JSON list of events)")],
    db: Db = None, now: Now = None, lang: Lang = "en", who: Who = "director",
) -> None:
    """Keep a table's engine log or ruling session with its board and table."""
    import json

    from dupbridge.app.club_night.commands import attach_table_log

    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        _fail(msg("{file}: {error}", file=str(file), error=str(error)), lang)
    with _session(db, now, lang) as (store, clock):
        done = attach_table_log(store, clock, event, round=round_number, table=table,
                                board=board, document=document, who=who)
        _show(lang, msg("table log kept ({status}): {id}", status=done.status, id=done.id))


@db_app.command("upgrade")
def db_upgrade(revision: Annotated[str, typer.Argument()] = "head", db: Db = None) -> None:
    """Bring the database's schema to the newest migration (or REVISION)."""
    from dupbridge.adapters.sql.migrate import current, upgrade
    from dupbridge.adapters.sql.store import create_engine_for, database_url

    engine = create_engine_for(database_url(db))
    upgrade(engine, revision)
    typer.echo(f"schema at {current(engine)}")
    engine.dispose()


@db_app.command("downgrade")
def db_downgrade(revision: Annotated[str, typer.Argument()] = "base", db: Db = None) -> None:
    """Take the schema back to REVISION (base: drops the club-session tables)."""
    from dupbridge.adapters.sql.migrate import current, downgrade
    from dupbridge.adapters.sql.store import create_engine_for, database_url

    engine = create_engine_for(database_url(db))
    downgrade(engine, revision)
    typer.echo(f"schema at {current(engine) or 'base'}")
    engine.dispose()
