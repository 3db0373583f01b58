"""The reader's language for a page, and the page's texts in it.

The language comes from ``?lang=`` (remembered in a cookie), else the cookie, else the
browser's Accept-Language, else English. Page texts are ``_("template", **fields)`` in the
templates: the same gettext catalogues and glossary as every engine message
(``dupbridge.i18n.catalogues``); the completeness test extracts the templates too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from dupbridge.core.messages import Msg
from dupbridge.i18n.catalogues import LANGUAGES, render

COOKIE = "lang"
Gettext = Callable[..., str]


def choose_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The first of ``?lang=``, the cookie and Accept-Language that names a language we
    have (``es-ES`` counts as ``es``; Accept-Language in its order of quality)."""
    for asked in (query, cookie):
        if asked and asked[:2].lower() in LANGUAGES:
            return asked[:2].lower()
    for tag in _by_quality(accept or ""):
        if tag[:2] in LANGUAGES:
            return tag[:2]
    return "en"


def _by_quality(header: str) -> list[str]:
    weighted = []
    for position, part in enumerate(header.split(",")):
        tag, _, params = part.strip().lower().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag:
            weighted.append((-quality, position, tag))
    return [tag for _, _, tag in sorted(weighted)]


def gettext_for(language: str) -> Gettext:
    """``_`` for the templates: a template and its fields, rendered in ``language``."""

    def _(template: str, **fields: Any) -> str:
        return render(Msg(template, fields), language)

    return _


def text(message: str | Msg, language: str) -> str:
    """A message the app layer returned (an error, a ruling), in ``language``."""
    return render(message, language)


def language_names() -> Mapping[str, str]:
    return {"en": "English", "es": "Español", "fr": "Français", "pt": "Português"}
