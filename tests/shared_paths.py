"""Where ../shared sits: beside the checkout, in development and in CI alike."""

from __future__ import annotations

from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REALDATA = SHARED / "realdata"
SEEDS = SHARED / "seeds"
SPEC = SHARED / "spec"

if not REALDATA.is_dir():  # pragma: no cover - a broken checkout, not a test outcome
    raise RuntimeError(f"../shared is missing: expected the real data at {REALDATA}")
