"""``dupbridge event next-round | check``, and the printing of ``event score`` for team
and individual events: arguments and printing only; the work is
``dupbridge.app.club_night.event_kinds``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dupbridge.cli.event_commands import (
    Db,
    EventId,
    Lang,
    Now,
    Who,
    _console,
    _fail,
    _say,
    _session,
    _show,
)
from dupbridge.cli.event_preparation import event_app
from dupbridge.core.messages import msg

if TYPE_CHECKING:
    from dupbridge.app.club_night.event_kinds import PlayerStanding, TeamsResult


def show_teams(scored: TeamsResult, lang: str) -> None:
    """The teams ranked on VPs, then every match: IMPs and VPs."""
    from rich.table import Table as RichTable

    table = RichTable(title=_say(msg("ranking"), lang))
    for column in (msg("place"), msg("team"), msg("names"), msg("VPs"), msg("IMPs"),
                   msg("matches")):
        table.add_column(_say(column, lang))
    for s in scored.standings:
        table.add_row(s.place, str(s.team), s.name, f"{s.vp:.2f}", f"{float(s.imps):+g}",
                      str(s.matches))
    console = _console()
    console.print(table)
    for m in scored.matches:
        _show(lang, msg("round {round}: team {home} v team {away}, {boards} boards: IMPs "
                        "{home_imps} / {away_imps}, VPs {home_vp}-{away_vp}", round=m.round,
                        home=m.home, away=m.away, boards=m.match.boards,
                        home_imps=f"{float(m.match.home_imps):+g}",
                        away_imps=f"{float(m.match.away_imps):+g}",
                        home_vp="" if m.match.home_vp is None else f"{m.match.home_vp:.2f}",
                        away_vp="" if m.match.away_vp is None else f"{m.match.away_vp:.2f}"))
    if scored.incomplete:
        _show(lang, msg("not scored yet: {count} boards played at one table only",
                        count=scored.incomplete))


def show_individuals(standings: tuple[PlayerStanding, ...], lang: str) -> None:
    from rich.table import Table as RichTable

    table = RichTable(title=_say(msg("ranking"), lang))
    for column in (msg("place"), msg("player"), msg("names"), msg("total"), "%",
                   msg("boards")):
        table.add_column(_say(column, lang))
    for s in standings:
        table.add_row(s.place, str(s.player), s.name, f"{float(s.total):.2f}",
                      "" if s.percentage is None else f"{float(s.percentage):.2f}",
                      str(s.boards))
    _console().print(table)


@event_app.command("next-round")
def next_round(event: EventId, db: Db = None, now: Now = None, lang: Lang = "en",
               who: Who = "director") -> None:
    """Swiss: pair the next round from the standings once the last one is complete (no
    repeat meeting while a pairing without one exists)."""
    from dupbridge.app.club_night.event_kinds import next_swiss_round

    with _session(db, now, lang) as (store, clock):
        paired = next_swiss_round(store, clock, event, who=who)
    _show(lang, msg("round {round}: {matches}", round=paired.round,
                    matches=", ".join(f"{a} v {b}" for a, b in paired.matches)))
    if paired.bye is not None:
        _show(lang, msg("bye: team {team}", team=paired.bye))
    if paired.repeats:
        _show(lang, msg("{count} repeat meetings: no pairing without one exists",
                        count=paired.repeats))


@event_app.command("check")
def check(
    file: Annotated[Path, typer.Argument(help="Another program's results file (USEBIO .xml, "
                                         "or PBN with ScoreTable or ScoreIMP)")],
    lang: Lang = "en",
) -> None:
    """Score a results file again and list every line and pair where our figures differ
    from the file's, with the cause; exit code 1 if a difference has none."""
    import typer

    from dupbridge.app.archive.results_check import check_results
    from dupbridge.app.archive.results_check_pbn import check_pbn_results
    from dupbridge.app.errors import AppError

    try:
        report = (check_pbn_results(file) if file.suffix.lower() == ".pbn"
                  else check_results(file))
    except (AppError, OSError) as error:
        _fail(getattr(error, "message", str(error)), lang)
        return
    for d in report.line_differences:
        _show(lang, msg("board {board} {ns} v {ew}: file {theirs}, ours {ours}: {cause}",
                        board=d.board, ns=d.ns, ew=d.ew,
                        theirs=" / ".join("" if p is None else str(p) for p in d.published),
                        ours=" / ".join(f"{float(o):.2f}" for o in d.ours),
                        cause=_say(d.cause, lang)))
    for p in report.pair_differences:
        _show(lang, msg("pair {pair}: file {theirs}, ours {ours}: {cause}", pair=p.pair,
                        theirs=str(p.published),
                        ours="" if p.ours is None else f"{float(p.ours):.2f}",
                        cause=_say(p.cause, lang)))
    for warning in report.warnings:
        _show(lang, msg("warning: {warning}", warning=warning))
    _show(lang, msg("{method}: {lines} lines and {pairs} pairs compared; {differ} lines and "
                    "{pair_differ} pairs differ, {unexplained} without a cause",
                    method=report.method, lines=report.lines, pairs=report.pairs,
                    differ=len(report.line_differences),
                    pair_differ=len(report.pair_differences),
                    unexplained=report.unexplained))
    if report.unexplained:
        raise typer.Exit(1)
