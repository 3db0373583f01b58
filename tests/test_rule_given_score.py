"""Issue 30 at the terminal, what the first pass left: the adjusted score the Director
gives each side (Law 12C: a split score, an artificial score by fault) is the board's
score in the summary and the saved document; the grammar's command words (``ui``,
``lead-face-down``, ``convey``...) are shown and typed in the Director's language, the
English ones still read; a line is checked whole before an ambiguous suit letter in it
is asked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.cli.main import app
from dupbridge.i18n.command_words import command_word, commands, read_command
from dupbridge.notation.board_steps import BOARD_KEYWORDS
from dupbridge.notation.claim_steps import CLAIM_KEYWORDS
from dupbridge.notation.play_steps import PLAY_KEYWORDS
from dupbridge.notation.talk_steps import TALK_KEYWORDS

runner = CliRunner()
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
HESITATION = ["ffb-2017", "4", "", "1H 1S passe", "transmet E hésitation", "S 2S", "O 3H",
              "N passe", "E passe", "S passe", "ina N", "oui", "passe", "oui", "oui", "2S N",
              "9", ""]


def rule(language: str, lines: list[str], saved: Path) -> str:
    result = runner.invoke(app, ["rule", "--lang", language, "--save", str(saved)],
                           input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.output


def saved_score(saved: Path) -> object:
    text = saved.read_text(encoding="utf-8")
    assert RulingSession.loads(text).dumps() + "\n" == text  # loads back the same
    return json.loads(text)["record"]["score"]


def test_law12C1e_split_score_given_after_16B_is_the_boards_score_in_french(
        tmp_path: Path) -> None:
    """16B: 2♠ by North making 9 assigned (+140); the Director then gives each side its
    own score, North-South +140 and East-West -110 (2017 12C1(e)): read back, the summary's
    score, and the document's, for both sides."""
    saved = tmp_path / "split.json"
    out = rule("fr", [*HESITATION, "résultat 10", "marque NS +140 / EO -110", ""], saved)
    assert "→ +140 pour Nord-Sud, -110 pour Est-Ouest (Loi 12C1(e))" in out
    summary = out.split("Bilan")[-1]
    assert ("Marque de l'étui : +140 pour Nord-Sud, -110 pour Est-Ouest (Loi 12C1(e)) : "
            "chaque camp est classé sur son propre score") in summary
    assert "Résultat de la table (remplacé par le score ajusté) : 10 levées" in summary
    assert "-140 pour Est-Ouest" not in summary and " joue" not in summary
    assert saved_score(saved) == {"kind": "split", "law": "2017 Law 12C1(e)",
                                  "text": "NS +140 / EW -110", "contract": None,
                                  "tricks": None, "ns": 140, "ew": -110}


def test_law12C2_artificial_score_by_fault_in_spanish(tmp_path: Path) -> None:
    """An insufficient bid ruled, then an artificial score (average plus to North-South,
    average minus to East-West); 'atrás' takes a wrong one back first."""
    saved = tmp_path / "a.json"
    out = rule("es", ["aeb-2007", "1", DEAL, "1P 1C", "1", "no", "rechazar", "E 2C", "1",
                      "sí", "", "marca A40/60", "atrás", "marca", "A60-40", "A60/40", ""], saved)
    assert "Deshecho: se anula el último paso." in out
    assert "no es una marca ajustada: 'A60-40'" in out  # refused at its question, asked again
    assert ("Marca del estuche: marca ajustada artificial (Artículo 12C2(a)): 60 % para "
            "Norte-Sur, 40 % para Este-Oeste") in out.split("Resultado del fallo")[-1]
    assert saved_score(saved) == {"kind": "artificial", "law": "2007 Law 12C2(a)",
                                  "text": "A60/40", "contract": None, "tricks": None,
                                  "ns": 60, "ew": 40}


def test_law12C1f_split_score_in_spanish_under_2007(tmp_path: Path) -> None:
    saved = tmp_path / "s.json"
    out = rule("es", ["aeb-2007", "1", DEAL, "1P paso 4P paso paso paso", "resultado 10",
                      "marca NS +420 / EO -450", ""], saved)
    assert ("Marca del estuche: +420 para Norte-Sur, -450 para Este-Oeste (Artículo 12C1(f))"
            in out)
    assert saved_score(saved)["ew"] == -450  # type: ignore[index]


