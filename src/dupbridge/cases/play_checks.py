"""``[[expect]]`` keys about the play and its end: the legal cards, penalty cards (Laws
50-52), the opening lead face down (41A), the result and score, and the Law 64 transfers.
"""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.cases.auction_checks import contract_text
from dupbridge.cases.expect_values import (
    Check,
    Difference,
    ExpectError,
    listed_text,
    read_count,
    read_seat,
    read_text,
    read_texts,
    seat_letter,
)
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.table.state import CardRecord
from dupbridge.table.table import Table


def check_legal_cards(value: object, edition: Edition) -> Check:
    """``{ seat = "S", cards = ["H2", ...] }`` (or ``includes`` / ``excludes``): whose turn
    it is to play and what ``Table.legal_cards`` offers (Law 44, Law 26 restrictions)."""
    if not isinstance(value, dict):
        raise ExpectError(f"takes a table such as {{ seat = \"S\", cards = [\"H2\"] }}, "
                          f"not {value!r}")
    unknown = sorted(set(value) - {"seat", "cards", "includes", "excludes"})
    if unknown or "seat" not in value or len(value) < 2:
        raise ExpectError("takes 'seat' and one or more of 'cards', 'includes', 'excludes'"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    seat = read_seat(read_text(value["seat"]))
    exact, includes, excludes = (
        None if key not in value else {_parsed_card(text) for text in read_texts(value[key])}
        for key in ("cards", "includes", "excludes"))

    def check(table: Table) -> Difference | None:
        have = set(table.legal_cards())
        actual = f"{seat_letter(table.turn)} to play: {_cards_text(have)}"
        wanted = [f"exactly {_cards_text(exact)}" if exact is not None else "",
                  f"including {_cards_text(includes)}" if includes is not None else "",
                  f"excluding {_cards_text(excludes)}" if excludes is not None else ""]
        expected = f"{seat_letter(seat)} to play: " + ", ".join(w for w in wanted if w)
        if (table.turn is not seat or (exact is not None and have != exact)
                or (includes is not None and not includes <= have)
                or (excludes is not None and bool(excludes & have))):
            return expected, actual
        return None
    return check


def _parsed_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ParseError as error:
        raise ExpectError(str(error)) from None


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in sorted(cards)) or "none"


def check_penalty_cards(value: object, edition: Edition) -> Check:
    """``["E D2"]``: the penalty cards kept for the play (Law 24, later 49-51), exactly."""
    wanted = sorted(_penalty_text(text) for text in read_texts(value))

    def check(table: Table) -> Difference | None:
        have = sorted(f"{p.seat.letter} {p.card}" for p in table.state.penalty_cards)
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return check


def _penalty_text(text: str) -> str:
    words = text.split()
    if len(words) != 2:
        raise ExpectError(f"a penalty card is written 'SEAT CARD', as in 'E D2', not {text!r}")
    return f"{read_seat(words[0]).letter} {_parsed_card(words[1])}"


def check_result(value: object, edition: Edition) -> Check:
    """``{ contract = "4S N", tricks = 7, ns = -150 }``: the board is complete and
    ``Table.result`` scores that contract (which 2017 36C may make other than the one
    played), with that many tricks to declarer and that score to North-South (Law 77);
    ``tricks`` and ``ns`` may be left out."""
    if not isinstance(value, dict):
        raise ExpectError(f"takes a table such as {{ contract = \"4S N\", tricks = 10, "
                          f"ns = 420 }}, not {value!r}")
    unknown = sorted(set(value) - {"contract", "tricks", "ns"})
    if unknown or "contract" not in value:
        raise ExpectError("takes 'contract' and, if wanted, 'tricks' and 'ns'"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    contract = contract_text(read_text(value["contract"]))
    if contract == "none":
        raise ExpectError("a complete board has a contract or is 'passed out', not 'none'")
    tricks = None if "tricks" not in value else read_count(value["tricks"])
    ns = None if "ns" not in value else _score(value["ns"])
    expected = _result_text(contract, tricks, ns)

    def check(table: Table) -> Difference | None:
        result = table.result()
        if result is None:
            return expected, "the board is not complete"
        have = "passed out" if result.contract is None else str(result.contract)
        shown = _result_text(have, None if tricks is None else result.tricks,
                             None if ns is None else result.score_ns)
        return None if shown == expected else (
            expected, _result_text(have, result.tricks, result.score_ns))
    return check


def _score(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExpectError(f"takes a score such as -150 or 420, not {value!r}")
    return value


def _result_text(contract: str, tricks: int | None, ns: int | None) -> str:
    parts = [contract]
    if tricks is not None:
        parts.append(f"{tricks} tricks")
    if ns is not None:
        parts.append(f"NS {ns:+d}")
    return ", ".join(parts)


def check_transfers(value: object, edition: Edition) -> Check:
    """``["W 64A1 2"]``: the Law 64 settlement of the complete board, one item per revoke
    settled (offender, clause, tricks transferred), exactly and in trick order."""
    wanted = [" ".join(text.split()) for text in read_texts(value)]

    def check(table: Table) -> Difference | None:
        result = table.result()
        have = [] if result is None else [f"{t.seat.letter} {t.law.clause} {t.tricks}"
                                          for t in result.transfers]
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return check


def check_face_down(value: object, edition: Edition) -> Check:
    """``face_down = "W D3"``: the opening lead made face down and not yet faced (41A);
    ``"none"``: there is none."""
    wanted = " ".join(read_text(value).split()).upper()

    def check(table: Table) -> Difference | None:
        record = table.state.face_down_lead
        entry = table.state.records[record] if record is not None else None
        have = (f"{entry.seat.letter} {entry.card}".upper() if isinstance(entry, CardRecord)
                else "NONE")
        return None if have == wanted else (wanted, have)
    return check
