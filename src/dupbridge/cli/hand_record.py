"""``dupbridge handrecord FILE --out OUT``: printing and the progress bar only; the work
is ``dupbridge.app.publication.hand_record``."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

LANGUAGES = ("en", "es", "fr", "pt")


def run_handrecord(console: Console, source: Path, target: Path, *, budget: float,
                   processes: int | None, scheduler: str | None, cache: Path | None,
                   no_cache: bool, language: str = "en") -> int:
    """0 when every board was solved, 1 when some were not (they are listed), 2 on bad
    input (nothing written)."""
    from dupbridge.analysis.batch import Batch
    from dupbridge.analysis.cache import DDCache
    from dupbridge.analysis.cluster import ClusterUnavailable
    from dupbridge.analysis.jobs import Unsolved
    from dupbridge.app.publication.hand_record_file import make_hand_record
    from dupbridge.core.messages import msg
    from dupbridge.i18n.catalogues import render

    def say(text: str) -> None:
        console.print(render(text, language), highlight=False)

    def fail(text: str) -> int:
        console.print(f"[red]error:[/red] {render(text, language)}", highlight=False)
        return 2

    if language not in LANGUAGES:
        return fail(f"--lang is one of {', '.join(LANGUAGES)}, not {language!r}")
    if budget <= 0 or (processes is not None and processes < 0):
        return fail(msg("--budget must be above 0 and --processes 0 or more"))
    try:
        store = None if no_cache else DDCache(cache)
    except OSError as error:
        return fail(f"{cache}: {error}")
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as progress:
            task = progress.add_task(render(msg("solving {name}", name=source.name), language),
                                     total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            batch = Batch(cache=store, budget=budget, processes=processes,
                          scheduler=scheduler, progress=advance)
            record = make_hand_record(source, target, batch, language)
    except (ValueError, ClusterUnavailable) as error:
        return fail(error.args[0] if error.args else str(error))
    except OSError as error:
        return fail(str(error) if source.name in str(error) else f"{source}: {error}")
    finally:
        if store is not None:
            store.close()
    for board in record.unsolved:
        assert isinstance(board.table, Unsolved)
        say(msg("board {number}: {reason}", number=board.board, reason=board.table.message))
    solved = len(record.boards) - len(record.unsolved)
    say(msg("{boards} boards, {solved} solved: {source} -> {target}", boards=len(record.boards),
            solved=solved, source=source.name, target=target.name))
    return 1 if record.unsolved else 0
