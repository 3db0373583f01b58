"""A club event of the store as a ``ScoredSession`` to publish (``app.publish_html``,
``app.publish_files``) or whose boards go to the dealing machine (``app.dealing_files``):
scored as ``club_views.score`` scores it, with its pairs' names and running percentages."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.state import SCORING_METHODS, ClubState, state_of
from dupbridge.app.club_night.visibility import PUBLIC, Viewer, sight_in
from dupbridge.app.errors import translated
from dupbridge.app.publication.scored_session import ScoredSession, running_percentages
from dupbridge.core.board import Board
from dupbridge.core.messages import msg
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.tournament.results import ResultRejected
from dupbridge.tournament.session_scoring import score_session


@translated
def scored_session(store: Store, event_id: str, viewer: Viewer = PUBLIC) -> ScoredSession:
    """The event scored (Law 12 adjusted scores, Law 90 penalties on the totals) as
    ``viewer`` may see it (``visibility``; the public by default: what is published
    goes to everyone): only the boards every table has played until the official
    scores, and no deal before them, so that no hand record or export shows a card or a
    result while a board may still be in play."""
    state = published_state(store, state_of(store, event_id), viewer)
    method: PairsMethod = next(m for m in SCORING_METHODS if m == state.config.scoring)
    config = PairsConfig(edition=state.config.edition)
    adjusted = {key: a.score for key, a in state.adjustments.items()}
    scored = score_session(state.movement, state.book, state.boards, method=method,
                           config=config, adjusted=adjusted, penalties=state.penalties)
    pairs = set(state.movement.contestants)
    boards = dict(state.boards) if state.official_at is not None else \
        {n: replace(b, deal=None) for n, b in state.boards.items()}  # the Director's too
    return ScoredSession(
        state.config.name, state.movement, state.book, boards, scored, config,
        {p: state.name_of(p) for p in pairs if state.name_of(p)},
        running_percentages(state.movement, state.book, state.boards, method=method,
                            config=config, adjusted=adjusted))


@translated
def event_boards(store: Store, event_id: str) -> tuple[str, list[Board]]:
    """The event's name and its boards (dealt from its seed when the app dealt them)."""
    state = state_of(store, event_id)
    return state.config.name, [board for _, board in sorted(state.boards.items())]


def published_state(store: Store, everything: ClubState, viewer: Viewer = PUBLIC
                    ) -> ClubState:
    """The event as ``viewer`` may see it, ranked (the boards every table has played);
    refused while nothing can be published."""
    event_id = everything.record.id
    if not everything.book.entries:
        raise ResultRejected(msg("event {event}: no result recorded yet", event=event_id))
    state = sight_in(store, everything, viewer).ranked
    if not state.book.entries:
        raise ResultRejected(msg("event {event}: no board has been played at every table "
                                 "yet; nothing can be published", event=event_id))
    return state
