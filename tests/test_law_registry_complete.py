"""The coverage command's loaders register every @law function of the package: a module
loaded lazily (the scoring package, the dispatch's rectifications) must still be known to
``dupbridge laws coverage``. (Law 78D, in scoring/vp.py, once went missing that way.)"""

from __future__ import annotations

import importlib
from pathlib import Path

import dupbridge
from dupbridge.core.registry import registered
from dupbridge.laws import load_rules
from dupbridge.tournament import load_rules as load_tournament_rules

SRC = Path(dupbridge.__file__).parent
FRONT_ENDS = ("cli", "web", "adapters")  # they implement no clause of their own


def _everything() -> set[tuple[object, str]]:
    return {(ref, rule.function) for ref, rules in registered().items() for rule in rules}


def test_law_coverage_loaders_register_every_law_function() -> None:
    load_rules()
    importlib.import_module("dupbridge.table.table")
    load_tournament_rules()
    loaded = _everything()
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[0] in FRONT_ENDS or "@law(" not in path.read_text(encoding="utf-8"):
            continue
        name = ".".join(("dupbridge", *parts)).removesuffix(".__init__")
        importlib.import_module(name)
    assert _everything() == loaded
