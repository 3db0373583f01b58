"""How the pages name what the app keeps by its code: a Regulating Authority's profile
(``wbf-2017``: "WBF, Laws of 2017" in the reader's words) and a scoring method
(``matchpoints``: the name the new-event form gives it)."""

from __future__ import annotations

import re

from dupbridge.core.messages import Msg, msg

_PROFILE = re.compile(r"([a-z]{2,6})-(2007|2017)")
SCORINGS = {"matchpoints": msg("Matchpoints"), "butler": msg("Butler IMPs"),
            "cross-imps": msg("Cross-IMPs"), "total-points": msg("Total points")}


def profile_title(name: str) -> Msg | str:
    """An installed profile's authority and edition; another profile keeps its name (the
    name of the file the club gave it)."""
    found = _PROFILE.fullmatch(name)
    if found is None:
        return name
    return msg("{authority}, Laws of {edition}", authority=found.group(1).upper(),
               edition=found.group(2))


def scoring_title(method: str) -> Msg | str:
    return SCORINGS.get(method, method)
