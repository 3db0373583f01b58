"""Issue 18: every ruling case of ``tests/cases`` loaded into the ruling screen from its
JSON (through the HTTP layer) shows the same pending decision as the engine: its id, its
open questions and its options. The case is played up to its first pending decision (or
to its end when it has none), written as a ruling session document, and posted to the
screen, which replays it."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.cases.loader import load_case
from dupbridge.cases.runner import collect_case_files
from dupbridge.core.errors import ActionRejected
from dupbridge.notation.steps import StepError, apply_step
from dupbridge.table.table import Table
from web_rulings_kit import Club, csrf_of

CASES = sorted(collect_case_files([Path(__file__).resolve().parent / "cases"]))


@pytest.fixture(scope="module")
def director() -> tuple[TestClient, str]:
    web = Club(Path(tempfile.mkdtemp(prefix="dupbridge-cases-"))).director()
    return web, csrf_of(web.get("/director").text)


def _to_first_decision(path: Path) -> Table:
    case = load_case(path)
    table = Table(case.board, regulations=case.regulations)
    for event in case.events:
        try:
            apply_step(table, event.step)
        except (ActionRejected, StepError):
            break  # a case that expects a refusal: what came before is the position
        if table.pending is not None:
            break
    return table


def test_every_case_file_is_collected() -> None:
    assert len(CASES) > 600


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case_shows_the_engines_pending_decision(director: tuple[TestClient, str],
                                                 path: Path) -> None:
    web, token = director
    table = _to_first_decision(path)
    document = RulingSession(table).dumps()
    page = web.post("/director/rulings/document", data={"document": document, "csrf": token})
    assert page.status_code == 200, page.text[:500]
    shown = re.search(r'id="decision" data-decision="([^"]*)" data-open="([^"]*)" '
                      r'data-options="([^"]*)"', page.text)
    pending = table.pending
    if pending is None:
        assert shown is None
        return
    assert shown is not None
    assert shown.groups() == (pending.id, " ".join(q.id for q in pending.open_questions),
                              " ".join(o.id for o in pending.options))
