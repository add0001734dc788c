"""razz_fast: the fastest correct razz library.

An ace-to-five low evaluator (5 to 7 cards, with a batch numpy API) backed by
a Rust core. ``razz_fast.reference`` holds a pure-Python twin of every public
function, written for clarity, that the tests compare against.
"""

from razz_fast._core import (
    Hand,
    Rules,
    __version__,
    best_five,
    describe,
    format_cards,
    parse_cards,
    rank,
    rank_many,
)
from razz_fast.equity import equity
from razz_fast.errors import IllegalActionError, InvalidCardError, RazzError
from razz_fast.events import Action, Event, Pot
from razz_fast.results import EquityResult, SimulationResult
from razz_fast.simulate import simulate

__all__ = [
    "__version__",
    "parse_cards",
    "format_cards",
    "rank",
    "rank_many",
    "best_five",
    "describe",
    "Rules",
    "Hand",
    "Action",
    "Event",
    "Pot",
    "simulate",
    "SimulationResult",
    "equity",
    "EquityResult",
    "RazzError",
    "InvalidCardError",
    "IllegalActionError",
]
