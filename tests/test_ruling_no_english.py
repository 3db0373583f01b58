"""Issue 30: no English reaches a Director working in Spanish, French or Portuguese. Every
option and question id of the Laws has its words in each language (the ids stay the
documented vocabulary, docs/ruling-vocabulary.md, and are accepted too); and whole rulings
made with ``dupbridge rule`` in es, fr and pt (questions, options, answers, errors and the
summary) carry no English word outside the card and seat symbols, the commands' own names
(``dupbridge rule``) and the profile's title."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.i18n.id_words import id_parts_without_word, id_typed, id_word

runner = CliRunner()
SOURCE = Path(__file__).resolve().parents[1] / "src" / "dupbridge" / "laws"
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
SUITS = ("clubs", "diamonds", "hearts", "spades")


def _ids() -> set[str]:
    """The option and question ids the Laws' modules define (literal or as constants), and
    the suit-named ones they build (prohibit-clubs, require-hearts...)."""
    found: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'(?:Option|Question)\(\s*"([a-z][a-z0-9-]*[a-z0-9])"', text))
        found |= set(re.findall(r'^[A-Z_]+ = "([a-z][a-z0-9-]*[a-z0-9])"', text, re.MULTILINE))
    found |= {f"{verb}-{suit}" for verb in ("prohibit", "require") for suit in SUITS}
    return found


@pytest.mark.parametrize("language", ["es", "fr", "pt"])
def test_every_option_and_question_id_has_the_directors_words(language: str) -> None:
    ids = _ids()
    assert len(ids) > 100
    missing = {identifier: id_parts_without_word(identifier, language) for identifier in ids}
    assert {key: value for key, value in missing.items() if value} == {}
    for identifier in ids:  # typed back, each word names its id
        word = id_word(identifier, language)
        assert id_typed(word, tuple(sorted(ids)), language) is not None, word
        assert id_typed(identifier, (identifier,), language) == identifier


# English words that are no word of Spanish, French or Portuguese.
ENGLISH = {"the", "and", "of", "to", "not", "Pass", "Double", "decline", "refuse", "accept",
           "prohibit", "require", "unintended", "without", "conveyed", "suggested",
           "damaged", "assigned", "contract", "tricks", "none", "rejected",
           "Aborted", "plays", "play", "lead", "card", "call", "seat", "rank", "hand",
           "dummy", "declarer", "result", "revoke", "board", "Law", "Laws", "face",
           "down", "convey", "hesitation", "back", "yes", "no-restriction",
           "lead-face-down", "ui-alternative", "saw-dummy", "in-time", "hand-faced"}


def _english_words(output: str) -> set[str]:
    kept = []
    for line in output.splitlines():
        # the profile's title, file paths and the commands' own names are not the dialogue
        if "/" in line or "dupbridge " in line or "Federation" in line:
            continue
        kept.append(line)
    words = set(re.findall(r"[A-Za-z][A-Za-z-]*", "\n".join(kept)))
    return {word for word in words if word in ENGLISH}


def _run(language: str, lines: list[str], tmp_path: Path) -> str:
    result = runner.invoke(app, ["rule", "--lang", language, "--save",
                                 str(tmp_path / "r.json")],
                           input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.output


RULINGS = {
    "es": ["aeb-2007", "1", DEAL, "1P 1C", "1", "no", "rechazar", "E 2X", "E 2C", "1", "sí",
           "", "paso paso 4P paso paso paso", "juega Q SA", "renuncia", "E", "5", "E", "2",
           "12", "9", "", "", ""],
    "fr": ["ffb-2017", "4", "", "1H 1S passe", "E 1Q", "transmet E hésitation", "S 2S", "O 3H",
           "N passe", "E passe", "S passe", "ui N", "oui", "passe", "oui", "oui", "2P Nord", "9",
           "", "résultat 10", ""],
    "pt": ["wbf-2007", "1", DEAL, "1ST passo 3ST passo passo passo", "joga O PA", "",
           "rejeitar", "proibir-paus", "joga L P7", "resultado 9", ""],
}


@pytest.mark.parametrize("language", sorted(RULINGS))
def test_a_whole_ruling_in_the_directors_language_has_no_english_word(
        language: str, tmp_path: Path) -> None:
    """Questions, options (with what each entails), answers read back, errors (a
    malformed call, seat and card), the revoke's facts and the summary."""
    out = _run(language, RULINGS[language], tmp_path)
    assert _english_words(out) == set()
