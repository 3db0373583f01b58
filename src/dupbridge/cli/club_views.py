"""``dupbridge event list | show | seating | results | score``: reading a club session
(printing only; the work is ``dupbridge.app.club``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from dupbridge.cli.club import Db, EventId, Lang, _console, _session, _show
from dupbridge.cli.event import event_app
from dupbridge.core.messages import msg

if TYPE_CHECKING:
    from dupbridge.app.club import Line


@event_app.command("list")
def list_events(db: Db = None, lang: Lang = "en") -> None:
    """The events in the database."""
    from dupbridge.app.club import list_events as listed

    with _session(db, None, lang) as (store, _):
        for record in listed(store):
            _console().print(f"{record.id}  {record.name}  {record.created_at:%Y-%m-%d %H:%M}",
                             highlight=False, markup=False)


@event_app.command("show")
def show(event: EventId, db: Db = None, lang: Lang = "en") -> None:
    """The event: movement version, pairs, results, what waits for the Director, periods."""
    from dupbridge.app.club import event_view

    with _session(db, None, lang) as (store, _):
        v = event_view(store, event)
        lines = [f"{v.name} ({v.id}), {v.profile}, {v.scoring}",
                 f"movement: {v.movement} v{v.movement_version} {v.movement_note}".rstrip(),
                 f"pairs: {', '.join(map(str, v.pairs))}",
                 f"results: {v.results}, disputes: {v.disputes}, conflicts: {v.conflicts}"]
        if v.official_at is not None:
            lines.append(f"official: {v.official_at:%Y-%m-%d %H:%M %Z}, corrections until "
                         f"{v.correction_ends:%H:%M}, appeals until {v.appeal_ends:%H:%M}")
        for line in lines:
            _console().print(line, highlight=False, markup=False)


@event_app.command("seating")
def show_seating(
    event: EventId,
    round_number: Annotated[int | None, typer.Option("--round", help="Only this round")
                            ] = None,
    db: Db = None, lang: Lang = "en",
) -> None:
    """Who plays where, round by round, in the movement as last revised."""
    from rich.table import Table as RichTable

    from dupbridge.app.club import seating

    with _session(db, None, lang) as (store, _):
        lines = seating(store, event, round=round_number)
    table = RichTable(title=f"{event}: seating")
    for column in ("round", "table", "NS", "EW", "boards"):
        table.add_column(column)
    for s in lines:
        table.add_row(str(s.round), str(s.table), _pair(s.ns), _pair(s.ew),
                      "sit-out" if s.sit_out else f"{s.boards[0]}-{s.boards[-1]}")
    _console().print(table)


@event_app.command("results")
def results(event: EventId, db: Db = None, lang: Lang = "en") -> None:
    """Everything recorded: results, disputes, conflicts, the audit trail, adjusted scores
    and penalties."""
    from rich.table import Table as RichTable

    from dupbridge.app.club import results as read

    with _session(db, None, lang) as (store, _):
        found = read(store, event)
    table = RichTable(title=f"{event}: results")
    for column in ("round", "table", "board", "NS", "EW", "contract", "by", "lead",
                   "tricks", "NS score", "id"):
        table.add_column(column)
    for line in found.lines:
        table.add_row(*_row(line))
    console = _console()
    console.print(table)
    for line in found.disputes:
        console.print(f"dispute {line.id}: round {line.round}, table {line.table}, board "
                      f"{line.board}", highlight=False)
    for first, second in found.conflicts:
        console.print(f"conflict {second.id}: round {first.round}, table {first.table}, "
                      f"board {first.board}: {first.contract} {first.declarer} "
                      f"{first.tricks} / {second.contract} {second.declarer} {second.tricks}",
                      highlight=False)
    for audit in found.trail:
        before = "" if audit.before is None else (
            f"{audit.before.contract} {audit.before.declarer} {audit.before.tricks}")
        console.print(f"{audit.when:%H:%M} {audit.who}: board {audit.after.board} table "
                      f"{audit.after.table}: {before} -> {audit.after.contract} "
                      f"{audit.after.declarer} {audit.after.tricks} ({audit.why})",
                      highlight=False, markup=False)
    for a in found.appeals:
        console.print(f"appeal {a.action}: pair {a.pair}, round {a.round}, table {a.table}, "
                      f"board {a.board} ({a.why})", highlight=False, markup=False)
    for p in found.penalties:
        console.print(f"penalty: pair {p.pair} -{p.amount} {p.unit} ({p.clause}) {p.why}",
                      highlight=False, markup=False)


def _row(line: Line) -> list[str]:
    return [str(line.round), str(line.table), str(line.board), _pair(line.ns), _pair(line.ew),
            line.adjusted or line.contract, line.declarer, line.lead,
            "" if line.tricks is None else str(line.tricks),
            "" if line.score is None else str(line.score), line.id]


def _pair(numbers: tuple[int, ...]) -> str:
    return "-".join(map(str, numbers))


@event_app.command("score")
def score(
    event: EventId,
    travellers: Annotated[bool, typer.Option(help="Print each board's traveller")] = False,
    db: Db = None, lang: Lang = "en",
) -> None:
    """Score the session and print the ranking (one per direction for a two-winner
    Mitchell)."""
    from rich.table import Table as RichTable

    from dupbridge.app.club import score as score_event

    with _session(db, None, lang) as (store, _):
        scored = score_event(store, event)
    console = _console()
    for number, ranking in enumerate(scored.rankings, start=1):
        title = "ranking" if len(scored.rankings) == 1 else f"ranking {number}"
        table = RichTable(title=title)
        for column in ("place", "pair", "names", "total", "%", "boards"):
            table.add_column(column)
        for s in ranking:
            table.add_row(s.place, str(s.pair), s.name, f"{float(s.total):.2f}",
                          "" if s.percentage is None else f"{float(s.percentage):.2f}",
                          str(s.boards))
        console.print(table)
    if travellers:
        for line in scored.travellers:
            console.print(f"board {line.board} NS {_pair(line.ns)} EW {_pair(line.ew)} "
                          f"{line.adjusted or line.contract} {line.declarer} "
                          f"{'' if line.tricks is None else line.tricks} "
                          f"{'' if line.score is None else line.score}: "
                          f"{float(line.ns_value or 0):.2f} / {float(line.ew_value or 0):.2f}",
                          highlight=False, markup=False)
    if scored.disputes or scored.conflicts:
        _show(lang, msg("not scored yet: {disputes} disputes, {conflicts} conflicts wait "
                        "for the Director", disputes=scored.disputes,
                        conflicts=scored.conflicts))


@event_app.command("logs")
def logs(
    event: EventId,
    board: Annotated[int | None, typer.Option(help="Only this board")] = None,
    table: Annotated[int | None, typer.Option(help="Only this table")] = None,
    db: Db = None, lang: Lang = "en",
) -> None:
    """The table logs kept with the event, each replayed from the database: its events,
    the rulings it leads to and the result."""
    from dupbridge.app.club import replay_table_log, table_logs

    with _session(db, None, lang) as (store, _):
        found = table_logs(store, event, board=board, table=table)
        for log in found:
            session = replay_table_log(store, event, log.id)
            result = session.result()
            _show(lang, msg("{id}: round {round}, table {table}, board {board} ({kind}, "
                            "{who}): {events} events, {rulings} rulings, {result}",
                            id=log.id, round=log.round, table=log.table, board=log.board,
                            kind=log.kind, who=log.who, events=len(session.events),
                            rulings=len(session.table.state.rulings),
                            result=msg("result pending") if result is None else str(result)))
