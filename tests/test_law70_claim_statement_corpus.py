"""Law 68C/70B1: claim statements as claimers say them, in en, es, fr, pt, read into the
short grammar's steps (the corpus: ``tests/claims/statements_<lang>.toml``), and no word
of a statement ever dropped in silence: a word not understood is named."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.i18n.claim_statements import read_statement
from dupbridge.laws.claims.statement import parse_statement

CORPUS = Path(__file__).parent / "claims"
LANGUAGES = ("en", "es", "fr", "pt")


def corpus(language: str) -> list[dict[str, object]]:
    with (CORPUS / f"statements_{language}.toml").open("rb") as handle:
        entries: list[dict[str, object]] = tomllib.load(handle)["statements"]
    return entries


CASES = [(language, entry) for language in LANGUAGES for entry in corpus(language)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_law70B1_the_corpus_holds_sixty_statements_a_language(language: str) -> None:
    assert len(corpus(language)) >= 60


@pytest.mark.parametrize(("language", "entry"), CASES,
                         ids=[f"{lang}-{i}" for i, (lang, _) in enumerate(CASES)])
def test_law70B1_a_statement_reads_as_the_claimer_meant(language: str,
                                                        entry: dict[str, object]) -> None:
    reading = read_statement(str(entry["said"]), language)
    expected = parse_statement(str(entry["reads"])).steps
    assert parse_statement(reading.grammar).steps == expected, reading
    assert list(reading.unread) == list(entry.get("unread", [])), reading  # type: ignore[call-overload]


_LETTERS = "bcdfghjkmnpqvwxz"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CASES), st.integers(0, 10_000), st.text(_LETTERS, min_size=3,
                                                               max_size=8))
def test_law70B1_an_unknown_word_anywhere_is_always_named(case: tuple[str, dict[str, object]],
                                                         where: int, tail: str) -> None:
    """A word of no language ("zq..." plus letters) inserted anywhere in a corpus
    statement is among the words the reading names as not understood."""
    language, entry = case
    words = str(entry["said"]).split()
    unknown = "zq" + tail
    words.insert(where % (len(words) + 1), unknown)
    reading = read_statement(" ".join(words), language)
    assert unknown in reading.unread


def test_law70B1_the_reading_never_raises_on_noise() -> None:
    rng = random.Random(31)
    for _ in range(200):
        text = " ".join(rng.choice(["SA", "finesse", "against", "with", "W", ",", "draw",
                                    "trumps", "de", "impasse", "cedo", "as", "xx", ";"])
                        for _ in range(rng.randint(0, 8)))
        for language in LANGUAGES:
            read_statement(text, language)
