"""``dupbridge event list | show | seating | results | score``: reading a club session
(printing only; the work is ``dupbridge.app.club_night.commands``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dupbridge.cli.event_commands import (
    Db,
    EventId,
    Lang,
    _console,
    _say,
    _session,
    _show,
    hours,
)
from dupbridge.cli.event_preparation import event_app
from dupbridge.core.messages import msg
from dupbridge.core.seats import Side

if TYPE_CHECKING:
    from dupbridge.app.club_night.commands import Line


@event_app.command("list")
def list_events(db: Db = None, lang: Lang = "en") -> None:
    """The events in the database."""
    from dupbridge.app.club_night.commands import list_events as listed
    from dupbridge.app.club_night.local_time import day_and_time, zone_of

    with _session(db, None, lang) as (store, _):
        for record in listed(store):
            created = day_and_time(record.created_at, zone_of(record.config))
            _console().print(f"{record.id}  {record.name}  {created}",
                             highlight=False, markup=False)


@event_app.command("show")
def show(event: EventId, db: Db = None, lang: Lang = "en") -> None:
    """The event: movement version, pairs, results, what waits for the Director, periods."""
    from dupbridge.app.club_night.commands import event_view
    from dupbridge.app.club_night.local_time import local

    with _session(db, None, lang) as (store, _):
        v = event_view(store, event)
        lines = [msg("{name} ({id}), {profile}, {scoring}", name=v.name, id=v.id,
                     profile=v.profile, scoring=v.scoring),
                 msg("movement: {movement} v{version} {note}", movement=v.movement,
                     version=v.movement_version, note=v.movement_note),
                 msg("pairs: {pairs}", pairs=", ".join(map(str, v.pairs))),
                 msg("results: {results}, disputes: {disputes}, conflicts: {conflicts}",
                     results=v.results, disputes=v.disputes, conflicts=v.conflicts)]
        if v.official_at is not None:
            lines.append(msg("official: {official}, corrections until {corrections}, "
                             "appeals until {appeals}",
                             official=f"{local(v.official_at, v.timezone):%Y-%m-%d %H:%M %Z}",
                             corrections=hours(v.correction_ends, v.timezone),
                             appeals=hours(v.appeal_ends, v.timezone)))
        for line in lines:
            _show(lang, line.rstrip())


@event_app.command("seating")
def show_seating(
    event: EventId,
    round_number: Annotated[int | None, typer.Option("--round", help="Only this round")
                            ] = None,
    db: Db = None, lang: Lang = "en",
) -> None:
    """Who plays where, round by round, in the movement as last revised."""
    from rich.table import Table as RichTable

    from dupbridge.app.club_night.commands import seating

    with _session(db, None, lang) as (store, _):
        lines = seating(store, event, round=round_number)
    table = RichTable(title=_say(msg("{event}: seating", event=event), lang))
    for column in (msg("round"), msg("table"), msg("NS"), msg("EW"), msg("boards")):
        table.add_column(_say(column, lang))
    sit_out = _say(msg("sit-out"), lang)
    for s in lines:
        table.add_row(str(s.round), str(s.table), _pair(s.ns), _pair(s.ew),
                      sit_out if s.sit_out else f"{s.boards[0]}-{s.boards[-1]}")
    _console().print(table)


@event_app.command("results")
def results(event: EventId, db: Db = None, lang: Lang = "en") -> None:
    """Everything recorded: results, disputes, conflicts, the audit trail, adjusted scores
    and penalties."""
    from rich.table import Table as RichTable

    from dupbridge.app.club_night.commands import results as read

    with _session(db, None, lang) as (store, _):
        found = read(store, event)
    table = RichTable(title=_say(msg("{event}: results", event=event), lang))
    for column in (msg("round"), msg("table"), msg("board"), msg("NS"), msg("EW"),
                   msg("contract"), msg("by"), msg("lead"), msg("tricks"), msg("NS score"),
                   msg("id")):
        table.add_column(_say(column, lang))
    for line in found.lines:
        table.add_row(*_row(line))
    _console().print(table)
    for line in found.disputes:
        _show(lang, msg("dispute {id}: round {round}, table {table}, board {board}",
                        id=line.id, round=line.round, table=line.table, board=line.board))
    for first, second in found.conflicts:
        _show(lang, msg("conflict {id}: round {round}, table {table}, board {board}: "
                        "{first} / {second}", id=second.id, round=first.round,
                        table=first.table, board=first.board,
                        first=f"{first.contract} {first.declarer} {first.tricks}",
                        second=f"{second.contract} {second.declarer} {second.tricks}"))
    for audit in found.trail:
        before = "" if audit.before is None else (
            f"{audit.before.contract} {audit.before.declarer} {audit.before.tricks}")
        _show(lang, msg("{when} {who}: board {board} table {table}: {before} -> {after} "
                        "({why})", when=hours(audit.when, found.timezone), who=audit.who,
                        board=audit.after.board, table=audit.after.table, before=before,
                        after=f"{audit.after.contract} {audit.after.declarer} "
                              f"{audit.after.tricks}", why=audit.why))
    for a in found.appeals:
        _show(lang, msg("appeal {id}: pair {pair}, round {round}, table {table}, board "
                        "{board} ({why})", id=a.action, pair=a.pair, round=a.round,
                        table=a.table, board=a.board, why=a.why))
    for p in found.penalties:
        _show(lang, msg("penalty: pair {pair} -{amount} {unit} ({clause}) {why}",
                        pair=p.pair, amount=p.amount, unit=p.unit, clause=p.clause,
                        why=p.why))


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
    handicap: Annotated[list[str] | None, typer.Option(
        "--handicap", help="A pair's handicap, PAIR=VALUE (7=2.5, B3=-1): adds a handicap "
        "ranking")] = None,
    handicaps: Annotated[Path | None, typer.Option(
        "--handicaps", help="Handicaps as CSV rows: pair,handicap")] = None,
    handicap_unit: Annotated[str | None, typer.Option(
        "--handicap-unit", help="percent (percentage points added to the percentage) or "
        "mp-per-board (matchpoints added per board played); default: the event's, or "
        "percent")] = None,
    db: Db = None, lang: Lang = "en",
) -> None:
    """Score the session and print the ranking (one per direction for a two-winner
    Mitchell; across the field and per section for an event in sections; a handicap
    ranking beside the scratch one when handicaps are given)."""
    from rich.table import Table as RichTable

    from dupbridge.app.club_night.commands import score as score_event
    from dupbridge.app.club_night.event_kinds import (
        event_kind,
        score_individual_event,
        score_teams_event,
    )
    from dupbridge.cli.event_kinds import show_individuals, show_teams

    with _session(db, None, lang) as (store, _):
        kind = event_kind(store, event)
        if kind in ("teams", "swiss"):
            show_teams(score_teams_event(store, event), lang)
            return
        if kind == "individual":
            show_individuals(score_individual_event(store, event), lang)
            return
        scored = score_event(store, event)
        from dupbridge.app.club_night.handicaps import (
            event_handicaps,
            handicap_standings,
            read_handicaps,
        )

        kept, kept_unit = event_handicaps(store, event)
        given = read_handicaps(handicap or (), handicaps) if handicap or handicaps else kept
        unit = handicap_unit or kept_unit
        handicapped = handicap_standings(store, event, given, unit) if given else None
    from dupbridge.tournament.sections import section_label

    console = _console()
    size = scored.section_size

    def label(pair: int) -> str:
        return str(pair) if size is None else section_label(pair, size)

    factoring = any(s.factored is not None for ranking in scored.rankings for s in ranking)
    for number, ranking in enumerate(scored.rankings, start=1):
        side = scored.directions[number - 1] if len(scored.rankings) > 1 else None
        across = size is not None
        title = (msg("ranking across the field") if across and len(scored.rankings) == 1
                 else msg("North-South ranking across the field") if across and side is Side.NS
                 else msg("East-West ranking across the field") if across and side is Side.EW
                 else msg("ranking") if len(scored.rankings) == 1
                 else msg("ranking {number}", number=number) if side is None
                 else msg("North-South ranking") if side is Side.NS
                 else msg("East-West ranking"))
        table = RichTable(title=_say(title, lang))
        for column in (msg("place"), msg("pair"), msg("names"), msg("total"), "%",
                       msg("boards"), *((msg("factored"),) if factoring else ())):
            table.add_column(_say(column, lang))
        for s in ranking:
            table.add_row(s.place, label(s.pair), s.name, f"{float(s.total):.2f}",
                          "" if s.percentage is None else f"{float(s.percentage):.2f}",
                          str(s.boards), *((f"{float(s.factored):.2f}"
                                            if s.factored is not None else "",)
                                           if factoring else ()))
        console.print(table)
    for letter, index, standings in scored.sections:
        side = scored.directions[index] if len(scored.rankings) > 1 else None
        title = (msg("section {section} North-South", section=letter) if side is Side.NS
                 else msg("section {section} East-West", section=letter) if side is Side.EW
                 else msg("section {section}", section=letter))
        table = RichTable(title=_say(title, lang))
        for column in (msg("place"), msg("pair"), msg("names"), msg("total"), "%"):
            table.add_column(_say(column, lang))
        for s in standings:
            table.add_row(s.place, label(s.pair), s.name, f"{float(s.total):.2f}",
                          "" if s.percentage is None else f"{float(s.percentage):.2f}")
        console.print(table)
    for number, group in enumerate(handicapped or (), start=1):
        words = _say(msg("percentage points") if unit == "percent"
                     else msg("matchpoints per board"), lang)
        side = scored.directions[number - 1] if len(scored.rankings) > 1 else None
        title = (msg("handicap ranking ({unit})", unit=words) if side is None
                 else msg("North-South handicap ranking ({unit})", unit=words)
                 if side is Side.NS else msg("East-West handicap ranking ({unit})",
                                             unit=words))
        table = RichTable(title=_say(title, lang))
        for column in (msg("place"), msg("pair"), msg("names"), msg("scratch %"),
                       msg("handicap"), msg("handicap %")):
            table.add_column(_say(column, lang))
        for h in group:
            table.add_row(h.place, h.label, h.name, f"{float(h.scratch):.2f}",
                          f"{float(h.handicap):+.2f}", f"{float(h.handicapped):.2f}")
        console.print(table)
    if travellers:
        for line in scored.travellers:
            _show(lang, msg("board {board} NS {ns} EW {ew} {result}: {ns_value} / {ew_value}",
                            board=line.board, ns=_pair(line.ns), ew=_pair(line.ew),
                            result=" ".join(filter(None, (
                                line.adjusted or line.contract, line.declarer,
                                "" if line.tricks is None else str(line.tricks),
                                "" if line.score is None else str(line.score)))),
                            ns_value=f"{float(line.ns_value or 0):.2f}",
                            ew_value=f"{float(line.ew_value or 0):.2f}"))
    if scored.director:
        _show(lang, msg("not scored yet: {count} TD lines wait for the Director's score",
                        count=scored.director))
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
    from dupbridge.app.club_night.commands import replay_table_log, table_logs

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
