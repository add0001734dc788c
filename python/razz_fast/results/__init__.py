"""The result types, shared by the compiled core and the pure-Python
reference (like ``razz_fast.events``): what ``simulate``, ``match``,
``equity``, ``chart`` and ``exploitability`` return, and the exact sums behind them."""

from razz_fast.results.equity import ChartResult, ChartRow, EquityResult
from razz_fast.results.exploitability import ExploitabilityResult, ExploitabilityTotals
from razz_fast.results.match import MatchResult, MatchTotals
from razz_fast.results.simulation import MAX_RECORDS, SimulationResult, Totals, checked_record

__all__ = [
    "MAX_RECORDS",
    "ChartResult",
    "ChartRow",
    "EquityResult",
    "ExploitabilityResult",
    "ExploitabilityTotals",
    "MatchResult",
    "MatchTotals",
    "SimulationResult",
    "Totals",
    "checked_record",
]
