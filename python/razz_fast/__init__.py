"""razz_fast: the fastest correct razz library.

An ace-to-five low evaluator (5 to 7 cards, with a batch numpy API) backed by
a Rust core. ``razz_fast.reference`` holds a pure-Python twin of every public
function, written for clarity, that the tests compare against.
"""

from razz_fast import _pickle  # noqa: F401  (makes Rules and Hand picklable)
from razz_fast._chart import chart
from razz_fast._core import (
    FEATURES,
    FEATURES_VERSION,
    Batch,
    Hand,
    PlayerView,
    Rules,
    Tables,
    __version__,
    best_five,
    describe,
    format_cards,
    parse_cards,
    rank,
    rank_many,
)
from razz_fast._equity import equity
from razz_fast._match import match
from razz_fast.errors import IllegalActionError, InvalidCardError, RazzError
from razz_fast.events import Action, Event, Pot
from razz_fast.match_result import MatchResult
from razz_fast.policy import batch_policy
from razz_fast.results import ChartResult, ChartRow, EquityResult, SimulationResult
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
    "PlayerView",
    "Tables",
    "Batch",
    "batch_policy",
    "FEATURES",
    "FEATURES_VERSION",
    "Action",
    "Event",
    "Pot",
    "simulate",
    "match",
    "MatchResult",
    "SimulationResult",
    "equity",
    "EquityResult",
    "chart",
    "ChartResult",
    "ChartRow",
    "RazzError",
    "InvalidCardError",
    "IllegalActionError",
]
