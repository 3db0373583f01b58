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

Where the claimer's side decides, ``_normal_cards`` applies the taxonomy of
``claim_normal``: sure winners are judged on what the deciding player can see (his hand,
dummy, the cards played, who has shown out), so a guess or an unstated finesse is an
option the minimum can take (70E1), and a finesse becomes the only normal play once the
card it plays for is located (an opponent has shown out, before the claim or on the way).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dupbridge.core.cards import SUIT_MASKS, Card
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass, SuitOrder
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.statement import (
    Cash,
    DrawTrumps,
    Drop,
    Exact,
    Finesse,
    Ruff,
    Statement,
    SuitOrderStep,
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


_State = tuple[list[int], list[int], int, int, int, int, int]


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
class _Plan:
    exact: tuple[int, ...]
    leads: tuple[Cash | DrawTrumps | SuitOrderStep, ...]
    ruffs: tuple[Ruff, ...]
    located: dict[int, int]  # card index -> seat it is played for (stated finesse)
    drops: int  # mask of cards the claimer plays for the drop (never finesses against)
    card_specific: bool


def _plan(statement: Statement) -> _Plan:
    exact: list[int] = []
    leads: list[Cash | DrawTrumps | SuitOrderStep] = []
    ruffs: list[Ruff] = []
    located: dict[int, int] = {}
    drops = 0
    for step in statement.steps:
        if isinstance(step, Exact):
            exact.extend(card.index for card in step.cards)
        elif isinstance(step, Cash | DrawTrumps | SuitOrderStep):
            leads.append(step)
        elif isinstance(step, Ruff):
            ruffs.append(step)
        elif isinstance(step, Finesse):
            located[step.card.index] = int(step.through)
        elif isinstance(step, Drop):
            drops |= step.card.bit
    specific = bool(exact or located or drops
                    or any(isinstance(s, Cash) and s.cards for s in leads))
    return _Plan(tuple(exact), tuple(leads), tuple(ruffs), located, drops, specific)


def _suit_table(suit: int) -> tuple[tuple[int, ...], ...]:
    base = 13 * suit
    table: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 13):
        high = mask.bit_length() - 1
        table.append((*table[mask ^ (1 << high)], base + high))
    return tuple(table)


# The card indexes of every 13-bit holding of each suit: the search lists the cards of a
# hand thousands of times a claim, so a table lookup replaces a loop over its bits. Built
# on the first search (60 ms), not when the table engine imports this module.
_SUIT_BITS: list[tuple[tuple[int, ...], ...]] = []


def _fill_tables() -> list[tuple[tuple[int, ...], ...]]:
    _SUIT_BITS.extend(_suit_table(s) for s in range(4))
    return _SUIT_BITS


def _bits(mask: int) -> list[int]:
    """The card indexes in ``mask``, ascending."""
    t = _SUIT_BITS or _fill_tables()
    return [*t[0][mask & 0x1FFF], *t[1][mask >> 13 & 0x1FFF], *t[2][mask >> 26 & 0x1FFF],
            *t[3][mask >> 39 & 0x1FFF]]


# One suit's holdings of the four hands, ranks made relative to the cards left in the suit
# (the two of them when two cards are left, whatever they were): equivalent endings share
# one memory entry. Cached, since the same holdings come back at thousands of nodes.
_CANON: dict[tuple[int, int, int, int], tuple[int, int, int, int]] = {}


