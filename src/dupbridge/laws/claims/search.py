"""The adjudication value V(P) of a claim (Law 70; spec §5.2, §5.9), exact.

V(P) is the fewest tricks the claimer's side takes over every complete play from P in which
each of its cards is normal and consistent with the statement (70D1, 70D2, 70C, 70E) and
each opponent's card is any legal card (70A: doubtful points against the claimer). Both
sides *minimise* the claimer's tricks, so this is not the double-dummy value (which is an
upper bound on it).

The search is a depth-first minimisation with memory at trick boundaries (keyed by the
cards left, ranks made relative within each suit, so equivalent positions share one entry),
equivalent cards (touching once the cards between them are gone) tried once, and bounds
passed down so that a branch stops as soon as it cannot improve the minimum. A node budget
turns a search too big to finish into an honest "not decided" with bounds.

Where the claimer's side decides, ``SearchNode._normal_cards`` (``search_node``, with
the state of a node) applies the taxonomy of ``normal_lines``: sure winners are judged on
what the deciding player can see (his hand, dummy, the cards played, who has shown out),
so a guess or an unstated finesse is an option the minimum can take (70E1), and a finesse
becomes the only normal play once the card it plays for is located (an opponent has shown
out, before the claim or on the way). The holding tables are in ``holdings``.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import SUIT_MASKS, Card
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.holdings import CANONICAL_SUITS, canonical_suit
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.search_node import SearchNode
from dupbridge.laws.claims.statement import (
    Statement,
)

_SEATS = tuple(Seat)
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


def _unbeaten(ours: int, theirs: int) -> int:
    """How many of the cards ``ours`` (one suit) are left over when each of them, highest
    first, is paired with a distinct higher card of ``theirs`` while one is free: the
    greatest pairing, since every card free for a higher card of ours is free for a lower
    one."""
    left = 0
    used = 0
    while ours:
        top = ours.bit_length() - 1
        ours ^= 1 << top
        if (theirs >> (top + 1)).bit_count() > used:
            used += 1
        else:
            left += 1
    return left


@dataclass(slots=True)
class _Search(SearchNode):
    # -- driver ---------------------------------------------------------------------------

    def run(self) -> Outcome:
        prefix_tricks = self._play_prefix()
        if prefix_tricks is None:  # the evidence is not a legal continuation: ignore it
            self.__post_init__()
            prefix_tricks, self.prefix = 0, []
        prefix = self.prefix
        upper_line = self._greedy_line()
        upper = prefix_tricks + sum(1 for won in upper_line[1] if won)
        try:
            value = self._search(upper + 1 - prefix_tricks) + prefix_tricks
        except _OutOfBudget:
            lower, exact = self._lower_bound(upper)
            if exact:
                return Outcome(lower, True, lower, lower, (*prefix, *upper_line[0]),
                               self.nodes)
            return Outcome(upper, False, lower, upper, (*prefix, *upper_line[0]),
                           self.nodes)
        if value >= upper:
            line = (*prefix, *upper_line[0])
        else:
            line = (*prefix, *self._line(value - prefix_tricks))
        return Outcome(value, True, value, value, tuple(line), self.nodes)

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

    def _lower_bound(self, upper: int) -> tuple[int, bool]:
        """After the exact search ran out of budget: prove V(P) >= 1, 2, ... in turn with
        the same memory (each proof stops at its bound, so the small ones are quick);
        (the best bound proved, whether it is exact)."""
        lower = 0
        left = self.budget // 2  # the whole of this phase
        for target in range(1, upper + 1):
            fresh = _Search(self.ending, self.statement, self.normal, left)
            fresh.memo = self.memo
            found = fresh.reaches(target)
            self.nodes += fresh.nodes
            left -= fresh.nodes
            if found.decided:  # V(P) < target: its exact value came out
                return found.tricks, True
            if found.lower < target:  # out of budget
                break
            lower = target
        return lower, lower == upper

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

    def _key(self) -> tuple[int, ...]:
        hands = self.hands
        if not self.plan.card_specific and not self.excluded:
            c0 = c1 = c2 = c3 = 0
            h0, h1, h2, h3 = hands
            for shift in (0, 13, 26, 39):
                a0, a1, a2 = h0 >> shift & 0x1FFF, h1 >> shift & 0x1FFF, h2 >> shift & 0x1FFF
                holding = (a0, a1, a2, h3 >> shift & 0x1FFF)
                packed = CANONICAL_SUITS.get(holding)
                if packed is None:
                    packed = canonical_suit(holding)
                d0, d1, d2, d3 = packed
                c0 |= d0 << shift
                c1 |= d1 << shift
                c2 |= d2 << shift
                c3 |= d3 << shift
            key_hands: tuple[int, ...] = (c0, c1, c2, c3)
        else:
            key_hands = tuple(hands)
        return (*key_hands, self.leader, self._known_voids(), self.trump_leads, self.exact_at,
                self.entries_done)

    def _known_voids(self) -> int:
        """The shown-out facts that can still matter: those of a hand the claimer's side
        cannot see, in a suit of which some unseen card is left."""
        voids = 0
        for q in self._relevant:
            pool = self.hands[q] | self.hands[self._other_unseen[q]]
            for s in range(4):
                if self.voids >> (4 * q + s) & 1 and pool & SUIT_MASKS[s]:
                    voids |= 1 << (4 * q + s)
        return voids

    def _search(self, limit: int) -> int:
        """The fewest tricks the claimer's side takes from here: exact if below ``limit``,
        otherwise a lower bound of at least ``limit``."""
        if limit <= 0:
            return 0
        p = self._to_play()
        if not self.hands[p]:
            return 0
        key = None
        if not self.trick:
            key = self._key()
            found = self.memo.get(key)
            if found is not None and (found[1] or found[0] >= limit):
                return found[0]
            sure = self._sure_trumps()
            if sure >= limit:
                return sure
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        best = 99
        for card, _ in self._options(p):
            state = self._save()
            gain = self._play(p, card)
            value = gain + self._search(min(best, limit) - gain)
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

    def _sure_trumps(self) -> int:
        """A lower bound on the tricks left to the claimer's side, whatever anyone plays
        (at a trick boundary). A hand plays one card a trick, so its trumps go to distinct
        tricks; a trick holding a trump of the side is lost only if an opponent plays a
        higher trump to it, and an opponent's trump serves one trick. So the side takes at
        least as many tricks as a hand of it holds trumps, less the most of them that can
        each be paired with a distinct higher trump of the opponents (a trump above all
        of theirs has none)."""
        if self.trump < 0:
            return 0
        trumps = SUIT_MASKS[self.trump]
        theirs = (self.hands[1 - self.side] | self.hands[3 - self.side]) & trumps
        return max(_unbeaten(self.hands[self.side] & trumps, theirs),
                   _unbeaten(self.hands[self.side + 2] & trumps, theirs))

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
