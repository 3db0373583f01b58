"""The analysed boards of each event (``app.club_night.hand_record.HandRecordStore``) on
the SQL database: one row per board, written by the background analysis and read by the
hand-record pages."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from dupbridge.adapters.sql.schema import hand_records
from dupbridge.app.club_night.hand_record import StoredBoard


class SqlHandRecords:
    """``HandRecordStore`` on the store's database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def stored_boards(self, event_id: str) -> Mapping[int, StoredBoard]:
        with self.engine.connect() as connection:
            rows = connection.execute(hand_records.select().where(
                hand_records.c.event_id == event_id)).all()
        return {row.board: StoredBoard(row.board, row.deal,
                                       None if row.tricks is None else tuple(row.tricks),
                                       row.unsolved) for row in rows}

    def keep_boards(self, event_id: str, boards: list[StoredBoard]) -> None:
        """One transaction: the rows of these boards replaced (two workers analysing the
        same event write the same values; the last one stays)."""
        if not boards:
            return
        now = datetime.now(UTC)
        try:
            with self.engine.begin() as connection:
                connection.execute(hand_records.delete().where(
                    hand_records.c.event_id == event_id,
                    hand_records.c.board.in_([board.board for board in boards])))
                connection.execute(hand_records.insert(), [
                    {"event_id": event_id, "board": board.board, "deal": board.deal,
                     "tricks": None if board.tricks is None else list(board.tricks),
                     "unsolved": board.unsolved, "at": now} for board in boards])
        except IntegrityError:
            pass  # another worker kept these boards first: the same values (a deal's table)



