"""razz_fast in OpenSpiel (extra ``razz-fast[openspiel]``): importing this
module registers the pyspiel game ``python_razz`` ([OpenSpiel](OPENSPIEL.md)).

    import pyspiel
    import razz_fast.openspiel

    game = pyspiel.load_game("python_razz", {"players": 6, "ante": 1})

``RazzBot`` plays razz_fast's strategies as OpenSpiel bots.
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError(
        "razz_fast.openspiel needs OpenSpiel: pip install 'razz-fast[openspiel]'"
    ) from error

from razz_fast.openspiel._bot import RazzBot
from razz_fast.openspiel._game import DEFAULTS, GAME_TYPE, NUM_ACTIONS, RazzGame, RazzState

__all__ = ["DEFAULTS", "NUM_ACTIONS", "RazzBot", "RazzGame", "RazzState"]

# Registered once per process (a second registration is an error in pyspiel).
if GAME_TYPE.short_name not in pyspiel.registered_names():
    pyspiel.register_game(GAME_TYPE, RazzGame)
