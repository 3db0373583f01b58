"""The table engine: ``apply(state, event) -> state``, pure.

Its modules, from the bottom: the record of the board (``records``), the Director's
decisions opened (``decisions``), cards into tricks (``tricks``), what a ruling does to
the cards (``play_effects``) and to the auction (``auction``, ``effects``), the Director's
rulings (``rulings``), then one module per kind of event (``plays``, ``calls``,
``dummy``, ``claims``, ``attention``, ``defective_tricks``), and on top ``dispatch``,
which sends each event to its module. A module imports only those below it."""

from dupbridge.table.engine.auction import legal_calls
from dupbridge.table.engine.defective_tricks import cards_owed
from dupbridge.table.engine.dispatch import apply, apply_effect
from dupbridge.table.engine.effects import RECORDING_EFFECTS, fired
from dupbridge.table.engine.plays import legal_cards

__all__ = ["RECORDING_EFFECTS", "apply", "apply_effect", "cards_owed", "fired", "legal_calls",
           "legal_cards"]
