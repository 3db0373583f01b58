"""``dupbridge event movement | deal``: arguments and printing only; the work is
``dupbridge.app.club_night.preparation``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from dupbridge.cli.failure import fail as _fail

event_app = typer.Typer(help="Prepare an event: movements and dealing.", no_args_is_help=True,
                        add_completion=False, rich_markup_mode=None)


# Options a movement is planned with, shared by 'event movement' and 'event new'.
BoardsPerRound = Annotated[int, typer.Option("--boards", help="Boards per round")]
Relay = Annotated[bool, typer.Option("--relay/--no-relay",
                                     help="Mitchell, even tables: relay and bye stand")]
ArrowSwitch = Annotated[str, typer.Option("--arrow-switch",
                                          help="none, auto or rounds such as 6,7")]
Rounds = Annotated[int | None, typer.Option(
    "--rounds", help="Rounds to play: a cut Mitchell or barometer (default: all)")]
MovementFile = Annotated[Path | None, typer.Option(
    "--movement-file", help="A movement file: rows (CSV: round, table, NS, EW, boards), "
    "KoPS Howells (JSON; 3/4 Howells such as 6-8), bridgescorer YAML, Bridge_pal TXT")]
MovementName = Annotated[str | None, typer.Option(
    "--movement-name", help="Which movement of --movement-file (such as 6-8)")]


@event_app.command("movement")
def movement(
    kind: Annotated[str, typer.Argument(help="mitchell, howell, barometer or teams")
                    ] = "mitchell",
    size: Annotated[int, typer.Option(help="Tables (mitchell), pairs (howell, barometer), "
                                      "teams")] = 7,
    boards: BoardsPerRound = 3,
    relay: Relay = False,
    arrow_switch: ArrowSwitch = "none",
    rounds: Rounds = None,
    file: Annotated[Path | None, typer.Option(help="Validate the movements of this file "
                                              "(rows CSV, KoPS JSON, YAML, TXT)")] = None,
    export: Annotated[Path | None, typer.Option(
        help="Write the movement planned (or the one --file holds) as rows (CSV)")] = None,
) -> None:
    """Plan a movement (or check a movement file): rounds, balance, winners, validation."""
    from rich.console import Console
    from rich.table import Table as RichTable

    from dupbridge.app.club_night.movement_files import movement_rows
    from dupbridge.app.club_night.preparation import check_movement_file, plan_movement
    from dupbridge.app.errors import AppError

    console = Console()
    try:
        if file is not None:
            found = check_movement_file(file)
            for name, planned in found.items():
                verdict = "valid" if not planned.violations else \
                    f"{len(planned.violations)} problems: {planned.violations[0].message}"
                console.print(f"{name}: {planned.movement.tables} tables, "
                              f"{planned.movement.rounds} rounds, balance "
                              f"{planned.balance:.1f}, {verdict}", highlight=False)
            if export is not None and len(found) == 1:
                export.write_text(movement_rows(next(iter(found.values())).movement),
                                  encoding="utf-8")
            if any(planned.violations for planned in found.values()):
                raise typer.Exit(1)
            return
        planned = plan_movement(kind, size, boards, relay=relay, arrow_switches=arrow_switch,
                                rounds=rounds)
        if export is not None:
            export.write_text(movement_rows(planned.movement), encoding="utf-8")
    except (AppError, OSError, ValueError) as error:
        _fail(str(error))
        return
    table = RichTable(title=planned.movement.name)
    for column in ("round", "table", "NS", "EW", "boards"):
        table.add_column(column)
    for e in planned.movement.encounters:
        table.add_row(str(e.round), str(e.table), "-".join(map(str, e.ns)),
                      "-".join(map(str, e.ew)),
                      f"{e.boards[0]}-{e.boards[-1]}" if e.boards else "")
    console.print(table)
    switches = ",".join(map(str, planned.arrow_switches)) or "none"
    console.print(f"balance {planned.balance:.1f}, winners {planned.winners}, arrow switch "
                  f"{switches}, " + ("valid" if not planned.violations else
                                     f"{len(planned.violations)} problems"), highlight=False)
    if planned.violations:
        raise typer.Exit(1)


@event_app.command("deal")
def deal(
    first: Annotated[int, typer.Option(help="First board")] = 1,
    last: Annotated[int, typer.Option(help="Last board")] = 27,
    seed_out: Annotated[Path, typer.Option(help="Where to keep the secret seed")
                        ] = Path("seed.txt"),
    machine: Annotated[str, typer.Option(
        help="Dealing-machine formats written into --out, such as pbn,dup or bri")] = "",
    out: Annotated[Path | None, typer.Option(
        help="Folder for the machine files, curtain cards and hand records per set")] = None,
    set_size: Annotated[int, typer.Option(help="Boards per set (curtain cards and hand "
                                                "record per set in --out)")] = 0,
) -> None:
    """Deal boards (Law 6) from a fresh secret seed: the PBN boards on standard output
    (or, with --out, the dealing-machine files, curtain cards and hand records in that
    folder), the seed in --seed-out (keep it secret until play is over), the commitment
    to publish now on standard error."""
    from dupbridge.app.club_night.preparation import deal_session
    from dupbridge.app.publication.dealing_files import write_dealing_files
    from dupbridge.formats.pbn.writer import dealt_board
    from dupbridge.tournament.boards import BoardSets

    try:
        dealt = deal_session(first, last)
        seed_out.write_text(dealt.seed.hex() + "\n", encoding="ascii")
        if out is not None:
            machines = [m.strip() for m in machine.split(",") if m.strip()] or ["pbn"]
            count = last - first + 1
            sets = None if set_size <= 0 else BoardSets(-(-count // set_size), set_size,
                                                        first)
            written = write_dealing_files(dealt.boards, out, machines=machines, sets=sets)
            typer.echo(f"commitment ({dealt.record.algorithm}): {dealt.record.commitment}",
                       err=True)
            typer.echo(f"{len(written)} files written in {out}")
            return
        if machine:
            _fail("--machine needs --out FOLDER")
    except (ValueError, OSError) as error:
        _fail(str(error))
        return
    for board in dealt.boards:
        sys.stdout.write(dealt_board(board))  # raw: a PBN line is never wrapped
    typer.echo(f"commitment ({dealt.record.algorithm}): {dealt.record.commitment}", err=True)
