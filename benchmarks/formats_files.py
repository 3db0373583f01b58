"""Large PBN and LIN files for ``formats.py`` (issue 26), written by dupbridge's own code
from a seed, so that every run reads the same bytes:

- ``hand_record.pbn``: 10,000 boards as ``dupbridge deal --count 10000 --format pbn``
  writes them (Board, Dealer, Vulnerable, Deal: what dealing programs write);
- ``hand_record_dd.pbn``: the same boards with the double-dummy and par tags a hand
  record carries (``handrecord``'s DoubleDummyTricks, OptimumScore, ParContract,
  OptimumResultTable; the counts are random: only the reading is timed);
- ``played.pbn``: 2,000 boards played through the table engine (a random legal auction
  and a random legal play to the end), in export format with Auction and Play sections;
- ``played.lin``: 10,000 boards played the same way, as LIN, one board per line."""

from __future__ import annotations

import random
from pathlib import Path

from dupbridge import PASS, Board, Deal, Edition, Table
from dupbridge.core.calls import Denomination
from dupbridge.core.seats import Seat
from dupbridge.formats import lin, pbn
from dupbridge.formats.lin_model import LinFile
from dupbridge.formats.pbn import optimum
from dupbridge.formats.pbn.model import Game, PbnFile
from dupbridge.formats.pbn.writer import dealt_board, game_text
from dupbridge.formats.record import BoardRecord, RecordedCall

SEED = "issue 26"
HAND_RECORD_BOARDS = 10_000
PLAYED_PBN_BOARDS = 2_000
PLAYED_LIN_BOARDS = 10_000
PASS_PROBABILITY = 0.7  # per call: mostly short auctions, as at a real table


def _boards(count: int, rng: random.Random) -> list[Board]:
    return [Board(number, Deal.random(rng)) for number in range(1, count + 1)]


def hand_record(boards: list[Board]) -> str:
    """What ``dupbridge deal --format pbn`` writes: one ``dealt_board`` after another."""
    return "".join(dealt_board(board) for board in boards)


def _fake_optimum(rng: random.Random) -> tuple[optimum.Counts, str, str]:
    counts = {(denomination, seat): rng.randint(0, 13)
              for denomination in Denomination for seat in Seat}
    score = rng.choice((-620, -420, -110, 0, 110, 140, 400, 430, 620, 1430))
    side = "NS" if score >= 0 else "EW"
    return counts, f"{side} {abs(score)}", f"{side} 4S" if score else "NS Pass"


def hand_record_with_double_dummy(boards: list[Board], rng: random.Random) -> str:
    """The hand record as ``handrecord --out FILE.pbn`` writes it: each board with the four
    double-dummy and par tags."""
    games = []
    for board in boards:
        game = pbn.loads(dealt_board(board)).games[0]
        games.append(optimum.with_optimum_tags(game, optimum.optimum_tags(*_fake_optimum(rng))))
    return pbn.dumps(PbnFile(tuple(games)))


def played(board: Board, rng: random.Random) -> BoardRecord:
    """One board through the table engine: random legal calls, random legal cards."""
    table = Table(board, edition=Edition.LAWS_2017)
    calls: list[RecordedCall] = []
    while choices := table.legal_calls().as_tuple():
        call = PASS if rng.random() < PASS_PROBABILITY else rng.choice(choices)
        seat = table.turn
        assert seat is not None
        table.call(seat, call)
        calls.append(RecordedCall(call))
    cards = []
    while legal := table.legal_cards():
        card = rng.choice(sorted(legal))
        seat = table.turn
        assert seat is not None
        table.play(seat, card)
        cards.append(card)
    result = table.result()
    assert result is not None and board.deal is not None
    return BoardRecord(board.number, board.dealer, board.vulnerability, board.deal,
                       event="Benchmark", site="Here", date="2026.11.29",
                       players=("North", "East", "South", "West"), auction=tuple(calls),
                       play=tuple(cards), contract=result.contract,
                       passed_out=result.passed_out, tricks=result.tricks,
                       score_ns=result.score_ns)


def played_pbn(records: list[BoardRecord]) -> str:
    games: list[Game] = list(pbn.from_records(records).games)
    return pbn.dumps(PbnFile(())) + "".join(game_text(game) for game in games)


def played_lin(records: list[BoardRecord]) -> str:
    """One board per line, as BBO's hand records and endplay's reader have them (dupbridge's
    writer breaks a board's line after each trick)."""
    boards = lin.from_records(records).boards
    return "".join(lin.dumps(LinFile((board,))).replace("\n", "") + "\n" for board in boards)


def write_files(directory: Path) -> dict[str, Path]:
    """The four files in ``directory``, by kind."""
    rng = random.Random(SEED)
    boards = _boards(HAND_RECORD_BOARDS, rng)
    records = [played(board, rng) for board in _boards(PLAYED_LIN_BOARDS, rng)]
    texts = {
        "hand record": ("hand_record.pbn", hand_record(boards)),
        "hand record, DD": ("hand_record_dd.pbn", hand_record_with_double_dummy(boards, rng)),
        "played": ("played.pbn", played_pbn(records[:PLAYED_PBN_BOARDS])),
        "played (LIN)": ("played.lin", played_lin(records)),
    }
    paths = {}
    for kind, (name, text) in texts.items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        paths[kind] = path
    return paths


if __name__ == "__main__":  # write them to look at: python benchmarks/formats_files.py DIR
    import sys

    target = Path(sys.argv[1])
    target.mkdir(parents=True, exist_ok=True)
    for kind, path in write_files(target).items():
        print(f"{kind}: {path} ({path.stat().st_size:,} bytes)")
