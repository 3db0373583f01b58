"""Law 68C/70B1: a claim's clarification statement typed in the Director's language reads as
the English short grammar (``canonical_statement``), free text left as typed."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.core.errors import ParseError
from dupbridge.i18n.words import canonical_statement
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
def test_law70B1_free_text_and_english_steps_stay_as_typed(language: str) -> None:
    said = "juego el resto del muerto; draw trumps; je joue tout"
    assert canonical_statement(said, language) == said
    statement = parse_statement(canonical_statement(said, language))
    assert len(statement.steps) == 1  # only the English step is one


def test_law70B1_malformed_spanish_step_names_the_part_in_one_line() -> None:
    with pytest.raises(ParseError) as raised:
        canonical_statement("sacar triunfos; impasse contra DR con O N", "es")
    assert "'impasse contra DR con O N'" in raised.value.reason
    assert "finesse against CARD [with SEAT]" in raised.value.reason
    assert "\n" not in raised.value.reason


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
    bad = runner.invoke(app, [*HANDS[:-1], "--lang", "es", "--statement",
                                        "impasse contra SR con O N"])
    assert bad.exit_code == 2 and "'impasse contra SR con O N'" in bad.output
