"""Engine messages in Spanish, French and Portuguese (issue 7): the catalogues are complete,
the glossary follows the federation, rulings render in the reader's language, and a message
no catalogue has falls back to English."""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from dupbridge import Board, Edition, Table
from dupbridge.cases.loader import load_case
from dupbridge.cases.runner import collect_case_files
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import TRANSLATED, catalogue, render
from dupbridge.lawbook.render import render_decision, render_ruling
from dupbridge.laws.machinery.ruling import Bar, BarKind, BarScope, Decision, IrregularityKind
from dupbridge.notation.steps import StepError, apply_step

SRC = Path(__file__).resolve().parents[1] / "src" / "dupbridge"
CASES = Path(__file__).resolve().parent / "cases"

# The runtime check covers every law: the auction laws (9-40) and the play laws (41-71).
AUCTION_KINDS = frozenset({
    IrregularityKind.INADMISSIBLE_DOUBLE, IrregularityKind.BARRED_PLAYER_CALLED,
    IrregularityKind.BID_ABOVE_SEVEN, IrregularityKind.CALL_AFTER_FINAL_PASS,
    IrregularityKind.INSUFFICIENT_BID, IrregularityKind.CALL_OUT_OF_ROTATION,
    IrregularityKind.CHANGE_OF_CALL, IrregularityKind.CARD_DURING_AUCTION,
    IrregularityKind.LEAD_RESTRICTION, IrregularityKind.WRONG_NUMBER_OF_CARDS,
    IrregularityKind.WRONG_BOARD_PLAYED, IrregularityKind.MISINFORMATION,
    IrregularityKind.WRONG_BOARD,
})
CHECKED_KINDS = AUCTION_KINDS


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def _extracted() -> dict[str, str]:
    """Every template ``msg``/``N_`` marks in the source: template -> where it is."""
    found: dict[str, str] = {}
    for filename, line, message, _, _ in extract_from_dir(
            str(SRC), keywords={"msg": None, "N_": None}, comment_tags=()):
        template = message[0] if isinstance(message, tuple) else message
        if template:
            found.setdefault(template, f"{filename}:{line}")
    # The web app's pages: ``_("template", **fields)`` in its Jinja2 templates.
    for filename, line, message, _, _ in extract_from_dir(
            str(SRC / "web" / "templates"), method_map=[("**.html", "jinja2.ext:babel_extract")],
            keywords={"_": None}, comment_tags=()):
        template = message[0] if isinstance(message, tuple) else message
        if template:
            found.setdefault(template, f"web/templates/{filename}:{line}")
    return found


def test_every_template_in_the_source_has_a_translation_with_the_same_fields() -> None:
    templates = _extracted()
    assert len(templates) > 250  # the auction laws and the shared texts alone mark 260
    problems = []
    for language in TRANSLATED:
        translations = catalogue(language)
        for template, where in templates.items():
            translation = translations.get(template)
            if translation is None:
                problems.append(f"{language}: missing {template!r} ({where})")
            elif _fields(translation) != _fields(template):
                problems.append(f"{language}: fields differ for {template!r} ({where})")
    assert problems == []


def test_msgids_carry_no_glossary_token_and_every_token_is_known() -> None:
    for language in TRANSLATED:
        for template, translation in catalogue(language).items():
            for word in ("<Law>", "<Laws>", "<board>", "<boards>", "<Director>"):
                assert word not in template
            leftover = render(Msg(template, {}), language)
            assert "<Law" not in leftover and "<board" not in leftover
            assert "<Director>" not in leftover, (language, translation)


def _texts(decision: Decision) -> Iterator[tuple[str, str]]:
    yield "kind", decision.irregularity.kind.value
    for question in decision.questions:
        yield "question", question.prompt
    for option in decision.options:
        yield "option", option.description
    if decision.note:
        yield "note", decision.note


def _decisions_of_every_case() -> Iterator[tuple[str, Decision]]:
    for path in collect_case_files([CASES]):
        case = load_case(path)
        table = Table(case.board, regulations=case.regulations)
        for event in case.events:
            try:
                apply_step(table, event.step)
            except (ActionRejected, StepError):
                break  # a case that expects a refusal: what came before was collected
            if table.pending is not None:
                yield path.name, table.pending
        for ruling in table.rulings:
            yield path.name, ruling.decision


def test_every_message_shown_while_running_the_cases_is_a_translated_template() -> None:
    checked = 0
    problems = set()
    translations = catalogue("es")
    for name, decision in _decisions_of_every_case():
        if decision.irregularity.kind not in CHECKED_KINDS:
            continue
        for what, text in _texts(decision):
            checked += 1
            if what == "kind":
                if text not in translations:
                    problems.add(f"{name}: kind {text!r}")
            elif not isinstance(text, Msg):
                problems.add(f"{name}: {what} is a plain str: {text!r}")
            elif text.template not in translations:
                problems.add(f"{name}: {what} template not in the catalogues: {text.template!r}")
    assert checked > 1000
    assert sorted(problems) == []


