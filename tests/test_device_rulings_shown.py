"""Issue 27: the table's phone shows a ruling on one of its boards in full, in the players'
language and notation (a revoke's transfer, the contract, the result, the Director's note
and the laws applied: before, a revoke ruling read "Fallos —"), and lists every ruling and
claim of its table, of any round, each opening in full."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from web_rulings_kit import Club, csrf_of

HX = {"HX-Request": "true"}
AUCTION = [{"step": "call", "seat": s, "call": c}
           for s, c in zip("NESWNE", ("1S", "P", "4S", "P", "P", "P"), strict=True)]
# Law 64A1: East revoked on trick 3 and won it; two tricks to North-South.
REVOKE = {"step": "revoke", "seat": "E", "trick": "3", "winner": "E", "won_later": "2",
          "tricks": "9"}


@pytest.fixture
def room(tmp_path: Path) -> Club:
    return Club(tmp_path)


def _steps(web: TestClient, url: str, *steps: dict[str, str]) -> None:
    token = csrf_of(web.get(url).text)
    for step in steps:
        data = dict(step)
        answer = web.post(f"{url}/{data.pop('step')}", data={**data, "csrf": token},
                          headers=HX)
        assert answer.status_code == 200 and 'id="ruling-error"' not in answer.text


def _text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


@pytest.mark.parametrize(("language", "said"), [
    ("es", ("Contrato: 4♠", "renuncio de Este en la baza 3", "2 baza(s) transferida(s)",
            "Resultado: 11 bazas", "Artículo 64A1", "Nota del Director: revoke 3",
            "Artículos aplicados")),
    ("fr", ("Contrat : 4♠", "Loi 64A1", "Note de l'arbitre : revoke 3", "Lois appliquées")),
    ("pt", ("Contrato: 4♠", "Lei 64A1", "Nota do Diretor: revoke 3", "Leis aplicadas")),
])
def test_law64_a_revoke_ruling_reads_in_full_on_the_tables_phone(
        room: Club, language: str, said: tuple[str, ...]) -> None:
    _steps(room.director(), room.ruling_url(1, 1), *AUCTION, REVOKE,
           {"step": "record", "why": "revoke 3"})
    page = room.device(1).get(f"/device/rulings/1?lang={language}")
    assert page.status_code == 200
    section = _text(page.text.split('id="rulings"')[1])
    for words in said:
        assert words.replace("'", "&#39;") in section or words in _text(
            page.text.replace("&#39;", "'")), (words, section)
    assert not re.search(r"<h2>[^<]*</h2>\s*<p>—</p>", page.text)  # no empty "Rulings —"
    assert "64A1" in section and "/laws/2017/64A1" in page.text


def test_the_tables_phone_lists_its_rulings_and_no_other_tables(room: Club) -> None:
    _steps(room.director(), room.ruling_url(1, 1), *AUCTION, REVOKE, {"step": "record"})
    own = room.device(1).get("/device/table?lang=es").text
    listed = own.split('id="table-rulings"')[1].split("</section>")[0]
    assert 'data-kind="ruling"' in listed and 'href="/device/rulings/1"' in listed
    assert "Resoluciones y reclamaciones en esta mesa" in own
    assert 'id="table-rulings"' not in room.device(2).get("/device/table").text
