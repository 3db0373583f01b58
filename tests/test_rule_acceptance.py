"""Issue 19 acceptance: ``dupbridge rule`` driven through its prompt layer as a Director
would type, in Spanish and in French, with the law books imported (``laws import``) into a
temporary data directory. Each scenario ends with the ruling, its clauses, the imported text
of the clauses in that language, and the score; its session round-trips through JSON.

The official texts are never written here (the project ships none): the expected text is
read from the imported book at run time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.cli.main import app
from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.installed import installed_books
from dupbridge.lawbook.render import imported_text
from dupbridge.lawbook.titles import clause_title
from seed_books import imported_books

runner = CliRunner()
DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"


@pytest.fixture(scope="module", autouse=True)
def books(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The Spanish 2007 book (FVB) and the French book (FFB, both editions) imported as the
    README shows, into a data directory of this module's own."""
    with imported_books(tmp_path_factory.mktemp("data")) as data:
        yield data


def rule(language: str, lines: list[str], tmp_path: Path, *options: str) -> str:
    """The command run with ``lines`` typed at its prompts; its session saved, reloaded and
    checked to replay to the same record."""
    saved = tmp_path / "ruling.json"
    result = runner.invoke(app, ["rule", "--lang", language, "--save", str(saved), *options],
                           input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    text = saved.read_text(encoding="utf-8")
    assert RulingSession.loads(text).dumps() + "\n" == text
    return result.output


def official(clause: str, edition: str, language: str) -> str:
    """The imported book's text of ``clause``, as the command prints it."""
    text = imported_text(LawRef(Edition.parse(edition), clause), language, installed_books())
    assert text, f"no imported text of {edition} {clause} in {language}"
    return "    " + " ".join(text.split())


def title(clause: str, edition: str, language: str) -> str:
    return clause_title(LawRef(Edition.parse(edition), clause), language)


# (a) 2017: an insufficient bid 1H over 1S, not accepted, replaced by 2H


def test_law27B1a_insufficient_bid_declined_replaced_by_2H_in_spanish(tmp_path: Path) -> None:
    out = rule("es", ["2017", "1", "", "1S 1H 2H 4S paso paso paso", "", "decline", "", "",
                      "resultado 10", ""], tmp_path)
    assert "Irregularidad: oferta insuficiente: Este 1♥" in out
    assert "2. rechazar: " in out and "elige Sur; apartados: Artículo 27B" in out
    assert "después, si Este la sustituye por la oferta suficiente más baja" in out  # 10C
    assert "Oeste deberá pasar el resto de la subasta (27B2)" in out
    assert f"Artículo 27B1(a): {title('27B1(a)', '2017', 'es')}" in out
    assert "(ningún libro importado para la edición 2017 en este idioma" in out  # none exists
    assert "Subasta: 1♠ 2♥ 4♠ Paso Paso Paso" in out
    assert "Contrato: 4♠; declarante Norte, muerto Sur" in out
    assert "Resultado: 10 bazas para el declarante; marca +420 para Norte-Sur (Artículo 77)" in out


def test_law27B1a_insufficient_bid_declined_replaced_by_2H_in_french(tmp_path: Path) -> None:
    out = rule("fr", ["2017", "1", "", "1S 1♥ 2♥ 4S passe passe passe", "", "2", "", "",
                      "résultat 10", ""], tmp_path)
    assert "Irrégularité : enchère insuffisante : Est 1♥" in out
    assert "choisie par Sud ; alinéas : Loi 27B" in out
    assert "ensuite, si Est la remplace par l'enchère suffisante la plus basse" in out
    assert f"Loi 27B1(a) : {title('27B1(a)', '2017', 'fr')}" in out
    assert official("27B1(a)", "2017", "fr") in out
    assert out.count(official("27B1(a)", "2017", "fr")) == 1  # not repeated per ruling
    assert "Enchères : 1♠ 2♥ 4♠ Passe Passe Passe" in out
    assert "Résultat : 10 levées au déclarant ; marque +420 pour Nord-Sud (Loi 77)" in out


# (b) 2007: opening lead out of turn after 1NT-3NT; declarer refuses it, prohibits a suit


@pytest.mark.parametrize(("language", "words", "expected"), [
    ("es", ["1NT paso 3NT paso paso paso", "juega O ♣A", "resultado 9"],
     ["Irregularidad: salida fuera de turno: Oeste ♣A", "3. rehusar: 54D",
      "♣A pasa a ser carta penalizada de Oeste (Artículo 54D)",
      "2. prohibir-tréboles: Este no puede salir a tréboles",
      "Restricciones de salida:\n  Este ", "Artículo 50D2(a))",
      "Cartas penalizadas: ninguna", "Contrato: 3SA; declarante Norte, muerto Sur",
      "Resultado: 9 bazas para el declarante; marca +400 para Norte-Sur (Artículo 77)"]),
    ("fr", ["1NT passe 3SA passe passe passe", "joue O TA", "résultat 9"],
     ["Irrégularité : entame hors tour : Ouest ♣A", "3. rejeter : 54D",
      "2. interdire-trèfle : Est ne peut pas entamer trèfle",
      "Restrictions d'entame :\n  Est ", "Loi 50D2(a))",
      "Contrat : 3SA ; déclarant Nord, mort Sud",
      "Résultat : 9 levées au déclarant ; marque +400 pour Nord-Sud (Loi 77)"]),
])
def test_law54D_50D2a_lead_out_of_turn_refused_suit_prohibited(
        language: str, words: list[str], expected: list[str], tmp_path: Path) -> None:
    auction, lead, result = words
    out = rule(language, ["2007", "1", DEAL, auction, lead, "", "refuse", "prohibit-clubs",
                          result, ""], tmp_path)
    for text in expected:
        assert text in out
    assert official("54D", "2007", language) in out


# (c) a revoke at trick 5, won by the revoker, entered from the facts


@pytest.mark.parametrize(("language", "edition", "lines", "expected"), [
    ("es", "2007", ["1S paso 4S paso paso paso", "renuncia", "E", "5", "E", "2", "9", "", ""],
     ["renuncio de Este en la baza 5: 2 baza(s) transferida(s) al bando no infractor "
      "(Artículo 64A1)", "Resultado: 11 bazas para el declarante; marca +450 para Norte-Sur",
      "Artículo 64C: "]),
    ("fr", "2017", ["1S passe 4S passe passe passe", "renonce", "E", "5", "E", "2", "9", "",
                    ""],
     ["renonce d'Est à la levée 5 : 2 levée(s) transférée(s) au camp non fautif (Loi 64A1)",
      "Résultat : 11 levées au déclarant ; marque +450 pour Nord-Sud",
      "Loi 64C1 : "]),
])
def test_law64A1_revoke_at_trick_5_won_by_the_revoker_from_the_facts(
        language: str, edition: str, lines: list[str], expected: list[str],
        tmp_path: Path) -> None:
    out = rule(language, [edition, "1", "", *lines, ""], tmp_path)
    for text in expected:
        assert text in out
    assert official("64A1", edition, language) in out


# (d) a face-down opening lead out of turn under the AEB profile


@pytest.mark.parametrize(("language", "expected"), [
    ("es", ["Irregularidad: salida inicial boca abajo fuera de turno: Oeste ♣A",
            "1. devolver-a-mano: la carta boca abajo vuelve a la mano de Oeste",
            "elige el Director; apartados: Artículo 16D, Artículo 41A",
            "♣A de Oeste: autorizada para Norte-Sur, no autorizada para Este-Oeste (Artículo 16D)",
            "Cartas penalizadas: ninguna",
            "Resultado: 9 bazas para el declarante; marca +400 para Norte-Sur (Artículo 77)"]),
    ("fr", ["Irrégularité : entame face cachée hors tour : Ouest ♣A",
            "1. reprendre-en-main : la carte face cachée retourne dans la main d'Ouest",
            "choisie par l'arbitre ; alinéas : Loi 16D, Loi 41A",
            "Cartes pénalisées : aucune",
            "Résultat : 9 levées au déclarant ; marque +400 pour Nord-Sud (Loi 77)"]),
])
def test_law41A_face_down_lead_out_of_turn_under_the_aeb_profile(
        language: str, expected: list[str], tmp_path: Path) -> None:
    passes = {"es": "paso", "fr": "passe"}[language]
    result = {"es": "resultado 9", "fr": "résultat 9"}[language]
    out = rule(language, ["aeb-2007", "1", DEAL, f"1NT {passes} 3NT {passes} {passes} {passes}",
                          "lead-face-down O ♣A", "", "lead-face-down E ♥A", "face E", result, ""],
               tmp_path)
    assert "Asociación Española de Bridge" in out
    for text in expected:
        assert text in out
    assert official("41A", "2007", language) in out


# (e) 2017: a slow pass by East, West bids again; Pass was a logical alternative


@pytest.mark.parametrize(("language", "lines", "expected"), [
    ("es", ["1H 1S paso", "transmite E vacilación unos diez segundos", "S 2S", "O 3H",
            "N paso", "E paso", "S paso", "ui N", "sí", "paso", "sí", "sí", "2S N", "9", ""],
     ["Irregularidad: información no autorizada del compañero: Oeste 3♥",
      "Marca ajustada asignada (Artículo 12C1(a)): 2♠, 9 bazas para el declarante; "
      "marca +140 para Norte-Sur", "Artículo 16B1(a): ", "Artículo 73C: "]),
    ("fr", ["1H 1S passe", "transmet E hésitation une dizaine de secondes", "S 2S", "O 3H",
            "N passe", "E passe", "S passe", "ui N", "oui", "passe", "oui", "oui", "2S N", "9",
            ""],
     ["Loi 16B1(a) : ", "Loi 73C : ", "+140 pour Nord-Sud"]),
])
def test_law16B1a_slow_pass_logical_alternative_assigned_score(
        language: str, lines: list[str], expected: list[str], tmp_path: Path) -> None:
    out = rule(language, ["2017", "4", "", *lines, ""], tmp_path)
    for text in expected:
        assert text in out
    if language == "fr":
        assert official("16B1(a)", "2017", "fr") in out
