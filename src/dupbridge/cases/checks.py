"""The keys of an ``[[expect]]`` table: one small function per key.

Each entry of ``CHECKS`` reads the value written in the case file (and rejects a malformed
one at load time, so a case never fails for a typo only when it runs), and returns a
``Check``: given the table, ``None`` when the expectation holds, else the expected and actual
values as text. A new key is one more function in ``CHECKS``; an unknown key is an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import pairwise

from dupbridge.cases.claim_checks import CLAIM_CHECKS
from dupbridge.cases.clause_checks import ClauseEntryError, clauses_check
from dupbridge.core.calls import Bid, Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.ruling import (
    Bar,
    BarKind,
    BarScope,
    Chooser,
    Decision,
    IrregularityKind,
)
from dupbridge.notation.steps import Step, StepError, apply_step, parse_chooser, parse_step
from dupbridge.notation.talk_steps import check_adjusted, check_assigned, check_talk
from dupbridge.rules.auction import AuctionStatus
from dupbridge.table.state import CardRecord, Phase
from dupbridge.table.table import Table

Difference = tuple[str, str]
"""(expected, actual), as text."""
Check = Callable[[Table], Difference | None]
CheckFactory = Callable[[object, Edition], Check]


class ExpectError(ValueError):
    """A value in an ``[[expect]]`` table that does not say anything checkable."""


# Reading the values of the case file


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ExpectError(f"takes true or false, not {value!r}")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ExpectError(f"takes a string, not {value!r}")
    return value


def _texts(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ExpectError(f"takes a list of strings, not {value!r}")
    return list(value)


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExpectError(f"takes a count (0 or more), not {value!r}")
    return value


def _parsed_call(text: str) -> Call:
    try:
        return Call.parse(text)
    except ParseError as error:
        raise ExpectError(error.reason) from None


def _parsed_seat(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError as error:
        raise ExpectError(error.reason) from None


def _clauses(value: object, edition: Edition) -> list[str]:
    """Clause ids of the case's edition, checked against the numbering pattern."""
    items = _texts(value)
    for item in items:
        try:
            LawRef(edition, item)
        except ParseError as error:
            raise ExpectError(error.reason) from None
    return items


# Showing what the table holds


def _listed(items: Iterable[str]) -> str:
    text = ", ".join(items)
    return f"[{text}]" if text else "[] (none)"


def _seat_text(seat: Seat | None) -> str:
    return "none" if seat is None else seat.letter


def _chooser_text(chooser: Chooser) -> str:
    return chooser.letter if isinstance(chooser, Seat) else "Director"


def calls_text(calls: Iterable[Call]) -> str:
    """Calls in the order of Law 18E; a run of consecutive bids is written ``2S..7NT``."""
    ordered = sorted(calls, key=_call_order)
    others = [str(call) for call in ordered if not isinstance(call, Bid)]
    bids = [call for call in ordered if isinstance(call, Bid)]
    if len(bids) > 2 and all(b.rank + 1 == c.rank for b, c in pairwise(bids)):
        others.append(f"{bids[0]}..{bids[-1]}")
    else:
        others.extend(str(bid) for bid in bids)
    return _listed(others)


def _call_order(call: Call) -> int:
    if isinstance(call, Bid):
        return 3 + call.rank
    return {"Pass": 0, "X": 1, "XX": 2}.get(str(call), 0)


def _pending_text(pending: Decision | None) -> str:
    return "no decision pending" if pending is None else f"pending: {pending.describe()}"


def bar_text(bar: Bar) -> str:
    """``W rest 27B2``, ``E next no-double 30B2(b)``, ``N next repeat 1H 31A1``: seat, scope,
    the kind when it is not the obligation to pass, and the clause that imposed the bar."""
    words = [bar.seat.letter, _SCOPE_WORDS[bar.scope]]
    if bar.kind is not BarKind.PASS:
        words.append(_KIND_WORDS[bar.kind])
    if bar.kind is BarKind.REPEAT and bar.call is not None:
        words.append(str(bar.call))
    words.append(bar.law.clause)
    return " ".join(words)


_SCOPE_WORDS = {BarScope.REST: "rest", BarScope.NEXT: "next"}
_SCOPES = {word: scope for scope, word in _SCOPE_WORDS.items()}
_KIND_WORDS = {BarKind.PASS: "pass", BarKind.NO_DOUBLE: "no-double", BarKind.REPEAT: "repeat"}
_KINDS = {word: kind for kind, word in _KIND_WORDS.items()}


