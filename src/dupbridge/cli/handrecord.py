"""``dupbridge handrecord FILE --out OUT``: printing and the progress bar only; the work
is ``dupbridge.app.handrecord``."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def run_handrecord(console: Console, source: Path, target: Path, *, budget: float,
                   processes: int | None, scheduler: str | None, cache: Path | None,
                   no_cache: bool) -> int:
    """0 when every board was solved, 1 when some were not (they are listed), 2 on bad
    input (nothing written)."""
    from dupbridge.analysis.batch import Batch
    from dupbridge.analysis.cache import DDCache
    from dupbridge.analysis.cluster import ClusterUnavailable
    from dupbridge.app.handrecord import make_hand_record

    if budget <= 0 or (processes is not None and processes < 0):
        console.print("[red]error:[/red] --budget must be above 0 and --processes 0 or more")
        return 2
    try:
        store = None if no_cache else DDCache(cache)
    except OSError as error:
        console.print(f"[red]error:[/red] cache {cache}: {error}", highlight=False)
        return 2
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=console, transient=True) as progress:
            task = progress.add_task(f"solving {source.name}", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            batch = Batch(cache=store, budget=budget, processes=processes,
                          scheduler=scheduler, progress=advance)
            record = make_hand_record(source, target, batch)
    except (ValueError, OSError, ClusterUnavailable) as error:
        where = f"{source}: " if isinstance(error, OSError) and source.name not in str(
            error) else ""
        console.print(f"[red]error:[/red] {where}{error}", highlight=False)
        return 2
    finally:
        if store is not None:
            store.close()
    for board in record.unsolved:
        console.print(f"board {board.board}: {board.table}", highlight=False)
    solved = len(record.boards) - len(record.unsolved)
    console.print(f"{len(record.boards)} boards, {solved} solved: {source.name} -> "
                  f"{target.name}", highlight=False)
    return 1 if record.unsolved else 0
