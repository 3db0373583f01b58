"""Issue 30 on the web's ruling screen (it shares the terminal's flow): a typed line is
checked whole, an ambiguous suit letter (fr/es C: coeur/corazones or clubs) is asked with
both readings, the rest of the line kept, and every input is read back in the Director's
language with its suit symbols before it is recorded (a typed line waits for the
Director's confirmation; a tapped call is read back with its undo). The adjusted score the
Director gives each side (12C: A60/40, a split score) is the board's score on the screen,
in the document and in the result the club records. No English word on the screen in
es/fr/pt, questions, options and errors included."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night.rulings import Place
from dupbridge.app.club_night.state import state_of
from dupbridge.core.calls import Call
from dupbridge.core.seats import Seat
from dupbridge.scoring.results import Artificial, Fault, Split
from dupbridge.table.events import CallMade
from test_ruling_no_english import ENGLISH
from web_rulings_kit import Club, csrf_of

HX = {"HX-Request": "true"}
PLACE = Place(1, 1, 1)
# The terminal test's English words, and those of the screen's own texts.
SCREEN_ENGLISH = ENGLISH | {
    "Read", "Record", "recorded", "Last", "step", "Undo", "Back", "nothing", "adjusted",
    "each", "side", "North", "South", "West", "Outcome", "Auction", "Rulings",
    "chosen", "Dealer", "Ruling", "Board", "Result", "Contract", "Irregularity", "Clauses",
    "reads", "ways", "Choose", "Enter", "Tricks", "Who", "Why", "Appeal", "Amend"}


class Screen:
    """The Director on the ruling screen of board 1 at table 1, in ``language``."""

    def __init__(self, room: Club, language: str) -> None:
        self.room = room
        self.web: TestClient = room.director()
        self.url = room.ruling_url(1, 1)
        self.token = csrf_of(self.web.get(f"{self.url}?lang={language}").text)
        self.seen: list[str] = []

    def post(self, step: str, htmx: bool = True, **data: str) -> tuple[int, str]:
        answer = self.web.post(f"{self.url}/{step}", data={**data, "csrf": self.token},
                               headers=HX if htmx else {})
        self.seen.append(answer.text)
        return answer.status_code, answer.text

    def ok(self, step: str, **data: str) -> str:
        status, page = self.post(step, **data)
        assert status == 200 and 'id="ruling-error"' not in page, _errors(page)
        return page

    def session_events(self) -> tuple[object, ...]:
        return club_rulings.open_ruling(open_store(self.room.url), self.room.event,
                                        PLACE).events

    def answer_all(self, page: str, answers: dict[str, str]) -> str:
        """Each open question answered with the value given for its id."""
        while (asked := re.search(r'data-open="([^"]+)"', page)) is not None:
            question = asked[1].split()[0]
            page = self.ok("answer", question=question, value=answers[question])
        return page


def _text(page: str) -> str:
    """What the Director reads: the page without its tags, attributes and hidden values."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _errors(page: str) -> list[str]:
    return [html.unescape(text) for text in re.findall(r'ruling-error">([^<]*)', page)]


def _english(page: str) -> set[str]:
    """The English words of the page, words read whole with their accents (fr "acceptée"
    is no "accept")."""
    return {word for word in re.findall(r"[^\W\d_][\w-]*", _text(page)) if word in SCREEN_ENGLISH}


@pytest.mark.parametrize(("language", "profile", "question", "chosen", "echo", "call"), [
    ("fr", "ffb-2017", "'1C' se lit de deux façons : 1. 1♥ 2. 1♣", 0, "→ Nord 1♥", "1H"),
    ("es", "aeb-2007", "'1C' se lee de dos maneras: 1. 1♥ 2. 1♣", 1, "→ Norte 1♣", "1C"),
])
def test_an_ambiguous_letter_typed_on_the_screen_is_asked_then_read_back_before_recording(
        tmp_path: Path, language: str, profile: str, question: str, chosen: int, echo: str,
        call: str) -> None:
    screen = Screen(Club(tmp_path, profile=profile), language)
    asked = screen.ok("line", line="N 1C")
    assert question in _text(asked)
    readings = re.findall(r'name="line" value="([^"]+)"><button class="big reading"', asked)
    assert readings == ["N 1♥", "N 1♣"]  # the rest of the line kept in each reading
    assert f"1. {'→ Nord 1♥' if language == 'fr' else '→ Norte 1♥'}" in _text(asked)
    assert screen.session_events() == ()  # nothing recorded while asking
    read_back = screen.ok("line", line=readings[chosen])
    assert re.search(r'id="typed-echo">([^<]*)<', read_back)[1] == echo  # type: ignore[index]
    assert screen.session_events() == ()  # nor before the Director confirms
    recorded = screen.ok("line", line=readings[chosen], confirm="1")
    assert screen.session_events() == (CallMade(Seat.NORTH, Call.parse(call)),)
    assert echo in _text(recorded.split('id="last-step"')[1])
    assert 'id="typed"' not in recorded