@pytest.mark.parametrize("language", ["es", "fr", "pt"])
def test_every_command_of_the_grammar_has_the_directors_word(language: str) -> None:
    grammar = TALK_KEYWORDS | PLAY_KEYWORDS | CLAIM_KEYWORDS | BOARD_KEYWORDS | {
        "play", "choose", "revoke", "result", "score"}
    assert grammar - set(commands(language)) == set()
    for command in grammar:
        word = command_word(command, language)
        assert read_command(word, language) == command


@pytest.mark.parametrize(("language", "typed", "echo"), [
    ("fr", "ina N", "→ ina Nord"),
    ("fr", "ui N", "→ ina Nord"),  # the English command still read, shown in French
    ("es", "ino N", "→ ino Norte"),
    ("fr", "transmet E hésitation", "→ transmet Est hésitation"),
    ("es", "transmite E vacilación", "→ transmite Este vacilación"),
    ("es", "convey E hesitation", "→ transmite Este vacilación"),
    ("pt", "transmite L hesitação", "→ transmite Este hesitação"),
])
def test_command_words_are_typed_and_read_back_in_the_directors_language(
        language: str, typed: str, echo: str, tmp_path: Path) -> None:
    out = rule(language, ["2017", "1", "", "1S", typed, "", ""], tmp_path / "c.json")
    assert echo in out


def test_lead_face_down_in_french(tmp_path: Path) -> None:
    out = rule("fr", ["2017", "1", DEAL, "1SA passe 3SA passe passe passe",
                      "entame-face-cachée E T7", "", ""], tmp_path / "l.json")
    assert "→ entame-face-cachée Est ♣7" in out


def test_a_line_is_checked_whole_before_its_ambiguity_is_asked(tmp_path: Path) -> None:
    """fr 'N 1C' at the auction prompt: 'N' is no call, said at once, nothing asked; then
    '1C' alone is asked. 'Z 3C' as an action: no seat, said before any question."""
    out = rule("fr", ["2017", "1", "", "N 1C", "1C", "1", "Z 3C", "E 3C", "2", ""],
               tmp_path / "w.json")
    first, rest = out.split("erreur : pas une annonce : 'N'", 1)
    assert "se lit de deux façons" not in first
    assert rest.count("'1C' se lit de deux façons") == 1
    refused, after = rest.split("pas une position : 'Z'", 1)
    assert "'3C' se lit" not in refused
    assert after.count("'3C' se lit de deux façons") == 1
    assert "→ Est 3♣" in after


def test_the_facts_of_the_play_are_read_back_and_never_replaced_unsaid(tmp_path: Path
                                                                       ) -> None:
    """Law 64 from the facts, in Spanish: the facts read back in one line once given; a
    'resultado' typed after them would lose them, so it is refused and they are kept."""
    saved = tmp_path / "f.json"
    out = rule("es", ["aeb-2007", "1", DEAL, "1P paso 4P paso paso paso", "renuncio", "E",
                      "5", "E", "2", "9", "", "", "resultado 11", ""], saved)
    assert ("→ 4♠ Norte: renuncio de Este en la baza 5, ganada por Este; 2 baza(s) para el "
            "bando infractor después; 9 bazas para el declarante") in out
    assert ("error: los hechos del renuncio ya dan las bazas del declarante tal como se jugó "
            "(9); 'atrás' los deshace primero") in out
    assert "Resultado: 11 bazas para el declarante; marca +450 para Norte-Sur" in out
    assert saved_score(saved)["ns"] == 450  # type: ignore[index]


def test_declarers_tricks_are_read_back(tmp_path: Path) -> None:
    out = rule("fr", ["2017", "1", DEAL, "1SA passe 3SA passe passe passe", "résultat 9", ""],
               tmp_path / "r.json")
    assert "→ 3SA Nord : 9 levées au déclarant" in out
