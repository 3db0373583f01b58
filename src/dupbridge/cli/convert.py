"""``dupbridge convert IN OUT``: from one file format to another through board records."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from dupbridge.formats.registry import file_format

LARGE = 50  # boards: below this a progress bar would only flicker


def convert_file(console: Console, source: Path, target: Path, from_name: str | None,
                 to_name: str | None) -> int:
    """Read ``source``, write ``target``; 0 on success, 2 with a message on bad input
    (the target is then left untouched)."""
    try:
        reader = file_format(from_name, source)
        writer = file_format(to_name, target)
        with console.status(f"reading {source.name} ({reader.name})"):
            records = reader.read(source)
    except (ValueError, OSError) as error:
        where = f"{source}: " if isinstance(error, OSError) else ""
        console.print(f"[red]error:[/red] {where}{error}", highlight=False)
        return 2
    try:
        if len(records) < LARGE:
            writer.write(records, target)
        else:
            with Progress(TextColumn("{task.description}"), BarColumn(),
                          MofNCompleteColumn(), console=console, transient=True) as progress:
                writer.write(progress.track(records, description=f"writing {target.name}"),
                             target)
    except (ValueError, OSError) as error:
        console.print(f"[red]error:[/red] {target}: {error}", highlight=False)
        return 2
    console.print(f"{len(records)} boards: {source.name} ({reader.name}) -> "
                  f"{target.name} ({writer.name})", highlight=False)
    return 0
