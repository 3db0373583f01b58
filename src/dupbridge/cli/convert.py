"""``dupbridge convert IN OUT``: from one file format to another through board records."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from dupbridge.cli.failure import error_line
from dupbridge.formats.registry import FileFormat, file_format

_TEXT_FORMATS = frozenset({"pbn", "lin", "usebio", "rbn", "csv"})
LARGE = 50  # boards: below this a progress bar would only flicker


def _format(name: str | None, path: Path) -> FileFormat:
    """The format of ``path``; when its extension says nothing, the options that say it."""
    try:
        return file_format(name, path)
    except ValueError as error:
        hint = "; say it with --from/--to" if name is None else ""
        raise ValueError(f"{error}{hint}") from None


def convert_file(console: Console, source: Path, target: Path, from_name: str | None,
                 to_name: str | None) -> int:
    """Read ``source``, write ``target``; 0 on success, 2 with a message on bad input
    (the target is then left untouched)."""
    refused = _refusal(source, target)
    if refused:
        return error_line(refused)
    try:
        reader = _format(from_name, source)
        writer = _format(to_name, target)
    except ValueError as error:
        return error_line(str(error))
    try:
        with console.status(f"reading {source.name} ({reader.name})"):
            records = reader.read(source)
    except (ValueError, OSError) as error:
        if isinstance(error, OSError):
            return error_line(f"{source}: {error.strerror or error}")
        if isinstance(error, UnicodeDecodeError):
            return error_line(f"{source}: not a text file in a known encoding "
                                   f"({error.reason} at byte {error.start})")
        if reader.name in _TEXT_FORMATS and _binary(source):
            return error_line(f"{source}: a binary file, not {reader.name} (text)")
        return error_line(str(error))
    if reader.name in _TEXT_FORMATS and _binary(source):
        return error_line(f"{source}: a binary file, not {reader.name} (text)")
    if not records:
        return error_line(f"{source}: no boards in it (an empty file?); nothing written")
    try:
        if len(records) < LARGE:
            writer.write(records, target)
        else:
            with Progress(TextColumn("{task.description}"), BarColumn(),
                          MofNCompleteColumn(), console=console, transient=True) as progress:
                writer.write(progress.track(records, description=f"writing {target.name}"),
                             target)
    except (ValueError, OSError) as error:
        return error_line(f"{target}: {error}")
    console.print(f"{len(records)} boards: {source.name} ({reader.name}) -> "
                  f"{target.name} ({writer.name})", highlight=False)
    return 0


def _refusal(source: Path, target: Path) -> str:
    """Why the conversion must not start: a missing or empty input, or an output that is
    the input itself (it would be overwritten before it is read)."""
    if not source.is_file():
        return f"{source}: no such file"
    if target.exists() and target.resolve() == source.resolve():
        return f"{target}: this is the input file; refusing to overwrite it"
    if source.stat().st_size == 0:
        return f"{source}: empty file, no boards to convert"
    return ""


def _binary(source: Path) -> bool:
    """NUL bytes in a text format's file: someone gave the wrong file."""
    with source.open("rb") as handle:
        return b"\x00" in handle.read(65536)


