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
with, ``_forced``). Depth-first below a quick line first; past its budget, it looks for
bad lines (limited discrepancy search in the order of the cards likeliest to cost the side
tricks), then proves V(P) >= 1, 2, ... up to the worst line met. A node budget turns a
search too big to finish into an honest "not decided" with both bounds: the worst line met
(its tricks an upper bound on V(P), the line proposed) and the last target proved.

Where the claimer's side decides, ``SearchNode._normal_cards`` (``search_node``, with
the state of a node) applies the taxonomy of ``normal_lines``: sure winners are judged on
what the deciding player can see (his hand, dummy, the cards played, who has shown out),
so a guess or an unstated finesse is an option the minimum can take (70E1), and a finesse
becomes the only normal play once the card it plays for is located (an opponent has shown
out, before the claim or on the way). The holding tables are in ``holdings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dupbridge.core.cards import SUIT_MASKS, Card
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.holdings import CANONICAL_SUITS, canonical_suit, card_indexes
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.search_node import SearchNode, _State
from dupbridge.laws.claims.statement import (
    Statement,
)

_SEATS = tuple(Seat)
# the cards above each card in its suit, shifted down to start just above it
_ABOVE = tuple((1 << (12 - index % 13)) - 1 for index in range(52))
# past the budget of the first search: a quarter of it more to look for bad lines (leaving
# the likeliest order of cards at most 3 times a line), half of it more for the proofs
_FROM_ABOVE = 4
_DISCREPANCIES = 4
_FROM_BELOW = 2
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
    # the worst complete line met so far: its tricks (after the cards played after the
    # claim) and its cards; the line the search is on, and the tricks it has taken
    found: tuple[int, tuple[Move, ...]] = (99, ())
    path: list[Move] = field(default_factory=list)
    path_won: int = 0

    # -- driver ---------------------------------------------------------------------------

    def run(self) -> Outcome:
        """V(P) in up to three phases sharing one memory. 1. Depth-first, on the
        budget: lines below the quick one, in the order of the normal cards; on a small
        tree this is V(P) and its line. Past the budget: 2. on a quarter of it more, bad
        lines looked for by limited discrepancy search in the order of the cards likeliest
        to cost the side tricks (``_probe``), each complete line met bounding V(P) from
        above; 3. on half of it more, V(P) >= 1, 2, ... proved in turn, each proof dropping
        a line as soon as the side has taken the tricks it asks for (cheap while the target
        is at most V(P)): the first target not reached gives V(P) exactly, a target
        reaching the worst line met proves that line's value. Past all three: the worst
        line met (an upper bound, the line to propose) and the last target proved (a lower
        bound)."""
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
        lower = 0
        try:  # 1. depth-first below the quick line, in the order of the normal cards
            self.budget = budget
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
                self.path, self.path_won = [], 0
            self.budget = self.nodes + budget // _FROM_BELOW
            try:  # 3. V(P) >= 1, 2, ... up to the worst line met
                while lower < self.found[0]:
                    target = lower + 1
                    got = self._search(target)
                    if got < target:
                        value = got
                        break
                    lower = got
                else:
                    value = self.found[0]
            except _OutOfBudget:
                self._restore_to(start)
        if value is None:
            tricks, moves = self.found
            return Outcome(prefix_tricks + tricks, False, prefix_tricks + lower,
                           prefix_tricks + tricks, (*self.prefix, *moves), self.nodes)
        line = greedy if value == quick else self._line(value)
        if value == self.found[0] and len(line) < len(self.found[1]):
            line = list(self.found[1])  # the line ran out of budget: the worst line met
        total = prefix_tricks + value
        return Outcome(total, True, total, total, (*self.prefix, *line), self.nodes)

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
            if self.path_won < self.found[0]:  # a complete line worse than any met so far
                self.found = (self.path_won, tuple(self.path))
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
            path.append(Move(_SEATS[p], Card.from_index(card), trick_no, play_class))
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

    def _worst_first(self, p: int) -> list[tuple[int, PlayClass]]:
        """The options in the order most likely to cost the claimer's side tricks, so
        that a low line is met early and bounds the rest of the search (the order
        changes which line is met first, never the minimum). The side: a card that
        leaves the trick to the opponents first, wasting its highest; when it must take
        the trick, its lowest card (the likeliest to be beaten); a lead an opponent can
        beat, lowest first. An opponent: his side's winners led first, highest first; the
        trick taken from the side (last to play, with his lowest card that does; before,
        with his highest); his partner's trick left to him, with his lowest card."""
        options = self._options(p)
        if len(options) < 2:
            return options
        side = p % 2 == self.side
        trick = self.trick
        if trick:
            at = self._winning_position(trick)
            best = trick[at]
            side_wins = (self.leader + at) % 2 == self.side
            last = len(trick) == 3

            def follow(option: tuple[int, PlayClass]) -> tuple[bool, int]:
                card = option[0]
                takes = self._beats(card, best)
                rank = card % 13
                if side:
                    return side_wins or takes, rank if takes and not side_wins else -rank
                if side_wins:
                    return not takes, rank if last else -rank
                return takes, rank
            options.sort(key=follow)
            return options
        other = self._theirs() if side else self.hands[self.side] | self.hands[self.side + 2]

        def lead(option: tuple[int, PlayClass]) -> tuple[bool, int]:
            card = option[0]
            beaten = other >> (card + 1) & _ABOVE[card] != 0
            return (not beaten, card % 13) if side else (beaten, -(card % 13))
        options.sort(key=lead)
        return options

    def _probe(self, allowed: int) -> None:
        """Limited discrepancy search for a worse line than the worst met: every line
        that leaves the order of ``_worst_first`` at most ``allowed`` times (a line
        that has taken as many tricks as the worst met is dropped). Lines leaving it
        near the start come as early as those leaving it near the end, which a
        depth-first search reaches only after the whole subtree below."""
        p = self._to_play()
        if not self.hands[p]:
            if self.path_won < self.found[0]:
                self.found = (self.path_won, tuple(self.path))
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
            self.path.append(Move(_SEATS[p], Card.from_index(card), trick_no, play_class))
            self.path_won += gain
            if self.path_won < self.found[0]:
                self._probe(allowed - (index > 0))
            self.path_won -= gain
            self.path.pop()
            self._restore(state)

    def _trick_sure(self) -> int:
        """1 if the trick in progress surely goes to the claimer's side: its card is winning
        it and no opponent still to play holds a card that beats it (following suit, or
        void with a trump); the side's own cards still to come cannot take it away."""
        trick = self.trick
        at = self._winning_position(trick)
        if (self.leader + at) % 2 != self.side:
            return 0
        best = trick[at]
        suit = best // 13
        led = trick[0] // 13
        trump = self.trump
        for step in range(len(trick), 4):
            q = (self.leader + step) % 4
            if q % 2 == self.side:
                continue
            hand = self.hands[q]
            follow = hand & SUIT_MASKS[led]
            if follow:
                if suit == led and follow >> (best + 1):
                    return 0
            elif trump >= 0:
                trumps = hand & SUIT_MASKS[trump]
                if trumps and (suit != trump or trumps >> (best + 1)):
                    return 0
        return 1

    def _last_must_win(self, p: int) -> bool:
        """The side's hand plays last to the trick and each of its normal cards takes it
        (an opponent's card winning it, a normal follow must beat it where it can)."""
        if len(self.trick) != 3 or p % 2 != self.side:
            return False
        best = self.trick[self._winning_position(self.trick)]
        return all(self._beats(card, best) for card, _ in self._options(p))

    def _sure_tricks(self) -> int:
        """A lower bound on the tricks left to the claimer's side whatever anyone plays
        (at a trick boundary): the larger of ``_sure_trumps`` and ``_forced``."""
        trumps = self._sure_trumps()
        return trumps if trumps > 1 else max(trumps, self._forced())

    def _forced(self) -> int:
        """The side's tricks forced on it now. On lead with only masters that cannot be
        ruffed (no opponent holds a trump): every trick left. On lead with only normal
        leads that are masters no opponent can ruff now: this trick. An opponent on lead:
        this trick, if in each suit he can lead the side's hand playing last holds a card
        above both opponents' (it must beat an opponent's winning card, spec §5.9; his
        partner following suit or holding no trump cannot ruff it). Else 0. A stated
        card to play (exact plan steps) can be a low one: nothing is forced then."""
        if self.exact_at < len(self.plan.exact):
            return 0
        hands = self.hands
        p = self.leader
        side = self.side
        trump = self.trump
        theirs = hands[1 - side] | hands[3 - side]
        if p % 2 == side:
            ours = hands[side] | hands[side + 2]
            if (trump < 0 or not theirs & SUIT_MASKS[trump]) and all(
                    not theirs >> (card + 1) & _ABOVE[card] for card in card_indexes(ours)):
                return hands[p].bit_count()
            for card, _ in self._options(p):
                if theirs >> (card + 1) & _ABOVE[card]:
                    return 0
                suit = card // 13
                if trump >= 0 and suit != trump and any(
                        not hands[q] & SUIT_MASKS[suit] and hands[q] & SUIT_MASKS[trump]
                        for q in (1 - side, 3 - side)):
                    return 0
            return 1
        partner, last = hands[(p + 2) % 4], hands[(p + 3) % 4]
        for suit in range(4):
            mask = SUIT_MASKS[suit]
            led = hands[p] & mask
            if not led:
                continue
            mine = last & mask
            if not mine:
                return 0
            top = mine.bit_length() - 1
            if (led | partner & mask) >> (top + 1) & _ABOVE[top]:
                return 0
            if trump >= 0 and suit != trump and not partner & mask \
                    and partner & SUIT_MASKS[trump]:
                return 0
        return 1

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
