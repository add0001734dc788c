"""OpenSpiel's algorithms on razz_fast's razz: outcome-sampling MCCFR on
the pyspiel game ``python_razz``, then ``evaluate_bots`` with razz_fast's
strategies (and the MCCFR average policy) as OpenSpiel bots.

    pip install 'razz-fast[openspiel]' && python examples/openspiel_mccfr.py

The MCCFR run is tiny (heads-up, stacks of two bets, two thousand
iterations) so that it ends in seconds. Razz has far more information sets
than such a run visits more than once (tens of thousands seen, each a few
times), so its average policy still plays close to uniformly at random;
razz_fast's own ``train``, over a card abstraction and in the core, is the
way to train razz (docs/BOTS.md).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import outcome_sampling_mccfr
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from razz_fast.openspiel import RazzBot


class PolicyBot(pyspiel.Bot):
    """Plays an OpenSpiel policy (here MCCFR's average) for one seat."""

    def __init__(self, policy, player: int, rng: np.random.RandomState) -> None:
        pyspiel.Bot.__init__(self)
        self.policy, self.player, self.rng = policy, player, rng

    def step(self, state):
        probabilities = self.policy.action_probabilities(state, self.player)
        actions = list(probabilities)
        weights = np.array([probabilities[a] for a in actions])
        return actions[self.rng.choice(len(actions), p=weights / weights.sum())]

    def restart_at(self, state):
        pass

    def inform_action(self, state, player, action):
        pass


def mean_returns(game, make_bots, hands: int, rng: np.random.RandomState) -> np.ndarray:
    total = np.zeros(game.num_players())
    for hand in range(hands):
        total += evaluate_bots(game.new_initial_state(), make_bots(hand), rng)
    return total / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=300)
    args = parser.parse_args()
    rng = np.random.RandomState(1)

    # Heads-up, bring-in 1, bets 2/4, stacks of 8 chips: a small tree.
    game = pyspiel.load_game("python_razz", {"players": 2, "stacks": 8})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.perf_counter()
    for _ in range(args.iterations):
        solver.iteration()
    seconds = time.perf_counter() - start
    print(f"MCCFR: {args.iterations} iterations in {seconds:.1f} s")
    average = solver.average_policy()

    pairs = [
        ("MCCFR average", lambda h: [PolicyBot(average, 0, rng), RazzBot("check_call", 1)]),
        ("tight", lambda h: [RazzBot("tight", 0), RazzBot("check_call", 1)]),
        ("blueprint", lambda h: [RazzBot("blueprint", 0, seed=h), RazzBot("check_call", 1)]),
    ]
    print(f"\nseat 0 against check_call, {args.hands} hands, chips a hand:")
    for name, bots in pairs:
        seat0 = mean_returns(game, bots, args.hands, rng)[0]
        print(f"  {name:<14} {seat0:+.3f}")

    six = pyspiel.load_game("python_razz", {"players": 6, "ante": 1, "stacks": 40})
    names = ["tight", "check_call", "random"] * 2
    means = mean_returns(
        six, lambda h: [RazzBot(n, s, seed=h) for s, n in enumerate(names)], args.hands, rng
    )
    print(f"\nsix players, {args.hands} hands, chips a hand by seat:")
    print("  " + "  ".join(f"{n}:{m:+.2f}" for n, m in zip(names, means)))


if __name__ == "__main__":
    main()
