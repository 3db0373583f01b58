"""Issue 29: every text a player or a Director typed is written as its format requires,
so that the file reads back with the same words: PBN strings (a quote and a backslash
escaped, a line break a space: a tag's value is on its line), USEBIO XML (``&``, ``<``,
``>`` escaped, a control character XML cannot carry a space), HTML pages (escaped, never
markup). No writer of the project puts a name in CSV (the dealing machines' CSV holds
hands only)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.app.publication.files import pbn_bytes, usebio_text
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn.score_tables import read_table
from test_app_publish import _club_session
from test_web_bad_input import Clock, make_club

NAMES = {1: 'Tom "Tiger" O\'Hara & Ann\\Lee', 2: "Line\nbreak & Tab\there",
         3: "[Bracket] & {brace} ; semi % pct", 4: "Comma, Jr. & <b>x</b> ]]> --",
         5: "Ctl\x01char & Zoë"}
# What each name reads back as from a score table's cell: a line break, a tab or a control
# character is a space.
READ_BACK = {pair: re.sub("[\x00-\x1f]", " ", name) for pair, name in NAMES.items()}
TITLE = 'Club "night" [final]\nround'


def _session() -> object:
    return replace(_club_session(), names=NAMES, title=TITLE)


@pytest.mark.parametrize("encoding", ["utf-8", "iso-8859-1"])
def test_law78A_pbn_export_keeps_names_with_quotes_brackets_and_line_breaks(
        encoding: str) -> None:
    session = _session()
    text = pbn_bytes(session, encoding).decode(encoding)  # type: ignore[arg-type]
    games = pbn.loads(text).games
    assert dict((t.name, t.value) for t in games[0].tags)["Event"] == \
        'Club "night" [final] round'
    total = next(t for t in games[0].tags if t.name == "TotalScoreTable")
    names = {str(row[1]): str(row[-1]) for row in read_table(total).rows}
    for pair, name in READ_BACK.items():
        assert names[str(pair)] == name


def test_law78A_usebio_export_keeps_names_with_markup_and_control_characters(
        tmp_path: Path) -> None:
    session = _session()
    text = usebio_text(session)  # type: ignore[arg-type]
    assert "<b>" not in text and "\x01" not in text
    event = usebio.loads(text)
    players = {p.name for participant in event.participants
               for p in participant.players}
    assert 'Tom "Tiger" O\'Hara' in players and "Ann\\Lee" in players
    assert "Comma, Jr." in players and "<b>x</b> ]]> --" in players
    assert "Ctl char" in players and "[Bracket]" in players


def test_names_on_the_web_pages_are_text_never_markup(tmp_path: Path) -> None:
    room = make_club(f"sqlite:///{tmp_path}/club.db")
    hostile = '<script>alert("x")</script> & "Bob", [O\'Neil]'
    club.name_pairs(room.store, Clock(), room.event, {1: hostile, 4: "Ann <i>&</i> Lee"},
                    who="Director")
    club.enter_result(room.store, Clock(), room.event, club.ResultInput(1, 1, 1, "3NT", "N", 9))
    escaped = "&lt;script&gt;alert("
    public = room.client()
    for path in (f"/events/{room.event}", f"/events/{room.event}/ranking",
                 f"/events/{room.event}/pairs/1"):
        page = public.get(path).text
        assert "<script>alert" not in page and "<i>&</i>" not in page
        assert escaped in page or "alert" not in page
    # The public sees no ranking until a board is complete at every table: the Director's
    # view of the same page shows the names.
    ranking = room.director().get(f"/events/{room.event}/ranking").text
    assert escaped in ranking and "Ann &lt;i&gt;&amp;&lt;/i&gt; Lee" in ranking
    console = room.director().get(room.console).text
    assert "<script>alert" not in console