def _kind_text(kind: IrregularityKind) -> str:
    return kind.name.lower().replace("_", "-")


# The checks


def _pending(value: object, edition: Edition) -> Check:
    expected = _bool(value)

    def check(table: Table) -> Difference | None:
        if (table.pending is not None) is expected:
            return None
        return str(expected).lower(), _pending_text(table.pending)
    return check


def _irregularity(value: object, edition: Edition) -> Check:
    key = _text(value).strip().lower().replace("_", "-")
    kinds = {_kind_text(kind) for kind in IrregularityKind}
    if key not in kinds:
        raise ExpectError(f"is one of {', '.join(sorted(kinds))}, not {value!r}")

    def check(table: Table) -> Difference | None:
        pending = table.pending
        actual = "no decision pending" if pending is None else _kind_text(pending.irregularity.kind)
        return None if actual == key else (key, actual)
    return check


def _offender(value: object, edition: Edition) -> Check:
    seat = _parsed_seat(_text(value))

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return seat.letter, "no decision pending"
        actual = pending.irregularity.offender
        return None if actual is seat else (seat.letter, actual.letter)
    return check


def _pending_clauses(value: object, edition: Edition) -> Check:
    wanted = _clauses(value, edition)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        expected = f"includes {_listed(wanted)}"
        if pending is None:
            return expected, "no decision pending"
        have = [ref.clause for ref in pending.clauses]
        return None if set(wanted) <= set(have) else (expected, _listed(have))
    return check


def _pending_options(value: object, edition: Edition) -> Check:
    wanted = _texts(value)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return _listed(wanted), "no decision pending"
        have = [option.id for option in pending.options]
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


def _option_chooser(value: object, edition: Edition) -> Check:
    if not isinstance(value, dict) or not value:
        raise ExpectError(f"takes a table such as {{ decline = \"S\" }}, not {value!r}")
    wanted = {str(key): _chooser_text(_chooser(item)) for key, item in value.items()}

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return _mapping_text(wanted), "no decision pending"
        have = {}
        for option_id in wanted:
            option = pending.option(option_id)
            have[option_id] = "no such option" if option is None else _chooser_text(
                option.chosen_by)
        return None if have == wanted else (_mapping_text(wanted), _mapping_text(have))
    return check


def _chooser(value: object) -> Chooser:
    try:
        return parse_chooser(_text(value))
    except StepError as error:
        raise ExpectError(str(error)) from None


def _mapping_text(mapping: dict[str, str]) -> str:
    return "{" + ", ".join(f"{key} = {value}" for key, value in mapping.items()) + "}"


def _questions(value: object, edition: Edition) -> Check:
    wanted = _texts(value)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        have = [] if pending is None else [q.id for q in pending.open_questions]
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


@dataclass(frozen=True, slots=True)
class _BarPattern:
    """``W rest`` matches an obligation to pass under any clause; ``W rest 27B2`` only under
    that one; ``N next repeat 1H`` an obligation to repeat 1H."""

    seat: Seat
    scope: BarScope
    kind: BarKind
    call: Call | None
    clause: str | None

    def matches(self, bar: Bar) -> bool:
        return (bar.seat is self.seat and bar.scope is self.scope and bar.kind is self.kind
                and (self.call is None or bar.call == self.call)
                and (self.clause is None or bar.law.clause == self.clause))

    def __str__(self) -> str:
        words = [self.seat.letter, _SCOPE_WORDS[self.scope]]
        if self.kind is not BarKind.PASS:
            words.append(_KIND_WORDS[self.kind])
        if self.call is not None:
            words.append(str(self.call))
        if self.clause is not None:
            words.append(self.clause)
        return " ".join(words)


BAR_SYNTAX = "SEAT rest|next [pass|no-double|repeat CALL] [CLAUSE]"


def _bar_pattern(text: str, edition: Edition) -> _BarPattern:
    """Parse ``SEAT SCOPE [KIND [CALL]] [CLAUSE]`` from left to right: the call comes only
    after ``repeat``, so ``1H`` is never taken for a clause."""
    words = text.split()
    if len(words) < 2 or words[1].lower() not in _SCOPES:
        raise ExpectError(f"a bar is written '{BAR_SYNTAX}', as in 'W rest 27B2', not {text!r}")
    seat, scope, rest = _parsed_seat(words[0]), _SCOPES[words[1].lower()], words[2:]
    kind, call = BarKind.PASS, None
    if rest and rest[0].lower() in _KINDS:
        kind = _KINDS[rest.pop(0).lower()]
        if kind is BarKind.REPEAT:
            if not rest:
                raise ExpectError(f"'repeat' names the call to repeat, as in 'N next repeat 1H', "
                                  f"not {text!r}")
            call = _parsed_call(rest.pop(0))
    if len(rest) > 1:
        raise ExpectError(f"a bar is written '{BAR_SYNTAX}', not {text!r}")
    clause = _clauses(rest, edition)[0] if rest else None
    return _BarPattern(seat, scope, kind, call, clause)


