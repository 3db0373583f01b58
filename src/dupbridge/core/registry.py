"""The rule registry: every function that implements a clause says so with ``@law``.

It lives in core so that every layer, from the correct procedure up, can name its clauses.

Keyed by (edition, clause), because numbering moved between 2007 and 2017. The registry
is filled when the law modules are imported (``dupbridge.laws.load_rules``); it is a
catalogue of code, read by the coverage command and its tests, never by a ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from dupbridge.core.edition import Edition, LawRef

BOTH_EDITIONS = frozenset(Edition)
F = TypeVar("F", bound=Callable[..., object])


@dataclass(frozen=True, slots=True)
class RegisteredRule:
    ref: LawRef
    title: str
    function: str  # module.qualname of the implementing function
    asks: tuple[str, ...] = ()  # the Director's questions it asks (judgement as data)


_REGISTRY: dict[LawRef, list[RegisteredRule]] = {}
_PENDING: list[tuple[tuple[LawRef, ...], str, Callable[..., object], tuple[str, ...]]] = []
"""Functions marked since the registry was last read: filed on the next read, so that
importing a law module costs a list append per clause, not the catalogue's bookkeeping."""


def law(
    clause: str, *, editions: Iterable[Edition] = BOTH_EDITIONS, title: str,
    asks: tuple[str, ...] = ()
) -> Callable[[F], F]:
    """Mark a function as implementing ``clause`` in ``editions``; ``asks``: the ids of the
    Director's questions through which it leaves the judgement of the clause to him."""

    refs = tuple(LawRef(edition, clause) for edition in frozenset(editions))
    if not refs:
        raise ValueError(f"@law({clause!r}) names no edition")

    def register(function: F) -> F:
        _PENDING.append((refs, title, function, asks))
        function.__laws__ = (*getattr(function, "__laws__", ()), *refs)  # type: ignore[attr-defined]
        return function

    return register


def _filed() -> dict[LawRef, list[RegisteredRule]]:
    """The registry, with the functions marked since the last read filed in it."""
    for refs, title, function, asks in _PENDING:
        name = f"{function.__module__}.{function.__qualname__}"
        for ref in refs:
            rules = _REGISTRY.setdefault(ref, [])
            if all(rule.function != name for rule in rules):
                rules.append(RegisteredRule(ref, title, name, asks))
    _PENDING.clear()
    return _REGISTRY


def registered(edition: Edition | None = None) -> dict[LawRef, list[RegisteredRule]]:
    """The registered rules, for one edition or all."""
    return {
        ref: list(rules)
        for ref, rules in sorted(_filed().items())
        if edition is None or ref.edition is edition
    }


def implementations(ref: LawRef) -> list[RegisteredRule]:
    return list(_filed().get(ref, ()))