def test_the_same_spanish_message_names_the_law_as_each_federation_does() -> None:
    text = msg("Law 27A1: the insufficient bid is accepted and stands")
    assert render(text, "es", federation="aeb") == "Artículo 27A1: se acepta la oferta insuficiente y es válida"
    assert render(text, "es", federation="fvb") == "Ley 27A1: se acepta la oferta insuficiente y es válida"
    assert render(text, "es") == render(text, "es", federation="aeb")  # AEB: Spain's default
    assert render(text, "fr") == "Loi 27A1 : l'enchère insuffisante est acceptée et maintenue"
    assert render(text, "pt", federation="cbb") == "Lei 27A1: a marcação insuficiente é aceite e mantém-se"


def test_parameters_are_written_in_the_readers_language() -> None:
    bar = Bar(Seat.WEST, BarScope.REST, LawRef(Edition.LAWS_2017, "27B2"))
    assert str(bar) == "West must pass (rest of the auction), 2017 Law 27B2"
    assert render(bar.__str__(), "es", federation="fvb") == "Oeste debe pasar (resto de la subasta), Ley 27B2"
    assert render(bar.__str__(), "fr") == "Ouest doit passer (reste des enchères), Loi 27B2"
    repeat = Bar(Seat.NORTH, BarScope.NEXT, LawRef(Edition.LAWS_2017, "31A1"), BarKind.REPEAT,
                 Call.parse("3NT"))
    assert render(repeat.__str__(), "pt") == "Norte tem de repetir 3ST (próxima vez), Lei 31A1"
    card = msg("The {card} goes back into {offender}'s hand", card=Card.parse("HT"),
               offender=Seat.SOUTH)
    assert card == "The HT goes back into South's hand"
    assert render(card, "es") == "La ♥10 vuelve a la mano de Sur"
    assert render(card, "fr") == "La ♥10 retourne dans la main de Sud"
    queen = msg("The {card} goes back into {offender}'s hand", card=Card.parse("SQ"),
                offender=Seat.EAST)
    assert render(queen, "pt") == "A ♠D volta para a mão de Este"


def test_a_template_no_catalogue_has_falls_back_to_the_whole_english_text() -> None:
    text = msg("no catalogue has this {seat} message", seat=Seat.NORTH)
    for language in TRANSLATED:
        assert render(text, language) == "no catalogue has this North message"
    assert render("a plain str", "fr") == "a plain str"


def _insufficient_bid_ruled() -> Table:
    table = Table(Board(1), edition=Edition.LAWS_2017)
    table.call("N", "1H")
    table.call("E", "1D")
    table.accept_defaults()
    table.choose("decline")
    table.call("E", "2D")
    table.accept_defaults()
    table.choose("rectify")
    return table


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["Irregularity: insufficient bid: East 1D, replaced by 2D",
            "Ruling: 27B1(a) applies: the auction continues with no further rectification "
            "(27D review at the end of play) (chosen by Director)"]),
    ("es", ["Irregularidad: oferta insuficiente: Este 1♦, sustituida por 2♦",
            "Decisión: se aplica 27B1(a): la subasta continúa sin más rectificación "
            "(revisión 27D al final del carteo) (elige Director)"]),
    ("fr", ["Irrégularité : enchère insuffisante : Est 1♦, remplacée par 2♦",
            "Décision : 27B1(a) s'applique : les enchères continuent sans autre rectification "
            "(examen 27D à la fin du jeu) (choix : arbitre)"]),
    ("pt", ["Irregularidade: marcação insuficiente: Este 1♦, substituída por 2♦",
            "Decisão: aplica-se 27B1(a): o leilão continua sem mais retificação "
            "(revisão 27D no fim do carteio) (escolhe Diretor)"]),
])
def test_law27B1a_ruling_rendered_in_each_language(language: str, lines: list[str]) -> None:
    ruling = _insufficient_bid_ruled().rulings[-1]
    text = render_ruling(ruling, language).split("\n")
    assert text[:2] == lines
    assert len(text) == 2 + 1 + 3  # the question answered, then the clauses that fired:
    # 27B1, 27B1(a), 27D (not 27 nor 27B, which the decision only considered)
    assert text[3].split(":")[0] == {"en": "2017 Law 27B1", "es": "Artículo 27B1",
                                     "fr": "Loi 27B1 ", "pt": "Lei 27B1"}[language]


def test_pending_decision_lists_each_option_with_who_chooses_it() -> None:
    table = Table(Board(1), edition=Edition.LAWS_2017)
    table.call("N", "1H")
    table.call("E", "1D")
    assert table.pending is not None
    text = render_decision(table.pending, "fr").split("\n")
    assert text[2] == "Options :"
    assert text[3] == "Loi 27A1 : l'enchère insuffisante est acceptée et maintenue (choix : Sud)"
    assert text[4].startswith("Loi 27B : l'enchère insuffisante n'est pas acceptée")
    assert text[4].endswith("que l'arbitre juge ensuite (choix : Sud)")
