"""Law 68C/70B1: a claim's clarification statement typed in the Director's language reads as
the English short grammar (``canonical_statement``), free text left as typed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.i18n.catalogues import render
from dupbridge.i18n.claim_statements import canonical_statement, read_statement, reading_lines
from dupbridge.laws.claims.statement import parse_statement

ENGLISH = ("draw trumps 2; cash clubs; ruff hearts in N; finesse against DK with W; drop DQ; "
           "concede 1; all high")
SAID = {
    "es": ("sacar triunfos 2; cobrar tréboles; fallar corazones en N; impasse contra DR con O;"
           " jugar a la caída de DD; ceder 1; todas buenas"),
    "fr": ("tirer les atouts 2; encaisser les trèfles; couper les cœurs en N; impasse contre DR"
           " avec O; jouer DD en tête; concéder 1; tout est maître"),
    "pt": ("tirar trunfos 2; cobrar paus; cortar copas em N; finesse contra DR com O; queda da"
           " DD; conceder 1; tudo alto"),
}


@pytest.mark.parametrize("language", sorted(SAID))
def test_law70B1_statement_in_the_directors_words_is_the_english_statement(
        language: str) -> None:
    found = parse_statement(canonical_statement(SAID[language], language))
    assert found.steps == parse_statement(ENGLISH).steps
    assert len(found.steps) == 7


@pytest.mark.parametrize(("language", "said", "english"), [
    ("es", "fallos cruzados, ceder a la SA, orden picas corazones D C, SA HR D2",
     "crossruff, concede to SA, order S H D C, SA HK D2"),
    ("fr", "double coupe; tomber la DD; le mort est maître; céder au SA",
     "crossruff; drop DQ; dummy is good; concede to SA"),
    ("pt", "cortes cruzados; cortar copas em L; o morto está alto; ceder ao SA",
     "crossruff; ruff hearts in E; dummy is good; concede to SA"),
])
def test_law70B1_other_steps_and_seat_letters_in_the_directors_words(
        language: str, said: str, english: str) -> None:
    assert (parse_statement(canonical_statement(said, language)).steps
            == parse_statement(english).steps)


@pytest.mark.parametrize("language", ["es", "fr", "pt", "en"])
def test_law70B1_words_not_understood_are_named_not_dropped(language: str) -> None:
    said = "draw trumps; zorglub"
    reading = read_statement(said, language)
    assert parse_statement(reading.grammar).steps == parse_statement("draw trumps").steps
    assert "zorglub" in reading.unread


def test_law70B1_a_half_understood_spanish_phrase_names_the_word_left() -> None:
    reading = read_statement("sacar triunfos; impasse contra DR con O N", "es")
    assert reading.grammar == "draw trumps; finesse against DK with W"
    assert reading.unread == ("N",)
    lines = [render(line, "es") for line in reading_lines(reading)]
    assert any("N" in line and "impasse contra DR con O N" in line for line in lines)


HANDS = ["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4", "--trump", "NT", "--leader", "S",
         "--declarer", "S", "--json"]


@pytest.mark.parametrize(("language", "said"), [("es", "impasse contra SR con O"),
                                                ("fr", "impasse contre SR avec O"),
                                                ("pt", "finesse contra SR com O")])
def test_law70_claim_command_reads_the_statement_in_its_lang(language: str, said: str) -> None:
    runner = CliRunner()
    english = runner.invoke(app, [*HANDS, "--statement", "finesse against SK with W"])
    typed = runner.invoke(app, [*HANDS, "--lang", language, "--statement", said])
    assert english.exit_code == 0 and typed.exit_code == 0, typed.output
    mine, theirs = json.loads(typed.output), json.loads(english.output)
    assert [mine[k] for k in ("value", "awarded", "worst_line")] == [
        theirs[k] for k in ("value", "awarded", "worst_line")]
    assert mine["statement"] == said  # the adjudication keeps the words that were said
    half = runner.invoke(app, [*HANDS[:-1], "--lang", "es", "--statement",
                                         "impasse contra SR con O N"])
    assert half.exit_code == 0 and "warning: declaración: no se entiende: N" in half.output
    shown = json.loads(runner.invoke(app, [*HANDS, "--lang", "es", "--statement",
                                           "impasse contra SR con O N"]).output)
    assert shown["reading"]["unread"] == ["N"]
    assert shown["reading"]["question"]["id"] == "statement-confirmed"
    confirmed = runner.invoke(app, [*HANDS[:-1], "--lang", "es", "--statement",
                                    "impasse contra SR con O N", "--answer",
                                    "statement-confirmed=yes"])
    assert confirmed.exit_code == 0 and "warning:" not in confirmed.output
