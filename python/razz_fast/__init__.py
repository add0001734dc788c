"""razz_fast: the fastest correct razz library (seven-card stud, ace-to-five
low), with its hot paths in a Rust core (``razz_fast._core``).

- Cards and evaluation: ``parse_cards``, ``format_cards``, ``rank`` (5 to 7
  cards), ``rank_many`` (a numpy batch, without the GIL), ``best_five``,
  ``describe``.
- The game: ``Rules`` (stakes and settings) and ``Hand``, one hand stepped
  action by action (``Action``; its ``Event`` log and ``Pot`` awards).
- ``simulate``: millions of complete hands between built-in or Python
  strategies (``SimulationResult``); ``equity``: each player's share of the
  pot, exact or sampled (``EquityResult``), also against a ``Range``.
- ``RazzError`` and its subclasses ``InvalidCardError`` and
  ``IllegalActionError`` for bad input.

Beside these: ``razz_fast.histories`` reads and replays real hand histories,
``razz_fast.distributed`` runs ``simulate`` and ``equity`` on a Dask
cluster, ``razz-fast`` (``razz_fast.cli``) is the command line, and
``razz_fast.reference`` is a pure-Python twin of every public function,
written for clarity, that the tests compare the core against.
"""

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
from razz_fast._runs.chart import chart
from razz_fast._runs.equity import equity
from razz_fast._runs.exploitability import exploitability
from razz_fast._runs.match import match
from razz_fast._runs.simulate import simulate
from razz_fast._runs.train import train
from razz_fast.bots import Policy
from razz_fast.errors import IllegalActionError, InvalidCardError, RazzError
from razz_fast.events import Action, Event, Pot
from razz_fast.policy import batch_policy, probability_policy
from razz_fast.ranges import Range
from razz_fast.results import (
    ChartResult,
    ChartRow,
    EquityResult,
    ExploitabilityResult,
    SimulationResult,
)
from razz_fast.results.match import MatchResult

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
    "Policy",
    "train",
    "probability_policy",
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
    "RazzError",
    "InvalidCardError",
    "IllegalActionError",
]
