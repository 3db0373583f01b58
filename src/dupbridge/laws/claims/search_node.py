"""A node of the claim search (Law 70): the ending as bit masks, played out card by card,
and the cards each player may play from it: any legal card for an opponent (70A: doubtful
points against the claimer), only the normal cards consistent with the statement for the
claimer's side (70D1, 70C, 70E), one card of each run of equivalent cards. The search over
these nodes, its bounds and its lines are in ``search``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dupbridge.core.cards import SUIT_MASKS
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.holdings import card_indexes
from dupbridge.laws.claims.normal_lines import Move, NormalPlay, PlayClass, SuitOrder
from dupbridge.laws.claims.plan import Plan, claim_plan, finesse_card, tenace_hand
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.statement import (
    Cash,
    Concede,
    DrawTrumps,
    Entry,
    Finesse,
    FinesseWith,
    Ruff,
    Squeeze,
    Statement,
)

_SEATS = tuple(Seat)


_State = tuple[list[int], list[int], int, int, int, int, int, int, int, int]


@dataclass(slots=True)
class SearchNode:
    """The position the search stands at; ``_Search`` moves it with ``_play`` and
    ``_restore`` and asks it for ``_options``."""

    ending: Ending
    statement: Statement
    normal: NormalPlay
    budget: int
    hands: list[int] = field(default_factory=list)
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    win: int = 0  # the place in ``trick`` of the card winning it so far
    voids: int = 0  # bit 4*seat+suit: seat has shown out of suit
    trump_leads: int = 0
    exact_at: int = 0
    tricks_done: int = 0
    memo: dict[tuple[int, ...], tuple[int, bool]] = field(default_factory=dict)
    nodes: int = 0
    prefix: list[Move] = field(default_factory=list)
    plan: Plan = field(default_factory=lambda: claim_plan(Statement()))
    entries_done: int = 0  # bit i: the plan's lead step i (an entry) has been taken
    entering: int = 0  # 1 + the seat that is to win this trick as the stated entry
    side: int = 0
    dummy: int = 0
    trump: int = -1
    excluded: dict[tuple[int, int], int] = field(default_factory=dict)
    _relevant: tuple[int, int] = (0, 0)
    _watcher: int = -1  # a defending claimer's partner (70D2: he plays by what he has seen)
    _claimer: int = 0
    _other_unseen: dict[int, int] = field(default_factory=dict)
    _count_trump_leads: bool = True

    def __post_init__(self) -> None:
        e = self.ending
        self.hands = [hand.mask for hand in e.hands]
        self.trick = [card.index for card in e.trick]
        self.leader = int(e.leader)
        for seat, suit in e.shown_out:
            self.voids |= 1 << (4 * seat + suit)
        self.plan = claim_plan(self.statement)
        self.side = int(e.claimer) % 2
        self._claimer = int(e.claimer)
        self.dummy = int(e.declarer.partner)
        self.trump = -1 if e.trump is None else int(e.trump)
        self.win = self._winning_position(self.trick) if self.trick else 0
        declarer = int(e.declarer)
        if self.side == declarer % 2:
            self._relevant = ((declarer + 1) % 4, (declarer + 3) % 4)
        else:
            self._relevant = ((int(e.claimer) + 2) % 4, declarer)
            self._watcher = (int(e.claimer) + 2) % 4
        self._other_unseen = {self._relevant[0]: self._relevant[1],
                              self._relevant[1]: self._relevant[0]}
        if not any(isinstance(step, DrawTrumps) and step.rounds is not None
                   for step in self.plan.leads):
            self._count_trump_leads = False
        for trick, seat, card in self.normal.excluded:
            key = (trick, int(seat))
            self.excluded[key] = self.excluded.get(key, 0) | card.bit

    # -- state ----------------------------------------------------------------------------

    def _to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def _legal_bits(self, p: int) -> list[int]:
        hand = self.hands[p]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return card_indexes(follow)
        return card_indexes(hand)

    def _play(self, p: int, card: int) -> int:
        """Play ``card``; 1 if it completes a trick the claimer's side wins, else 0."""
        self.hands[p] &= ~(1 << card)
        trick = self.trick
        suit = card // 13
        if trick:
            led = trick[0] // 13
            if suit != led:
                self.voids |= 1 << (4 * p + led)
            top = trick[self.win]
            if (card > top) if suit == top // 13 else suit == self.trump:
                self.win = len(trick)
        else:
            self.win = 0
            if self._count_trump_leads and p % 2 == self.side and suit == self.trump:
                self.trump_leads += 1
            if p % 2 == self.side and self.plan.leads:
                self._take_entry(p, suit)
        trick.append(card)
        if self.plan.exact:
            self._advance_exact()
        if len(trick) < 4:
            return 0
        winner = (self.leader + self.win) % 4
        self.entering = 0
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

    def _beats_any(self, cards: int, best: int) -> bool:
        """Whether a card of the mask ``cards`` beats ``best`` (``_beats`` on each card,
        as bit operations: a higher card of its suit, or a trump over a plain card)."""
        suit = best // 13
        if (cards & SUIT_MASKS[suit]) >> (best + 1):
            return True
        return self.trump >= 0 and suit != self.trump and bool(cards & SUIT_MASKS[self.trump])

    def _save(self) -> _State:
        return (list(self.hands), list(self.trick), self.leader, self.voids, self.trump_leads,
                self.exact_at, self.tricks_done, self.entries_done, self.entering, self.win)

    def _restore(self, state: _State) -> None:
        (self.hands, trick, self.leader, self.voids, self.trump_leads, self.exact_at,
         self.tricks_done, self.entries_done, self.entering, self.win) = state
        self.trick = list(trick)

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
        if len(cards) < 2:
            return cards
        hands = self.hands
        # the cards still to be played (or on the table) that are not p's: a run of p's
        # cards is equivalent while none of these lies between them
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[p]
        for card in self.trick:
            others |= 1 << card
        reps: list[int] = []
        previous = -2
        for card in cards:  # ascending
            if previous >= 0 and (previous // 13) == (card // 13) and not (
                    others >> (previous + 1) & ((1 << (card - previous - 1)) - 1)):
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
            best = self.trick[self.win]
            suit, trump = best // 13, self.trump
            reps.sort(key=lambda c: (not ((c > best) if c // 13 == suit else c // 13 == trump),
                                     -c))
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
        low = False
        if stated is not None:
            (suits, low), how = stated, PlayClass.STATED
        elif draw:
            suits, how = [self.trump], PlayClass.ROUTINE
        else:
            how = PlayClass.SUIT_ORDER if len(suits) > 1 else PlayClass.ROUTINE
        holds_trump = self.trump >= 0 and bool(hand & SUIT_MASKS[self.trump])
        seen_void = self._seen_void(p, hand) if how is PlayClass.SUIT_ORDER else 0
        options: list[tuple[int, PlayClass]] = []
        for s in suits:
            reps = self._classes(p, card_indexes(hand & SUIT_MASKS[s]))
            kind = how
            if low:
                options.append((reps[0], how))
                continue
            if how is not PlayClass.STATED and trumps_out and holds_trump and s != self.trump:
                kind = PlayClass.TRUMP_LEFT_OUT
            end = PlayClass.ANY_END
            if seen_void >> s & 1:
                kind = end = PlayClass.VOID_LEAD
            if self.normal.order is SuitOrder.NONE:  # either end of the suit
                options.append((reps[-1], kind))
                if len(reps) > 1:
                    options.append((reps[0], end))
            else:
                options.append((reps[-1], kind if kind is not PlayClass.ROUTINE
                                else PlayClass.RA_ORDER))
        return options

    @law("70D2", title="A defender's claim: partner's normal play, by what he has seen")
    def _seen_void(self, p: int, hand: int) -> int:
        """The suits (bit per suit) a defending claimer has shown out of, when ``p`` is his
        partner choosing a lead and holds a suit the claimer has not shown out of: leading
        one of them is careless for what partner has seen (spec §5.7), 0 otherwise. With
        trumps, only once the claimer has shown out of them too (else the lead may be a ruff
        for him)."""
        if p != self._watcher:
            return 0
        shown = self.voids >> (4 * self._claimer) & 15
        if self.trump >= 0 and not shown >> self.trump & 1:
            return 0
        held = 0
        for s in range(4):
            if hand & SUIT_MASKS[s]:
                held |= 1 << s
        return shown if held & ~shown else 0

    def _stated_lead(self, p: int, suits: list[int]) -> tuple[list[int], bool] | None:
        """The suits the statement makes the side lead now, and whether the lowest card
        only (a lead towards a finesse or an entry); None: it says nothing now."""
        side_cards = self.hands[p] | self.hands[(p + 2) % 4]
        for index, step in enumerate(self.plan.leads):
            low = False
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
            elif isinstance(step, Entry):
                if self.entries_done >> index & 1 or self._entry_target(step) != (p + 2) % 4:
                    continue
                wanted, low = [int(step.suit)], True
            elif isinstance(step, FinesseWith | Finesse):
                tenace = tenace_hand(step, (self.hands[p], self.hands[(p + 2) % 4]),
                                     self._theirs())
                if tenace is None or tenace[0] != 1:  # led from the other hand, towards it
                    continue
                wanted, low = [tenace[1]], True
            elif isinstance(step, Concede):  # drive out the card conceded to
                assert step.card is not None
                if not self._theirs() >> step.card.index & 1:
                    continue
                wanted = [int(step.card.suit)]
            elif isinstance(step, Squeeze):
                wanted = self._sure_leads(p, suits)
            elif isinstance(step, Ruff):
                wanted = self._crossruff_leads(p, suits)
            else:
                wanted = [int(s) for s in step.suits if side_cards & SUIT_MASKS[s]][:1]
                if not wanted:
                    continue
            held = [s for s in wanted if s in suits]
            if held:  # a step the hand on lead cannot take is left to the next one
                return held, low
        return None

    def _theirs(self) -> int:
        return self.hands[1 - self.side] | self.hands[3 - self.side]

    def _entry_target(self, step: Entry) -> int:
        return self._named_hand(step.to)

    def _named_hand(self, to: str) -> int:
        """``dummy``, ``hand`` (the claimer's own) or a seat letter, as a seat."""
        if to == "dummy":
            return self.dummy
        if to == "hand":
            return int(self.ending.claimer)
        return int(Seat.parse(to))

    def _take_entry(self, p: int, suit: int) -> None:
        """A lead by the side: the first entry step pending from this hand in this suit is
        taken now (its hand is to win the trick); an entry to the hand on lead is moot."""
        for index, step in enumerate(self.plan.leads):
            if not isinstance(step, Entry) or self.entries_done >> index & 1:
                continue
            target = self._entry_target(step)
            if target == p:
                self.entries_done |= 1 << index
            elif target == (p + 2) % 4 and suit == step.suit:
                self.entries_done |= 1 << index
                self.entering = target + 1
                return

    @law("70D1", title="The claimer's stated line: a squeeze")
    def _sure_leads(self, p: int, suits: list[int]) -> list[int]:
        """A squeeze: the suits whose top card in the hand on lead surely wins, else those
        in which partner's top card does (the winners cashed before the threats)."""
        for hand in (self.hands[p], self.hands[(p + 2) % 4]):
            sure = [s for s in suits if hand & SUIT_MASKS[s]
                    and self._safe(p, (hand & SUIT_MASKS[s]).bit_length() - 1)]
            if sure:
                return sure
        return []

    @law("70D1", title="The claimer's stated line: a crossruff")
    def _crossruff_leads(self, p: int, suits: list[int]) -> list[int]:
        """A crossruff: a side suit partner is void in while he holds a trump (he ruffs);
        the stated line leads no trump while the crossruff goes on."""
        if self.trump < 0:
            return []
        partner = self.hands[(p + 2) % 4]
        if not partner & SUIT_MASKS[self.trump]:
            return []
        return [s for s in suits if s != self.trump and not partner & SUIT_MASKS[s]]

    def _normal_follows(self, p: int) -> list[tuple[int, PlayClass]]:
        legal = self._legal_bits(p)
        led = self.trick[0] // 13
        follows = (legal[0] // 13) == led
        reps = self._classes(p, legal)
        best_pos = self.win
        best = self.trick[best_pos]
        ours = (self.leader + best_pos) % 2 == self.side
        stated = self._stated_follow(p, reps, best, led)
        if stated is not None:
            return [(stated, PlayClass.STATED)]
        if ours and self._safe(p, best):
            return self._after_sure(p, reps, follows, led)
        suit, trump = best // 13, self.trump
        beating = [c for c in reps if ((c > best) if c // 13 == suit else c // 13 == trump)]
        sure = [c for c in beating if self._safe(p, c)]
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
        return options + [(c, PlayClass.FOLLOW if follows else self._discard_class(p, c))
                          for c in self._low_cards(reps, follows, best)]

    def _stated_follow(self, p: int, reps: list[int], best: int, led: int) -> int | None:
        """The card the stated line plays here: the hand the entry is to wins the trick
        (its lowest sure winner, else its lowest card that beats the trick); the hand
        taking a stated finesse, second after an opponent, plays the finesse."""
        if self.entering != p + 1 and not self.plan.finesses:
            return None
        beating = [c for c in reps if self._beats(c, best)]
        if self.entering == p + 1 and beating:
            sure = [c for c in beating if self._safe(p, c)]
            return (sure or beating)[0]
        if len(self.trick) != 2 or self.leader % 2 != self.side or not beating:
            return None
        for step in self.plan.finesses:
            tenace = tenace_hand(step, (self.hands[p], 0), self._theirs())
            if tenace is None or tenace[1] != led:
                continue
            side = self.hands[p] | self.hands[(p + 2) % 4]
            card = finesse_card(step, led, beating, self._theirs(), side)
            if card is not None:
                return card
        return None

    def _after_sure(self, p: int, reps: list[int], follows: bool,
                    led: int) -> list[tuple[int, PlayClass]]:
        """Partner's card surely wins: follow by the suit order (70E2) when the side led,
        any card otherwise; a void hand discards (its lowest card of a suit)."""
        if not follows:
            discards = self._discards(reps)
            return [(c, self._discard_class(p, c)) for c in discards] or \
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
        kept = self.plan.kept
        if kept:  # a threat is kept with the cards of its suit (its entries)
            hand = self.hands[self._to_play()]
            kept = sum(SUIT_MASKS[s] for s in range(4) if hand & kept & SUIT_MASKS[s])
        for card in reps:
            if (card // 13) != self.trump and not kept >> card & 1:
                lowest.setdefault(card // 13, card)
        if kept and not lowest:  # nothing but the threats (or trumps) left to throw
            return self._discards_any(reps)
        return sorted(lowest.values())

    def _discard_class(self, p: int, card: int) -> PlayClass:
        """A discard (not a trump): careless when the card is the master of its suit among
        the cards left, or equal to it, and another suit could go instead (spec §5.9: a
        winner thrown away, under partner's winner or ruff too)."""
        suit = card // 13
        hands = self.hands
        if suit == self.trump or not hands[p] & ~SUIT_MASKS[suit]:
            return PlayClass.DISCARD  # a trump, or nothing else left to throw
        others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hands[p]
        if (others & SUIT_MASKS[suit]) >> (card + 1):
            return PlayClass.DISCARD
        return PlayClass.WINNER_DISCARD

    def _discards_any(self, reps: list[int]) -> list[int]:
        lowest: dict[int, int] = {}
        for card in reps:
            if (card // 13) != self.trump:
                lowest.setdefault(card // 13, card)
        return sorted(lowest.values())

    def _must_ruff(self, p: int, led: int, follows: bool) -> bool:
        if follows or self.trump < 0:
            return False
        return any((step.suit is None or step.suit == led)
                   and (step.hand is None or int(step.hand) == p)
                   and (not step.to or self._named_hand(step.to) == p)
                   for step in self.plan.ruffs)

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
            return self._beats_any(hand & SUIT_MASKS[led] or hand, best)
        other = unseen[0] if unseen[1] == q else unseen[1]
        pool = self.hands[q] | self.hands[other]
        may_hold = pool
        for s in range(4):
            if self.voids >> (4 * q + s) & 1:
                may_hold &= ~SUIT_MASKS[s]
        for card, seat in self.plan.located.items():
            if seat != q:
                may_hold &= ~(1 << card)
        if (best // 13) == led and (may_hold & SUIT_MASKS[led]) >> (best + 1):
            return True
        if self.trump < 0 or led == self.trump:
            return False
        led_out = pool & SUIT_MASKS[led]
        may_void = (self.voids >> (4 * q + led) & 1 or not led_out
                    or (not self.voids >> (4 * other + led) & 1
                        and bin(led_out).count("1") <= bin(self.hands[other]).count("1")))
        if not may_void:
            return False
        return self._beats_any(may_hold & SUIT_MASKS[self.trump], best)