def test_a_line_wrong_elsewhere_is_refused_before_its_ambiguity_is_asked(tmp_path: Path
                                                                         ) -> None:
    screen = Screen(Club(tmp_path, profile="ffb-2017"), "fr")
    status, page = screen.post("line", htmx=False, line="X 1C")
    assert status == 422
    assert _errors(page) == ["erreur : pas une position : 'X'"]
    assert "se lit de deux façons" not in page and screen.session_events() == ()


def test_a_tapped_call_is_read_back_with_its_undo(tmp_path: Path) -> None:
    screen = Screen(Club(tmp_path, profile="aeb-2007"), "es")
    page = screen.ok("call", seat="N", call="1S")
    assert "Último paso registrado: → Norte 1♠" in _text(page)
    page = screen.ok("call", seat="E", call="P")
    assert "Último paso registrado: → Este Paso" in _text(page)
    page = screen.ok("undo")
    assert "Último paso registrado: → Norte 1♠" in _text(page)
    assert screen.session_events() == (CallMade(Seat.NORTH, Call.parse("1S")),)


# Law 16B on board 1 (dealer North): after 1♥ 1♠ Pass South hesitates; West bids 2♠ and
# North, South's partner, 3♥, passed out; East calls the Director about it (ui E).
HESITATION = [("N", "1H"), ("E", "1S"), ("S", "P")]
AFTER = [("W", "2S"), ("N", "3H"), ("E", "P"), ("S", "P"), ("W", "P")]


def _law16B(screen: Screen, words: dict[str, str]) -> str:
    for seat, call in HESITATION:
        screen.ok("call", seat=seat, call=call)
    screen.ok("line", line=f"{words['convey']} S {words['hesitation']}", confirm="1")
    for seat, call in AFTER:
        screen.ok("call", seat=seat, call=call)
    page = screen.ok("line", line=f"{words['ui']} E", confirm="1")
    page = screen.answer_all(page, {
        "ui-conveyed": words["yes"], "ui-alternative": words["pass"],
        "ui-suggested": words["yes"], "ui-damaged": words["yes"],
        "assigned-contract": words["contract"], "assigned-tricks": "9"})
    page = screen.ok("choose", option="adjust")
    return screen.ok("result", tricks="10")


FR = {"convey": "transmet", "hesitation": "hésitation", "ui": "ina", "yes": "oui",
      "pass": "Passe", "contract": "2♠ Est"}
ES = {"convey": "transmite", "hesitation": "vacilación", "ui": "ino", "yes": "sí",
      "pass": "Paso", "contract": "2♠ Este"}


def test_a_split_score_given_on_the_screen_is_the_score_recorded_at_the_club_in_french(
        tmp_path: Path) -> None:
    """16B: 2♠ by East making 9 assigned; the Director finds that North-South's own serious
    error caused part of the damage (2017 12C1(e)): each side gets its own score, North-
    South -140 and East-West +110. It is the board's score on the screen, in the document
    and at the club, where the table's 3♥ making 10 stays recorded under it."""
    room = Club(tmp_path, profile="ffb-2017")
    screen = Screen(room, "fr")
    page = _law16B(screen, FR)
    assert "Marque de l'étui : -140 pour Nord-Sud, +140 pour Est-Ouest" in _text(page)
    page = screen.ok("record", score="NS -140 / EO +110", why="16B")
    shown = _text(page)
    assert ("Marque de l'étui : -140 pour Nord-Sud, +110 pour Est-Ouest (Loi 12C1(e)) : "
            "chaque camp est classé sur son propre score") in shown
    assert "Résultat de la table (remplacé par le score ajusté) : 10 levées" in shown
    assert "Dernière étape enregistrée : -140 pour Nord-Sud, +110 pour Est-Ouest" in shown
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == Split(-140, -110)
    kept = club_rulings.current(state, PLACE)
    assert kept is not None and kept.final and kept.score == "NS -140 / EW +110"
    assert kept.document["record"]["score"] == {  # type: ignore[index]
        "kind": "split", "law": "2017 Law 12C1(e)", "text": "NS -140 / EW +110",
        "contract": None, "tricks": None, "ns": -140, "ew": 110}
    table = state.book.result(1, 1, 1)
    assert table is not None and (str(table.contract), table.tricks) == ("3H", 10)