def _bars(value: object, edition: Edition) -> Check:
    patterns = [_bar_pattern(text, edition) for text in _texts(value)]

    def check(table: Table) -> Difference | None:
        bars = list(table.restrictions)
        unmatched = list(bars)
        for pattern in patterns:
            found = next((bar for bar in unmatched if pattern.matches(bar)), None)
            if found is None:
                break
            unmatched.remove(found)
        else:
            if not unmatched:
                return None
        return _listed(str(p) for p in patterns), _listed(bar_text(bar) for bar in bars)
    return check


def _lead_restrictions(value: object, edition: Edition) -> Check:
    if not isinstance(value, list):
        wanted_count = _count(value)

        def count(table: Table) -> Difference | None:
            have = len(table.state.lead_restrictions)
            return None if have == wanted_count else (str(wanted_count), str(have))
        return count
    wanted = sorted(_restriction_text(text) for text in _texts(value))

    def listed(table: Table) -> Difference | None:
        have = sorted(f"{r.offender.letter} {r.withdrawn}" for r in table.state.lead_restrictions)
        return None if have == wanted else (_listed(wanted), _listed(have))
    return listed


def _restriction_text(text: str) -> str:
    """``S X``: the offender and the withdrawn call, normalised (``S D`` is ``S X`` too)."""
    words = text.split()
    if len(words) != 2:
        raise ExpectError(f"a lead restriction is written 'OFFENDER CALL', as in 'S X', "
                          f"not {text!r}")
    return f"{_parsed_seat(words[0]).letter} {_parsed_call(words[1])}"


def _legal_calls(value: object, edition: Edition) -> Check:
    if not isinstance(value, dict):
        raise ExpectError(f"takes a table such as {{ seat = \"W\", calls = [\"P\"] }}, "
                          f"not {value!r}")
    unknown = sorted(set(value) - {"seat", "calls", "includes", "excludes"})
    if unknown or "seat" not in value or len(value) < 2:
        raise ExpectError("takes 'seat' and one or more of 'calls', 'includes', 'excludes'"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    seat_text = _text(value["seat"])
    seat = None if seat_text.lower() == "none" else _parsed_seat(seat_text)
    exact, includes, excludes = (
        None if key not in value else {_parsed_call(text) for text in _texts(value[key])}
        for key in ("calls", "includes", "excludes"))

    def check(table: Table) -> Difference | None:
        have = set(table.legal_calls())
        expected = _legal_calls_wanted(seat, exact, includes, excludes)
        actual = f"{_seat_text(table.turn)} to call: {calls_text(have)}"
        if table.turn is not seat:
            return expected, actual
        if exact is not None and have != exact:
            return expected, actual
        if includes is not None and not includes <= have:
            return expected, f"{actual}, missing {calls_text(includes - have)}"
        if excludes is not None and excludes & have:
            return expected, f"{actual}, including {calls_text(excludes & have)}"
        return None
    return check


def _legal_calls_wanted(seat: Seat | None, exact: set[Call] | None, includes: set[Call] | None,
                        excludes: set[Call] | None) -> str:
    parts = []
    if exact is not None:
        parts.append(f"exactly {calls_text(exact)}")
    if includes is not None:
        parts.append(f"including {calls_text(includes)}")
    if excludes is not None:
        parts.append(f"excluding {calls_text(excludes)}")
    return f"{_seat_text(seat)} to call: " + ", ".join(parts)


def _legal_cards(value: object, edition: Edition) -> Check:
    """``{ seat = "S", cards = ["H2", ...] }`` (or ``includes`` / ``excludes``): whose turn
    it is to play and what ``Table.legal_cards`` offers (Law 44, Law 26 restrictions)."""
    if not isinstance(value, dict):
        raise ExpectError(f"takes a table such as {{ seat = \"S\", cards = [\"H2\"] }}, "
                          f"not {value!r}")
    unknown = sorted(set(value) - {"seat", "cards", "includes", "excludes"})
    if unknown or "seat" not in value or len(value) < 2:
        raise ExpectError("takes 'seat' and one or more of 'cards', 'includes', 'excludes'"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else ""))
    seat = _parsed_seat(_text(value["seat"]))
    exact, includes, excludes = (
        None if key not in value else {_parsed_card(text) for text in _texts(value[key])}
        for key in ("cards", "includes", "excludes"))

    def check(table: Table) -> Difference | None:
        have = set(table.legal_cards())
        actual = f"{_seat_text(table.turn)} to play: {_cards_text(have)}"
        wanted = [f"exactly {_cards_text(exact)}" if exact is not None else "",
                  f"including {_cards_text(includes)}" if includes is not None else "",
                  f"excluding {_cards_text(excludes)}" if excludes is not None else ""]
        expected = f"{_seat_text(seat)} to play: " + ", ".join(w for w in wanted if w)
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


