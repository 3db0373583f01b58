"""The Director's room control on the console beside the round clock (issue 27): deciding a
disputed result with the tricks he establishes (Law 79B2) in one step, a pair withdrawn
from a round on (a phantom takes its seat), and the confirmation each of the console's
actions ends with, in the reader's language."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.app.club_night.commands import (
    MovementChange,
    Recorded,
    entry_of_line,
    rule_on_dispute,
    withdraw_pair,
)
from dupbridge.app.club_night.limits import check_number
from dupbridge.app.club_night.ports import Clock, Store
from dupbridge.app.club_night.state import state_of
from dupbridge.app.club_night.views import results_of
from dupbridge.app.errors import ResultRefused, translated
from dupbridge.core.messages import Msg, msg


@translated
def decide_dispute(store: Store, clock: Clock, event_id: str, dispute_id: str, *,
                   tricks: int | None = None, who: str) -> Recorded:
    """79B2: the Director records the disputed entry as North entered it, or with the
    number of ``tricks`` he establishes (0 to 13) — one step, not a correction after it."""
    line = next((d for d in results_of(state_of(store, event_id)).disputes
                 if d.id == dispute_id), None)
    if line is None:
        raise ResultRefused(msg("no dispute {id} to rule on", id=dispute_id))
    decided = entry_of_line(line)
    if tricks is not None:
        if decided.contract is None:
            raise ResultRefused(msg("a board passed out takes no tricks"))
        decided = replace(decided, tricks=check_number("tricks", tricks, 0, 13))
    return rule_on_dispute(store, clock, event_id, dispute_id, decided, who=who,
                           why="disputed tricks decided (79B2)")


@translated
def withdraw(store: Store, clock: Clock, event_id: str, *, pair: int, from_round: int,
             who: str, why: str = "") -> MovementChange:
    """A pair leaves from ``from_round`` on: a phantom under the first number not in use
    takes its seat (``withdraw_pair`` checks it has no result from then on)."""
    movement = state_of(store, event_id).movement
    if not 1 <= from_round <= movement.rounds:  # a round the movement does not have
        raise ResultRefused(msg("round {round} is not in the movement (1 to {rounds})",
                                round=from_round, rounds=movement.rounds))
    phantom = max((*movement.contestants, *movement.phantoms), default=0) + 1
    return withdraw_pair(store, clock, event_id, pair=pair, phantom=phantom,
                         from_round=from_round, who=who, why=why)


# What the console says once an action is done (the key travels in the redirect's query,
# so that reloading the page does not repeat the action).
DONE: dict[str, Msg] = {
    "resolve": msg("The conflict is settled: the result kept is recorded."),
    "rule": msg("The disputed result is decided and recorded."),
    "correct": msg("The correction is recorded."),
    "adjust": msg("The adjusted score is recorded."),
    "penalty": msg("The procedural penalty is recorded."),
    "late-pair": msg("The late pair is added: the phones show the new movement."),
    "sit-out-table": msg("The sit-out is now a table: the late pair plays there and the "
                         "phones show the new movement."),
    "table-added": msg("The table is added: the two pairs play there and the phones show "
                       "the new movement."),
    "withdraw": msg("The pair is withdrawn: a phantom takes its seat."),
    "publish": msg("The results are published as official; the correction period runs."),
    "extend": msg("The periods are extended."),
    "codes": msg("New device codes: the phones must join again."),
    "attended": msg("The call is marked attended."),
    "round-start": msg("The round is started: the phones follow."),
    "round-end": msg("The round is ended: the phones show where each pair goes."),
    "names": msg("The names are saved."),
    "ranking-visibility": msg("The ranking's visibility is saved."),
    "release": msg("When the results are shown is saved."),
    "next-round": msg("The next Swiss round is paired: the phones show the new matches."),
}


def done_message(key: str) -> Msg | None:
    """The confirmation of the console's action ``key``, or None for an unknown key."""
    return DONE.get(key)


__all__ = ["DONE", "decide_dispute", "done_message", "withdraw"]
