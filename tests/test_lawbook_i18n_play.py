"""The play laws' messages (Laws 41-71 and the table engine) are translatable and translated:
every template the code marks is in play.po for es, fr and pt with the same fields, and
every question, option and note the ruling cases of the play show is such a message."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

from dupbridge.cases.loader import load_case
from dupbridge.core.cards import Card, Suit
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import LOCALE_DIR, TRANSLATED, catalogue, render
from dupbridge.laws.machinery.ruling import Decision, IrregularityKind
from dupbridge.laws.play import law50_51_penalty_card_options
from dupbridge.laws.play.play_obligations import suit_name
from dupbridge.notation.steps import apply_step
from dupbridge.table.table import Table

SRC = Path(__file__).resolve().parents[1] / "src" / "dupbridge"
PLAY_MODULES = (
    "play/law41_commencement", "play/law42_43_dummy", "play/law45_47_card_played",
    "play/law45_47_rectifications",
    "play/law48_50_exposed_cards", "play/law50_51_penalty_card_options",
    "play/law52_penalty_card_not_played", "play/law53_56_lead_out_of_turn",
    "play/law57_premature_play", "play/law58_simultaneous_plays",
    "play/law60_play_after_illegal_play", "play/law61_64_revokes", "play/law61_revoke",
    "play/law65_66_tricks",
    "play/law67_defective_trick", "claims/law68_69_claims", "play/play_obligations",
    "claims/normal_lines", "claims/law69B_71_corrections", "claims/law70_contested_claim",
)
ENGINE_MODULES = (
    "engine/dispatch", "engine/records", "engine/decisions", "engine/tricks",
    "engine/play_effects", "engine/auction", "engine/effects", "engine/rulings", "engine/plays",
    "engine/calls", "engine/dummy", "engine/claims", "engine/attention", "engine/defective_tricks",
)
PLAY_FILES = (*(SRC / "laws" / f"{name}.py" for name in PLAY_MODULES),
              *(SRC / "table" / f"{name}.py" for name in ENGINE_MODULES))
PLAY_KINDS = frozenset({
    IrregularityKind.LEAD_OUT_OF_TURN, IrregularityKind.PREMATURE_PLAY,
    IrregularityKind.FIFTH_CARD, IrregularityKind.CARDS_TOGETHER, IrregularityKind.EXPOSED_CARD,
    IrregularityKind.PENALTY_CARD_LEAD, IrregularityKind.REVOKE,
    IrregularityKind.DEFECTIVE_TRICK, IrregularityKind.DUMMY, IrregularityKind.DESIGNATION,
    IrregularityKind.RETRACTION, IrregularityKind.CARD_HELD, IrregularityKind.CLAIM,
})
CASES = Path(__file__).parent / "cases"
FIELD = re.compile(r"\{(\w+)\}")


def _fields(text: str) -> list[str]:
    return sorted(FIELD.findall(text))


@cache
def play_templates() -> dict[str, str]:
    """Every template marked with msg / N_ in the play modules -> where it is."""
    found: dict[str, str] = {}
    for path in PLAY_FILES:
        for line, template, _, _ in extract_from_file(
                "python", str(path), keywords={"msg": None, "N_": None}):
            assert isinstance(template, str)
            found.setdefault(template, f"{path.name}:{line}")
    return found


def test_the_play_modules_mark_their_messages() -> None:
    # 278 templates in the 18 law modules and the table engine's modules (a change in either moves
    # this number: update play.po with it).
    assert len(play_templates()) == 278
    assert "{card} becomes a major penalty card" in play_templates()
    assert "spades" in play_templates()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_play_template_is_translated_with_the_same_fields(language: str) -> None:
    translations = catalogue(language)
    missing = [t for t in play_templates() if not translations.get(t)]
    assert missing == []
    wrong = [t for t in play_templates() if _fields(t) != _fields(translations[t])]
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_play_po_holds_only_templates_the_code_uses(language: str) -> None:
    text = (LOCALE_DIR / language / "play.po").read_text(encoding="utf-8")
    assert "#, fuzzy" not in text
    with (LOCALE_DIR / language / "play.po").open("rb") as handle:
        ids = {m.id for m in read_po(handle) if m.id}
    assert ids == set(play_templates())


@pytest.mark.parametrize("language", TRANSLATED)
def test_msgids_carry_no_glossary_tokens_and_msgstrs_no_bare_law_word(language: str) -> None:
    for template in play_templates():
        assert "<" not in template
        translated = catalogue(language)[template]
        bare = translated.replace("<Laws>", "").replace("<Law>", "").replace("<Director>", "")
        assert "Law" not in bare and "Director" not in bare, translated


# Rendering: real messages in each language, federation words included


def test_a_50d2_option_reads_in_each_language() -> None:
    owner = Seat.WEST
    text = msg("{partner} must lead {suit}; {card} is picked up (50D2(a))", partner=owner.partner,
               suit=suit_name(Suit.HEARTS), card=Card.parse("HK"))
    assert text == "East must lead hearts; HK is picked up (50D2(a))"
    assert render(text, "es") == "Este debe salir a corazones; ♥R se recoge (50D2(a))"
    assert render(text, "fr") == "Est doit entamer cœur ; ♥R est reprise en main (50D2(a))"
    assert render(text, "pt") == "Este tem de sair a copas; ♥R é recolhida (50D2(a))"


def test_nested_messages_and_the_glossary_render_together() -> None:
    inner = msg("{who} may not play a card of {suit}", who=Seat.SOUTH, suit=suit_name(Suit.CLUBS))
    text = msg("{card} becomes a major penalty card; {text}", card=Card.parse("DT"), text=inner)
    assert text == "DT becomes a major penalty card; South may not play a card of clubs"
    assert render(text, "es") == ("♦10 pasa a ser carta penalizada mayor; Sur no puede jugar una "
                                  "carta de tréboles")
    law16 = msg("{card} is played at his turn (Law 16 applies)", card=Card.parse("SA"))
    assert render(law16, "es") == "♠A se juega en su turno (se aplica Artículo 16)"
    assert render(law16, "es", federation="fvb") == "♠A se juega en su turno (se aplica Ley 16)"
    assert render(law16, "fr") == "♠A est jouée à son tour (la Loi 16 s'applique)"
    assert render(law16, "pt") == "♠A é jogada na sua vez (aplica-se Lei 16)"


def test_suits_joined_by_or_stay_one_message_each() -> None:
    options = law50_51_penalty_card_options._forbidden(  # the 51B2(b) option text
        (Suit.SPADES, Suit.HEARTS), (Card.parse("SQ"), Card.parse("HJ")), "51B2(b)")
    assert options == ("no lead of spades or hearts while the lead is retained; SQ, HJ are "
                       "picked up (51B2(b))")
    assert render(options, "fr") == ("pas d'entame à pique ou cœur tant qu'il garde la main ; "
                                     "♠D, ♥V sont reprises en main (51B2(b))")


# Every ruling case of the play: what the Director and the players read is translated


def _play_decisions() -> list[tuple[str, Decision]]:
    found: list[tuple[str, Decision]] = []
    for path in sorted(CASES.rglob("*.toml")):
        case = load_case(path)
        table = Table(case.board, regulations=case.regulations)
        for event in case.events:
            try:
                apply_step(table, event.step)
            except ActionRejected:
                break
            pending = table.state.pending
            if pending is not None and pending.irregularity.kind in PLAY_KINDS:
                found.append((path.stem, pending))
    return found


@cache
def play_decisions() -> tuple[tuple[str, Decision], ...]:
    return tuple(_play_decisions())


def _shown(decision: Decision) -> list[str]:
    texts: list[str] = [question.prompt for question in decision.questions]
    texts += [option.description for option in decision.options]
    if decision.note:
        texts.append(decision.note)
    return texts


def test_the_play_cases_reach_play_decisions() -> None:
    # A defective trick is ruled without a pending decision (Law 67: the table supplies or
    # faces a card); every other play irregularity reaches one in some case.
    kinds = {decision.irregularity.kind for _, decision in play_decisions()}
    assert kinds == PLAY_KINDS - {IrregularityKind.DEFECTIVE_TRICK}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_play_decision_shows_translated_messages(language: str) -> None:
    translations = catalogue(language)
    untranslated = sorted({
        f"{case}: {text!r}" for case, decision in play_decisions() for text in _shown(decision)
        if not isinstance(text, Msg) or text.template not in translations})
    assert untranslated == []
