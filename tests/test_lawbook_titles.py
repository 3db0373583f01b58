"""Our law and clause titles in Spanish, French and Portuguese (locale/<lang>/titles.po)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from dupbridge.core.edition import Edition, LawRef
from dupbridge.i18n.catalogues import LOCALE_DIR, TRANSLATED
from dupbridge.lawbook.titles import clause_title, english_title
from dupbridge.laws.machinery.index import law_index


def index_titles() -> set[str]:
    return {item.title for edition in Edition for item in law_index(edition).all_clauses()}


def titles_po(language: str) -> dict[str, str]:
    with (LOCALE_DIR / language / "titles.po").open("rb") as handle:
        po = read_po(handle, locale=language)
    return {str(m.id): str(m.string) for m in po if m.id and not m.fuzzy}


def test_both_indexes_have_903_distinct_titles() -> None:
    assert len(index_titles()) == 903


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_index_title_has_a_non_empty_translation(language: str) -> None:
    translations = titles_po(language)
    untranslated = sorted(t for t in index_titles() if not translations.get(t, "").strip())
    assert untranslated == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_titles_po_holds_no_title_missing_from_the_index(language: str) -> None:
    assert set(titles_po(language)) - index_titles() == set()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_numbered_law_in_a_title_is_written_with_the_law_token(language: str) -> None:
    translations = titles_po(language)
    numbered = [t for t in index_titles() if re.search(r"\bLaw \d", t)]
    assert len(numbered) == 5
    assert [t for t in numbered if "<Law>" not in translations[t]] == []
    assert [t for t in translations if "<Law>" in translations[t] and t not in numbered] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_clause_of_both_editions_has_a_title_other_than_english(language: str) -> None:
    # A handful of titles could legitimately read the same in two languages; none does today.
    same = [
        item.ref
        for edition in Edition
        for item in law_index(edition).all_clauses()
        if clause_title(item.ref, language) == item.title
    ]
    assert same == []


@pytest.mark.parametrize(
    ("clause", "language", "expected"),
    [
        ("2017 Law 23", "es", "Canto de sustitución comparable"),
        ("2017 Law 23", "fr", "Déclaration de remplacement comparable"),
        ("2017 Law 23", "pt", "Voz de substituição comparável"),
        ("2007 Law 27", "es", "Oferta insuficiente"),
        ("2007 Law 27", "fr", "Enchère insuffisante"),
        ("2007 Law 27", "pt", "Marcação insuficiente"),
        ("2017 Law 50B2", "es", "Cuándo una carta penalizada es mayor"),
        ("2017 Law 63A1", "fr", "Le camp fautif entame ou joue dans la levée suivante"),
        ("2007 Law 61", "pt", "Definição de revoque e perguntas sobre revoque"),
        ("2017 Law 72C", "es", "Conciencia del infractor de un posible daño"),
        ("2017 Law 16C", "fr", "Informations issues de déclarations et de cartes retirées"),
    ],
)
def test_chosen_titles(clause: str, language: str, expected: str) -> None:
    assert clause_title(LawRef.parse(clause), language) == expected


def test_law_token_takes_the_federation_word() -> None:
    ref = LawRef.parse("2017 Law 68D1")
    assert clause_title(ref, "en") == "Agreed: Law 69 applies"
    assert clause_title(ref, "es") == "Aceptada: se aplica Artículo 69"  # AEB by default
    assert clause_title(ref, "es", federation="fvb") == "Aceptada: se aplica Ley 69"
    assert clause_title(ref, "fr") == "Acceptée : la Loi 69 s'applique"
    assert clause_title(ref, "pt") == "Aceite: aplica-se a Lei 69"


def test_english_and_unknown_language_fall_back_to_the_index_title() -> None:
    ref = LawRef.parse("2007 Law 16C")
    assert english_title(ref) == "Unauthorized information from other sources"
    assert clause_title(ref, "en") == english_title(ref)
    assert clause_title(ref, "de") == english_title(ref)


def test_a_clause_missing_from_its_edition_is_refused() -> None:
    with pytest.raises(KeyError):
        clause_title(LawRef.parse("2007 Law 23A"), "es")
