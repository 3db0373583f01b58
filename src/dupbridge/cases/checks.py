"""The keys of an ``[[expect]]`` table: one small function per key.

Each entry of ``CHECKS`` reads the value written in the case file (and rejects a malformed
one at load time, so a case never fails for a typo only when it runs), and returns a
``Check``: given the table, ``None`` when the expectation holds, else the expected and actual
values as text. A new key is one more function in ``CHECKS``; an unknown key is an error.
"""

from __future__ import annotations

from collections.abc import Callable

from dupbridge.cases.auction_checks import (
    check_auction,
    check_bars,
    check_contract,
    check_lead_restrictions,
    check_legal_calls,
)
from dupbridge.cases.claim_checks import CLAIM_CHECKS
from dupbridge.cases.clause_checks import ClauseEntryError, clauses_check
from dupbridge.cases.expect_values import (
    Check,
    CheckFactory,
    Difference,
    ExpectError,
    chooser_letter,
    listed_text,
    read_bool,
    read_clauses,
    read_count,
    read_seat,
    read_text,
    read_texts,
    seat_letter,
)
from dupbridge.cases.play_checks import (
    check_face_down,
    check_legal_cards,
    check_penalty_cards,
    check_result,
    check_transfers,
)
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Side
from dupbridge.laws.machinery.ruling import (
    Chooser,
    Decision,
    IrregularityKind,
)
from dupbridge.notation.steps import Step, StepError, apply_step, parse_chooser, parse_step
from dupbridge.notation.talk_steps import check_adjusted, check_assigned, check_talk
from dupbridge.table.state import Phase
from dupbridge.table.table import Table


def _pending_text(pending: Decision | None) -> str:
    return "no decision pending" if pending is None else f"pending: {pending.describe()}"


def _kind_text(kind: IrregularityKind) -> str:
    return kind.name.lower().replace("_", "-")


# The checks


def _pending(value: object, edition: Edition) -> Check:
    expected = read_bool(value)

    def check(table: Table) -> Difference | None:
        if (table.pending is not None) is expected:
            return None
        return str(expected).lower(), _pending_text(table.pending)
    return check


def _irregularity(value: object, edition: Edition) -> Check:
    key = read_text(value).strip().lower().replace("_", "-")
    kinds = {_kind_text(kind) for kind in IrregularityKind}
    if key not in kinds:
        raise ExpectError(f"is one of {', '.join(sorted(kinds))}, not {value!r}")

    def check(table: Table) -> Difference | None:
        pending = table.pending
        actual = "no decision pending" if pending is None else _kind_text(pending.irregularity.kind)
        return None if actual == key else (key, actual)
    return check


def _offender(value: object, edition: Edition) -> Check:
    seat = read_seat(read_text(value))

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return seat.letter, "no decision pending"
        actual = pending.irregularity.offender
        return None if actual is seat else (seat.letter, actual.letter)
    return check


def _pending_clauses(value: object, edition: Edition) -> Check:
    wanted = read_clauses(value, edition)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        expected = f"includes {listed_text(wanted)}"
        if pending is None:
            return expected, "no decision pending"
        have = [ref.clause for ref in pending.clauses]
        return None if set(wanted) <= set(have) else (expected, listed_text(have))
    return check


def _pending_options(value: object, edition: Edition) -> Check:
    wanted = read_texts(value)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return listed_text(wanted), "no decision pending"
        have = [option.id for option in pending.options]
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return check


def _option_chooser(value: object, edition: Edition) -> Check:
    if not isinstance(value, dict) or not value:
        raise ExpectError(f"takes a table such as {{ decline = \"S\" }}, not {value!r}")
    wanted = {str(key): chooser_letter(_chooser(item)) for key, item in value.items()}

    def check(table: Table) -> Difference | None:
        pending = table.pending
        if pending is None:
            return _mapping_text(wanted), "no decision pending"
        have = {}
        for option_id in wanted:
            option = pending.option(option_id)
            have[option_id] = "no such option" if option is None else chooser_letter(
                option.chosen_by)
        return None if have == wanted else (_mapping_text(wanted), _mapping_text(have))
    return check


def _chooser(value: object) -> Chooser:
    try:
        return parse_chooser(read_text(value))
    except StepError as error:
        raise ExpectError(str(error)) from None


def _mapping_text(mapping: dict[str, str]) -> str:
    return "{" + ", ".join(f"{key} = {value}" for key, value in mapping.items()) + "}"


