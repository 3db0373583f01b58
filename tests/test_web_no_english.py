"""Issue 27: no English left on a Spanish, French or Portuguese page. Every page of the
sessions of ``session_pages`` (each kind of event, the room on the night, rulings, claims,
printouts, hand record, law book, console, forms refused, table phones) is rendered in es,
fr and pt, as the role that can see it, checked to be the page it is listed for (its
marker), and its visible text compared with the English of the catalogues (a message whose
translation differs from its English id must not appear as the English) and with the
English words of the game (PASS, matchpoints, EW, 4S/3NT, a profile's code such as
wbf-2017); a form error is a translated line and never Python's own text."""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.i18n.catalogues import TRANSLATED, catalogue
from session_pages import (
    Page,
    Site,
    browser,
    build,
    csrf_of,
    device_client,
    director_client,
    walk,
)

# The English of the game that a translated page writes its own way.
GAME_WORDS = [
    (re.compile(r"\bPASS\b"), "PASS"),
    (re.compile(r"\bmatchpoints?\b", re.IGNORECASE), "matchpoints"),
    (re.compile(r"\bEW\b"), "EW"),
    (re.compile(r"\b[1-7](?:NT|[SHDC])X{0,2}\b"), "a contract in English letters"),
    (re.compile(r"\b(?:wbf|aeb|ffb|fpb|cbb|fvb|acbl|ebu)-20(?:07|17)\b"), "a profile code"),
    (re.compile(r"\b(?:invalid literal|Traceback|Error:|object has no attribute)"),
     "Python's own text"),
]
# Words that are the same in English and the reader's language, or names.
SAME = {"dupbridge", "English", "Español", "Français", "Português", "QR", "Par", "Total",
        "Director", "NS", "PBN", "HTML", "USEBIO", "A4", "%", "Jueves", "Viernes"}


class _Text(HTMLParser):
    """The text a reader sees: no script, style, or the language switcher's own names."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "svg", "title") or (
                tag == "nav" and ("class", "languages") in attrs):
            self._skip += 1
        for name, value in attrs:  # what a reader reads in a field or on a button (a
            # button's value is sent, not shown)
            if value and ("type", "hidden") not in attrs and (
                    (name in ("placeholder", "aria-label") and tag in (
                        "input", "textarea", "button")) or
                    (name == "value" and tag == "input")):
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "svg", "title", "nav") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.parts)


_LITERAL: dict[re.Pattern[str], str] = {}  # a catalogue pattern's literal text


def _english(language: str) -> list[tuple[re.Pattern[str], str]]:
    """A pattern per catalogue message translated differently from its English: its
    literal text between the fields (long enough to mean something)."""
    found = []
    for template, translation in catalogue(language).items():
        if translation.strip() == template.strip():
            continue
        pieces = [literal.strip(" .,:;·()") for literal, *_ in
                  string.Formatter().parse(template)]
        for piece in pieces:
            words = re.findall(r"[A-Za-z']+", piece)
            if len(words) < 2 and not (len(words) == 1 and len(piece) >= 9):
                continue  # one short word: too often the same word in both languages
            if piece in SAME or piece in translation:
                continue  # the same word in the reader's language (vulnerable, Total)
            pattern = re.compile(r"(?<![\w-])" + re.escape(piece) + r"(?![\w-])")
            _LITERAL[pattern] = piece
            found.append((pattern, template))
    return found


def english_left(text: str, language: str, patterns: list[tuple[re.Pattern[str], str]]
                 ) -> list[str]:
    left = []
    for pattern, name in GAME_WORDS + patterns:
        if _LITERAL.get(pattern, "") not in text:
            continue  # the quick test first: the catalogue has thousands of messages
        hit = pattern.search(text)
        if hit:
            line = text[max(0, hit.start() - 30):hit.end() + 30].replace("\n", " | ")
            left.append(f"{name!r}: …{line}…")
    if language == "es" and re.search(r"(?m)^estuches por ronda", text):
        left.append("a lower-case heading: estuches por ronda")
    return left


def _post(web: TestClient, page: Page, language: str) -> Any:
    """A form sent as the Director's browser sends it (with the token of the form's page)."""
    token = csrf_of(web.get("/director").text)
    return web.post(f"{page.path}?lang={language}", data={"csrf": token, **dict(page.form)})


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    return build(tmp_path_factory.mktemp("no-english"))


def clients(site: Site) -> dict[str, TestClient]:
    """A browser of each role: the public, the Director, each table's phone."""
    found = {"public": browser(site.app), "director": director_client(site.app)}
    for device in site.devices(site.pages):
        found[f"device:{device}"] = device_client(site, device)
    return found


