"""Reinforcement-learning environments over the compiled core (the
``rl`` extra: ``pip install 'razz-fast[rl]'``).

* ``RazzEnv`` — a Gymnasium ``Env``: one learning seat, the other seats
  played by built-in strategies or callables (per-decision functions of a
  ``PlayerView``, or ``batch_policy`` functions); an episode is one hand.
* ``RazzVectorEnv`` — Gymnasium's ``VectorEnv`` over ``Tables``: many hands
  stepped together in the core, built-in or callable opponents, the
  next hand dealt in the same step a hand ends
  (``AutoresetMode.SAME_STEP``).
* ``RazzAECEnv`` (and ``aec_env()``) — a PettingZoo AEC environment with
  every seat an agent.

Actions are ``Discrete(3)``: 0 fold, 1 check / call / bring-in, 2
complete / bet / raise. An action the state does not allow is played as
1 (folding when a check is free checks; raising past the cap calls), so
every action is valid; ``action_mask`` marks the ones that are distinct
moves now (Gymnasium's and PettingZoo's masking convention). Observations
are ``{"observation": features (float32, razz_fast.FEATURES), "action_mask":
int8 (3,)}``; rewards are chips won, in big bets, given when the hand ends.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - exercised without the extra
    raise ImportError(
        "razz_fast.env needs Gymnasium and PettingZoo: pip install 'razz-fast[rl]'"
    ) from error

from razz_fast.discrete import action_mask, to_action
from razz_fast.env.aec import RazzAECEnv, aec_env
from razz_fast.env.single import RazzEnv
from razz_fast.env.vector import RazzVectorEnv

__all__ = ["RazzEnv", "RazzVectorEnv", "RazzAECEnv", "aec_env", "to_action", "action_mask"]
