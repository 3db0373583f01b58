"""Who may see what of a club session while it is played: one policy for every page,
fragment, answer, export and the published site.

A board's results (its traveller, the lines of the score cards, a ruling on it) and
everything scored from them reach:

* the Director: everything, at once;
* the players at a table (a device joined for that table): once every pair seated there
  now has played the board; their own results at once (they entered them). The pairs, not
  the table: in a Mitchell the East-West pair arriving at a table may still have to play
  a board that table played in an earlier round;
* the public: once every table the movement gives the board to has played it.

The event may release later (``release``, chosen by the Director and kept in the journal):
``board`` (the default, as above), ``round`` (besides, once every table has finished the
round in which it was played), ``session`` (once every table has finished every round).
Once the scores are official everything is public. The live ranking and the running chart
count only the boards the public may see, whoever reads them but the Director; the
Director's setting that hides the ranking for the last rounds (``floor.hide_ranking``)
hides the other tables' results too. The hands reach no one but the Director before the
official scores (Law 6: the commitment is revealed then; ``hand_record``).

A board counts as played at a table once its result is recorded there, or a conflict or a
dispute on it waits for the Director (the players have moved on). The movement as last
revised says which tables and pairs play a board; a sit-out plays nothing.

``sight_of`` answers once per request: the boards the viewer may see and the state the
page reads, holding only those results (for reading only: it must never be written)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from dupbridge.app.club_night.derived import derived
from dupbridge.app.club_night.floor import current_round, device_generation, ranking_hidden_in
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.state import RELEASES, ClubState, Key
from dupbridge.core.messages import Msg, msg
from dupbridge.tournament.movement import Encounter
from dupbridge.tournament.results import Entry

BOARD, ROUND, SESSION = RELEASES
PUBLIC_ROLE, TABLE_ROLE, DIRECTOR_ROLE = "public", "table", "director"


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who reads: the public, the players at ``table`` (its device), or the Director."""

    role: str
    table: int | None = None


PUBLIC = Viewer(PUBLIC_ROLE)
DIRECTOR = Viewer(DIRECTOR_ROLE)


def at_table(table: int) -> Viewer:
    return Viewer(TABLE_ROLE, table)


def viewer_of(session: Mapping[str, object], event_id: str,
              generation: int | None = None) -> Viewer:
    """The viewer a web session is: the Director logged in, a device joined for a table
    of this event with the codes in force (``generation``, when given), else the public
    (a device of another event, or one whose code is past, is the public here)."""
    role = session.get("role")
    if role == "director":
        return DIRECTOR
    table = session.get("table")
    if role == "device" and session.get("event") == event_id and isinstance(table, int) \
            and (generation is None or session.get("generation") == generation):
        return at_table(table)
    return PUBLIC


def viewer_in(store: Store, session: Mapping[str, object], event_id: str) -> Viewer:
    """``viewer_of`` with the generation of device codes in force read from the store."""
    return viewer_of(session, event_id, device_generation(store, event_id)
                     if session.get("role") == "device" else None)


@dataclass(frozen=True, slots=True)
class Progress:
    """How far the session is: what each pair has played, which rounds every table has
    finished, which boards every table has played."""

    done: frozenset[Key]
    played: Mapping[int, frozenset[int]]  # contestant -> boards played
    rounds_done: frozenset[int]
    boards_done: frozenset[int]
    rounds_of: Mapping[int, frozenset[int]]  # board -> the rounds it is played in
    finished: bool  # every table has finished every round


@derived
def progress_of(state: ClubState) -> Progress:
    """Where the session stands, from the book and the movement as last revised."""
    book = state.book
    done = set(book.entries) | {(e.round, e.table, e.board) for e in book.disputes} | {
        (e.round, e.table, e.board) for _, e in book.conflicts}
    movement = state.movement
    played: dict[int, set[int]] = {}
    rounds_open: set[int] = set()
    boards_open: set[int] = set()
    rounds_of: dict[int, set[int]] = {}
    for encounter in _playing(state):
        for board in encounter.boards:
            rounds_of.setdefault(board, set()).add(encounter.round)
            if (encounter.round, encounter.table, board) in done:
                for pair in encounter.contestants:
                    played.setdefault(pair, set()).add(board)
            else:
                rounds_open.add(encounter.round)
                boards_open.add(board)
    rounds = {e.round for e in movement.encounters}
    return Progress(frozenset(done), {p: frozenset(b) for p, b in played.items()},
                    frozenset(rounds - rounds_open),
                    frozenset(set(movement.boards) - boards_open),
                    {b: frozenset(r) for b, r in rounds_of.items()}, not rounds_open)


def _playing(state: ClubState) -> tuple[Encounter, ...]:
    return tuple(e for e in state.movement.encounters if not state.movement.sit_out(e))


def seated(state: ClubState, table: int) -> frozenset[int]:
    """The pairs at ``table`` now: those of the round it is playing, or of its last round
    once it has finished (empty for a table the movement does not have)."""
    now = current_round(state, table).encounter
    if now is None:
        last = [e for e in _playing(state) if e.table == table]
        now = max(last, key=lambda e: e.round) if last else None
    return frozenset() if now is None else frozenset(now.contestants)


def release_of(state: ClubState) -> str:
    return state.release if state.release in RELEASES else BOARD