def _canonical_suit(holding: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    if len(_CANON) > 1 << 18:
        _CANON.clear()
    out = [0, 0, 0, 0]
    alive = holding[0] | holding[1] | holding[2] | holding[3]
    position = 0
    for rank in range(13):
        bit = 1 << rank
        if alive & bit:
            for p in range(4):
                if holding[p] & bit:
                    out[p] |= 1 << position
                    break
            position += 1
    packed = (out[0], out[1], out[2], out[3])
    _CANON[holding] = packed
    return packed


@dataclass(slots=True)
class _Search:
    ending: Ending
    statement: Statement
    normal: NormalPlay
    budget: int
    hands: list[int] = field(default_factory=list)
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    voids: int = 0  # bit 4*seat+suit: seat has shown out of suit
    trump_leads: int = 0
    exact_at: int = 0
    tricks_done: int = 0
    memo: dict[tuple[int, ...], tuple[int, bool]] = field(default_factory=dict)
    nodes: int = 0
    prefix: list[Move] = field(default_factory=list)
    plan: _Plan = field(default_factory=lambda: _plan(Statement()))
    side: int = 0
    dummy: int = 0
    trump: int = -1
    excluded: dict[tuple[int, int], int] = field(default_factory=dict)
    _relevant: tuple[int, int] = (0, 0)
    _other_unseen: dict[int, int] = field(default_factory=dict)
    _count_trump_leads: bool = True

    def __post_init__(self) -> None:
        e = self.ending
        self.hands = [hand.mask for hand in e.hands]
        self.trick = [card.index for card in e.trick]
        self.leader = int(e.leader)
        for seat, suit in e.shown_out:
            self.voids |= 1 << (4 * seat + suit)
        self.plan = _plan(self.statement)
        self.side = int(e.claimer) % 2
        self.dummy = int(e.declarer.partner)
        self.trump = -1 if e.trump is None else int(e.trump)
        declarer = int(e.declarer)
        if self.side == declarer % 2:
            self._relevant = ((declarer + 1) % 4, (declarer + 3) % 4)
        else:
            self._relevant = ((int(e.claimer) + 2) % 4, declarer)
        self._other_unseen = {self._relevant[0]: self._relevant[1],
                              self._relevant[1]: self._relevant[0]}
        if not any(isinstance(step, DrawTrumps) and step.rounds is not None
                   for step in self.plan.leads):
            self._count_trump_leads = False
        for trick, seat, card in self.normal.excluded:
            key = (trick, int(seat))
            self.excluded[key] = self.excluded.get(key, 0) | card.bit

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

    # -- state ----------------------------------------------------------------------------

    def _to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def _legal_bits(self, p: int) -> list[int]:
        hand = self.hands[p]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return _bits(follow)
        return _bits(hand)

    def _play(self, p: int, card: int) -> int:
        """Play ``card``; 1 if it completes a trick the claimer's side wins, else 0."""
        self.hands[p] &= ~(1 << card)
        trick = self.trick
        suit = card // 13
        if trick:
            led = trick[0] // 13
            if suit != led:
                self.voids |= 1 << (4 * p + led)
        elif self._count_trump_leads and p % 2 == self.side and suit == self.trump:
            self.trump_leads += 1
        trick.append(card)
        if self.plan.exact:
            self._advance_exact()
        if len(trick) < 4:
            return 0
        winner = (self.leader + self._winning_position(trick)) % 4
        self.trick = []
        self.leader = winner
        self.tricks_done += 1
        return 1 if winner % 2 == self.side else 0

    def _advance_exact(self) -> None:
        """The statement's next card is done once it has left the side's hands."""
        exact = self.plan.exact
        side_cards = self.hands[self.side] | self.hands[self.side + 2]
        while self.exact_at < len(exact) and not side_cards >> exact[self.exact_at] & 1:
            self.exact_at += 1

    def _winning_position(self, cards: list[int]) -> int:
        best = 0
        top = cards[0]
        top_suit = top // 13
        trump = self.trump
        for i in range(1, len(cards)):
            card = cards[i]
            suit = card // 13
            if (card > top) if suit == top_suit else suit == trump:
                best, top, top_suit = i, card, suit
        return best

    def _beats(self, card: int, best: int) -> bool:
        if (card // 13) == (best // 13):
            return card > best
        return (card // 13) == self.trump

    # -- the search -----------------------------------------------------------------------

    def _key(self) -> tuple[int, ...]:
        hands = self.hands
        if not self.plan.card_specific and not self.excluded:
            c0 = c1 = c2 = c3 = 0
            h0, h1, h2, h3 = hands
            for shift in (0, 13, 26, 39):
                a0, a1, a2 = h0 >> shift & 0x1FFF, h1 >> shift & 0x1FFF, h2 >> shift & 0x1FFF
                holding = (a0, a1, a2, h3 >> shift & 0x1FFF)
                packed = _CANON.get(holding)
                if packed is None:
                    packed = _canonical_suit(holding)
                d0, d1, d2, d3 = packed
                c0 |= d0 << shift
                c1 |= d1 << shift
                c2 |= d2 << shift
                c3 |= d3 << shift
            key_hands: tuple[int, ...] = (c0, c1, c2, c3)
        else:
            key_hands = tuple(hands)
        return (*key_hands, self.leader, self._known_voids(), self.trump_leads, self.exact_at)

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

    def _save(self) -> _State:
        return (list(self.hands), list(self.trick), self.leader, self.voids, self.trump_leads,
                self.exact_at, self.tricks_done)

    def _restore(self, state: _State) -> None:
        (self.hands, trick, self.leader, self.voids, self.trump_leads, self.exact_at,
         self.tricks_done) = state
        self.trick = list(trick)

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

    # -- who may play what ------------------------------------------------------------------

    def _options(self, p: int) -> list[tuple[int, PlayClass]]:
        if p % 2 != self.side:
            return self._opponent_cards(p)
        options = self._normal_cards(p)
        banned = self.excluded.get((self.tricks_done + 1, p), 0)
        if banned:
            kept = [(c, k) for c, k in options if not self._class_mask(p, c) & banned]
            options = kept or options
        return options

    def _classes(self, p: int, cards: list[int]) -> list[int]:
        """One card (the lowest) of each run of equivalent cards among ``cards``."""
        alive = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for card in self.trick:
            alive |= 1 << card
        hand = self.hands[p]
        reps: list[int] = []
        previous = -2
        for card in cards:  # ascending
            if previous >= 0 and (previous // 13) == (card // 13):
                between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
                if not between & alive & ~hand:
                    previous = card
                    continue
            reps.append(card)
            previous = card
        return reps

    def _class_mask(self, p: int, rep: int) -> int:
        """The cards of ``p`` equivalent to ``rep`` (for the Director's exclusions)."""
        mask = 1 << rep
        hand = self.hands[p]
        alive = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        card = rep + 1
        while card < 13 * (rep // 13 + 1):
            if hand >> card & 1:
                mask |= 1 << card
            elif alive >> card & 1:
                break
            card += 1
        return mask

    def _opponent_cards(self, p: int) -> list[tuple[int, PlayClass]]:
        reps = self._classes(p, self._legal_bits(p))
        if self.trick:  # try the cards that take the trick first (the minimum comes sooner)
            best = self.trick[self._winning_position(self.trick)]
            reps.sort(key=lambda c: (not self._beats(c, best), -c))
        return [(card, PlayClass.OPPONENT) for card in reps]

    @law("70C", title="Trump remaining")
    @law("70E1", title="Unstated line depending on an opponent's holding")
    @law("70E2", title="Order of play within a suit (Regulating Authority)")
    def _normal_cards(self, p: int) -> list[tuple[int, PlayClass]]:
        """The claimer's side's normal cards at this turn (spec §5.9 taxonomy)."""
        exact = self.plan.exact
        if self.exact_at < len(exact) and exact[self.exact_at] in self._legal_bits(p):
            return [(exact[self.exact_at], PlayClass.STATED)]
        if not self.trick:
            return self._normal_leads(p)
        return self._normal_follows(p)

    def _unseen(self, p: int) -> tuple[int, int]:
        """The two hands ``p`` cannot see (declarer's side: the defenders; a defender: his
        partner and declarer)."""
        declarer = int(self.ending.declarer)
        if p % 2 == declarer % 2:
            return (declarer + 1) % 4, (declarer + 3) % 4
        return (p + 2) % 4, declarer

    def _outstanding_trumps(self) -> bool:
        """70C: an opponent still holds a trump."""
        if self.trump < 0:
            return False
        trumps = SUIT_MASKS[self.trump]
        return bool((self.hands[1 - self.side] | self.hands[3 - self.side]) & trumps)

    def _normal_leads(self, p: int) -> list[tuple[int, PlayClass]]:
        hand = self.hands[p]
        suits = [s for s in range(4) if hand & SUIT_MASKS[s]]
        stated = self._stated_lead(p, suits)
        trumps_out = self._outstanding_trumps()
        draw = (trumps_out and self.trump in suits and not self.normal.trump_unaware
                and not self.statement.mentions_trumps(self.ending.trump))
        if stated is not None:
            suits, how = stated, PlayClass.STATED
        elif draw:
            suits, how = [self.trump], PlayClass.ROUTINE
        else:
            how = PlayClass.SUIT_ORDER if len(suits) > 1 else PlayClass.ROUTINE
        holds_trump = self.trump >= 0 and bool(hand & SUIT_MASKS[self.trump])
        options: list[tuple[int, PlayClass]] = []
        for s in suits:
            reps = self._classes(p, _bits(hand & SUIT_MASKS[s]))
            kind = how
            if how is not PlayClass.STATED and trumps_out and holds_trump and s != self.trump:
                kind = PlayClass.TRUMP_LEFT_OUT
            if self.normal.order is SuitOrder.NONE:  # either end of the suit
                options.append((reps[-1], kind))
                if len(reps) > 1:
                    options.append((reps[0], PlayClass.ANY_END))
            else:
                options.append((reps[-1], kind if kind is not PlayClass.ROUTINE
                                else PlayClass.RA_ORDER))
        return options

    def _stated_lead(self, p: int, suits: list[int]) -> list[int] | None:
        """The suits the statement makes the side lead now (None: it says nothing now)."""
        side_cards = self.hands[p] | self.hands[(p + 2) % 4]
        for step in self.plan.leads:
            if isinstance(step, DrawTrumps):
                if self.trump < 0 or not self._outstanding_trumps() or (
                        step.rounds is not None and self.trump_leads >= step.rounds):
                    continue
                wanted = [self.trump]
            elif isinstance(step, Cash):
                if step.suit is not None:
                    if not side_cards & SUIT_MASKS[step.suit]:
                        continue
                    wanted = [int(step.suit)]
                else:
                    left = [c.index for c in step.cards if side_cards >> c.index & 1]
                    if not left:
                        continue
                    wanted = sorted({c // 13 for c in left if self.hands[p] >> c & 1})
            else:
                wanted = [int(s) for s in step.suits if side_cards & SUIT_MASKS[s]][:1]
                if not wanted:
                    continue
            held = [s for s in wanted if s in suits]
            if held:  # a step the hand on lead cannot take is left to the next one
                return held
        return None

    def _normal_follows(self, p: int) -> list[tuple[int, PlayClass]]:
        legal = self._legal_bits(p)
        led = self.trick[0] // 13
        follows = (legal[0] // 13) == led
        reps = self._classes(p, legal)
        best_pos = self._winning_position(self.trick)
        best = self.trick[best_pos]
        ours = (self.leader + best_pos) % 2 == self.side
        if ours and self._safe(p, best):
            return self._after_sure(p, reps, follows, led)
        sure = [c for c in reps if self._beats(c, best) and self._safe(p, c)]
        beating = [c for c in reps if self._beats(c, best)]
        if self._must_ruff(p, led, follows):
            ruffs = [c for c in beating if (c // 13) == self.trump]
            if ruffs:
                sure = [c for c in sure if c in ruffs]
                beating = ruffs
        options: list[tuple[int, PlayClass]] = []
        guesses = [c for c in beating if c not in sure]
        if self._no_finesse(led):
            guesses = []
        for card in guesses:
            options.append((card, PlayClass.LOW_RUFF if (card // 13) == self.trump != led
                            else PlayClass.GUESS))
        if sure:
            options.append((sure[0], PlayClass.ROUTINE))
            if ours:
                options += [(c, PlayClass.DUCK) for c in self._low_cards(reps, follows, best)]
            return options
        if beating and not ours:
            return options or [(c, PlayClass.ROUTINE) for c in beating]
        return options + [(c, PlayClass.FOLLOW if follows else PlayClass.DISCARD)
                          for c in self._low_cards(reps, follows, best)]

    def _after_sure(self, p: int, reps: list[int], follows: bool,
                    led: int) -> list[tuple[int, PlayClass]]:
        """Partner's card surely wins: follow by the suit order (70E2) when the side led,
        any card otherwise; a void hand discards (its lowest card of a suit)."""
        if not follows:
            discards = self._discards(reps)
            return [(c, PlayClass.DISCARD) for c in discards] or \
                   [(c, PlayClass.OVERTAKE) for c in reps]
        if self.leader % 2 == self.side and self.normal.order is not SuitOrder.NONE:
            card = reps[-1] if self.normal.order is SuitOrder.EACH_HAND else reps[0]
            return [(card, PlayClass.RA_ORDER)]
        return [(reps[0], PlayClass.FOLLOW)] + [(c, PlayClass.OVERTAKE) for c in reps[1:][-1:]]

    def _low_cards(self, reps: list[int], follows: bool, best: int) -> list[int]:
        """Cards that do not take the trick: the lowest or the highest of the suit (blocking
        or unblocking), or a discard."""
        cards = [c for c in reps if not self._beats(c, best)]
        if follows:
            return cards[:1] + cards[1:][-1:]
        return self._discards(cards) or cards

    def _discards(self, reps: list[int]) -> list[int]:
        """The lowest card of each suit other than trumps (discarding a higher card of a
        suit when a lower one could go is irrational, spec §5.9)."""
        lowest: dict[int, int] = {}
        for card in reps:
            if (card // 13) != self.trump:
                lowest.setdefault(card // 13, card)
        return sorted(lowest.values())

    def _must_ruff(self, p: int, led: int, follows: bool) -> bool:
        if follows or self.trump < 0:
            return False
        return any((step.suit is None or step.suit == led)
                   and (step.hand is None or int(step.hand) == p) for step in self.plan.ruffs)

    def _no_finesse(self, led: int) -> bool:
        return bool(self.plan.drops & SUIT_MASKS[led])

    def _safe(self, p: int, best: int) -> bool:
        """Whether ``best`` (a card of the claimer's side, played or about to be played by
        ``p``) surely takes the trick, as ``p`` sees it: no opponent still to play could
        hold a card that beats it."""
        for step in range(len(self.trick) + 1, 4):
            q = (self.leader + step) % 4
            if q % 2 != self.side and self._could_beat(p, q, best):
                return False
        return True

    def _could_beat(self, p: int, q: int, best: int) -> bool:
        led = (self.trick[0] // 13) if self.trick else (best // 13)
        unseen = self._unseen(p)
        if self.normal.located or q not in unseen:
            hand = self.hands[q]
            cards = hand & SUIT_MASKS[led] or hand
            return any(self._beats(c, best) for c in _bits(cards))
        other = unseen[0] if unseen[1] == q else unseen[1]
        pool = self.hands[q] | self.hands[other]
        may_hold = pool
        for s in range(4):
            if self.voids >> (4 * q + s) & 1:
                may_hold &= ~SUIT_MASKS[s]
        for card, seat in self.plan.located.items():
            if seat != q:
                may_hold &= ~(1 << card)
        if (best // 13) == led and any(c > best for c in _bits(may_hold & SUIT_MASKS[led])):
            return True
        if self.trump < 0 or led == self.trump:
            return False
        led_out = pool & SUIT_MASKS[led]
        may_void = (self.voids >> (4 * q + led) & 1 or not led_out
                    or (not self.voids >> (4 * other + led) & 1
                        and bin(led_out).count("1") <= bin(self.hands[other]).count("1")))
        if not may_void:
            return False
        trumps = _bits(may_hold & SUIT_MASKS[self.trump])
        return any(self._beats(c, best) for c in trumps)