def _questions(value: object, edition: Edition) -> Check:
    wanted = read_texts(value)

    def check(table: Table) -> Difference | None:
        pending = table.pending
        have = [] if pending is None else [q.id for q in pending.open_questions]
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return check


def _turn(value: object, edition: Edition) -> Check:
    text = read_text(value)
    wanted = "none" if text.lower() == "none" else read_seat(text).letter

    def check(table: Table) -> Difference | None:
        have = seat_letter(table.turn)
        return None if have == wanted else (wanted, have)
    return check


def _clauses_included(value: object, edition: Edition,
                      have: Callable[[Table], list[str]]) -> Check:
    wanted = read_clauses(value, edition)

    def check(table: Table) -> Difference | None:
        clauses = have(table)
        if set(wanted) <= set(clauses):
            return None
        return f"includes {listed_text(wanted)}", listed_text(clauses)
    return check


def _clauses_cited(value: object, edition: Edition) -> Check:
    """Inclusion, not equality: a case names the clauses its ruling turns on, and the
    engine may rightly cite more (16C, 26B, 72C...). Entries may also name a penalty card,
    a call or an information tag that carries the clause (``clause_checks``)."""
    try:
        return clauses_check(read_texts(value), edition)
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
    wanted = read_count(value)

    def count(table: Table) -> Difference | None:
        have = _review_clauses(table)
        return None if len(have) == wanted else (str(wanted), f"{len(have)} {listed_text(have)}")
    return count


def _information(value: object, edition: Edition) -> Check:
    if not isinstance(value, list):
        wanted_count = read_count(value)

        def count(table: Table) -> Difference | None:
            have = len(table.state.information)
            return None if have == wanted_count else (str(wanted_count), str(have))
        return count
    sides = {side.value: side.value for side in Side} | {"BOTH": "both"}
    wanted = sorted(sides.get(text.upper(), "") for text in read_texts(value))
    if "" in wanted:
        raise ExpectError(f"lists the side each tag authorises, NS, EW or both, not {value!r}")

    def listed(table: Table) -> Difference | None:
        have = sorted(_authorised_text(tag.authorised) for tag in table.state.information)
        return None if have == wanted else (listed_text(wanted), listed_text(have))
    return listed


def _authorised_text(side: Side | None) -> str:
    """The side a withdrawn call's information is authorised to; ``both`` for None (2007
    27B1(a), 2017 23B)."""
    return "both" if side is None else side.value


def _phase(value: object, edition: Edition) -> Check:
    phases = {phase.value for phase in Phase}
    wanted = read_text(value).lower()
    if wanted not in phases:
        raise ExpectError(f"is one of {', '.join(sorted(phases))}, not {value!r}")

    def check(table: Table) -> Difference | None:
        have = table.phase.value
        return None if have == wanted else (wanted, have)
    return check


def _rejected(value: object, edition: Edition) -> Check:
    """Events the table must refuse at this point (``ActionRejected``); each is tried and
    taken back, so the case goes on from the same state."""
    texts = read_texts(value)
    try:
        steps = [parse_step(text) for text in texts]
    except StepError as error:
        raise ExpectError(str(error)) from None

    def check(table: Table) -> Difference | None:
        accepted = [text for text, step in zip(texts, steps, strict=True)
                    if not _is_rejected(table, step)]
        return None if not accepted else (f"rejected: {listed_text(texts)}",
                                          f"accepted: {listed_text(accepted)}")
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
    "bars": check_bars,
    "lead_restrictions": check_lead_restrictions,
    "legal_calls": check_legal_calls,
    "legal_cards": check_legal_cards,
    "penalty_cards": check_penalty_cards,
    "auction": check_auction,
    "contract": check_contract,
    "result": check_result,  # the score: 2017 36C may score another contract than played
    "turn": _turn,
    "clauses": _clauses_cited,
    "reviews": _reviews,
    "information": _information,
    "phase": _phase,
    "face_down": check_face_down,  # Law 41A: the opening lead made face down, not yet faced
    "rejected": _rejected,
    "talk": check_talk,  # Laws 16, 17, 20: see talk_steps
    "adjusted": check_adjusted,
    "assigned": check_assigned,  # Law 12C1: the assigned adjusted score, see talk_steps
    "transfers": check_transfers,  # Law 64 at the end of play
    **CLAIM_CHECKS,  # Laws 69B, 70, 71: see claim_checks
}
"""Every key an ``[[expect]]`` table may hold besides ``after``."""
