"""The bounds and the memory of the claim search (Law 70): what a position of the search
is remembered by, the order its cards are tried in to meet bad lines early, and the tricks
the claimer's side surely takes from it (so that a line, or a whole position, can be dropped
as soon as it cannot go below what the search must beat). The search is in ``search``.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import SUIT_MASKS
from dupbridge.laws.claims.holdings import CANONICAL_SUITS, canonical_suit, card_indexes
from dupbridge.laws.claims.normal_lines import PlayClass
from dupbridge.laws.claims.search_node import SearchNode

# the cards above each card in its suit, shifted down to start just above it
_ABOVE = tuple((1 << (12 - index % 13)) - 1 for index in range(52))


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
class SearchBounds(SearchNode):
    """A node of the search with its memory key, its order of cards and its bounds."""

    def _key(self) -> tuple[int, ...]:
        hands = self.hands
        if not self.plan.card_specific and not self.excluded:
            # a suit's four holdings packed in one int (hand p at 13 * p), made canonical
            h0, h1, h2, h3 = hands
            table = CANONICAL_SUITS
            key_hands: tuple[int, ...] = ()
            for shift in (0, 13, 26, 39):
                holding = (h0 >> shift & 0x1FFF | (h1 >> shift & 0x1FFF) << 13
                           | (h2 >> shift & 0x1FFF) << 26 | (h3 >> shift & 0x1FFF) << 39)
                packed = table.get(holding)
                key_hands += (canonical_suit(holding) if packed is None else packed,)
        else:
            key_hands = tuple(hands)
        return (*key_hands, self.leader, self._known_voids(), self.trump_leads, self.exact_at,
                self.entries_done)

    def _known_voids(self) -> int:
        """The shown-out facts that can still matter: those of a hand the claimer's side
        cannot see, in a suit of which some unseen card is left."""
        known = self.voids
        if not known:
            return 0
        voids = 0
        hands = self.hands
        for q in self._relevant:
            shown = known >> (4 * q) & 0xF
            if not shown:
                continue
            pool = hands[q] | hands[self._other_unseen[q]]
            for s in range(4):
                if shown >> s & 1 and pool & SUIT_MASKS[s]:
                    voids |= 1 << (4 * q + s)
        return voids

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
            at = self.win
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

    def _trick_sure(self) -> int:
        """1 if the trick in progress surely goes to the claimer's side: its card is winning
        it and no opponent still to play holds a card that beats it (following suit, or
        void with a trump); the side's own cards still to come cannot take it away."""
        trick = self.trick
        at = self.win
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
        best = self.trick[self.win]
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
