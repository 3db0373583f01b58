"""``dupbridge replay FILE...``: printing only; the work is ``dupbridge.app.archive.replay``."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table as RichTable

from dupbridge.app.archive.replay import FileReplay, files_of, replay_files
from dupbridge.cli.failure import error_line
from dupbridge.core.edition import Edition


def run_replay(console: Console, paths: list[Path], edition_text: str, jobs: int | None,
               details: int) -> int:
    """Replay every game of ``paths`` (folders searched); 0 when every file was read,
    2 with one line when nothing can be replayed or a file cannot be read."""
    try:
        edition = Edition.parse(edition_text)
    except ValueError as error:
        return error_line(str(error))
    files = files_of(paths)
    missing = next((p for p in files if not p.is_file()), None)
    if missing is not None:
        return error_line(f"{missing}: no such file")
    if not files:
        return error_line("no .pbn or .lin file to replay")
    done: list[FileReplay] = []
    with Progress(TextColumn("replaying"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[name]}"), console=console,
                  transient=True) as progress:
        task = progress.add_task("files", total=len(files), name="")
        for replay in replay_files(files, edition=edition, jobs=jobs):
            done.append(replay)
            progress.update(task, advance=1, name=Path(replay.path).name)
    done.sort(key=lambda r: r.path)
    _summary(console, done)
    _details(console, done, details)
    return 2 if any(r.error for r in done) else 0


def _summary(console: Console, done: list[FileReplay]) -> None:
    table = RichTable(title="replay", caption="rulings: games in which the engine ruled; "
                      "differs: ending not as the file says; stopped: not replayable")
    table.add_column("file", no_wrap=True)
    for column in ("games", "replayed", "rulings", "differs", "stopped"):
        table.add_column(column, justify="right")
    for r in done:
        stopped = sum(1 for m in r.mismatches if m.what.startswith("not replayable"))
        table.add_row(Path(r.path).name, str(r.games), str(r.replayed), str(r.irregular),
                      str(len(r.mismatches) - stopped), str(stopped) if not r.error
                      else f"file unreadable: {r.error}")
    console.print(table)
    console.print(f"{len(done)} files, {sum(r.games for r in done)} games, "
                  f"{sum(r.replayed for r in done)} replayed, "
                  f"{sum(r.irregular for r in done)} with a ruling, "
                  f"{sum(len(r.mismatches) for r in done)} not as the file says",
                  highlight=False)


def _details(console: Console, done: list[FileReplay], details: int) -> None:
    shown = 0
    for r in done:
        for m in r.mismatches:
            if shown >= details:
                return
            console.print(f"{Path(r.path).name} game {m.game} (board {m.board}): {m.what}",
                          highlight=False, markup=False)
            shown += 1


