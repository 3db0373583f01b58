"""Expectations about a claim before the Director (Laws 69B, 70, 71), for ruling cases:

- ``claim_value = 2``: V(P) of the pending Law 70 adjudication, with the answers so far;
- ``proposed = 2``: the tricks it proposes to award the claimer's side (the default of
  ``claim-tricks``);
- ``question_defaults = { trump-forgotten = true, claim-tricks = 2 }``: the defaults of
  these open questions of the pending decision;
- ``loses_at = 1``: the trick of the ending at which the worst normal line falls short of
  the claim (0: it does not);
- ``explains = ["Statement at the claim (70B1): all high"]``: lines of the pending
  decision's explanation (its note), each found in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dupbridge.core.edition import Edition
from dupbridge.laws.claims.law70_contested_claim import Adjudication, adjudicate
from dupbridge.laws.claims.position import ClaimMatter
from dupbridge.table.table import Table

Difference = tuple[str, str]
ClaimCheck = Callable[[Table], Difference | None]


def _adjudication(table: Table) -> Adjudication | None:
    pending = table.pending
    if pending is None or not isinstance(pending.irregularity, ClaimMatter):
        return None
    position = pending.irregularity.claim
    return None if position is None else adjudicate(position, pending.answers)


def _number(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"takes a number of tricks, not {value!r} ({what})")
    return value


def check_claim_value(value: object, edition: Edition) -> ClaimCheck:
    wanted = _number(value, "V(P)")

    def check(table: Table) -> Difference | None:
        found = _adjudication(table)
        have = "no Law 70 adjudication pending" if found is None else str(found.value.tricks)
        return None if have == str(wanted) else (str(wanted), have)
    return check


def check_proposed(value: object, edition: Edition) -> ClaimCheck:
    wanted = _number(value, "tricks proposed")

    def check(table: Table) -> Difference | None:
        found = _adjudication(table)
        have = "no Law 70 adjudication pending" if found is None else str(found.proposed)
        return None if have == str(wanted) else (str(wanted), have)
    return check


def check_loses_at(value: object, edition: Edition) -> ClaimCheck:
    wanted = _number(value, "trick of the ending")

    def check(table: Table) -> Difference | None:
        found = _adjudication(table)
        have = ("no Law 70 adjudication pending" if found is None
                else str(found.losing_trick or 0))
        return None if have == str(wanted) else (str(wanted), have)
    return check


def check_question_defaults(value: object, edition: Edition) -> ClaimCheck:
    if not isinstance(value, Mapping) or not value:
        raise ValueError(f"takes a table of question = default, not {value!r}")
    wanted = {str(k): v for k, v in value.items()}

    def check(table: Table) -> Difference | None:
        pending = table.pending
        have = {} if pending is None else {q.id: q.default for q in pending.open_questions}
        shown = {k: have.get(k, "not asked") for k in wanted}
        return None if shown == wanted else (str(wanted), str(shown))
    return check


def check_explains(value: object, edition: Edition) -> ClaimCheck:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"takes a list of lines, not {value!r}")
    wanted = [str(v) for v in value]

    def check(table: Table) -> Difference | None:
        note = "" if table.pending is None else table.pending.note
        missing = [line for line in wanted if line not in note]
        return None if not missing else (str(wanted), f"missing {missing} in {note!r}")
    return check


CLAIM_CHECKS = {
    "explains": check_explains,
    "claim_value": check_claim_value,
    "proposed": check_proposed,
    "loses_at": check_loses_at,
    "question_defaults": check_question_defaults,
}
