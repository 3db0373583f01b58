"""The running percentages of a club session: each pair's percentage after each round,
scored as the whole session is (``tournament.session_scoring``) from the results of the
rounds played so far, for the public page's chart (``app.publish.running_percentages``).
Procedural penalties (Law 90) count on the final totals only, so the chart leaves them
out; adjusted scores (Law 12) are in from their round on."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from dupbridge.app.club_night.derived import derived
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.state import SCORING_METHODS, ClubState, state_of
from dupbridge.app.errors import translated
from dupbridge.app.publication.scored_session import running_percentages as running_of
from dupbridge.scoring.field_config import PairsConfig, PairsMethod


@translated
def running_percentages(store: Store, event_id: str) -> Mapping[int, tuple[Fraction | None, ...]]:
    return running_percentages_of(state_of(store, event_id))


@translated
@derived
def running_percentages_of(state: ClubState) -> Mapping[int, tuple[Fraction | None, ...]]:
    """Pair -> its percentage after rounds 1, 2, ... up to the last round with a result
    (None for a round after which the pair had no scored board yet)."""
    method: PairsMethod = next(m for m in SCORING_METHODS if m == state.config.scoring)
    running = running_of(state.movement, state.book, state.boards, method=method,
                         config=PairsConfig(edition=state.config.edition),
                         adjusted={k: a.score for k, a in state.adjustments.items()})
    return MappingProxyType({pair: tuple(values) for pair, values in running.items()})
