"""Pure-Python reference implementation of razz_fast's public API: cards,
evaluation, the hand engine (``Rules``, ``Hand``, ``Action``), ``simulate``,
``equity`` (also against a ``Range``, the value type the core's shares),
``chart`` and ``exploitability``.

Same names, signatures and results as the compiled core in ``razz_fast``, but
written for clarity, in plain Python with the standard library only, and
sharing no code with the core. The test suite runs every case through both.
"""

from razz_fast._cards import format_cards, parse_cards
from razz_fast.errors import IllegalActionError, InvalidCardError, RazzError
from razz_fast.events import Action, Event, Pot
from razz_fast.policy import batch_policy, probability_policy
from razz_fast.ranges import Range
from razz_fast.reference._chart import chart
from razz_fast.reference._match import match
from razz_fast.reference._simulate import simulate
from razz_fast.reference.equities import equity
from razz_fast.reference.evaluation import best_five, describe, rank, rank_many
from razz_fast.reference.exploitability import exploitability
from razz_fast.reference.hand import Hand
from razz_fast.reference.policy import Policy
from razz_fast.reference.rules import Rules
from razz_fast.reference.tables import FEATURES, FEATURES_VERSION, Batch, Tables
from razz_fast.reference.train import train
from razz_fast.reference.view import PlayerView
from razz_fast.results import (
    ChartResult,
    ChartRow,
    EquityResult,
    ExploitabilityResult,
    SimulationResult,
)
from razz_fast.results.match import MatchResult

__all__ = [
    "parse_cards",
    "format_cards",
    "rank",
    "rank_many",
    "best_five",
    "describe",
    "RazzError",
    "InvalidCardError",
    "IllegalActionError",
    "Rules",
    "Hand",
    "PlayerView",
    "Tables",
    "Batch",
    "batch_policy",
    "probability_policy",
    "Policy",
    "train",
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
    "Range",
    "EquityResult",
    "chart",
    "ChartResult",
    "ChartRow",
    "exploitability",
    "ExploitabilityResult",
]
