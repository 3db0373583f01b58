"""The Laws as code: irregularities, rectifications, Director's questions, rulings, the
rule registry keyed by (edition, clause), and Regulating-Authority profiles."""

from typing import TYPE_CHECKING, Any

from dupbridge.core.registry import law, registered

if TYPE_CHECKING:
    from dupbridge.laws.machinery.ruling import (
        DIRECTOR,
        Bar,
        BarScope,
        Decision,
        Irregularity,
        IrregularityKind,
        Option,
        Question,
        Ruling,
    )

# The ruling values are read from here on first use (PEP 562): every law module is a
# sub-module of this package, and a regular table (calls and cards, no irregularity) loads
# none of the rulings' classes (start-up, benchmarks/startup.py).
_RULING_NAMES = frozenset({"DIRECTOR", "Bar", "BarScope", "Decision", "Irregularity",
                           "IrregularityKind", "Option", "Question", "Ruling"})

__all__ = [
    "DIRECTOR",
    "Bar",
    "BarScope",
    "Decision",
    "Irregularity",
    "IrregularityKind",
    "Option",
    "Question",
    "Ruling",
    "law",
    "registered",
]


def __getattr__(name: str) -> Any:
    if name not in _RULING_NAMES:
        raise AttributeError(f"module 'dupbridge.laws' has no attribute {name!r}")
    from dupbridge.laws.machinery import ruling

    value = getattr(ruling, name)
    globals()[name] = value  # later look-ups skip this function
    return value


def load_rules() -> None:
    """Import every law module, so that the registry knows all implemented clauses."""
    # Importing these modules registers their @law functions.
    from dupbridge.core import scoring_table  # noqa: F401
    from dupbridge.laws import dispatch

    # Law 20 (and 65-66 below): read by the table's talk and its tricks, not dispatched,
    # and a regular table loads them only with its first irregularity (start-up).
    from dupbridge.laws.auction import (
        law20_review_explanation,  # noqa: F401
        law23_comparable_call,  # noqa: F401
    )

    # Law 70's adjudication and the 69B/71 corrections: loaded when a claim is ruled on.
    from dupbridge.laws.claims import (
        law69B_71_corrections,  # noqa: F401
        law70_contested_claim,  # noqa: F401
    )

    # Law 79B after the end of the round: used by the club's late correction, not dispatched.
    from dupbridge.laws.irregularities import law79_tricks_won  # noqa: F401

    # Law 64 from the facts: used by the ruling assistant, not dispatched.
    # Pure functions: no irregularity kind dispatches to Law 67.
    from dupbridge.laws.play import (
        law64_facts,  # noqa: F401
        law65_66_tricks,  # noqa: F401
        law67_defective_trick,  # noqa: F401
    )
    from dupbridge.rules import designation  # noqa: F401
    from dupbridge.scoring import load_rules as load_scoring_rules

    load_scoring_rules()  # Laws 12C, 77-78, 86-90: the scoring layer's clauses

    # The dispatch loads a law's rectification when its irregularity first happens:
    # looking every one up loads every law module it names.
    for _rectification in dispatch.RECTIFICATIONS.values():
        pass
