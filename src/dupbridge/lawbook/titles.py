"""Our short title of every law and clause, in the reader's language.

The English titles are the law index (``laws/machinery/index/<edition>.toml``); their
translations are the catalogues ``i18n/locale/<language>/titles.po`` (msgid = the English
title). A title may hold
the glossary token ``<Law>``, written with the word of the language's default federation
unless another federation is chosen.
"""

from __future__ import annotations

from dupbridge.core.edition import LawRef
from dupbridge.i18n.catalogues import default_federation, substitute, translate
from dupbridge.laws.machinery.index import law_index


def english_title(ref: LawRef) -> str:
    """The index title of ``ref``; KeyError if its edition has no such clause."""
    entry = law_index(ref.edition).clause(ref.clause)
    if entry is None:
        raise KeyError(f"no clause {ref.clause} in the {ref.edition} index")
    return entry.title


def clause_title(ref: LawRef, language: str, *, federation: str | None = None) -> str:
    """The title of ``ref`` in ``language`` (en, es, fr, pt); English when no catalogue has
    it."""
    translated = translate(english_title(ref), language)
    return substitute(translated, federation or default_federation(language))