def _penalty_cards(value: object, edition: Edition) -> Check:
    """``["E D2"]``: the penalty cards kept for the play (Law 24, later 49-51), exactly."""
    wanted = sorted(_penalty_text(text) for text in _texts(value))

    def check(table: Table) -> Difference | None:
        have = sorted(f"{p.seat.letter} {p.card}" for p in table.state.penalty_cards)
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


def _penalty_text(text: str) -> str:
    words = text.split()
    if len(words) != 2:
        raise ExpectError(f"a penalty card is written 'SEAT CARD', as in 'E D2', not {text!r}")
    return f"{_parsed_seat(words[0]).letter} {_parsed_card(words[1])}"


def _auction(value: object, edition: Edition) -> Check:
    wanted = " ".join(str(_parsed_call(token)) for token in _text(value).split())

    def check(table: Table) -> Difference | None:
        have = str(table.state.current_auction)
        return None if have == wanted else (repr(wanted), repr(have))
    return check


def _contract(value: object, edition: Edition) -> Check:
    wanted = _contract_text(_text(value))

    def check(table: Table) -> Difference | None:
        state = table.state
        have = ("passed out" if state.current_auction.status is AuctionStatus.PASSED_OUT
                else "none" if state.contract is None else str(state.contract))
        return None if have == wanted else (wanted, have)
    return check


def _contract_text(text: str) -> str:
    key = " ".join(text.lower().split())
    if key in ("passed out", "none"):
        return key
    try:
        return str(Contract.parse(text))
    except ParseError as error:
        raise ExpectError(f"{error.reason}, or 'passed out', or 'none'") from None


def _result(value: object, edition: Edition) -> Check:
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
    contract = _contract_text(_text(value["contract"]))
    if contract == "none":
        raise ExpectError("a complete board has a contract or is 'passed out', not 'none'")
    tricks = None if "tricks" not in value else _count(value["tricks"])
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


def _turn(value: object, edition: Edition) -> Check:
    text = _text(value)
    wanted = "none" if text.lower() == "none" else _parsed_seat(text).letter

    def check(table: Table) -> Difference | None:
        have = _seat_text(table.turn)
        return None if have == wanted else (wanted, have)
    return check


def _clauses_included(value: object, edition: Edition,
                      have: Callable[[Table], list[str]]) -> Check:
    wanted = _clauses(value, edition)

    def check(table: Table) -> Difference | None:
        clauses = have(table)
        if set(wanted) <= set(clauses):
            return None
        return f"includes {_listed(wanted)}", _listed(clauses)
    return check


def _clauses_cited(value: object, edition: Edition) -> Check:
    """Inclusion, not equality: a case names the clauses its ruling turns on, and the
    engine may rightly cite more (16C, 26B, 72C...). Entries may also name a penalty card,
    a call or an information tag that carries the clause (``clause_checks``)."""
    try:
        return clauses_check(_texts(value), edition)
    except ClauseEntryError as error:
        raise ExpectError(str(error)) from None


def _review_clauses(table: Table) -> list[str]:
    """The review items so far; once the board is complete, those of its result, which adds
    the items due at the end of play (e.g. the 64C equity review)."""
    result = table.result()
    reviews = table.state.reviews if result is None else result.reviews
    return [review.law.clause for review in reviews]


def _reviews(value: object, edition: Edition) -> Check:
    """A list: the review items' clauses include these; a count: exactly that many items
    (``reviews = 0`` says that nothing is left for the end of play, as in Law 38D)."""
    if isinstance(value, list):
        return _clauses_included(value, edition, _review_clauses)
    wanted = _count(value)

    def count(table: Table) -> Difference | None:
        have = _review_clauses(table)
        return None if len(have) == wanted else (str(wanted), f"{len(have)} {_listed(have)}")
    return count


