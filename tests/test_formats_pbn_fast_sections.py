"""The PBN reader reads most sections from their words in one step (``fast_export``, issue 16)
and keeps the token-by-token readers for what must be reported or repaired. The one-step
reading must change nothing: every real file, and damaged copies of the small ones, read
with it and with the token readers alone give the same games, errors and warnings, in
strict and in tolerant mode."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dupbridge.core.errors import ParseError
from dupbridge.formats import pbn
from dupbridge.formats.pbn import sections
from shared_paths import REALDATA

# The 1.9 MB rpbridge.net file adds time and no construct the others lack.
FILES = sorted(path for path in REALDATA.rglob("*") if path.suffix.lower() == ".pbn"
               and path.stat().st_size < 600_000)
DAMAGE = '[]"{};%#*+-=^$!?\\:.\n\t AKQJT98765432SHDCNXPWEapsx01'


def _outcome(text: str, strict: bool) -> tuple[object, ...]:
    try:
        read = pbn.loads(text, source="f.pbn", strict=strict)
    except ParseError as error:
        return ("error", str(error))
    return ("read", read.games, [game.line for game in read.games], read.header,
            [str(error) for error in read.errors], [str(warning) for warning in read.warnings])


def _both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for strict in (True, False):
        in_one_step = _outcome(text, strict)
        with monkeypatch.context() as patch:
            patch.setattr(sections, "fast_export", lambda *args: None)
            token_by_token = _outcome(text, strict)
        assert in_one_step == token_by_token


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_sections_read_in_one_step_equal_the_token_readers_on_real_files(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _both_ways(pbn.decode(path.read_bytes()), monkeypatch)


def _damaged(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(text))
        if rng.random() < 0.5:
            text = text[:at] + text[at + rng.randint(1, 40):]
        else:
            text = text[:at] + "".join(rng.choice(DAMAGE) for _ in range(rng.randint(1, 12))) \
                + text[at:]
    return text


@pytest.mark.parametrize("seed", range(8))
def test_sections_read_in_one_step_equal_the_token_readers_on_damaged_files(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    small = [path for path in FILES if path.stat().st_size < 20_000]
    for _ in range(10):
        text = pbn.decode(rng.choice(small).read_bytes())
        _both_ways(_damaged(text, rng), monkeypatch)


HEAD = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"]\n'
        '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n')
TABLE = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'


@pytest.mark.parametrize("section", [
    '[Auction "N"]\n1C p 1n pass\nAP\n',  # calls to rewrite
    '[Auction "N"]\n1C 2C! X 3NT\nAP\n',  # a word of two pieces
    '[Auction "N"]\n1C Pass * Pass\n',  # a move after the end
    '[Auction "N"]\n1C Pass + 2C\n',  # a move after '+'
    '[Auction "N"]\n1C Pass + - *\n',
    '[Auction "N"]\n1C "Pass"\n',  # a quoted string
    '[Auction "N"]\n1C {a comment} Pass\nAP\n',
    '[Auction "N"]\n1C =1= Pass AP\n[Note "1:strong"]\n',
    '[Auction "N"]\n1C Pass\n%escape\nAP\n',
    '[Auction "N"]\n1C Pass ^I 2C\n',
    '[Play "W"]\nsa s2 s3 s10\nH4 H5 H6 -\n*\n',  # cards to rewrite
    '[Play "W"]\nSA S2 S3 S4\n* S5\n',
    '[Play "W"]\nSA S2 + S4\n+ S5 S6 S7\n',
    '[Play "W"]\nSA S2 S3 ZZ\n',  # not a card
    '[Play "W"]\nSA S2 S3 S4 $1 =2=\n*\n',
    TABLE + 'N NT 9\nS NT 9\n',
    TABLE + 'N NT 9\nS NT\n',  # not whole rows
    TABLE + 'N NT 9\n*\n',
    TABLE + 'N "NT" 9\n',
    '[OptimumResultTable ""]\nN NT 9\n',  # no columns
    '[Other "x"]\none "two" three\n',
    '[Event "y"]\nwords after a tag with no section\n',
])
def test_sections_read_in_one_step_equal_the_token_readers_on_each_kind_of_section(
        section: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _both_ways(HEAD + section + "\n" + HEAD, monkeypatch)
