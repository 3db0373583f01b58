"""Addresses of the law book's pages, for every page that cites a clause.

``clause_url(LawRef(Edition.LAWS_2017, "27B1(a)"), "es")`` is
``/laws/2017/27B1(a)?lang=es``: the page of that clause of that edition in that language
(without a language, the reader's own: cookie, then Accept-Language). Templates call the
same function: ``{{ clause_url(ref, lang) }}``, or the filter ``{{ ref|clause_url(lang) }}``
(``install`` registers both, and ``law_diff_url`` / ``laws_url`` beside them)."""

from __future__ import annotations

from urllib.parse import quote, urlencode

from jinja2 import Environment

from dupbridge.core.edition import Edition, LawRef


def clause_url(ref: LawRef, language: str | None = None) -> str:
    """The page of ``ref`` (a law, ``27``, is a clause too)."""
    return _with_language(f"/laws/{ref.edition.value}/{quote(ref.clause, safe='()-')}",
                          language)


def laws_url(edition: Edition, language: str | None = None) -> str:
    """The contents of ``edition``."""
    return _with_language(f"/laws/{edition.value}", language)


def law_diff_url(law: int, language: str | None = None, clause: str = "") -> str:
    """Law ``law`` in the 2007 and 2017 editions side by side; ``clause`` jumps to its
    row."""
    anchor = f"#c-{quote(clause, safe='()-')}" if clause else ""
    return _with_language(f"/laws/compare/{law}", language) + anchor


def search_url(language: str | None = None, query: str = "",
               edition: Edition | None = None) -> str:
    fields = {"q": query} if query else {}
    if edition is not None:
        fields["edition"] = edition.value
    if language:
        fields["lang"] = language
    return "/laws/search" + (f"?{urlencode(fields)}" if fields else "")


def _with_language(path: str, language: str | None) -> str:
    return f"{path}?lang={language}" if language else path


def install(environment: Environment) -> None:
    """Make the addresses callable from every template of ``environment``."""
    for function in (clause_url, laws_url, law_diff_url, search_url):
        environment.globals[function.__name__] = function
    environment.filters["clause_url"] = clause_url