def _information(value: object, edition: Edition) -> Check:
    if not isinstance(value, list):
        wanted_count = _count(value)

        def count(table: Table) -> Difference | None:
            have = len(table.state.information)
            return None if have == wanted_count else (str(wanted_count), str(have))
        return count
    sides = {side.value: side.value for side in Side} | {"BOTH": "both"}
    wanted = sorted(sides.get(text.upper(), "") for text in _texts(value))
    if "" in wanted:
        raise ExpectError(f"lists the side each tag authorises, NS, EW or both, not {value!r}")

    def listed(table: Table) -> Difference | None:
        have = sorted(_authorised_text(tag.authorised) for tag in table.state.information)
        return None if have == wanted else (_listed(wanted), _listed(have))
    return listed


def _authorised_text(side: Side | None) -> str:
    """The side a withdrawn call's information is authorised to; ``both`` for None (2007
    27B1(a), 2017 23B)."""
    return "both" if side is None else side.value


def _transfers(value: object, edition: Edition) -> Check:
    """``["W 64A1 2"]``: the Law 64 settlement of the complete board, one item per revoke
    settled (offender, clause, tricks transferred), exactly and in trick order."""
    wanted = [" ".join(text.split()) for text in _texts(value)]

    def check(table: Table) -> Difference | None:
        result = table.result()
        have = [] if result is None else [f"{t.seat.letter} {t.law.clause} {t.tricks}"
                                          for t in result.transfers]
        return None if have == wanted else (_listed(wanted), _listed(have))
    return check


def _phase(value: object, edition: Edition) -> Check:
    phases = {phase.value for phase in Phase}
    wanted = _text(value).lower()
    if wanted not in phases:
        raise ExpectError(f"is one of {', '.join(sorted(phases))}, not {value!r}")

    def check(table: Table) -> Difference | None:
        have = table.phase.value
        return None if have == wanted else (wanted, have)
    return check


def _face_down(value: object, edition: Edition) -> Check:
    """``face_down = "W D3"``: the opening lead made face down and not yet faced (41A);
    ``"none"``: there is none."""
    wanted = " ".join(_text(value).split()).upper()

    def check(table: Table) -> Difference | None:
        record = table.state.face_down_lead
        entry = table.state.records[record] if record is not None else None
        have = (f"{entry.seat.letter} {entry.card}".upper() if isinstance(entry, CardRecord)
                else "NONE")
        return None if have == wanted else (wanted, have)
    return check


def _rejected(value: object, edition: Edition) -> Check:
    """Events the table must refuse at this point (``ActionRejected``); each is tried and
    taken back, so the case goes on from the same state."""
    texts = _texts(value)
    try:
        steps = [parse_step(text) for text in texts]
    except StepError as error:
        raise ExpectError(str(error)) from None

    def check(table: Table) -> Difference | None:
        accepted = [text for text, step in zip(texts, steps, strict=True)
                    if not _is_rejected(table, step)]
        return None if not accepted else (f"rejected: {_listed(texts)}",
                                          f"accepted: {_listed(accepted)}")
    return check


def _is_rejected(table: Table, step: Step) -> bool:
    before = len(table.events)
    try:
        apply_step(table, step)
    except ActionRejected:
        rejected = True
    else:
        rejected = False
    while len(table.events) > before:
        table.undo()
    return rejected


CHECKS: dict[str, CheckFactory] = {
    "pending": _pending,
    "irregularity": _irregularity,
    "offender": _offender,
    "pending_clauses": _pending_clauses,
    "pending_options": _pending_options,
    "option_chooser": _option_chooser,
    "questions": _questions,
    "bars": _bars,
    "lead_restrictions": _lead_restrictions,
    "legal_calls": _legal_calls,
    "legal_cards": _legal_cards,
    "penalty_cards": _penalty_cards,
    "auction": _auction,
    "contract": _contract,
    "result": _result,  # the score: 2017 36C may score another contract than played
    "turn": _turn,
    "clauses": _clauses_cited,
    "reviews": _reviews,
    "information": _information,
    "phase": _phase,
    "face_down": _face_down,  # Law 41A: the opening lead made face down, not yet faced
    "rejected": _rejected,
    "talk": check_talk,  # Laws 16, 17, 20: see talk_steps
    "adjusted": check_adjusted,
    "assigned": check_assigned,  # Law 12C1: the assigned adjusted score, see talk_steps
    "transfers": _transfers,  # Law 64 at the end of play
    **CLAIM_CHECKS,  # Laws 69B, 70, 71: see claim_checks
}
"""Every key an ``[[expect]]`` table may hold besides ``after``."""
