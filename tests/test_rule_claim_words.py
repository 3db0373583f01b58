"""Law 68C/70B1 in the ruling assistant: a claim typed in the Director's language
(``reclama S tiro os trunfos e o resto está firme``) keeps the claimer's words as said and
reads them in that language, at the terminal and on the web ruling screen alike (both go
through ``ruling_session.flow``)."""

from __future__ import annotations

import pytest

from dupbridge.app.ruling_session.flow import apply_line, canonical_line, line_error, provisional
from dupbridge.core.board import Board
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.table.events import Claimed
from dupbridge.table.table import Table
from test_law70_claim_words_at_the_table import DEAL, PLAYS

SAID = {
    "pt": ("reclama S tiro os trunfos e o resto está firme", "tiro os trunfos e o resto está firme"),
    "es": ("reclama S sacar triunfos y luego todas buenas", "sacar triunfos y luego todas buenas"),
    "fr": ("revendique S je tire les atouts puis tout est maître",
           "je tire les atouts puis tout est maître"),
}


def _at_the_claim(edition: Edition) -> Table:
    table = Table(Board(3, Deal.from_pbn(DEAL)), edition=edition)  # board 3: dealer South
    for line in ("S 4S", "W P", "N P", "E P"):
        assert apply_line(table, line) is None
    for seat, card in zip(PLAYS[::2], PLAYS[1::2], strict=True):
        assert apply_line(table, f"play {seat} {card}") is None
    return table


@pytest.mark.parametrize("language", sorted(SAID))
def test_law68C_the_statement_is_kept_as_said_when_the_line_is_translated(
        language: str) -> None:
    """Only the command and the claimer's seat are the grammar's: a Portuguese "e o" in
    the words is "and the", never East and West."""
    typed, words = SAID[language]
    assert canonical_line(provisional(typed, language), language) == f"claim S {words}"


@pytest.mark.parametrize("language", sorted(SAID))
def test_law70B1_the_assistant_reads_the_claim_in_the_directors_language(
        language: str) -> None:
    typed, words = SAID[language]
    line = canonical_line(provisional(typed, language), language)
    assert line_error(line, language) is None
    table = _at_the_claim(Edition.LAWS_2017)
    assert apply_line(table, line, language) is None
    claimed = [e for e in table.events if isinstance(e, Claimed)][-1]
    assert claimed.statement == words
    assert claimed.reading == "draw trumps; all high"
    assert claimed.unread == ()


def test_law70B1_read_in_english_the_same_words_are_flagged_not_dropped() -> None:
    """The language matters: the same Portuguese words read as English are all named as
    not understood (the 70B1 confirmation follows), none silently kept."""
    _, words = SAID["pt"]
    table = _at_the_claim(Edition.LAWS_2017)
    assert apply_line(table, f"claim S {words}") is None
    claimed = [e for e in table.events if isinstance(e, Claimed)][-1]
    assert claimed.reading == "" and "trunfos" in claimed.unread
