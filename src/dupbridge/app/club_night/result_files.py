"""Another program's results brought into the club store as an event: what
``dupbridge event import FILE`` does, so that ``event score`` scores it again (and
``event check FILE`` says where the two differ and why, ``app.archive.results_check``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dupbridge.app.archive.results_check import read_results_file, rescore
from dupbridge.app.archive.usebio_session import ImportedSession
from dupbridge.app.club_night.journal import movement_json
from dupbridge.app.club_night.limits import NAME_LENGTH
from dupbridge.app.club_night.ports import Action, Clock, EventRecord, Json, Store
from dupbridge.app.club_night.result_input import ResultInput
from dupbridge.app.club_night.traveller_import import Row, import_results
from dupbridge.app.club_night.views import EventView, event_view
from dupbridge.app.errors import translated
from dupbridge.laws.machinery.profiles import load_profile


@dataclass(frozen=True, slots=True)
class ImportedEvent:
    view: EventView
    results: int
    warnings: tuple[str, ...]


@translated
def import_results_file(store: Store, clock: Clock, path: Path, *, event_id: str | None,
                        profile: str = "wbf-2017", who: str = "scorer") -> ImportedEvent:
    """Another program's results as a new event: a USEBIO session (.xml) or a PBN file
    with a ScoreTable per board (.pbn)."""
    if path.suffix.lower() == ".pbn":
        return _import_pbn(store, clock, path, event_id=event_id, profile=profile, who=who)
    return _import_usebio(store, clock, path, event_id=event_id, profile=profile, who=who)


def _import_usebio(store: Store, clock: Clock, path: Path, *, event_id: str | None,
                   profile: str, who: str) -> ImportedEvent:
    """A USEBIO session as a new event: its travellers as results (one round per board, the
    file names no rounds), its pairs' names, scored by its own method (and, for a Butler,
    the datum rule its averages show)."""
    event = read_results_file(path)
    found = rescore(event, path.name)
    imported = found.imported
    names: dict[str, Json] = {}
    for contestant, number in imported.names.items():
        participant = event.participant(number)
        players = " & ".join(p.name for p in participant.players) if participant else ""
        names[str(contestant)] = f"{number} {players}".strip()[:NAME_LENGTH]
    options: dict[str, Json] = {}
    if found.method == "butler":
        from dupbridge.app.archive.results_check import butler_drop_of

        options["butler_drop"] = butler_drop_of(event)
    return _store_session(store, clock, path, imported, event_id=event_id, profile=profile,
                          who=who, title=event.title or event.description or path.stem,
                          method=found.method, options=options, names=names,
                          program=event.program_name, warnings=event.warnings)


def _import_pbn(store: Store, clock: Clock, path: Path, *, event_id: str | None,
                profile: str, who: str) -> ImportedEvent:
    """A PBN session (ScoreTable per board) as a new event, scored by its [Scoring]; a
    teams file (HomeTeam, VisitTeam, ScoreIMP per table) as a teams event."""
    from dupbridge.app.archive.pbn_session import import_pbn_session

    if b"[ScoreTable" not in path.read_bytes() and b"[ScoreIMP" in path.read_bytes():
        return _import_pbn_teams(store, clock, path, event_id=event_id, profile=profile,
                                 who=who)

    session = import_pbn_session(path)
    imported = session.imported
    names: dict[str, Json] = {
        str(contestant): f"{number} {session.names.get(number, '')}".strip()[:NAME_LENGTH]
        for contestant, number in imported.names.items()}
    options: dict[str, Json] = {}
    if session.butler_drop is not None:
        options["butler_drop"] = session.butler_drop
    return _store_session(store, clock, path, imported, event_id=event_id, profile=profile,
                          who=who, title=session.title, method=session.method,
                          options=options, names=names, program="PBN", warnings=())


def _import_pbn_teams(store: Store, clock: Clock, path: Path, *, event_id: str | None,
                      profile: str, who: str) -> ImportedEvent:
    from dupbridge.app.archive.pbn_teams import import_pbn_teams

    teams = import_pbn_teams(path)
    imported = ImportedSession(teams.movement, teams.book, teams.boards, {})
    names: dict[str, Json] = {str(t): name[:NAME_LENGTH]
                              for t, name in enumerate(teams.teams, 1)}
    return _store_session(store, clock, path, imported, event_id=event_id, profile=profile,
                          who=who, title=teams.title, method="matchpoints", options={},
                          names=names, program="PBN", warnings=(), kind="teams",
                          size=len(teams.teams))


def _store_session(store: Store, clock: Clock, path: Path, imported: ImportedSession, *,
                   event_id: str | None, profile: str, who: str, title: str, method: str,
                   options: dict[str, Json], names: dict[str, Json], program: str | None,
                   warnings: tuple[str, ...], kind: str = "pairs", size: int | None = None
                   ) -> ImportedEvent:
    regulations = load_profile(profile)
    now = clock.now()
    name = title[:NAME_LENGTH]
    identifier = event_id or "".join(c.lower() if c.isalnum() else "-"
                                     for c in path.stem).strip("-")
    boards = sorted(imported.boards)
    config: dict[str, Json] = {
        "format": "dupbridge-club-event", "version": 1, "name": name, "profile": profile,
        "regulations": regulations.to_mapping(), "scoring": method,
        "movement": {"kind": "file",
                     "size": imported.movement.tables if size is None else size,
                     "boards_per_round": 1, "relay": False, "arrow_switches": [],
                     "file": path.name},
        "boards": {"first": boards[0], "count": boards[-1] - boards[0] + 1, "seed": None,
                   "commitment": None},
        "names": names, "kind": kind, "options": options,
        "source": {"file": path.name, "program": program},
    }
    store.add_event(EventRecord(identifier, name, now, config))
    store.append(Action(f"{identifier}:movement:1", identifier, "movement", who, now,
                        f"the movement of {path.name}",
                        {"movement": movement_json(imported.movement)}))
    rows = []
    for key, entry in sorted(imported.book.entries.items()):
        given = (ResultInput(*key, code=entry.adjusted) if entry.adjusted is not None
                 else ResultInput(*key, score=entry.score) if entry.score is not None
                 else ResultInput(*key, "PASS") if entry.contract is None
                 else ResultInput(*key, entry.contract, entry.declarer, entry.tricks,
                                  entry.lead))
        rows.append(Row(f"{path.name}, board {key[2]}, table {key[1]}", given,
                        f"{identifier}:{entry.id}"))
    import_results(store, clock, identifier, rows, who=who)
    return ImportedEvent(event_view(store, identifier), len(imported.book.entries), warnings)
