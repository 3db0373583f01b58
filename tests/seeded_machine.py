"""Runs a hypothesis ``RuleBasedStateMachine`` from a plain ``random.Random`` seed.

Hypothesis spends most of a stateful run choosing rules and drawing values (and shrinks a
failure to a short story, which is what makes it worth keeping). To throw hundreds of
thousands of actions at a table in a CI run, the same machine, rules, preconditions and
invariants are also driven here by a seeded random walk: the rule among those enabled, its
arguments and its ``data.draw`` values are taken from the seed, so a failure is replayed
exactly from its seed and the steps printed with it.

Only the strategies the table machine uses are understood (``sampled_from``, ``just``,
``one_of``, ``integers``, ``booleans``, ``builds``, ``data``); anything else is a clear
error rather than a silent approximation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hypothesis.stateful import RuleBasedStateMachine

# The attribute names hypothesis gives the functions it decorates (``@rule``,
# ``@initialize``, ``@precondition``): stable since hypothesis 3.
RULE_MARKER = "hypothesis_stateful_rule"
INITIALIZE_RULE_MARKER = "hypothesis_stateful_initialize_rule"


class RandomData:
    """Stands for ``st.data()``: each ``draw`` is taken from the seed."""

    def __init__(self, rng: random.Random, log: list[str]) -> None:
        self.rng = rng
        self.log = log

    def draw(self, strategy: Any, label: object = None) -> Any:
        value = sample(self.rng, strategy, self.log)
        self.log.append(f"    draw {value!r}")
        return value


def sample(rng: random.Random, strategy: Any, log: list[str]) -> Any:
    """A value of ``strategy`` drawn with ``rng``."""
    inner = getattr(strategy, "wrapped_strategy", strategy)  # a LazyStrategy's target
    kind = type(inner).__name__
    if kind in ("SampledFromStrategy", "JustStrategy"):
        if getattr(inner, "_transformations", ()):
            raise TypeError(f"a mapped or filtered strategy cannot be sampled: {strategy!r}")
        return rng.choice(list(inner.elements))
    if kind == "OneOfStrategy":
        return sample(rng, rng.choice(list(inner.original_strategies)), log)
    if kind == "IntegersStrategy":
        return rng.randint(inner.start, inner.end)
    if kind == "BooleansStrategy":
        return rng.random() < 0.5
    if kind == "BuildsStrategy":
        return inner.target(*(sample(rng, arg, log) for arg in inner.args),
                            **{name: sample(rng, arg, log) for name, arg in inner.kwargs.items()})
    if kind == "DataStrategy":
        return RandomData(rng, log)
    raise TypeError(f"the seeded run cannot draw from {strategy!r}")


@dataclass
class _Rule:
    name: str
    function: Callable[..., object]
    arguments: dict[str, Any]
    preconditions: tuple[Callable[[Any], bool], ...] = field(default_factory=tuple)

    def enabled(self, machine: RuleBasedStateMachine) -> bool:
        return all(check(machine) for check in self.preconditions)


def _rules(machine_class: type[RuleBasedStateMachine], marker: str) -> list[_Rule]:
    found = []
    for name in sorted(dir(machine_class)):
        rule = getattr(getattr(machine_class, name), marker, None)
        if rule is not None:
            found.append(_Rule(name, rule.function, dict(rule.arguments),
                               tuple(rule.preconditions)))
    return found


class SeededRunFailed(AssertionError):
    """A seeded run broke an invariant or a rule's assertion: the seed and the steps."""


def run(machine_class: type[RuleBasedStateMachine], seed: int, steps: int,
        invariants: Iterable[str] = ()) -> None:
    """One random walk of ``steps`` rules from ``seed``; ``invariants``: the machine's
    methods to call after every step. On failure, raises ``SeededRunFailed`` with the seed
    and the last steps taken."""
    rng = random.Random(seed)
    log: list[str] = []
    machine = machine_class()
    rules = _rules(machine_class, RULE_MARKER)
    checks = [getattr(machine, name) for name in invariants]
    try:
        for init in _rules(machine_class, INITIALIZE_RULE_MARKER):
            _step(machine, init, rng, log)
        for _ in range(steps):
            _step(machine, _enabled_rule(machine, rules, rng), rng, log)
            for check in checks:
                check()
    except Exception as error:
        story = "\n".join(log[-60:])
        raise SeededRunFailed(f"seed {seed}: {type(error).__name__}: {error}\n"
                              f"last steps:\n{story}") from error
    finally:
        machine.teardown()


def _enabled_rule(machine: RuleBasedStateMachine, rules: list[_Rule],
                  rng: random.Random) -> _Rule:
    """A rule drawn uniformly among the enabled ones: drawn among all until one is
    enabled, which spares evaluating every precondition at every step."""
    for _ in range(100):
        rule = rng.choice(rules)
        if rule.enabled(machine):
            return rule
    return rng.choice([rule for rule in rules if rule.enabled(machine)])


def _step(machine: RuleBasedStateMachine, rule: _Rule, rng: random.Random,
          log: list[str]) -> None:
    arguments = {name: sample(rng, strategy, log) for name, strategy in rule.arguments.items()}
    shown = ", ".join(f"{name}={value!r}" for name, value in arguments.items()
                      if not isinstance(value, RandomData))
    log.append(f"{rule.name}({shown})")
    rule.function(machine, **arguments)
