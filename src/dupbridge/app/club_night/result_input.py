"""A table's result as the club session's one command: read from its text once, where it
comes in (the table device's page, the Director's console, the command line, a traveller
file), and carried typed from there to the book (``commands.entry_of`` adds the pairs the
movement seats at that table) and to the journal (``journal.entry_json``)."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.app.errors import UnreadableResult
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat

PASSED = ("PASS", "P", "AP")  # how a scorer writes a board passed out (Law 22A)


@dataclass(frozen=True, slots=True, init=False)
class ResultInput:
    """A result as a table reports it (79A): the ``contract`` (None when the board was
    passed out, or when only an adjusted-score ``code`` such as ``A60/40`` is given),
    ``declarer``, ``tricks`` won by declarer and the opening ``lead``; ``agreed`` False
    when one side does not agree the number of tricks (79B: a dispute for the Director).

    Built from the words as written (``4SX``, ``N``, ``HA``, ``PASS``) or from the values
    themselves; refused naming the round, table and board if a word is not a
    contract, seat or card, or if neither a result nor a code is given
    (``UnreadableResult``, a ``ResultRejected``)."""

    round: int
    table: int
    board: int
    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    lead: Card | None
    code: str | None
    agreed: bool
    score: int | None  # a score-only traveller: North-South's score, no contract

    def __init__(self, round: int, table: int, board: int,
                 contract: Contract | str | None = None, declarer: Seat | str | None = None,
                 tricks: int | None = None, lead: Card | str | None = None,
                 code: str | None = None, agreed: bool = True,
                 score: int | None = None) -> None:
        at = {"round": round, "table": table, "board": board}
        passed = isinstance(contract, str) and contract.strip().upper() in PASSED
        try:
            typed_contract = (Contract.parse(contract) if isinstance(contract, str)
                              and not passed else None if passed else contract)
            typed_declarer = Seat.parse(declarer) if isinstance(declarer, str) else declarer
            typed_lead = Card.parse(lead) if isinstance(lead, str) else lead
        except (ParseError, ValueError) as error:
            # A parse error's reason is its message without the position (a Msg when it
            # has a translation: "not a contract"), so the scorer reads it in their
            # language.
            reason = (error.reason if isinstance(error, ParseError)
                      else str(error).splitlines()[0])
            raise UnreadableResult(msg("round {round}, table {table}, board {board}: {error}",
                                     **at, error=reason)) from None
        if code is None and contract is None and score is None:
            raise UnreadableResult(msg("round {round}, table {table}, board {board}: give the "
                                     "contract, declarer and tricks, or an adjusted-score "
                                     "code", **at))
        for name, value in (("round", round), ("table", table), ("board", board),
                            ("contract", typed_contract), ("declarer", typed_declarer),
                            ("tricks", 0 if passed and tricks is None else tricks),
                            ("lead", typed_lead),
                            ("code", None if code is None else code.strip().upper()),
                            ("agreed", agreed), ("score", score)):
            object.__setattr__(self, name, value)
