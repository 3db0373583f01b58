"""No ruling cites a clause whose condition did not fire, over every ruling case.

What "fired" means (``dupbridge.table.engine.effects.fired``; docs/ruling-vocabulary.md, "Citations"):
a ruling cites the clauses of the effects it applied that fired -- a recording effect
(``Cite``, ``Review``, ``AdjustedScore``, ``ScoreWithout``) always, any other only if it
changed the table -- and the clauses the Director's answers cite (``Question.cites``).
Nothing is copied from the clauses the decision only considered.

This test checks it from outside the engine, after every event of every case under
tests/cases (both editions): each clause cited has a source among the ruling's effects or
answers, and every state-changing effect whose clause is cited left its mark on the table
(the bar, the penalty card, the cancelled call, the information tag...).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dupbridge.cases.loader import load_case
from dupbridge.core.board import Board
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import (
    Bar,
    BarScope,
    CancelCalls,
    Cite,
    Effect,
    ImposeBar,
    InformationTag,
    PenaltyCard,
    Ruling,
    SubstitutePass,
)
from dupbridge.notation.steps import apply_step
from dupbridge.table.engine import RECORDING_EFFECTS, fired
from dupbridge.table.state import Status, TableState
from dupbridge.table.table import Table

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.rglob("*.toml"))


def _left_a_mark(effect: Effect, state: TableState) -> bool:
    """Whether ``effect`` shows on the table right after its ruling's event (for the
    effects with a mark that stays; the others are not judged here)."""
    if isinstance(effect, ImposeBar):
        return any(bar.seat is effect.seat and bar.law == effect.law for bar in state.bars) \
            or (state.auction is not None and state.current_auction.is_over)
    if isinstance(effect, PenaltyCard):
        entry = state.records[effect.record]
        return entry.law == effect.law or any(
            pc.seat is effect.seat and pc.card == effect.card for pc in state.penalty_cards)
    if isinstance(effect, CancelCalls):
        return any(state.records[i].status is Status.CANCELLED for i in effect.records)
    if isinstance(effect, SubstitutePass):
        return any(getattr(entry, "implied", False) and entry.law == effect.law
                   for entry in state.records)
    if isinstance(effect, InformationTag):
        return effect in state.information
    return True


def _reversion(state: TableState) -> set[LawRef]:
    """2007 17E2 / 2017 17D3 and Law 34, if passes were cancelled because a player missed
    his turn (the ruling that set the reversion off cites them)."""
    missed = LawRef(state.edition, "17E2" if state.edition is Edition.LAWS_2007 else "17D3")
    if any(entry.law == missed and entry.status is Status.CANCELLED for entry in state.records):
        return {missed, LawRef(state.edition, "34")}
    return set()


def _clauses(effect: Effect) -> set[LawRef]:
    """An effect's clauses; a penalty card's also as it may be held once made: major
    because its owner holds two or more (2007 50B, 2017 50B2), then under 50D, and its
    information tag with it (2017 50E1 rather than 50C)."""
    found = set(effect.clauses)
    edition = effect.law.edition
    if isinstance(effect, PenaltyCard):
        two = LawRef(edition, "50B" if edition is Edition.LAWS_2007 else "50B2")
        found |= set(replace(effect, became_major=two).clauses)
    if isinstance(effect, InformationTag) and effect.law.clause == "50C":
        found.add(LawRef(edition, "50E1"))  # 2017: the tag of a card that is major now
    return found


def _sources(ruling: Ruling, state: TableState) -> set[LawRef]:
    return {law for effect in ruling.effects for law in _clauses(effect)} | set(
        ruling.answered_clauses()) | _reversion(state)


def _problems(ruling: Ruling, state: TableState) -> list[str]:
    found = []
    unsourced = set(ruling.clauses) - _sources(ruling, state)
    if unsourced:
        found.append(f"cites {sorted(c.clause for c in unsourced)}, which no effect applied "
                     "and no answer given carries")
    for effect in ruling.effects:
        if isinstance(effect, RECORDING_EFFECTS):
            missing = set(effect.clauses) - set(ruling.clauses)
            if missing:
                found.append(f"does not cite {sorted(c.clause for c in missing)} of {effect}")
        elif set(effect.clauses) & set(ruling.clauses) and not _left_a_mark(effect, state):
            others = {law for e in ruling.effects if e is not effect for law in e.clauses}
            if set(effect.clauses) - others:
                found.append(f"cites {effect.law.clause} though {type(effect).__name__} left "
                             "no mark on the table")
    return found


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CASES)) for p in FILES])
def test_law10C_no_ruling_cites_a_clause_that_did_not_fire(path: Path) -> None:
    case = load_case(path)
    table = Table(case.board, regulations=case.regulations)
    problems: list[str] = []
    for event in case.events:
        before = len(table.rulings)
        try:
            apply_step(table, event.step)
        except Exception:
            break
        for ruling in table.rulings[before:]:
            kind = ruling.decision.irregularity.kind.name
            problems += [f"event {event.number} {event.text!r}: {kind}: {problem}"
                         for problem in _problems(ruling, table.state)]
    assert not problems, "\n".join(problems)


def test_law10C_an_effect_that_changes_nothing_does_not_fire() -> None:
    """The machinery's definition: an effect that leaves the state as it was (a bar the
    engine does not impose because the auction is over) does not fire; one that changes it
    does; a recording effect always fires."""
    state = Table(Board(1), edition=Edition.LAWS_2017).state
    bar = ImposeBar(LawRef(Edition.LAWS_2017, "30A"), Seat.EAST, BarScope.NEXT)
    barred = state.evolve(bars=(Bar(Seat.EAST, BarScope.NEXT, bar.law),))
    assert not fired(bar, state, state)
    assert fired(bar, state, barred)
    assert fired(Cite(LawRef(Edition.LAWS_2017, "39B")), state, state)


def test_law50_a_penalty_card_from_another_law_carries_law50() -> None:
    """A penalty card made by a clause outside Laws 50-51 carries Law 50, whose
    obligations it has; one made under Law 50 itself does not repeat it."""
    for edition in Edition:
        card = Card.parse("D2")
        exposed = PenaltyCard(LawRef(edition, "24"), Seat.EAST, card, 0, False)
        assert [law.clause for law in exposed.clauses][:2] == ["24", "50"]
        own = PenaltyCard(LawRef(edition, "50A"), Seat.EAST, card, 0, False)
        assert "50" not in {law.clause for law in own.clauses}


@pytest.mark.parametrize(("edition", "major", "minor"), [
    (Edition.LAWS_2007, ["50B", "50D"], ["50B", "50C"]),
    (Edition.LAWS_2017, ["50B2", "50D"], ["50B1", "50C"]),
])
def test_law50B_law50C_law50D_a_penalty_card_carries_its_status_and_obligations(
        edition: Edition, major: list[str], minor: list[str]) -> None:
    """Whatever law made it (24, 49, 57A...), a penalty card rests on the 50B clause that
    makes it major or minor and on the obligations its play is then under: 50D for a
    major card, 50C for a minor one. A card that became major with a second penalty card
    carries the clause that made it so (2007 50B, 2017 50B2), not 50B1 any more."""
    honour = PenaltyCard(LawRef(edition, "24"), Seat.EAST, Card.parse("HK"), 0, False)
    assert [law.clause for law in honour.clauses][2:] == major
    low = PenaltyCard(LawRef(edition, "49"), Seat.EAST, Card.parse("D2"), 0, False)
    assert [law.clause for law in low.clauses][2:] == minor
    led = PenaltyCard(LawRef(edition, "57A"), Seat.EAST, Card.parse("D2"), 0, True)
    assert [law.clause for law in led.clauses][2:] == major
    upgraded = PenaltyCard(LawRef(edition, "49"), Seat.EAST, Card.parse("D2"), 0, False,
                           became_major=LawRef(edition, major[0]))
    assert [law.clause for law in upgraded.clauses][2:] == major


@pytest.mark.parametrize(("edition", "clause"), [(Edition.LAWS_2007, "16D2"),
                                                 (Edition.LAWS_2017, "16C2")])
def test_law28B_law16D2_2007_law16C2_2017_the_subclause_the_text_names(
        edition: Edition, clause: str) -> None:
    """28B names the sub-clause (2007 "16D2 applies", 2017 "see Law 16C2"): the cancelled
    call's information tag and the ruling cite it, not the whole of 16D / 16C."""
    from conftest import act, table_for

    table = table_for(edition, "W")
    act(table, "N:1H W:P")  # West, whose turn it was, calls over North's call
    assert [tag.law.clause for tag in table.state.information] == [clause]
    assert clause in {law.clause for law in table.rulings[-1].clauses}
