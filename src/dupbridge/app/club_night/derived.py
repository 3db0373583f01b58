"""Reads computed once per state of a session: a ranking, the results, the running chart.

``state_of`` hands every request the same ``ClubState`` object until the journal moves on
(it is replaced, never changed, when an action is appended), so the state's identity keys
what was derived from it: twenty viewers polling a ranking score the session once per new
result, not once per request. An entry keeps its state alive, so the identity of a cached
state is never reused by another while it is kept."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable
from typing import Concatenate, ParamSpec, TypeVar

from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.state import ClubState

P = ParamSpec("P")
R = TypeVar("R")

# Enough for every viewer's read (the public, each table, the Director) of a few events
# being played at once, each at its latest state.
_KEPT = 512


def derived(read: Callable[Concatenate[ClubState, P], R]
            ) -> Callable[Concatenate[ClubState, P], R]:
    """``read(state, ...)`` computed once per state and arguments; its value must be
    immutable (every caller receives the same object)."""
    kept: OrderedDict[tuple[int, Hashable], tuple[ClubState, R]] = OrderedDict()
    lock = threading.Lock()

    def once(state: ClubState, /, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (id(state), (args, tuple(sorted(kwargs.items()))))
        with lock:
            hit = kept.get(key)
            if hit is not None and hit[0] is state:
                kept.move_to_end(key)
                return hit[1]
        value = read(state, *args, **kwargs)  # outside the lock: readers of others go on
        with lock:
            kept[key] = (state, value)
            kept.move_to_end(key)
            while len(kept) > _KEPT:
                kept.popitem(last=False)
        return value

    functools.update_wrapper(once, read)
    return once


def journal_position(store: Store, event_id: str, kinds: Collection[str] | None = None
                     ) -> str:
    """Where the event's journal stands, as a short text read with one query: everything
    a page of the event shows (results, what each viewer may see of them, the ranking,
    the device codes in force) is read from the journal, so while this text is the same
    a page rendered for the same reader is the same (a poller's ETag, ``web.etag``).
    ``kinds``: where the actions of those kinds stand (what was read from them alone is
    the same while it is)."""
    count, last = store.journal_position(event_id, kinds)
    return f"{count}.{last}"