def _walk(site: Site, which: str, language: str) -> None:
    patterns = _english(language)
    problems: list[str] = []
    web = clients(site)
    for page in walk(site, which):
        client = web[page.role]
        answer = _post(client, page, language) if page.form else client.get(
            f"{page.path}{'&' if '?' in page.path else '?'}lang={language}")
        name = site.label(page.name)
        # The page is the one listed (a broken fixture fails here, not as an empty pass).
        if answer.status_code != page.status or page.marker not in answer.text:
            problems.append(f"{name}: {answer.status_code}, {page.marker!r} "
                            f"{'shown' if page.marker in answer.text else 'missing'}")
            continue
        text = visible_text(answer.text)
        problems += [f"{name}: {p}" for p in english_left(text, language, patterns)]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_page_of_the_sessions_is_left_in_english(site: Site, language: str) -> None:
    """Every page (``session_pages``: every kind of event and feature) as the role that
    can see it. In-process (no browser): the whole walk is a few seconds a language."""
    _walk(site, "full", language)


def test_the_walk_fails_on_a_page_that_is_not_what_it_is_listed_for(site: Site) -> None:
    """A fixture that does not build what a page is listed for fails the walk."""
    wrong = Page(f"/events/{site.events['empty']}", 'class="ranking teams"', "teams",
                 short=True)
    listed = site.pages
    site.pages = [*listed, wrong]
    try:
        with pytest.raises(AssertionError, match="ranking teams"):
            _walk(site, "short", "es")
    finally:
        site.pages = listed


def test_the_checker_finds_english() -> None:
    patterns = _english("es")
    assert english_left("Puntuación matchpoints", "es", patterns)
    assert english_left("3NT N 9", "es", patterns)
    assert english_left("The hands are shown once the scores are official.", "es", patterns)
    assert not english_left("Las manos se muestran cuando los resultados son oficiales.",
                            "es", patterns)




@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("wrong", [{"size": "ocho"}, {"movement": "howell", "size": "5"},
                                   {"phantoms": "12"}, {"phantoms": "x"},
                                   {"boards_per_round": "²"}])
def test_a_new_event_refused_keeps_the_form_and_says_why_in_the_readers_language(
        site: Site, language: str, wrong: dict[str, str]) -> None:
    web = director_client(site.app)
    token = re.search(r'name="csrf" value="([^"]+)"', web.get("/director").text)
    assert token is not None
    form = {"csrf": token.group(1), "name": "Martes largo", "profile": "aeb-2007",
            "scoring": "butler", "movement": "mitchell", "size": "3",
            "boards_per_round": "2", "names": "1 Ana & Luis\n2 Bea & Juan", **wrong}
    answer = web.post(f"/director/events?lang={language}", data=form)
    assert answer.status_code == 422
    error = re.search(r'<p class="error" role="alert">([^<]+)</p>', answer.text)
    assert error is not None
    text = error.group(1)
    assert english_left(text, language, _english(language)) == [], text
    assert "invalid literal" not in text and "Traceback" not in text
    # Nothing typed is lost.
    assert 'value="Martes largo"' in answer.text
    assert "1 Ana &amp; Luis\n2 Bea &amp; Juan</textarea>" in answer.text
    assert '<option value="aeb-2007" selected>' in answer.text
    assert '<option value="butler" selected>' in answer.text
    for name, value in wrong.items():
        if name != "movement":
            assert f'name="{name}"' in answer.text and f'value="{value}"' in answer.text
