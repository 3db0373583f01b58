"""Law 12C1(c) on the web's ruling screen (the terminal's flow): the Director gives a
weighted assigned adjusted score through the score form, in his words and letters (fr/es
P for pique/picas); it is the board's score on the screen (each result with its suit
symbol, each side's weighted score), in the document, among the clauses the ruling cites,
and at the club, where it is recorded as the scoring layer's weighted score and scored.
Refused with its reason (a 422, nothing lost) when the percentages do not sum to 100, when
a suit letter reads two ways, or when a 2007 Regulating Authority allows no weighting."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night import views
from dupbridge.app.club_night.state import state_of
from dupbridge.core.messages import msg
from dupbridge.scoring.results import Outcome, Weighted
from dupbridge.tournament.results import ResultRejected
from dupbridge.tournament.session_scoring import board_results
from test_web_ruling_echo import ES, FR, PLACE, Screen, _english, _errors, _law16B, _text
from web_rulings_kit import Club

# Board 1, nobody vulnerable: 2♠ by East making 9 is -140 to North-South, one down +50.
WEIGHTED = Weighted((Outcome(-140, Fraction(3, 5)), Outcome(50, Fraction(2, 5))))


def test_a_weighted_score_given_on_the_screen_is_recorded_and_scored_at_the_club_in_french(
        tmp_path: Path) -> None:
    room = Club(tmp_path, profile="ffb-2017")
    screen = Screen(room, "fr")
    _law16B(screen, FR)
    status, page = screen.post("score", htmx=False, score="60% 3C N 9, 40% 2P E 7")
    assert status == 422  # coeur or clubs: said, never guessed
    assert _errors(page)[0].startswith("'3C' se lit de deux façons")
    page = screen.ok("score", score="60% 2P E 9, 40% 2P E 7")
    shown = _text(page)
    assert "Score ajusté attribué pondéré (Loi 12C1(c)) :" in shown
    assert "60 % de 2♠ par Est, 9 levées (-140)" in shown
    assert "40 % de 2♠ par Est, 7 levées (+50)" in shown
    assert ("Marque de l'étui : score pondéré -64 pour Nord-Sud, +64 pour Est-Ouest "
            "(Loi 12C1(c))") in shown
    assert "Résultat de la table (remplacé par le score ajusté) : 10 levées" in shown
    assert "Loi 12C1(c) : " in shown  # among the clauses cited, with its title
    screen.ok("record", why="16B, 12C1(c)")
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == WEIGHTED
    kept = club_rulings.current(state, PLACE)
    assert kept is not None and kept.final and kept.score == "60% 2S E 9, 40% 2S E 7"
    assert "2017 12C1(c)" in kept.citations
    assert kept.document["record"]["score"]["parts"] == [  # type: ignore[index]
        {"percent": 60, "text": "2S E 9", "ns": -140},
        {"percent": 40, "text": "2S E 7", "ns": 50}]
    table = state.book.result(1, 1, 1)  # the table's result stays under the adjustment
    assert table is not None and (str(table.contract), table.tricks) == ("3H", 10)
    line = next(x for x in views.results_of(state).lines if x.board == 1)
    assert line.adjusted == "60% 2S E 9, 40% 2S E 7" and line.score is None
    scored = board_results(state.book, state.boards,
                           {key: a.score for key, a in state.adjustments.items()})
    assert [r.score for r in scored if r.board == 1] == [WEIGHTED]
    assert views.score_of(state).rankings  # the scoring layer scores the weighted row
    assert {word for page in screen.seen for word in _english(page)} == set()


def test_a_weighted_score_whose_percentages_miss_100_is_refused_in_spanish(
        tmp_path: Path) -> None:
    room = Club(tmp_path, profile="aeb-2007")
    screen = Screen(room, "es")
    _law16B(screen, ES)
    status, page = screen.post("score", htmx=False, score="60% 2P E 9, 30% 2P E 7")
    assert status == 422
    assert _errors(page) == ["los porcentajes de una marca ponderada suman 100, no 90"]
    page = screen.ok("record", score="60% 2P E 9, 40% 2P E 7", why="12C1(c)")
    assert ("Marca del estuche: marca ponderada -64 para Norte-Sur, +64 para Este-Oeste "
            "(Artículo 12C1(c))") in _text(page)
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == WEIGHTED
    assert {word for page in screen.seen for word in _english(page)} == set()


def test_a_2007_authority_forbidding_weighting_refuses_it_on_the_screen(tmp_path: Path
                                                                        ) -> None:
    profile = tmp_path / "ra-2007.toml"
    profile.write_text('name = "ra-2007"\nedition = "2007"\nauthority = "RA"\n'
                       'title = "RA 2007"\n\n[options]\nweighted_scores_allowed = false\n',
                       encoding="utf-8")
    room = Club(tmp_path, profile=str(profile))
    screen = Screen(room, "fr")
    _law16B(screen, FR)
    events = screen.session_events()
    status, page = screen.post("score", htmx=False, score="60% 2P E 9, 40% 2P E 7")
    assert status == 422
    assert _errors(page) == ["ra-2007 : l'Autorité de Tutelle n'autorise pas les scores "
                             "pondérés (Loi 12C1(c) de 2007)"]
    assert screen.session_events() == events  # nothing lost
    status, page = screen.post("record", htmx=False, score="60% 2P E 9, 40% 2P E 7", why="")
    assert status == 422
    kept = club_rulings.current(state_of(open_store(room.url), room.event), PLACE)
    assert kept is None or not kept.final
    # The club's own adjustment refuses it too (the console's 'adjust').
    with pytest.raises(ResultRejected) as refused:
        club.adjust_score(open_store(room.url), room.clock, room.event, round=1, table=1,
                          board=1, score="60% 2S E 9, 40% 2S E 7", who="TD", why="")
    assert "12C1(c)" in str(refused.value.message)
    assert (1, 1, 1) not in state_of(open_store(room.url), room.event).adjustments


def test_the_clubs_adjustment_takes_a_weighted_score_without_a_table_result(tmp_path: Path
                                                                            ) -> None:
    """The console's 'adjust' at a table that reported nothing: the heaviest result stands
    in the book, the weighted score is what the scoring layer receives and scores."""
    room = Club(tmp_path, profile="wbf-2017")
    club.adjust_score(open_store(room.url), room.clock, room.event, round=1, table=1,
                      board=1, score="60% 2S E 9, 40% 2S E 7", who="TD", why="12C1(c)")
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == WEIGHTED
    entry = state.book.result(1, 1, 1)
    assert entry is not None and (str(entry.contract), entry.tricks) == ("2S", 9)
    scored = board_results(state.book, state.boards,
                           {key: a.score for key, a in state.adjustments.items()})
    assert [r.score for r in scored if r.board == 1] == [WEIGHTED]
    assert views.score_of(state).rankings


def test_the_clubs_adjustment_refuses_percentages_that_miss_100(tmp_path: Path) -> None:
    room = Club(tmp_path, profile="wbf-2017")
    with pytest.raises(ResultRejected) as refused:
        club.adjust_score(open_store(room.url), room.clock, room.event, round=1, table=1,
                          board=1, score="60% 2S E 9, 30% 2S E 7", who="TD", why="")
    assert refused.value.message == msg("the percentages of a weighted score sum to 100, "
                                        "not {total}", total=90)
    assert state_of(open_store(room.url), room.event).adjustments == {}


def test_the_score_given_is_recorded_as_the_record_form_shows_it_in_french(tmp_path: Path
                                                                         ) -> None:
    """The record form shows the score given as the club writes it (3C: clubs); sent
    back as shown, in French, where C would read two ways, it records that score."""
    room = Club(tmp_path, profile="ffb-2017")
    screen = Screen(room, "fr")
    _law16B(screen, FR)
    page = screen.ok("score", score="60% 3♣ N 9, 40% 2P E 9")
    assert 'value="60% 3C N 9, 40% 2S E 9"' in page
    screen.ok("record", score="60% 3C N 9, 40% 2S E 9", why="")
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == Weighted(
        (Outcome(110, Fraction(3, 5)), Outcome(-140, Fraction(2, 5))))
