"""The damage the independent review found in real PBN files (issue 20): each is read as a
positioned ParseError in strict mode, and tolerant mode keeps what it can with a warning."""

from __future__ import annotations

import dataclasses

import pytest

from dupbridge.core.errors import ParseError
from dupbridge.formats import pbn
from dupbridge.formats.pbn.model import Game
from dupbridge.formats.pbn.replay import game_to_table
from shared_paths import REALDATA

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
HEAD = f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def _full_play_game() -> Game:
    """A real game whose Play section holds all 13 tricks."""
    path = REALDATA / "pbn" / "ben_bbohelper_daylong_2024-06-03.pbn"
    game = pbn.load(path, strict=False).games[0]
    assert len(game_to_table(game).state.play.tricks) == 13  # type: ignore[union-attr]
    return game


def _with_rows(game: Game, extra: tuple[str, ...]) -> Game:
    tags = tuple(dataclasses.replace(t, section=t.section + extra) if t.name == "Play" else t
                 for t in game.tags)
    return dataclasses.replace(game, tags=tags)


@pytest.mark.parametrize("extra", [("-", "-", "-", "-"), ("SA", "-", "-", "-")])
def test_play_row_after_the_thirteenth_trick_is_a_positioned_error(extra: tuple[str, ...]
                                                                   ) -> None:
    game = _with_rows(_full_play_game(), extra)
    with pytest.raises(ParseError, match=r"\[Play\] a play row after the thirteenth trick"
                       ) as caught:
        game_to_table(game, source="f.pbn")
    assert caught.value.line == game.line and caught.value.source == "f.pbn"


def test_play_row_after_the_thirteenth_trick_is_ignored_with_a_warning_when_tolerant() -> None:
    game = _with_rows(_full_play_game(), ("-", "-", "-", "-"))
    warnings: list[ParseError] = []
    table = game_to_table(game, strict=False, warnings=warnings)
    assert len(table.state.play.tricks) == 13  # type: ignore[union-attr]  # nothing lost
    assert [w.reason for w in warnings] == [
        "[Play] a play row after the thirteenth trick: a deal has 13 tricks"]


BBA_TABLE = '[OptimumResultTable "Declarer Suit Tricks"]\nN NT 7\nS NT 7\n'


def test_tolerant_mode_drops_an_unreadable_optional_tag_and_keeps_the_game() -> None:
    text = HEAD + BBA_TABLE + '[Contract "3NT"]\n[Declarer "S"]\n\n' + HEAD
    loaded = pbn.loads(text, strict=False)
    assert len(loaded.games) == 2 and not loaded.errors
    assert loaded.games[0].tag("OptimumResultTable") is None
    assert loaded.games[0].value("Contract") == "3NT"
    (warning,) = [w for w in loaded.warnings if isinstance(w, ParseError)]
    assert warning.line == 6
    assert "expected columns separated by ';'" in warning.reason
    assert "dropped, the game kept" in warning.reason
    with pytest.raises(ParseError, match=r"<string>:6:.*columns separated by ';'"):
        pbn.loads(text)


@pytest.mark.parametrize("written, column, message", [
    ("5D=1", 6, "expected '=' to close the note reference '=1'"),
    ("5D=", 6, "expected a note number after '='"),
    ("5D$", 6, r"expected a number after '\$'"),
    ("5D^", 6, r"expected an irregularity token \(\^I or \^S\), found '\^'"),
])
def test_damaged_annotation_is_reported_for_what_is_wrong(written: str, column: int,
                                                          message: str) -> None:
    text = HEAD + f'[Auction "N"]\n1S {written} Pass\n'
    with pytest.raises(ParseError, match=message) as caught:
        pbn.loads(text)
    assert (caught.value.line, caught.value.column) == (7, column)


@pytest.mark.parametrize("space", ["\u00a0", "\u0085", "\u001c", "\u001f", "\u2028", "\u3000"])
def test_whitespace_other_than_space_tab_lf_between_tokens(space: str) -> None:
    text = HEAD + f'[Auction "N"]{space}\n1S{space}Pass Pass{space}Pass\n'
    (game,) = pbn.loads(text).games
    assert game.tag("Auction") is not None
    assert game.tag("Auction").section == ("1S", "Pass", "Pass", "Pass")  # type: ignore[union-attr]