def public_boards(state: ClubState, progress: Progress | None = None) -> frozenset[int]:
    """The boards whose results the public may see (and the live ranking counts)."""
    if state.official_at is not None:
        return frozenset(state.movement.boards) | frozenset(state.boards)
    progress = progress or progress_of(state)
    release = release_of(state)
    if release == SESSION and not progress.finished:
        return frozenset()
    return frozenset(b for b in progress.boards_done
                     if release != ROUND or progress.rounds_of.get(b, frozenset())
                     <= progress.rounds_done)


def table_boards(state: ClubState, pairs: frozenset[int],
                 progress: Progress | None = None) -> frozenset[int]:
    """The boards whose results the players ``pairs`` may see: every one of them has
    played the board (and, by the event's release, the round or the session is over)."""
    if state.official_at is not None or not pairs:
        return public_boards(state, progress)
    progress = progress or progress_of(state)
    release = release_of(state)
    if release == SESSION and not progress.finished:
        return frozenset()
    boards = frozenset.intersection(*(progress.played.get(p, frozenset()) for p in pairs))
    if release == ROUND:
        rounds = {board: {e.round for e in _playing(state) if board in e.boards
                          and pairs & set(e.contestants)} for board in boards}
        boards = frozenset(b for b in boards if rounds[b] <= progress.rounds_done)
    return boards


@dataclass(frozen=True, slots=True)
class Sight:
    """What one viewer may see of the session now: ``boards`` whose results it sees,
    ``state`` holding only those results (and the viewer's own), ``ranked`` the state its
    ranking and chart are scored from, ``ranking_hidden`` the Director's setting."""

    viewer: Viewer
    release: str
    boards: frozenset[int]
    state: ClubState
    ranked: ClubState
    ranking_hidden: bool

    @property
    def director(self) -> bool:
        return self.viewer.role == DIRECTOR_ROLE

    def shows(self, board: int) -> bool:
        return self.director or board in self.boards

    def shows_deal(self, board: int) -> bool:
        """A board's hands: the Director's at once, anyone's once the scores are
        official."""
        return self.director or (self.state.official_at is not None and board in self.boards)

    def withheld(self, board: int) -> Msg | None:
        """Why the board's results are not shown to this viewer (None: they are)."""
        if self.shows(board):
            return None
        if self.ranking_hidden:
            return msg("The results are hidden until the end of the session.")
        if self.release == SESSION:
            return msg("The results are shown once every table has finished the session.")
        if self.release == ROUND:
            return msg("The results of a board are shown once every table has played it "
                       "and the round is over.")
        if self.viewer.role == TABLE_ROLE:
            return msg("The results of a board are shown once both pairs at this table "
                       "have played it.")
        return msg("The results of this board are shown once every table has played it.")


@derived
def sight_of(state: ClubState, viewer: Viewer, *, ranking_hidden: bool = False) -> Sight:
    """The viewer's sight of ``state`` (``ranking_hidden``: the Director's setting, read
    by ``sight_in``)."""
    release = release_of(state)
    if viewer.role == DIRECTOR_ROLE:
        every = frozenset(state.movement.boards) | frozenset(state.boards)
        return Sight(viewer, release, every, state, state, False)
    progress = progress_of(state)
    public = frozenset() if ranking_hidden else public_boards(state, progress)
    pairs: frozenset[int] = frozenset()
    if viewer.role == TABLE_ROLE and viewer.table is not None:
        pairs = seated(state, viewer.table)
    boards = public if not pairs or ranking_hidden else table_boards(state, pairs, progress)

    def own(entry: Entry) -> bool:
        return bool(pairs) and set(entry.ns + entry.ew) <= pairs

    seen = restricted(state, lambda e: e.board in boards or own(e), boards)
    ranked = restricted(state, lambda e: e.board in public, public)
    return Sight(viewer, release, boards, seen, ranked, ranking_hidden)


def sight_in(store: Store, state: ClubState, viewer: Viewer) -> Sight:
    """``sight_of`` with the Director's ranking setting read from the event's journal."""
    hidden = viewer.role != DIRECTOR_ROLE and ranking_hidden_in(store, state)
    return sight_of(state, viewer, ranking_hidden=hidden)


def restricted(state: ClubState, keep: Callable[[Entry], bool], boards: frozenset[int]
               ) -> ClubState:
    """``state`` with only the results ``keep`` accepts, the rulings of ``boards``, no
    hands before the official scores and nothing of the Director's desk (disputes,
    conflicts, records set aside, the journal by id): a value to read, never to write."""
    book = state.book
    entries = {k: e for k, e in book.entries.items() if keep(e)}
    kept_book = replace(
        book, entries=entries, by_id={i: k for i, k in book.by_id.items() if k in entries},
        trail=tuple(c for c in book.trail if keep(c.after)), disputes=(), conflicts=())
    deals = state.official_at is not None
    return replace(
        state, book=kept_book,
        adjustments={k: a for k, a in state.adjustments.items() if k in entries},
        rulings={k: v for k, v in state.rulings.items() if k[2] in boards},
        boards=state.boards if deals else {
            n: replace(b, deal=None) for n, b in state.boards.items()},
        unapplied=(), acknowledged={},
        appeals=tuple(a for a in state.appeals if a.board in boards))
