"""Replay at archive scale: every game of PBN and LIN files run through the table engine,
what the engine found (rulings) and where it disagrees with the file's own result.

A federation replays a season's files; the files are independent, so they are shared
among worker processes (one file per task) and the caller sees each file as it ends."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from dupbridge.core.board import Board
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat
from dupbridge.formats.pbn.replay import PbnResult, claim_at_the_end
from dupbridge.formats.record import BoardRecord
from dupbridge.table.table import Table

FORMATS = (".pbn", ".lin")


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A game whose replay does not end as its file says, or could not be replayed."""

    game: int  # 1-based, in file order
    board: int
    what: str


@dataclass(frozen=True, slots=True)
class FileReplay:
    path: str
    games: int = 0  # games in the file
    replayed: int = 0  # games run through the engine to their end (or their claim)
    irregular: int = 0  # replayed games in which the engine made a ruling
    mismatches: tuple[Mismatch, ...] = ()
    error: str = ""  # the file itself could not be read


@dataclass(frozen=True, slots=True)
class _Ending:
    """What the file says a game came to: contract (None: passed out) and tricks."""

    contract: Contract | None
    tricks: int | None
    known: bool  # the file states a result to compare with


def replay_file(path: str | Path, edition: Edition = Edition.LAWS_2017) -> FileReplay:
    """Read ``path`` tolerantly and replay each of its games; never raises for bad input."""
    path = Path(path)
    try:
        games = list(_games(path, edition))
    except (OSError, ValueError) as error:
        return FileReplay(str(path), error=str(error))
    replayed = irregular = 0
    mismatches = []
    for number, (board, build, ending) in enumerate(games, start=1):
        try:
            table = build()
        except (ActionRejected, ParseError, ValueError) as error:
            mismatches.append(Mismatch(number, board, f"not replayable: {error}"))
            continue
        replayed += 1
        if table.rulings:
            irregular += 1
        differs = _differs(table, ending)
        if differs:
            mismatches.append(Mismatch(number, board, differs))
    return FileReplay(str(path), len(games), replayed, irregular, tuple(mismatches))


def replay_files(paths: Sequence[str | Path], *, edition: Edition = Edition.LAWS_2017,
                 jobs: int | None = None) -> Iterator[FileReplay]:
    """Each file's replay as it ends, on ``jobs`` worker processes (every core by default;
    1 replays in this process)."""
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(paths) == 1:
        for path in paths:
            yield replay_file(path, edition)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(paths))) as pool:
        futures = [pool.submit(replay_file, str(path), edition) for path in paths]
        for future in as_completed(futures):
            yield future.result()


def files_of(paths: Iterable[str | Path]) -> list[Path]:
    """The PBN and LIN files named, folders searched recursively, in a stable order."""
    found: list[Path] = []
    for given in map(Path, paths):
        if given.is_dir():
            found.extend(sorted(p for p in given.rglob("*") if p.suffix.lower() in FORMATS))
        else:
            found.append(given)
    return found


def _games(path: Path, edition: Edition) -> Iterator[tuple[int, Callable[[], Table], _Ending]]:
    suffix = path.suffix.lower()
    if suffix == ".pbn":
        yield from _pbn_games(path, edition)
    elif suffix == ".lin":
        yield from _lin_games(path, edition)
    else:
        raise ValueError(f"{path}: replay reads .pbn and .lin files, not {suffix or 'this'}")


def _pbn_games(path: Path, edition: Edition) -> Iterator[tuple[int, Callable[[], Table], _Ending]]:
    from dupbridge.formats import pbn
    from dupbridge.formats.pbn.replay import board_of, game_to_table, parse_result

    for game in pbn.load(path, strict=False).games:
        if game.tag("Auction") is None:
            continue  # a deal with no table record: nothing to replay
        try:
            board = board_of(game).number
        except (ParseError, ValueError):
            board = 0
        result = parse_result(game.value("Result"))
        contract = _contract(game.value("Contract"))
        known = result.tricks is not None and not result.adjusted and contract is not False
        replay = partial(game_to_table, game, edition=edition, source=str(path),
                         strict=False)
        yield board, replay, _Ending(
            contract if isinstance(contract, Contract) else None, result.tricks, known)


def _contract(text: str) -> Contract | bool | None:
    """The Contract tag: a contract, None when passed out, False when not stated."""
    text = text.strip()
    if text.lower() == "pass":
        return None
    try:
        return Contract.parse(text)
    except (ParseError, ValueError):
        return False


def _lin_games(path: Path, edition: Edition) -> Iterator[tuple[int, Callable[[], Table], _Ending]]:
    from dupbridge.formats import lin

    for record in lin.to_records(lin.load(path, strict=False)):
        if not record.auction:
            continue
        ending = _Ending(record.contract, record.tricks,
                         record.passed_out or record.tricks is not None)
        yield record.board, partial(_lin_table, record, edition), ending


def _lin_table(record: BoardRecord, edition: Edition) -> Table:
    """A LIN record played as it was: calls and cards in turn, then the claim (LIN ``mc``)
    the defenders agreed (68A, 69A)."""
    deal = record.deal
    table = Table(Board(record.board, deal if all(deal[s] is not None for s in Seat) else None,
                        marked_dealer=record.dealer,
                        marked_vulnerability=record.vulnerability), edition=edition)
    for recorded in record.auction:
        if table.turn is None:
            break
        table.call(table.turn, recorded.call)
    play = table.state.play
    if play is None or table.board.deal is None:
        return table
    for card in record.play:
        if table.turn is None:
            break
        table.play(table.turn, card)
    if record.claimed is not None:
        claim_at_the_end(table, PbnResult(record.claimed))
    return table


def _differs(table: Table, ending: _Ending) -> str:
    """How the replay's ending differs from the file's, or "" when it agrees (or the file
    states nothing to compare with, or the record stops before the end)."""
    if not ending.known:
        return ""
    result = table.result()
    if result is None:
        return ""  # the record stops (unknown cards, no claim): nothing to compare
    if not _same_contract(result.contract, ending.contract):
        return f"contract {result.contract or 'passed out'} replayed, " \
               f"{ending.contract or 'passed out'} in the file"
    if ending.tricks is not None and result.tricks is not None and (
            result.tricks != ending.tricks):
        return f"{result.tricks} tricks replayed, {ending.tricks} in the file"
    return ""


def _same_contract(replayed: Contract | None, recorded: Contract | None) -> bool:
    """Level, denomination and doubling; declarer too where the file names him."""
    if replayed is None or recorded is None:
        return replayed is recorded
    return (replayed.bid, replayed.doubled) == (recorded.bid, recorded.doubled) and (
        recorded.declarer is None or recorded.declarer == replayed.declarer)
