"""Law 68C/70B1: ``claim S <words>`` in ruling cases and the ruling assistant reads the
claimer's words phrase by phrase, as the claim screen does: the plan steps read are what
Law 70 adjudicates, the words said are what the ruling shows, and a word nothing reads is
named and the Director asked to confirm the reading (never dropped in silence)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.cases import Outcome, run_case_file
from dupbridge.core.board import Board
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.i18n.claim_statements import read_statement
from dupbridge.laws.claims.law70_contested_claim import STATEMENT_CONFIRMED
from dupbridge.laws.claims.position import ClaimMatter
from dupbridge.notation.claim_steps import ClaimStep
from dupbridge.notation.steps import apply_step, parse_step
from dupbridge.table.events import Claimed
from dupbridge.table.table import Table
from test_cases_runner import write

# 4S by South; West has led the SK; after ten tricks South holds the last trump but one of
# the defenders' (West's S8 gone, East's S6 gone ...): tests/cases/*/T70-3-*.toml
DEAL = "N:Q7432.T6.K84.K83 T6.J9532.Q73.Q72 A95.KQ84.J62.J65 KJ8.A7.AT95.AT94"
PLAYS = ["W", "SK", "N", "SQ", "E", "ST", "S", "S9", "W", "S8", "N", "S7", "E", "S6", "S", "S5", "W", "HA", "N", "HT", "E", "H9", "S", "H8", "W", "H7", "N", "H6", "E", "H5", "S", "H4", "W", "DA", "N", "DK", "E", "DQ", "S", "DJ", "W", "DT", "N", "D8", "E", "D7", "S", "D6", "W", "D5", "N", "D4", "E", "D3", "S", "D2", "W", "CA", "N", "CK", "E", "CQ", "S", "CJ", "W", "CT", "N", "C8", "E", "C7", "S", "C6", "W", "C4", "N", "C3", "E", "C2", "S", "C5"]


def _claimed(text: str, language: str = "en") -> Claimed:
    step = parse_step(text, language)
    assert isinstance(step, ClaimStep) and isinstance(step.event, Claimed), step
    return step.event


def test_law68C_claim_words_read_as_the_claim_screen_reads_them() -> None:
    made = _claimed("claim S drawing trumps, then everything is high")
    assert made.statement == "drawing trumps, then everything is high"  # as said
    assert made.reading == "draw trumps; all high"
    assert made.unread == ()
    assert _claimed("claim S 4 running the diamonds").reading == "cash diamonds"
    total = _claimed("claim N total 10 cashing the spades")
    assert (total.total, total.reading) == (10, "cash spades")


def test_law68C_claim_words_in_the_directors_language() -> None:
    said = "sacar triunfos y luego todas buenas"
    made = _claimed(f"claim S {said}", "es")
    assert made.reading == read_statement(said, "es").grammar == "draw trumps; all high"
    assert made.unread == ()


def test_law68A_claim_without_a_statement_reads_nothing() -> None:
    made = _claimed("claim S 3")
    assert (made.tricks, made.statement, made.reading, made.unread) == (3, "", None, ())


def _doubted(statement: str, edition: Edition) -> Table:
    table = Table(Board(3, Deal.from_pbn(DEAL)), edition=edition)  # board 3: dealer South
    for text in ("S 4S", "W P", "N P", "E P"):
        apply_step(table, parse_step(text))
    for seat, card in zip(PLAYS[::2], PLAYS[1::2], strict=True):
        apply_step(table, parse_step(f"play {seat} {card}"))
    apply_step(table, parse_step(f"claim S {statement}"))
    apply_step(table, parse_step("object W"))
    if edition is Edition.LAWS_2017:
        apply_step(table, parse_step("answer play-on no"))
    return table


def _matter(table: Table) -> ClaimMatter:
    pending = table.pending
    assert pending is not None and isinstance(pending.irregularity, ClaimMatter)
    return pending.irregularity


@pytest.mark.parametrize("edition", list(Edition))
def test_law70B1_the_steps_read_are_adjudicated_and_the_words_said_shown(
        edition: Edition) -> None:
    table = _doubted("drawing trumps, then everything is high", edition)
    position = _matter(table).claim
    assert position is not None
    assert position.statement.text == "drawing trumps, then everything is high"
    assert [type(step).__name__ for step in position.statement.steps] == [
        "DrawTrumps", "AllHigh"]
    assert position.unread == ()
    pending = table.pending
    assert pending is not None
    ids = [q.id for q in pending.questions]
    assert STATEMENT_CONFIRMED not in ids
    assert "trump-forgotten" not in ids  # the words mention the trumps (70C1 not met)


@pytest.mark.parametrize("edition", list(Edition))
def test_law70B1_a_word_not_read_is_flagged_and_the_reading_confirmed(
        edition: Edition) -> None:
    table = _doubted("drawing trumps, then everything is high hopefully", edition)
    position = _matter(table).claim
    assert position is not None and position.unread == ("hopefully",)
    pending = table.pending
    assert pending is not None
    question = next(q for q in pending.questions if q.id == STATEMENT_CONFIRMED)
    assert (question.law.clause, question.default) == ("70B1", False)
    assert "Words of the statement not understood (70B1): hopefully" in str(pending.note)


_LETTERS = "bcdfghjklmnpqrstvwxz"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.text(_LETTERS, min_size=4, max_size=8))
def test_law70B1_a_word_inserted_anywhere_is_never_dropped(seed: int, word: str) -> None:
    """Property: a made-up word put anywhere in a statement read at the table is named
    among the words not understood (and so asked about), whatever the phrase around it."""
    words = ["drawing", "trumps", "then", "cashing", "the", "spades", "and", "everything",
             "is", "high"]
    position = random.Random(seed).randrange(len(words) + 1)
    said = " ".join([*words[:position], word, *words[position:]])
    made = _claimed(f"claim S {said}")
    assert word in made.unread, (said, made)


def test_law70B1_a_case_file_with_the_claimers_words(tmp_path: object) -> None:
    """The case runner reads ``claim S <words>`` the same way (the case files
    T70-3-statement-*.toml run under both editions)."""
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    events = ", ".join(f'"{e}"' for e in [
        "S 4S", "W P", "N P", "E P",
        *(f"play {s} {c}" for s, c in zip(PLAYS[::2], PLAYS[1::2], strict=True)),
        "claim S drawing trumps, then everything is high maybe", "object W",
        "answer play-on no", "answer statement-confirmed yes", "defaults",
        "choose adjudicate by Director"])
    text = (f'title = "words"\nsource = "laws-41-71.md §10 T70-3"\nedition = "2017"\n'
            f'dealer = "S"\ndeal = "{DEAL}"\nevents = [{events}]\n'
            '[[expect]]\nresult = { contract = "4S S", tricks = 4 }\n')
    result = run_case_file(write(tmp_path, text))
    assert result.outcome is Outcome.PASS, result
