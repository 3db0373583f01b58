"""Law 12C1(c) at the terminal: the Director gives a weighted assigned adjusted score
(``marque 60% 3C S 9, 40% 4C S 9``: each result with its percentage, in his words and
letters, an ambiguous suit letter asked), read back result by result with the suit symbols
in his language; it is the board's score in the summary (each result and the weighted
score of each side) and in the saved document, which loads back the same. Refused with
its reason, and asked again, when the percentages do not sum to 100 or when the edition
and the Regulating Authority allow no weighting (2007 12C1(c): the RA may forbid it, or
apply 12C1(e) in its place); 2017 12C1(c) always allows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.cli.main import app
from test_ruling_no_english import _english_words

runner = CliRunner()
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
# 16B on board 4 (both vulnerable): 3♥ by West after a hesitation, 2♠ by North making 9
# assigned by the ruling (as tests/test_rule_given_score.py); the table made 10 tricks.
HESITATION = ["ina N", "oui", "passe", "oui", "oui", "2S N", "9", ""]
AUCTION = ["4", "", "1H 1S passe", "transmet E hésitation", "S 2S", "O 3H", "N passe",
           "E passe", "S passe"]


def rule(language: str, lines: list[str], saved: Path) -> str:
    result = runner.invoke(app, ["rule", "--lang", language, "--save", str(saved)],
                           input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    return result.output


def saved(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    assert RulingSession.loads(text).dumps() + "\n" == text  # loads back the same
    return json.loads(text)  # type: ignore[no-any-return]


def test_law12C1c_weighted_score_after_16B_in_french_is_the_boards_score(tmp_path: Path
                                                                         ) -> None:
    """2017: 60 % of 3♥ by South making 9 (+140, vulnerable) and 40 % of 4♥ by South one
    down (-100): 'C' is coeur or clubs in French, so each is asked; the score read back
    with the symbols, each result and each side's weighted score (+44 / -44) in the
    summary, the table's result replaced, the document's score the weighted one."""
    path = tmp_path / "w.json"
    out = rule("fr", ["ffb-2017", *AUCTION, *HESITATION, "résultat 10",
                      "marque 60% 3C S 9, 40% 4C S 9", "1", "1", ""], path)
    assert "'3C' se lit de deux façons : 1. 3♥  2. 3♣" in out
    assert ("→ 60 % de 3♥ par Sud, 9 levées (+140) ; 40 % de 4♥ par Sud, 9 levées (-100) : "
            "score pondéré +44 pour Nord-Sud, -44 pour Est-Ouest (Loi 12C1(c))") in out
    summary = out.split("Bilan")[-1]
    assert "Score ajusté attribué pondéré (Loi 12C1(c)) :" in summary
    assert "  60 % de 3♥ par Sud, 9 levées (+140)" in summary
    assert "  40 % de 4♥ par Sud, 9 levées (-100)" in summary
    assert ("Marque de l'étui : score pondéré +44 pour Nord-Sud, -44 pour Est-Ouest "
            "(Loi 12C1(c))") in summary
    assert "Résultat de la table (remplacé par le score ajusté) : 10 levées" in summary
    assert " joue" not in summary
    document = saved(path)
    assert document["given_score"] == "60% 3H S 9, 40% 4H S 9"
    assert document["record"]["score"] == {  # type: ignore[index]
        "kind": "weighted", "law": "2017 Law 12C1(c)", "text": "60% 3H S 9, 40% 4H S 9",
        "contract": None, "tricks": None, "ns": 44, "ew": -44,
        "parts": [{"percent": 60, "text": "3H S 9", "ns": 140},
                  {"percent": 40, "text": "4H S 9", "ns": -100}]}


def test_a_weighted_mean_with_decimals_is_written_with_the_french_comma(tmp_path: Path
                                                                         ) -> None:
    """33 % of +140 and 67 % of -100: -20.8 points, the mean of the points kept exact."""
    path = tmp_path / "d.json"
    out = rule("fr", ["ffb-2017", *AUCTION, *HESITATION,
                      "marque 33% 3♥ S 9, 67% 4♥ S 9", ""], path)
    assert "score pondéré -20,8 pour Nord-Sud, +20,8 pour Est-Ouest (Loi 12C1(c))" in out
    assert "Résultat de la table : aucun ; le score ajusté le remplace" in out
    assert saved(path)["record"]["score"]["ns"] == -20.8  # type: ignore[index]


def test_law12C1c_weighted_score_in_spanish_with_the_aeb_letters(tmp_path: Path) -> None:
    """2007 under the AEB (weighting allowed): 70 % of 4♠ by North making (+420), 30 % one
    down (-50), typed with P for picas; a sum of 90 refused first, with its reason, and
    the score asked again; the clause cited in the document."""
    path = tmp_path / "e.json"
    out = rule("es", ["aeb-2007", "1", DEAL, "1P paso 4P paso paso paso", "resultado 10",
                      "marca 60% 4P N 10, 30% 4P N 9", "70% 4P N 10, 30% 4P N 9", ""], path)
    assert "error: los porcentajes de una marca ponderada suman 100, no 90" in out
    assert ("→ 70 % de 4♠ por Norte, 10 bazas (+420); 30 % de 4♠ por Norte, 9 bazas (-50): "
            "marca ponderada +279 para Norte-Sur, -279 para Este-Oeste (Artículo 12C1(c))"
            ) in out
    summary = out.split("Resultado del fallo")[-1]
    assert "Marca ajustada asignada ponderada (Artículo 12C1(c)):" in summary
    assert ("Marca del estuche: marca ponderada +279 para Norte-Sur, -279 para Este-Oeste "
            "(Artículo 12C1(c))") in summary
    score = saved(path)["record"]["score"]
    assert score["law"] == "2007 Law 12C1(c)" and score["ns"] == 279  # type: ignore[index]


def test_back_takes_the_weighted_score_back(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    out = rule("es", ["aeb-2007", "1", DEAL, "1P paso 4P paso paso paso", "resultado 10",
                      "marca 50% 4P N 10, 50% 4P N 9", "atrás", ""], path)
    assert "Deshecho: se anula el último paso." in out
    assert "given_score" not in saved(path)
    assert "Resultado: 10 bazas para el declarante; marca +420 para Norte-Sur" in out


@pytest.mark.parametrize(("option", "reason"), [
    ("weighted_scores_allowed = false",
     "ra-2007 : l'Autorité de Tutelle n'autorise pas les scores pondérés (Loi 12C1(c) de "
     "2007)"),
    ("law_12c1e_applies = true",
     "ra-2007 : l'Autorité de Tutelle applique la Loi 12C1(e) de 2007 à la place des scores "
     "pondérés"),
])
def test_a_2007_regulating_authority_without_weighting_refuses_it_in_french(
        tmp_path: Path, option: str, reason: str) -> None:
    """2007 12C1(c): weighting only where the Regulating Authority allows it; refused in
    one translated line, asked again, and an assigned result given instead is kept."""
    profile = tmp_path / "ra-2007.toml"
    profile.write_text(f'name = "ra-2007"\nedition = "2007"\nauthority = "RA"\n'
                       f'title = "RA 2007"\n\n[options]\n{option}\n', encoding="utf-8")
    path = tmp_path / "r.json"
    out = rule("fr", [str(profile), "1", DEAL, "1P passe 4P passe passe passe",
                      "marque 60% 4P N 10, 40% 4P N 9", "4P N 10", ""], path)
    assert f"erreur : {reason}" in out
    assert "score pondéré" not in out.split("Bilan")[-1]
    score = saved(path)["record"]["score"]
    assert score["kind"] == "assigned" and score["ns"] == 420  # type: ignore[index]


@pytest.mark.parametrize(("language", "lines", "echo"), [
    ("es", ["marca 60% 4P N 10, 50% 4P N 9", "50% 4P N 10, 50% 4P N 9"],
     "→ 50 % de 4♠ por Norte, 10 bazas (+420); 50 % de 4♠ por Norte, 9 bazas (-50)"),
    ("fr", ["marque 0% 4P N 10, 100% 4P N 9", "50% 4P N 10, 50% 4P N 9"],
     "→ 50 % de 4♠ par Nord, 10 levées (+420) ; 50 % de 4♠ par Nord, 9 levées (-50)"),
    ("pt", ["marcação 60% 4E N 10, 50% 4E N 9",
            "50% 4E N 10, 50% 4E N 9"],
     "→ 50 % de 4♠ por Norte, 10 vazas (+420); 50 % de 4♠ por Norte, 9 vazas (-50)"),
])
def test_a_weighted_score_says_no_english_word(tmp_path: Path, language: str,
                                                lines: list[str], echo: str) -> None:
    """The prompt, a refusal, the read-back and the summary of a weighted score in es, fr
    and pt (the pt command word and the pt spade letter E, espadas)."""
    words = {"es": ("1P paso 4P paso paso paso", "resultado 10"),
             "fr": ("1P passe 4P passe passe passe", "résultat 10"),
             "pt": ("1E passo 4E passo passo passo", "resultado 10")}[language]
    out = rule(language, ["2017", "1", DEAL, words[0], words[1], *lines, ""],
               tmp_path / "n.json")
    assert echo in out
    assert "12C1(c)" in out.split(echo)[-1]
    assert _english_words(out) == set()
