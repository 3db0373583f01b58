"""Double-dummy analysis: an adapter over DDS through endplay, imported lazily.

``Position`` is a moment of the play with every card known; ``solve`` and ``card_values``
value it; ``dd_table`` and ``par`` describe a whole deal. Importing this package does not
load the solver: endplay is imported on the first solve.
"""

from dupbridge.analysis.double_dummy import card_values, dd_table, par, side_total, solve
from dupbridge.analysis.position import Position
from dupbridge.analysis.results import DDTable, Par, ParContract

__all__ = ["DDTable", "Par", "ParContract", "Position", "card_values", "dd_table", "par",
           "side_total", "solve"]
