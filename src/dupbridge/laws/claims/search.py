"""The adjudication value V(P) of a claim (Law 70; spec §5.2, §5.9), exact.

V(P) is the fewest tricks the claimer's side takes over every complete play from P in which
each of its cards is normal and consistent with the statement (70D1, 70D2, 70C, 70E) and
each opponent's card is any legal card (70A: doubtful points against the claimer). Both
sides *minimise* the claimer's tricks, so this is not the double-dummy value (which is an
upper bound on it).

The search keeps memory at trick boundaries (keyed by the cards left, ranks made relative
within each suit, so equivalent positions share one entry), tries equivalent cards (touching
once the cards between them are gone) once, and cuts a branch as soon as it cannot go below
what it must: a bound of tricks forced on the side (its trumps no opponent can pair with a
higher one; masters it must lead or, an opponent on lead, a card its last hand must beat
with, ``_forced``; the key and the bounds are in ``search_bounds``). Depth-first below a
quick line first; past a tenth of its budget, it looks for bad lines (limited discrepancy
search in the order of the cards likeliest to cost the side tricks), then searches best
first: the positions at the end of each trick in the order of the fewest tricks the side
can still end with, each taken once, those with few cards left finished depth-first. Since
both sides minimise, the first complete line it meets at the bound is the worst. A node
budget turns a search too big to finish into an honest "not decided" with both bounds: the
worst line met (its tricks an upper bound on V(P), the line proposed) and the bound proved.

Where the claimer's side decides, ``SearchNode._normal_cards`` (``search_node``, with
the state of a node) applies the taxonomy of ``normal_lines``: sure winners are judged on
what the deciding player can see (his hand, dummy, the cards played, who has shown out),
so a guess or an unstated finesse is an option the minimum can take (70E1), and a finesse
becomes the only normal play once the card it plays for is located (an opponent has shown
out, before the claim or on the way). The holding tables are in ``holdings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from heapq import heappop, heappush

from dupbridge.core.cards import Card
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.search_bounds import SearchBounds
from dupbridge.laws.claims.search_bounds import _unbeaten as _unbeaten  # the tests pair it
from dupbridge.laws.claims.search_node import _State
from dupbridge.laws.claims.statement import (
    Statement,
)

_SEATS = tuple(Seat)
# of the budget: a tenth for the depth-first search below the quick line, a quarter to look
# for bad lines (leaving the likeliest order of cards at most 3 times a line), the rest (to
# the budget and three quarters in all) for the best-first search
_FIRST = 10
_FROM_ABOVE = 4
_DISCREPANCIES = 4
# a position of the best-first search with this many cards a hand or fewer is finished
# depth-first (its memory holds exact values; positions this small rarely transpose)
_LEAF = 5
DEFAULT_BUDGET = 20_000  # nodes: well under a second of Python on a quiet machine


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of the search. ``tricks``: V(P) for the claimer's side when ``decided``;
    otherwise the value lies in ``lower``..``upper`` (the search ran out of budget).
    ``line``: a worst normal line (its cards in order), ``nodes``: positions visited."""

    tricks: int
    decided: bool
    lower: int
    upper: int
    line: tuple[Move, ...]
    nodes: int


class _OutOfBudget(Exception):
    pass


def _moves(cards: list[tuple[int, int, int, PlayClass]]) -> tuple[Move, ...]:
    """A line of the search as Moves: (seat, card index, trick, class) each."""
    return tuple(Move(_SEATS[p], Card.from_index(card), trick, kind)
                 for p, card, trick, kind in cards)


@law("70A", title="General objective: doubtful points against the claimer")
@law("70D1", title="Claimer's unstated line not accepted if a normal line does worse")
def adjudication_value(ending: Ending, statement: Statement, normal: NormalPlay,
                       budget: int = DEFAULT_BUDGET, limit: int | None = None) -> Outcome:
    """V(P) of spec §5.2 on the actual deal, with a worst normal line. ``limit``: only
    whether V(P) reaches it matters (a safe-claim check): the search stops there, and an
    outcome at the limit is a lower bound (``decided`` false, no line)."""
    search = _Search(ending, statement, normal, budget)
    return search.run() if limit is None else search.reaches(limit)


