"""The Laws as code: irregularities, rectifications, Director's questions, rulings, the
rule registry keyed by (edition, clause), and Regulating-Authority profiles."""

from dupbridge.core.registry import law, registered
from dupbridge.laws.ruling import (
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


def load_rules() -> None:
    """Import every law module, so that the registry knows all implemented clauses."""
    # Importing these modules registers their @law functions.
    from dupbridge.laws import (  # noqa: F401
        dispatch,
        law23_comparable_call,
        law64_facts,  # Law 64 from the facts: used by the ruling assistant, not dispatched
        law67_defective_trick,  # pure functions: no irregularity kind dispatches to it
    )
    from dupbridge.rules import designation  # noqa: F401
    from dupbridge.scoring import law77  # noqa: F401
