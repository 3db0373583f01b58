"""Team movements: a round robin (each match at two tables, the home team North-South at
the first, East-West at the second, on the same boards: duplicated sets, Law 6F) and
knockout brackets.

In a team movement the contestants the validator sees are the teams' pairs: team t's
first pair is ``2t - 1`` (North-South at home), its second ``2t``; ``team_of`` maps back."""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.howell import circle_rounds
from dupbridge.tournament.movement import Encounter, Movement


def round_robin(teams: int, boards_per_match: int) -> Movement:
    """Every team meets every other once (Berger tables); an odd field adds a bye, and the
    team drawn against it sits out. Match m of round r is at tables 2m-1 (home NS) and 2m
    (home EW); every match of a round plays that round's set."""
    sets = BoardSets(teams - 1 + teams % 2, boards_per_match)
    encounters = []
    for r, matches in enumerate(circle_rounds(teams), 1):
        real = [(a, b) for a, b in matches if max(a, b) <= teams]
        for m, (home, away) in enumerate(real, 1):
            boards = sets.boards_of(r)
            encounters.append(Encounter(r, 2 * m - 1, (2 * home - 1,), (2 * away,), boards, r))
            encounters.append(Encounter(r, 2 * m, (2 * away - 1,), (2 * home,), boards, r))
    return Movement(f"Round robin {teams} teams", tuple(encounters))


def match_encounters(round_number: int, matches: list[tuple[int, int]], boards: tuple[int, ...],
                     board_set: int) -> list[Encounter]:
    """The tables of a round of team matches (a Swiss round): match m at tables 2m-1 (home
    North-South) and 2m (home East-West), both on ``boards`` (duplicated, Law 6F). Teams
    are numbered from 1; their pairs as in ``round_robin``."""
    encounters = []
    for m, (home, away) in enumerate(matches, 1):
        encounters.append(Encounter(round_number, 2 * m - 1, (2 * home - 1,), (2 * away,),
                                    boards, board_set))
        encounters.append(Encounter(round_number, 2 * m, (2 * away - 1,), (2 * home,),
                                    boards, board_set))
    return encounters


def team_of(pair: int) -> int:
    """The team a pair of a team movement belongs to."""
    return (pair + 1) // 2


@dataclass(frozen=True, slots=True)
class KnockoutMatch:
    """Match ``match`` of ``stage`` (1 = first round): ``home`` against ``away``; a bye
    (``away`` None) sends ``home`` through. Later stages name the matches whose winners
    meet."""

    stage: int
    match: int
    home: int | None
    away: int | None
    from_matches: tuple[int, int] | None = None


def knockout(teams: int) -> list[KnockoutMatch]:
    """A seeded bracket: seed 1 meets the lowest seed, byes go to the top seeds when the
    field is not a power of two, and seeds 1 and 2 can meet only in the final."""
    if teams < 2:
        raise ValueError("a knockout needs two teams")
    size = 1
    while size < teams:
        size *= 2
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    stage_matches = []
    for m in range(size // 2):
        home, away = order[2 * m], order[2 * m + 1]
        stage_matches.append(KnockoutMatch(1, m + 1, home, away if away <= teams else None))
    bracket = list(stage_matches)
    stage, count = 2, size // 4
    while count >= 1:
        bracket += [KnockoutMatch(stage, m + 1, None, None, (2 * m + 1, 2 * m + 2))
                    for m in range(count)]
        stage, count = stage + 1, count // 2
    return bracket
