"""A scored session as plain values, ready to publish (the static site of
``publish_html``, the USEBIO and PBN files of ``publish_files``): the movement as played,
the book of results, the boards, the session score and the pairs' names. It is built
from values (a session scored in memory, or a USEBIO file re-scored) or from a club event
in the store (``app.club_publish``); the writers never open a database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from dupbridge.app.errors import translated
from dupbridge.core.board import Board
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.results import Score
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.results import Book
from dupbridge.tournament.session_scoring import SessionScore, score_session


@dataclass(frozen=True, slots=True)
class ScoredSession:
    """Everything a publication shows. ``names``: pair number -> its players' names
    (empty: "Pair 3"); ``running``: pair -> its percentage after each round."""

    title: str
    movement: Movement
    book: Book
    boards: Mapping[int, Board]
    score: SessionScore
    config: PairsConfig = field(default_factory=PairsConfig)
    names: Mapping[int, str] = field(default_factory=dict)
    running: Mapping[int, Sequence[Fraction | None]] = field(default_factory=dict)

    @property
    def method(self) -> PairsMethod:
        return self.score.field.method

    def name_of(self, contestant: str) -> str:
        return self.names.get(int(contestant), "") if contestant.isdigit() else ""


def running_percentages(movement: Movement, book: Book, boards: Mapping[int, Board], *,
                        method: PairsMethod = "matchpoints",
                        config: PairsConfig | None = None,
                        adjusted: Mapping[tuple[int, int, int], Score] | None = None
                        ) -> dict[int, list[Fraction | None]]:
    """Pair -> its percentage after rounds 1, 2, ... up to the last round with a result
    (None after a round in which it had no scored board yet), each round scored as the
    whole session is, from the results of the rounds played so far. Procedural penalties
    (Law 90) count on the final totals only, so they are left out here."""
    last = max((key[0] for key in book.entries), default=0)
    pairs = [c for c in movement.contestants if c not in movement.phantoms]
    running: dict[int, list[Fraction | None]] = {pair: [] for pair in pairs}
    chosen = dict(adjusted or {})
    for round_number in range(1, last + 1):
        entries = {k: e for k, e in book.entries.items() if k[0] <= round_number}
        so_far = replace(book, entries=entries, conflicts=(), disputes=())
        scored = score_session(movement, so_far, boards, method=method, config=config,
                               adjusted={k: v for k, v in chosen.items()
                                         if k[0] <= round_number})
        percent = {int(r.contestant): r.percentage for group in scored.rankings
                   for r in group}
        for pair in running:
            running[pair].append(percent.get(pair))
    return running


@translated
def session_from_usebio(path: Path, *, title: str = "") -> ScoredSession:
    """A USEBIO matchpoint session read and scored again (its travellers as a book of
    results, one round per board): what ``event export --from`` publishes."""
    from dupbridge.app.archive.usebio_session import import_usebio_session
    from dupbridge.formats.usebio import load

    event = load(path)
    imported = import_usebio_session(event)
    scored = score_session(imported.movement, imported.book, imported.boards)
    names = {number: " & ".join(p.name for p in participant.players)
             for number, name in imported.names.items()
             for participant in [event.participant(name)] if participant is not None}
    return ScoredSession(title or event.title or event.description or path.stem,
                         imported.movement, imported.book, imported.boards, scored,
                         names={k: v for k, v in names.items() if v},
                         running=running_percentages(imported.movement, imported.book,
                                                     imported.boards))
