"""The law book, public (no login, any role): the contents of each edition, a page per law
and clause with the imported text in the reader's language, the 2007 and 2017 editions
compared, and search. The values come from ``dupbridge.lawbook.browse``; these routes only
pick the page and its language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from dupbridge.core.edition import CLAUSE_PATTERN, Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.lawbook import browse
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import search
from dupbridge.lawbook.titles import clause_title
from dupbridge.laws.machinery.index import law_index
from dupbridge.web.deps import PagesDep
from dupbridge.web.lawlinks import laws_url
from dupbridge.web.pages import Pages

router = APIRouter()


def books(pages: Pages) -> Sequence[LawBook]:
    """The imported law books the pages read (the configuration says which)."""
    return pages.config.lawbooks()


def names(pages: Pages, request: Request) -> dict[str, str]:
    """Each language's name in the reader's language (the badges of a text taken from
    another language's book)."""
    return {code: pages.message(request, name) for code, name in browse.LANGUAGE_NAMES.items()}


_AUTHORITY = {"es": "aeb", "fr": "ffb", "pt": "fpb"}


def import_hint(pages: Pages, request: Request, edition: Edition = Edition.LAWS_2017
                ) -> dict[str, str] | None:
    """How to install the official text (``dupbridge laws import``) when no book in the
    reader's language is installed; None when one is."""
    language = pages.language(request)
    if language not in _AUTHORITY or any(book.language == language
                                         for book in books(pages)):
        return None  # the books imported are the federations' (es, fr, pt)
    chosen = language
    text = msg("No official text of the Laws is installed here, so these pages show "
               "dupbridge's own titles. To add a federation's book, run on the server:")
    return {"text": pages.message(request, text),
            "command": f"dupbridge laws import FILE.txt --lang {chosen} "
                       f"--edition {edition.value} --authority {_AUTHORITY[chosen]}"}


def missing(pages: Pages, request: Request, message: Msg, **links: Any) -> HTMLResponse:
    return pages.render(request, "laws_missing.html", status_code=404,
                        message=pages.message(request, message),
                        **{"edition": None, "elsewhere": None, **links})


@router.get("/laws", response_class=RedirectResponse)
def laws(request: Request, pages: PagesDep) -> RedirectResponse:
    return pages.redirect(laws_url(Edition.LAWS_2017, request.query_params.get("lang")))


@router.get("/laws/search", response_class=HTMLResponse)
def find(request: Request, pages: PagesDep, q: str = "", edition: str = "") -> HTMLResponse:
    language = pages.language(request)
    chosen = _edition(edition)
    editions = (chosen,) if chosen else tuple(Edition)
    own = [book for book in books(pages) if book.language == language]
    hits = search(q, own, (language,), editions) if q.split() else []
    notice = "" if own or not q.split() else pages.message(request, msg(
        "No {language} law book is installed: only dupbridge's titles were searched.",
        language=browse.LANGUAGE_NAMES[language]))
    return pages.render(request, "laws_search.html", query=q, edition=edition,
                        hits=hits, notice=notice, editions=list(Edition),
                        import_hint=import_hint(pages, request))


@router.get("/laws/compare/{law}", response_class=HTMLResponse)
def compare(request: Request, law: str, pages: PagesDep) -> HTMLResponse:
    language = pages.language(request)
    if not (law.isascii() and law.isdigit() and len(law) < 4 and int(law) > 0) or not any(
            browse.known(LawRef(edition, str(int(law)))) for edition in Edition):
        return missing(pages, request, msg("There is no Law {law}.", law=law))
    number = int(law)
    return pages.render(request, "laws_compare.html", law=number,
                        rows=browse.compare_law(number, language, books(pages)),
                        names=names(pages, request),
                        titles=[(ref, clause_title(ref, language)) for ref in (
                            LawRef(edition, str(number)) for edition in Edition)
                                if browse.known(ref)])


@router.get("/laws/{edition}", response_class=HTMLResponse)
def contents(request: Request, edition: str, pages: PagesDep) -> HTMLResponse:
    language = pages.language(request)
    chosen = _edition(edition)
    if chosen is None:
        return missing(pages, request, _no_edition(edition))
    own = browse.books_of(books(pages), chosen, language)
    return pages.render(request, "laws_contents.html", edition=chosen,
                        editions=list(Edition),
                        laws=browse.contents(chosen, language), books=own,
                        notice="" if own else pages.message(request, msg(
                            "No {language} book of the {edition} Laws is installed: "
                            "clause pages show another language's book, and say so.",
                            language=browse.LANGUAGE_NAMES[language],
                            edition=chosen.value)),
                        import_hint=import_hint(pages, request, chosen))


@router.get("/laws/{edition}/{clause}", response_class=HTMLResponse)
def clause_page(request: Request, edition: str, clause: str, pages: PagesDep) -> HTMLResponse:
    language = pages.language(request)
    chosen = _edition(edition)
    if chosen is None:
        return missing(pages, request, _no_edition(edition))
    ref = LawRef(chosen, clause) if CLAUSE_PATTERN.match(clause) else None
    if ref is None or not browse.known(ref):
        other = next((LawRef(item, clause) for item in Edition if item is not chosen
                      and ref is not None and browse.known(LawRef(item, clause))), None)
        return missing(pages, request, msg("The {edition} Laws have no clause {clause}.",
                                    edition=chosen.value, clause=clause),
                       edition=chosen, elsewhere=other)
    reading = browse.read(ref, language, books(pages))
    return pages.render(
        request, "laws_clause.html", reading=reading,
        notice=pages.message(request, reading.notice) if reading.notice else "",
        comparison=browse.compare(reading, books(pages)), names=names(pages, request),
        parents=browse.parents(ref, language), under=browse.sub_clauses(ref, language),
        titles={item: clause_title(item, language) for item in reading.references},
        neighbours=_neighbours(ref), import_hint=import_hint(pages, request, chosen))


def _edition(text: str) -> Edition | None:
    return next((edition for edition in Edition if edition.value == text), None)


def _no_edition(text: str) -> Msg:
    return msg("There is no {edition} edition of the Laws: dupbridge has 2007 and 2017.",
               edition=text)


def _neighbours(ref: LawRef) -> tuple[LawRef | None, LawRef | None]:
    """The laws before and after ``ref``'s law, for paging through the book."""
    numbers = [law.number for law in law_index(ref.edition).laws]
    at = numbers.index(ref.law)
    before = LawRef(ref.edition, str(numbers[at - 1])) if at > 0 else None
    after = LawRef(ref.edition, str(numbers[at + 1])) if at + 1 < len(numbers) else None
    return before, after

