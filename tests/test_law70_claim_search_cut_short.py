"""Law 70A: a claim search cut short by its budget proposes the worst normal line it met
(its tricks bound V(P) from above: a normal line that makes no more) and shows both bounds,
never the lower bound, which has no line to show; the tricks forced on the claimer's side
(``_forced``) cut the search without changing V(P); the real-files report says how many of
its claims were decided."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.law70_contested_claim import adjudicate
from dupbridge.laws.claims.normal_lines import NormalPlay
from dupbridge.laws.claims.position import ClaimPosition, Ending, trick_winners
from dupbridge.laws.claims.search import _Search, adjudication_value
from dupbridge.laws.claims.statement import Statement
from shared_paths import REALDATA

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
runner = CliRunner()


def ending(hands: str, trump: Suit | None = None, leader: Seat = S,
           claimer: Seat = S) -> Ending:
    """``hands``: four PBN hands N E S W separated by spaces; South declares."""
    sets = tuple(CardSet.from_pbn(hand) for hand in hands.split())
    return Ending((sets[0], sets[1], sets[2], sets[3]), trump, leader, claimer, S)


def random_ending(rng: random.Random, size: int) -> Ending:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [CardSet(sum(1 << c for c in cards[i * size:(i + 1) * size])) for i in range(4)]
    return Ending((hands[0], hands[1], hands[2], hands[3]), rng.choice([None, *Suit]),
                  rng.choice(list(Seat)), S, S)


def side_tricks(end: Ending, line: object) -> int:
    assert isinstance(line, tuple)
    return sum(1 for seat in trick_winners(end, line) if seat.side is end.claimer.side)


@pytest.mark.parametrize("seed", range(6))
def test_law70A_cut_short_the_worst_line_met_is_proposed_with_both_bounds(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(40):
        end = random_ending(rng, 7)
        short = adjudication_value(end, Statement(), NormalPlay(), budget=60)
        if not short.decided:
            break
    else:
        pytest.skip("every ending of the draw was decided in 60 positions")
    exact = adjudication_value(end, Statement(), NormalPlay(), budget=2_000_000)
    assert exact.decided
    assert short.lower <= exact.tricks <= short.upper  # the bounds hold the value
    assert short.tricks == short.upper  # the value given is the line's, not the bound's
    assert len(short.line) == 28 and side_tricks(end, short.line) == short.upper
    found = adjudicate(ClaimPosition(end, Statement(), end.tricks_left, Edition.LAWS_2017),
                       {}, budget=60)
    assert not found.value.decided
    assert found.proposed == min(found.value.upper, end.tricks_left)
    verdict = str(found.verdict())
    assert f"between {found.value.lower} and {found.value.upper}" in verdict
    assert "the worst normal line found" in verdict and "lower bound" not in verdict
    # another upper bound on V(P) (the double-dummy value) caps the proposal
    capped = adjudicate(ClaimPosition(end, Statement(), end.tricks_left, Edition.LAWS_2017),
                        {}, budget=60, ceiling=exact.tricks)
    assert capped.proposed == min(found.proposed, exact.tricks)


def test_law70A_the_worst_line_met_is_never_above_the_quick_line() -> None:
    """The search from above only replaces the quick line by a worse one."""
    rng = random.Random(31)
    for _ in range(20):
        end = random_ending(rng, 8)
        search = _Search(end, Statement(), NormalPlay(), 10**9)
        search._play_prefix()
        quick = sum(search._greedy_line()[1])
        short = adjudication_value(end, Statement(), NormalPlay(), budget=200)
        assert short.upper <= quick


def _forced(end: Ending) -> int:
    search = _Search(end, Statement(), NormalPlay(), 10**9)
    return search._forced()


def test_law70_a_trick_the_last_hand_must_win_is_forced() -> None:
    """West leads; South, last to play, holds a card above both opponents' in each suit
    West can lead: an opponent's winning card must be beaten (spec §5.9), so the trick is
    the side's whatever is led."""
    forced = ending("32.32.. 54.54.. AK.AK.. QJ.QJ..", leader=W)
    assert _forced(forced) == 1
    assert adjudication_value(forced, Statement(), NormalPlay()).tricks >= 1
    beaten = ending("32.32.. 54.A4.. AK.K5.. QJ.QJ..", leader=W)  # East's HA
    assert _forced(beaten) == 0


def test_law70C_a_ruff_by_the_leaders_partner_forces_nothing() -> None:
    # 4S: West leads a heart; East, out of hearts, can ruff South's HA
    end = ending("32.2.. 5..32. 4.AK.. .QJ5..", trump=Suit.SPADES, leader=W)
    assert _forced(end) == 0
    no_trump = ending("32.2.. ..432. 4.AK.. .QJ5..", trump=Suit.SPADES, leader=W)
    assert _forced(no_trump) == 1


def test_law70_masters_on_lead_are_every_trick() -> None:
    """South on lead, every card of the side above the opponents' in its suit, and no
    trump out: each trick is the side's (a master led wins, the lead stays with it)."""
    end = ending("AQ.A.. 3.3.3. K.K.A. 2.2..2")
    assert _forced(end) == 3
    assert adjudication_value(end, Statement(), NormalPlay()).tricks == 3


@pytest.mark.parametrize("size", [3, 4, 5])
def test_law70_the_forced_tricks_never_exceed_the_value(size: int) -> None:
    """Soundness of the cut: wherever the search starts, the tricks it counts as forced
    are at most V(P)."""
    rng = random.Random(size)
    for _ in range(60):
        end = random_ending(rng, size)
        exact = adjudication_value(end, Statement(), NormalPlay(), budget=10**7)
        assert exact.decided and _forced(end) <= exact.tricks


def test_law70_the_claims_report_says_how_many_claims_were_decided() -> None:
    path = REALDATA / "lin/pbntools_bbo_skyclub_20784113_claim.lin"
    found = runner.invoke(app, ["claim", str(path), "--report"])
    assert found.exit_code == 0, found.output
    assert "decided: " in found.output and " claims (" in found.output
