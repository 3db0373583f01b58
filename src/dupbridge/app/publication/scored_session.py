"""A scored session as plain values, ready to publish (the static site of
``publish_html``, the USEBIO and PBN files of ``publish_files``): the movement as played,
the book of results, the boards, the session score and the pairs' names. It is built
from values (a session scored in memory, or a USEBIO file re-scored) or from a club event
in the store (``app.club_publish``); the writers never open a database."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from dupbridge.app.errors import translated
from dupbridge.core.board import Board
from dupbridge.scoring.field_config import PairsConfig, PairsMethod
from dupbridge.scoring.results import Score
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.results import Book
from dupbridge.tournament.session_scoring import SessionScore, awaiting_director, score_session


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
    (None after a round in which it had no scored board yet): its matchpoints on the
    boards it played up to that round over their tops, each board scored once over every
    result of it in ``book``, as the score card's running total reads. Scoring only the
    rounds played so far would leave every pair at 50 % after the first round of a
    Mitchell, where each board has one result yet. The last value is the final percentage;
    procedural penalties (Law 90) count on the final totals only, so they are left out
    here. IMP methods have no percentage: None throughout."""
    chosen = dict(adjusted or {})
    pairs = [c for c in movement.contestants if c not in movement.phantoms]
    last = max((key[0] for key in book.entries), default=0)
    scored = score_session(movement, book, boards, method=method, config=config,
                           adjusted=chosen)
    # score_session scores the book less the lines still awaiting the Director, in key
    # order (board_results): the round of result i is the i-th of those keys.
    keys = sorted(awaiting_director(book, chosen).entries)
    field = scored.field
    got: dict[int, list[tuple[int, Fraction, Fraction]]] = {pair: [] for pair in pairs}
    for i, (key, result) in enumerate(zip(keys, field.results, strict=True)):
        top = field.top(i)
        for name, value in ((result.ns, field.ns(i)), (result.ew, field.ew(i))):
            if name.isdigit() and int(name) in got:
                got[int(name)].append((key[0], value, top))
    running: dict[int, list[Fraction | None]] = {}
    for pair, lines in got.items():
        running[pair] = []
        for round_number in range(1, last + 1):
            mine = [(v, t) for r, v, t in lines if r <= round_number]
            available = sum((t for _, t in mine), Fraction(0))
            running[pair].append(100 * sum((v for v, _ in mine), Fraction(0)) / available
                                 if mine and available > 0 else None)
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
