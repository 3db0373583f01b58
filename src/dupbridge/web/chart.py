"""The chart of each pair's running percentage, round by round, as the coordinates the
chart template (``results_macros.html``) draws as inline SVG: the live ranking page and
the static results site show the same chart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

COLOURS = ("#0b5d3b", "#c0392b", "#2c6fbb", "#b9770e", "#7d3c98", "#117a65", "#6e2c00",
           "#1f618d", "#922b21", "#566573")


def running_chart(running: Mapping[int, Sequence[Fraction | None]], width: int = 480,
                  height: int = 240) -> dict[str, Any]:
    """Coordinates of the running-percentages chart: x by round, y by percentage (None:
    the pair had no scored board yet, no dot). Each dot keeps its round and percentage
    (its tooltip). The drawing is ``width`` units wide and scales down to the screen
    (a phone of 360 px), never up past its width."""
    rounds = max((len(values) for values in running.values()), default=0)
    step = (width - 60) / max(rounds - 1, 1)

    def y(percent: float) -> float:
        return round(height - 20 - percent * (height - 40) / 100, 1)

    series = []
    for n, (pair, values) in enumerate(sorted(running.items())):
        dots = [(round(40 + i * step, 1), y(float(v)), i + 1, f"{float(v):.2f}")
                for i, v in enumerate(values) if v is not None]
        if dots:
            series.append({"pair": pair, "color": COLOURS[n % len(COLOURS)], "dots": dots,
                           "points": " ".join(f"{x},{h}" for x, h, _, _ in dots)})
    return {"width": width, "height": height, "series": series,
            "grid": [(y(p), p) for p in (0, 25, 50, 75, 100)],
            "rounds": [(round(40 + i * step, 1), i + 1) for i in range(rounds)]}