def test_an_artificial_score_by_fault_given_in_spanish_is_recorded_for_each_side(
        tmp_path: Path) -> None:
    """The Director gives an artificial score (12C2): average plus to North-South, average
    minus to East-West; shown per side, kept in the document and recorded at the club."""
    room = Club(tmp_path, profile="aeb-2007")
    screen = Screen(room, "es")
    _law16B(screen, ES)
    page = screen.ok("score", score="A60/40")
    assert ("Marca del estuche: marca ajustada artificial (Artículo 12C2(a)): 60 % para "
            "Norte-Sur, 40 % para Este-Oeste") in _text(page)
    screen.ok("record", why="12C2")
    state = state_of(open_store(room.url), room.event)
    assert state.adjustments[(1, 1, 1)].score == Artificial(Fault.NONE, Fault.DIRECTLY)
    kept = club_rulings.current(state, PLACE)
    assert kept is not None and kept.score == "A60/40"
    assert kept.document["record"]["score"]["ns"] == 60  # type: ignore[index]


def test_a_wrong_adjusted_score_is_refused_with_its_reason_and_nothing_lost(
        tmp_path: Path) -> None:
    screen = Screen(Club(tmp_path, profile="ffb-2017"), "fr")
    screen.ok("call", seat="N", call="1S")
    status, page = screen.post("score", htmx=False, score="NS 140")
    assert status == 422
    assert _errors(page)[0].startswith("ce n'est pas un score ajusté : 'NS 140'")
    assert screen.session_events() == (CallMade(Seat.NORTH, Call.parse("1S")),)


WORDS = {"fr": ("ffb-2017", FR), "es": ("aeb-2007", ES),
         "pt": ("wbf-2017", {"convey": "transmite", "hesitation": "hesitação", "ui": "ina",
                             "yes": "sim", "pass": "Passe", "contract": "2♠ Este"})}
NO = {"fr": "non", "es": "no", "pt": "não"}


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_ruling_screen_has_no_english_word_in_es_fr_pt(tmp_path: Path,
                                                           language: str) -> None:
    """Every page of a ruling on the screen: questions with their choices, options with
    what each entails, the ambiguity asked, lines read back, errors (a seat, a call, an
    adjusted score), the rulings, their clauses and the outcome with the score given."""
    profile, words = WORDS[language]
    screen = Screen(Club(tmp_path, profile=profile), language)
    screen.post("line", line="X 1C")  # an error
    screen.post("line", line="N 9Z")  # another
    screen.post("line", line="S 3C")  # the ambiguity asked
    screen.post("line", line="N 1♠")  # read back
    screen.ok("call", seat="N", call="1S")
    page = screen.ok("call", seat="E", call="1H")  # insufficient: a question, then options
    screen.post("answer", question="unintended", value="x")  # a wrong answer
    screen.answer_all(page, {"unintended": NO[language]})
    for _ in range(3):
        screen.ok("undo")
    _law16B(screen, words)
    screen.post("score", score="NS 1")  # a wrong score
    screen.ok("score", score="NS -140 / EO +110")
    screen.ok("record", why="")
    assert len(screen.seen) > 25
    found = {word for page in screen.seen for word in _english(page)}
    assert found == set()


def test_a_card_against_a_prohibition_is_named_at_once_on_the_screen(tmp_path: Path
                                                                      ) -> None:
    """54D, 50D2(a) on board 1: West leads ♠D out of turn, declarer (North) refuses it and
    prohibits spades; East leads a spade all the same: the screen names it at once as the
    revoke it is (61A), not absorbed silently."""
    screen = Screen(Club(tmp_path, profile="ffb-2017"), "fr")
    for seat, call in zip("NESWNE", ("1NT", "P", "3NT", "P", "P", "P"), strict=True):
        screen.ok("call", seat=seat, call=call)
    page = screen.ok("card", seat="W", card="SQ")
    page = screen.answer_all(page, {"saw-dummy": "non"})
    screen.ok("choose", option="refuse")
    screen.ok("choose", option="prohibit-spades")
    page = screen.ok("card", seat="E", card="SJ")
    assert "♠V d'Est enfreint l'obligation en vigueur (Loi 50D2(a))" in _text(
        page.split('class="error breach"')[1])
    assert "Dernière étape enregistrée : → joue Est ♠V" in _text(page)
