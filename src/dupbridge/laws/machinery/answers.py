"""Who may choose a rectification's option (Law 10C) and what the Director's answers are.

The values table events carry (``DirectorAnswered``, ``OptionChosen``): a module of their
own, so that a regular table, which reads these events' classes, loads no ruling."""

from __future__ import annotations

from typing import Literal

from dupbridge.core.seats import Seat

DIRECTOR: Literal["Director"] = "Director"
Chooser = Seat | Literal["Director"]
Answer = bool | str | int