@law("69B2", title="Trick the side would likely have won (report)")
def best_normal_value(ending: Ending, normal: NormalPlay,
                      budget: int = DEFAULT_BUDGET) -> int | None:
    """The most tricks the claimer's side can make choosing among its normal cards, the
    opponents defending with any legal card (spec §5.10, the upper end of the 69B2 report);
    None if the search runs out of budget."""
    search = _Search(ending, Statement(), normal, budget)
    try:
        return search.maximin()
    except _OutOfBudget:
        return None


@dataclass(slots=True)
class _Search(SearchBounds):
    # the worst complete line met so far: its tricks (after the cards played after the
    # claim) and its cards; the line the search is on, and the tricks it has taken
    found: tuple[int, tuple[Move, ...]] = (99, ())
    # the line the search is on as (seat, card, trick, class): a Move is made only for a
    # line kept (``_moves``), not at every node
    path: list[tuple[int, int, int, PlayClass]] = field(default_factory=list)
    path_won: int = 0

    # -- driver ---------------------------------------------------------------------------

    def run(self) -> Outcome:
        """V(P) in up to three phases sharing one memory. 1. Depth-first, on a tenth of the
        budget: lines below the quick one, in the order of the normal cards; on a small
        tree this is V(P) and its line. Past it: 2. on a quarter of the budget, bad lines
        looked for by limited discrepancy search in the order of the cards likeliest to
        cost the side tricks (``_probe``), each complete line met bounding V(P) from
        above; 3. on the rest (the budget and three quarters in all), a best-first search
        (``_best_first``) that proves V(P) >= k for every k at once and meets the worst
        line when it has proved its value. Cut short: the worst line met (an upper bound,
        the line to propose) and the bound proved (a lower bound)."""
        prefix_tricks = self._play_prefix()
        if prefix_tricks is None:  # the evidence is not a legal continuation: ignore it
            self.__post_init__()
            prefix_tricks, self.prefix = 0, []
        greedy, wins = self._greedy_line()
        quick = sum(wins)
        self.found = (quick, tuple(greedy))
        start = self._save()
        budget = self.budget
        value: int | None = None
        try:  # 1. depth-first below the quick line, in the order of the normal cards
            self.budget = budget // _FIRST
            value = min(self._search(quick), quick)  # V(P) >= quick proves V(P) = quick
        except _OutOfBudget:
            self._restore_to(start)
        if value is None:
            try:  # 2. bad lines looked for first, from the top of the tree down
                self.budget = self.nodes + budget // _FROM_ABOVE
                for allowed in range(_DISCREPANCIES):
                    self._probe(allowed)
            except _OutOfBudget:
                self._restore_to(start)
            # 3. best-first: V(P) and a line of it, or the bound proved
            end = budget + budget * 3 // 4 - budget // _FIRST
            value, lower = self._best_first(max(self.nodes, end))
            if value is None:
                tricks, moves = self.found
                return Outcome(prefix_tricks + tricks, False, prefix_tricks + lower,
                               prefix_tricks + tricks, (*self.prefix, *moves), self.nodes)
            self.budget = budget  # the line of the value (below) on a budget of its own
        # the line shown is the first in the order of the normal cards that makes V(P),
        # whichever phase decided it (the worst line met if that line runs out of budget)
        line = greedy if value == quick else self._line(value)
        if value == self.found[0] and len(line) < len(self.found[1]):
            line = list(self.found[1])  # the line ran out of budget: the worst line met
        total = prefix_tricks + value
        return Outcome(total, True, total, total, (*self.prefix, *line), self.nodes)

    def _best_first(self, end: int) -> tuple[int | None, int]:
        """Best-first search over the positions at the end of each trick (A*): a position's
        cost is the tricks the side has taken on the way, its bound those it surely takes
        from there (``_sure_tricks``, the memory's value, and the parent's bound less the
        trick just played). A position is taken once, at its lowest cost, so the search
        proves V(P) >= k for every k at once; among positions of equal bound the deepest
        comes first. A position with few tricks left, or whose value the memory holds,
        is finished depth-first, and its line found when it makes a worse line than any
        met. Returns V(P) (None if the budget ``end`` runs out) and the bound proved."""
        upper = self.found[0]
        start = self._save()
        frontier: list[tuple[int, int, int]] = [(0, 0, 0)]
        # a position: its state, the side's tricks, its bound, its parent, the trick's
        # cards (seat, card, trick, class), its key
        positions: list[tuple[_State, int, int, int, tuple[tuple[int, int, int, PlayClass],
                                                               ...], tuple[int, ...]]] = [
            (start, 0, 0, -1, (), ())]
        lowest: dict[tuple[int, ...], int] = {}
        self.budget = end
        played: list[tuple[int, int, int, PlayClass]] = []

        def line(index: int) -> list[Move]:
            parts = []
            while index > 0:
                parts.append(positions[index][4])
                index = positions[index][3]
            return list(_moves([move for part in reversed(parts) for move in part]))

        def arrive(index: int, won: int, bound: int) -> None:
            nonlocal upper
            if won >= upper:
                return
            if not self.hands[self._to_play()]:  # a complete line, worse than any met
                upper = won
                self.found = (won, (*line(index), *_moves(played)))
                return
            key = self._key()
            if lowest.get(key, 99) <= won:
                return
            lowest[key] = won
            known = self.memo.get(key)  # the depth-first phases' values: lower bounds
            bound = max(self._sure_tricks(), bound, known[0] if known else 0)
            if won + bound >= upper:
                return
            positions.append((self._save(), won, bound, index, tuple(played), key))
            heappush(frontier, (won + bound, -self.tricks_done, len(positions) - 1))

        def walk(index: int, won: int, bound: int) -> None:
            p = self._to_play()
            if self.trick and won + 1 >= upper and (
                    self._trick_sure() or self._last_must_win(p)):
                return  # the side takes this trick: no line below the worst met
            done = self.tricks_done
            for card, play_class in self._options(p):
                self.nodes += 1
                if self.nodes > self.budget:
                    raise _OutOfBudget
                state = self._save()
                gain = self._play(p, card)
                played.append((p, card, done + 1, play_class))
                if self.tricks_done > done:
                    arrive(index, won + gain, bound - gain)
                else:
                    walk(index, won, bound)
                played.pop()
                self._restore(state)

        def finish(index: int, won: int) -> None:
            """The rest of the play depth-first: a worse line than any met, if any."""
            nonlocal upper
            rest = self._search(upper - won)
            if won + rest >= upper:
                return
            budget, self.budget = self.budget, self.budget - self.nodes
            moves = self._line(rest)
            self.budget = budget
            if moves and not self.hands[self._to_play()]:
                upper = won + rest
                self.found = (upper, (*line(index), *moves))
            else:  # the line ran out of budget
                raise _OutOfBudget

        f = 0
        try:
            while frontier:
                f, _depth, index = heappop(frontier)
                if f >= upper:
                    break
                state, won, bound, _parent, _trick, key = positions[index]
                if index and lowest[key] < won:
                    continue
                self._restore((list(state[0]), *state[1:]))
                known = self.memo.get(key)
                if index and (self.hands[self.leader].bit_count() <= _LEAF
                              or (known is not None and known[1])):
                    self.path, self.path_won = [], 99  # no line recorded on the way
                    finish(index, won)
                else:
                    walk(index, won, bound)
        except _OutOfBudget:
            self._restore_to(start)
            return None, min(f, upper)  # every position left is bounded at least so
        self._restore_to(start)
        return upper, upper

    def _restore_to(self, start: _State) -> None:
        """Back to a state saved at the start of a phase (its hands copied: it serves
        again, and the search plays on the hands it restores)."""
        self._restore((list(start[0]), *start[1:]))
        self.path, self.path_won = [], 0

    def _play_prefix(self) -> int | None:
        """2007 70D3: the cards played after the claim start every line."""
        self.prefix = []
        won = 0
        for seat, card in self.ending.after_claim:
            p = self._to_play()
            if int(seat) != p or card.index not in self._legal_bits(p):
                return None
            self.prefix.append(Move(seat, card, self.tricks_done + 1,
                                           PlayClass.AFTER_CLAIM))
            won += self._play(p, card.index)
        return won

    def reaches(self, limit: int) -> Outcome:
        won = self._play_prefix() or 0
        try:
            value = won + self._search(limit - won)
        except _OutOfBudget:
            return Outcome(won, False, won, self.ending.tricks_left, (), self.nodes)
        if value < limit:
            return Outcome(value, True, value, value, (), self.nodes)
        return Outcome(limit, False, limit, self.ending.tricks_left, (), self.nodes)

    # -- the search -----------------------------------------------------------------------

    def _search(self, limit: int) -> int:
        """The fewest tricks the claimer's side takes from here: exact if below ``limit``,
        otherwise a lower bound of at least ``limit``."""
        if limit <= 0:
            return 0
        p = self._to_play()
        if not self.hands[p]:
            if self.path_won < self.found[0]:  # a complete line worse than any met so far
                self.found = (self.path_won, _moves(self.path))
            return 0
        key = None
        if self.trick:
            if limit == 1 and (self._trick_sure() or self._last_must_win(p)):
                return 1
        else:
            key = self._key()
            found = self.memo.get(key)
            if found is not None and (found[1] or found[0] >= limit):
                return found[0]
            sure = self._sure_tricks()
            if sure >= limit:
                return sure
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        best = 99
        path = self.path
        trick_no = self.tricks_done + 1
        for card, play_class in self._options(p):
            state = self._save()
            gain = self._play(p, card)
            path.append((p, card, trick_no, play_class))
            self.path_won += gain
            value = gain + self._search(min(best, limit) - gain)
            self.path_won -= gain
            path.pop()
            self._restore(state)
            if value < best:
                best = value
                if best == 0:
                    break
        if key is not None:
            old = self.memo.get(key)
            if best < limit or old is None or old[0] < best:
                self.memo[key] = (best, best < limit)
        return best

    def _probe(self, allowed: int) -> None:
        """Limited discrepancy search for a worse line than the worst met: every line
        that leaves the order of ``_worst_first`` at most ``allowed`` times (a line
        that has taken as many tricks as the worst met is dropped). Lines leaving it
        near the start come as early as those leaving it near the end, which a
        depth-first search reaches only after the whole subtree below."""
        p = self._to_play()
        if not self.hands[p]:
            if self.path_won < self.found[0]:
                self.found = (self.path_won, _moves(self.path))
            return
        if self.path_won + (self._trick_sure() if self.trick else self._sure_tricks()) \
                >= self.found[0]:
            return
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        trick_no = self.tricks_done + 1
        for index, (card, play_class) in enumerate(self._worst_first(p)[:allowed + 1]):
            state = self._save()
            gain = self._play(p, card)
            self.path.append((p, card, trick_no, play_class))
            self.path_won += gain
            if self.path_won < self.found[0]:
                self._probe(allowed - (index > 0))
            self.path_won -= gain
            self.path.pop()
            self._restore(state)

    def maximin(self) -> int:
        """The claimer's side picks its best normal card, the opponents their best card."""
        p = self._to_play()
        if not self.hands[p]:
            return 0
        key = self._key() if not self.trick else None
        if key is not None and key in self.memo:
            return self.memo[key][0]
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        ours = p % 2 == self.side
        best = -1 if ours else 99
        for card, _ in self._options(p):
            state = self._save()
            value = self._play(p, card) + self.maximin()
            self._restore(state)
            best = max(best, value) if ours else min(best, value)
        if key is not None:
            self.memo[key] = (best, True)
        return best

    def _line(self, target: int) -> list[Move]:
        """A line reaching ``target``: at each step a card whose continuation attains it.
        The value is already proved, so the line gets a budget of its own (the proof may
        have used nearly all of the search's); past that, the line found so far is given
        (its start, the worst line cut short) rather than no answer."""
        moves: list[Move] = []
        self.budget = self.nodes + self.budget
        while self.hands[self._to_play()]:
            p = self._to_play()
            for card, play_class in self._options(p):
                state = self._save()
                trick_no = self.tricks_done + 1
                gain = self._play(p, card)
                try:
                    reached = gain + self._search(target - gain + 1) == target
                except _OutOfBudget:
                    return moves
                if reached:
                    moves.append(Move(_SEATS[p], Card.from_index(card), trick_no, play_class))
                    target -= gain
                    break
                self._restore(state)
            else:  # cannot happen: the value came from these options
                break
        return moves

    def _greedy_line(self) -> tuple[list[Move], list[bool]]:
        """One quick line (the first option at each turn, opponents' winning cards first):
        an upper bound on V(P), kept as the answer if the search runs out of budget."""
        state = self._save()
        moves: list[Move] = []
        wins: list[bool] = []
        while self.hands[self._to_play()]:
            p = self._to_play()
            card, play_class = self._options(p)[0]
            moves.append(Move(_SEATS[p], Card.from_index(card), self.tricks_done + 1,
                              play_class))
            done = self.tricks_done
            gain = self._play(p, card)
            if self.tricks_done > done:
                wins.append(bool(gain))
        self._restore(state)
        return moves, wins
