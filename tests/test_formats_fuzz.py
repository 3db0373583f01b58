"""Fuzz (issue 6): PBN and LIN text damaged at random never raises anything but
ParseError, and the tolerant mode (strict=False) never raises at all.

The damage starts from real files, so the fuzzer spends its time near valid input, where
parsers break. The default run is short; ``DUPBRIDGE_FUZZ_EXAMPLES=20000 pytest
tests/test_formats_fuzz.py`` runs a long one."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.core.errors import ParseError
from dupbridge.formats import lin, pbn
from shared_paths import REALDATA

EXAMPLES = int(os.environ.get("DUPBRIDGE_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _small_files(pattern: str, limit: int = 20_000) -> list[str]:
    texts = []
    for path in sorted(REALDATA.glob(pattern)):
        data = path.read_bytes()
        if len(data) <= limit:
            texts.append(data.decode("utf-8", errors="replace"))
    return texts


PBN_TEXTS = _small_files("pbn/**/*.pbn")
LIN_TEXTS = _small_files("lin/*.lin")
PBN_ALPHABET = '[]"{};%#*+-=^$!?\\:.\n\r\t AKQJT98765432SHDCNXPWEapsx01'
LIN_ALPHABET = "|,!\n\r pnmdsvahqxmbancpcmg0123456789SHDCNXPRWEAKQJT"


def damaged(texts: list[str], alphabet: str) -> st.SearchStrategy[str]:
    """A real text with a few random cuts, insertions and repetitions."""

    @st.composite
    def build(draw: Callable[[st.SearchStrategy[Any]], Any]) -> str:
        text: str = draw(st.sampled_from(texts))
        for _ in range(draw(st.integers(1, 6))):
            at = draw(st.integers(0, len(text)))
            kind = draw(st.sampled_from(("cut", "insert", "repeat")))
            if kind == "cut":
                text = text[:at] + text[at + draw(st.integers(1, 40)):]
            elif kind == "insert":
                text = text[:at] + draw(st.text(st.sampled_from(alphabet), max_size=12)) \
                    + text[at:]
            else:
                text = text[:at] + text[at:at + draw(st.integers(1, 200))] + text[at:]
        return text

    return build()


def _only_parse_errors(loads: Callable[..., object], text: str) -> None:
    try:
        loads(text, source="fuzz")
    except ParseError as error:
        assert error.line is not None and error.line >= 1  # positioned
    loads(text, source="fuzz", strict=False)  # tolerant: never raises


@FUZZ
@given(damaged(PBN_TEXTS, PBN_ALPHABET))
def test_damaged_pbn_raises_only_a_positioned_parse_error(text: str) -> None:
    _only_parse_errors(pbn.loads, text)


@FUZZ
@given(st.text(st.sampled_from(PBN_ALPHABET), max_size=300))
def test_pbn_noise_raises_only_a_positioned_parse_error(text: str) -> None:
    _only_parse_errors(pbn.loads, text)


@FUZZ
@given(damaged(LIN_TEXTS, LIN_ALPHABET))
def test_damaged_lin_raises_only_a_positioned_parse_error(text: str) -> None:
    _only_parse_errors(lin.loads, text)


@FUZZ
@given(st.text(st.sampled_from(LIN_ALPHABET), max_size=300))
def test_lin_noise_raises_only_a_positioned_parse_error(text: str) -> None:
    _only_parse_errors(lin.loads, text)
