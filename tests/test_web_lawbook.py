"""Issue 18's law book in the browser, over HTTP: the contents of each edition, a clause in
each language from the books imported from the seeds at run time (another language's book,
said so, when the reader's lacks it), cross-references as links that resolve, the 2007 and
2017 editions compared, search, and a clear 404 page in the reader's language."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.browse import read
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.installed import current_books, save_book
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws import load_rules, registered
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.lawlinks import clause_url, law_diff_url, laws_url, search_url
from shared_paths import SEEDS

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017
HTML = {"accept": "text/html"}


def _seed(prefix: str) -> Path:
    return next(SEEDS.glob(f"{prefix}_*.txt"))


@pytest.fixture(scope="module")
def books() -> list[LawBook]:
    """Every book of the seeds: Spanish 2007 (FVB, the AEB regulation of Laws 41-71 and the
    AEB commentary), French 2007 and 2017 (FFB), Portuguese 2007. None in English, none in
    Spanish or Portuguese for 2017."""
    return [*import_lawbook(_seed("000"), language="es", edition=E07),
            *import_lawbook(_seed("001"), language="es", edition=E07),
            *import_lawbook(_seed("002"), language="fr", edition=E17),
            *import_lawbook(_seed("003"), language="pt", edition=E07),
            *import_lawbook(_seed("004"), language="es", edition=E07)]


@pytest.fixture(scope="module")
def web(books: list[LawBook], tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("lawweb")
    app = create_app(WebConfig(database=f"sqlite:///{folder}/club.db", secret="s",
                               lawbooks=lambda: books))
    yield TestClient(app)


def _book(books: list[LawBook], edition: Edition, language: str,
          authority: str | None = None) -> LawBook:
    return next(b for b in books if b.edition is edition and b.language == language
                and b.kind == "laws" and (authority is None or b.authority == authority))


def _text(page: str) -> str:
    """The page's words as a reader sees them (tags dropped, entities decoded, spaces
    collapsed)."""
    main = re.sub(r"</?(?:a|span|strong|ins|del)\b[^>]*>", "", page[page.index("<main>"):])
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())


def _words(text: str) -> str:
    return " ".join(text.split())


def _links(page: str, css_class: str) -> list[str]:
    return [html.unescape(href) for href in
            re.findall(rf'<a class="{css_class}" href="([^"]+)"', page)]


def test_clause_url_is_the_edition_and_the_clause_with_the_language() -> None:
    assert clause_url(LawRef(E17, "27B1(a)"), "es") == "/laws/2017/27B1(a)?lang=es"
    assert clause_url(LawRef(E07, "35-1")) == "/laws/2007/35-1"
    assert laws_url(E07, "fr") == "/laws/2007?lang=fr"
    assert law_diff_url(27, "pt", "27B1") == "/laws/compare/27?lang=pt#c-27B1"
    assert search_url("es", "oferta insuficiente", E07) == (
        "/laws/search?q=oferta+insuficiente&edition=2007&lang=es")


def test_templates_call_clause_url_as_a_global_and_as_a_filter(web: TestClient) -> None:
    environment = web.app.state.pages.templates.env  # type: ignore[attr-defined]
    ref = LawRef(E07, "64A2")
    template = environment.from_string("{{ clause_url(ref, 'pt') }} {{ ref|clause_url }}")
    assert template.render(ref=ref) == "/laws/2007/64A2?lang=pt /laws/2007/64A2"


def test_contents_of_each_edition_list_every_law_with_its_title(web: TestClient) -> None:
    for edition, language in ((E17, "fr"), (E07, "es")):
        page = web.get(laws_url(edition, language)).text
        for law in (1, 27, 93):
            ref = LawRef(edition, str(law))
            assert f'href="{clause_url(ref, language)}"' in page
            assert html.escape(clause_title(ref, language), quote=True) in page
        assert "002_" in page if language == "fr" else "000_" in page


def test_contents_say_when_the_language_has_no_book_of_the_edition(web: TestClient) -> None:
    page = _text(web.get(laws_url(E17, "es")).text)
    assert "No hay instalado ningún libro en español de los Artículos 2017" in page


def test_law27B1_in_spanish_2007_is_the_books_text_under_our_spanish_title(
        web: TestClient, books: list[LawBook]) -> None:
    ref = LawRef(E07, "27B1")
    page = web.get(clause_url(ref, "es"))
    assert page.status_code == 200
    words = _text(page.text)
    book = _book(books, E07, "es", "fvb")
    for clause in ("27B1(a)", "27B1(b)"):
        imported = book.clause(clause)
        assert imported is not None and _words(imported.text) in words
    assert clause_title(ref, "es") in words and "Artículo 27B1" in words
    assert 'id="notice"' not in page.text  # the reader's own book: no fallback notice


def test_law27B1_in_french_2017_with_its_comparison_to_2007(web: TestClient,
                                                            books: list[LawBook]) -> None:
    page = web.get(clause_url(LawRef(E17, "27B1"), "fr")).text
    words = _text(page)
    imported = _book(books, E17, "fr").clause("27B1(b)")
    assert imported is not None and _words(imported.text) in words
    assert "Dans les Lois 2007 : Loi 27B1" in words and "rédaction modifiée" in words
    # The words that changed: the 2007 ones struck out, the 2017 ones underlined.
    assert "<del>" in page and "<ins>" in page
    assert 'href="/laws/2007/27B1?lang=fr"' in page


def test_law64A2_in_portuguese_carries_the_translation_defect_warning(web: TestClient) -> None:
    words = _text(web.get(clause_url(LawRef(E07, "64A2"), "pt")).text)
    assert "Defeito de tradução conhecido" in words
    assert clause_title(LawRef(E07, "64A2"), "pt") in words


def test_a_clause_in_english_says_whose_book_the_text_is(web: TestClient,
                                                       books: list[LawBook]) -> None:
    words = _text(web.get(clause_url(LawRef(E17, "27B1"), "en")).text)
    assert ("No English book of the 2017 Laws is installed: the text below is the French "
            "book's.") in words
    imported = _book(books, E17, "fr").clause("27B1(a)")
    assert imported is not None and _words(imported.text) in words


def test_law27B1_2017_in_spanish_falls_back_to_the_french_book_and_says_so(
        web: TestClient) -> None:
    words = _text(web.get(clause_url(LawRef(E17, "27B1"), "es")).text)
    assert ("No hay instalado ningún libro en español de los Artículos 2017: el texto "
            "siguiente es el del libro en francés.") in words


def test_law48_missing_from_the_portuguese_book_is_read_in_spanish_and_said(
        web: TestClient, books: list[LawBook]) -> None:
    assert _book(books, E07, "pt").clause("48A") is None
    words = _text(web.get(clause_url(LawRef(E07, "48"), "pt")).text)
    assert ("O livro em português das Leis 2007 não tem texto para este parágrafo: o texto "
            "abaixo é o do livro em espanhol.") in words
    imported = _book(books, E07, "es", "fvb").clause("48A")
    assert imported is not None and _words(imported.text) in words


def test_law16C3_a_paragraph_the_portuguese_book_lacks_comes_from_the_spanish_one(
        web: TestClient, books: list[LawBook]) -> None:
    portuguese = _book(books, E07, "pt")
    assert portuguese.clause("16C3") is None and portuguese.clause("16C1") is not None
    reading = read(LawRef(E07, "16C"), "pt", books)
    languages = {paragraph.clause: paragraph.language for paragraph in reading.paragraphs}
    assert languages["16C1"] == "pt" and languages["16C3"] == "es"
    words = _text(web.get(clause_url(LawRef(E07, "16C"), "pt")).text)
    assert "(texto em espanhol: este livro não tem o parágrafo)" in words


def test_law41B_cross_references_are_links_to_pages_of_those_clauses(web: TestClient) -> None:
    page = web.get(clause_url(LawRef(E07, "41B"), "es")).text
    links = _links(page, "xref")
    assert {"/laws/2007/20F2?lang=es", "/laws/2007/16?lang=es"} <= set(links)
    for link in set(links):
        target = web.get(link)
        assert target.status_code == 200, link
        clause = link.split("/")[3].split("?")[0]
        assert f'data-clause="{clause}"' in target.text


def test_every_reference_in_the_french_2017_book_links_to_a_clause_page(
        web: TestClient, books: list[LawBook]) -> None:
    """Law by law, each "voir Loi X" of the text becomes a link, and each link resolves."""
    book = _book(books, E17, "fr")
    written = sum(len(clause.references) for clause in book.clauses if clause.id.startswith(
        ("27", "45")))
    found: set[str] = set()
    for law in (27, 45):
        found |= set(_links(web.get(clause_url(LawRef(E17, str(law)), "fr")).text, "xref"))
    assert written > 0 and len(found) > 0
    assert all(web.get(link).status_code == 200 for link in found)


def test_law9A4_2007_renumbered_9A5_in_2017(web: TestClient) -> None:
    page = web.get(clause_url(LawRef(E07, "9A4"), "fr")).text
    assert 'href="/laws/2017/9A5?lang=fr"' in page and "renuméroté" in _text(page)
    back = web.get(clause_url(LawRef(E17, "9A5"), "fr")).text
    assert 'href="/laws/2007/9A4?lang=fr"' in back


def test_law27_both_editions_side_by_side_in_french(web: TestClient) -> None:
    page = web.get(law_diff_url(27, "fr"))
    assert page.status_code == 200
    words = _text(page.text)
    assert "Loi 27 dans les deux éditions" in words
    for clause in ("27A1", "27B1(a)", "27D"):
        assert f'id="c-{clause}"' in page.text
    assert "même rédaction" in words and "rédaction modifiée" in words
    assert page.text.count("<ins>") > 3


def test_a_clause_new_in_2017_is_said_new(web: TestClient) -> None:
    words = _text(web.get(clause_url(LawRef(E17, "1A"), "en")).text)
    assert "New in 2017" in words


def test_search_in_spanish_finds_the_insufficient_bid_and_links_to_it(web: TestClient) -> None:
    page = web.get(search_url("es", "oferta insuficiente")).text
    assert 'href="/laws/2007/27?lang=es"' in page
    count = int(re.search(r'id="count">(\d+)', page)[1])  # type: ignore[index]
    assert count == page.count('<li><a href="/laws/')
    assert count > 5


def test_search_in_french_finds_both_editions(web: TestClient) -> None:
    page = web.get(search_url("fr", "enchère insuffisante")).text
    assert 'href="/laws/2007/27?lang=fr"' in page and 'href="/laws/2017/27?lang=fr"' in page
    only = web.get(search_url("fr", "enchère insuffisante", E17)).text
    assert "/laws/2007/" not in only.split("<main>")[1].split("</ul>")[0]


def test_search_in_english_says_only_the_titles_were_searched(web: TestClient) -> None:
    page = web.get(search_url("en", "insufficient bid")).text
    assert "only dupbridge&#39;s titles were searched" in page
    assert 'href="/laws/2017/27?lang=en"' in page


@pytest.mark.parametrize(("language", "words"), [
    ("en", "The 2017 Laws have no clause 99Z."),
    ("es", "Los Artículos 2017 no tienen el apartado 99Z."),
    ("fr", "Les Lois 2017 n'ont pas de paragraphe 99Z."),
    ("pt", "As Leis 2017 não têm o parágrafo 99Z."),
])
def test_an_unknown_clause_is_a_404_page_in_the_language(web: TestClient, language: str,
                                                         words: str) -> None:
    page = web.get(f"/laws/2017/99Z?lang={language}")
    assert page.status_code == 404
    assert words in _text(page.text) and f'<html lang="{language}">' in page.text


def test_a_2007_clause_asked_in_2017_points_to_its_edition(web: TestClient) -> None:
    page = web.get("/laws/2017/35-1?lang=en", headers=HTML)
    assert page.status_code == 404 and 'href="/laws/2007/35-1?lang=en"' in page.text


def test_an_unknown_edition_or_law_is_a_404_page(web: TestClient) -> None:
    assert web.get("/laws/2019?lang=fr").status_code == 404
    assert "dupbridge a 2007 et 2017" in _text(web.get("/laws/2019?lang=fr").text)
    assert web.get("/laws/compare/94").status_code == 404


def test_the_law_pages_need_no_login(web: TestClient) -> None:
    fresh = TestClient(web.app)
    assert fresh.get("/laws", follow_redirects=False).headers["location"] == "/laws/2017"
    assert fresh.get(clause_url(LawRef(E07, "27"))).status_code == 200


def test_installed_books_are_read_again_when_a_book_is_imported(
        books: list[LawBook], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    assert current_books() == ()
    save_book(_book(books, E07, "pt"))
    first = current_books()
    assert [book.language for book in first] == ["pt"] and current_books() is first
    save_book(_book(books, E17, "fr"))
    assert sorted(book.language for book in current_books()) == ["fr", "pt"]


def test_every_clause_the_engine_cites_has_a_page_with_text_or_saying_why_not(
        books: list[LawBook]) -> None:
    """A ruling links each clause it cites (``clause_url``): every registered clause has a
    page, and that page shows a text, or says that no installed book has one; never an
    empty page."""
    load_rules()
    silent = []
    for ref in registered():
        reading = read(ref, "fr", books)
        if not reading.paragraphs and reading.notice is None:
            silent.append(str(ref))
    assert silent == []


def test_law38C_2007_a_heading_without_words_in_french_is_read_in_spanish(
        books: list[LawBook]) -> None:
    french = _book(books, E07, "fr").clause("38C")
    assert french is not None and not french.text.strip()
    reading = read(LawRef(E07, "38C"), "fr", books)
    assert reading.text_language == "es" and reading.paragraphs
    assert reading.notice is not None and "has no text for this clause" in reading.notice


@pytest.mark.parametrize("path", ["/laws/2017", "/laws/2017/27B1", "/laws/search?q=revoca"])
def test_without_an_installed_book_the_pages_say_how_to_import_one(
        tmp_path: Path, path: str) -> None:
    bare = TestClient(create_app(WebConfig(database=f"sqlite:///{tmp_path}/c.db",
                                           secret="s", lawbooks=lambda: [])))
    page = bare.get(f"{path}{'&' if '?' in path else '?'}lang=es").text
    assert 'id="import-hint"' in page
    assert "dupbridge laws import FILE.txt --lang es --edition 2017 --authority aeb" in page
    assert "Para añadir el libro de una federación" in page


def test_with_the_readers_book_installed_no_import_hint(web: TestClient) -> None:
    assert 'id="import-hint"' not in web.get("/laws/2017/27B1?lang=es").text
