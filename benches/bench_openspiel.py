"""The pyspiel game ``python_razz`` (razz_fast.openspiel) stepped from Python
against OpenSpiel's own razz, ``python_pokerkit_wrapper`` with
``variant=FixedLimitRazz``, in one run, one thread.

    pip install -e '.[bench]' && python benches/bench_openspiel.py

Both games are stepped by the same, cheapest correct loop: from a new
initial state, ``state.apply_action(random.choice(state.legal_actions()))``
until the state is terminal, chance nodes included (both deal every card
through a chance node with uniform outcomes, so a uniform choice among the
legal actions is the chance distribution too). Decisions are the player
moves of the finished hands (counted from each hand's history once it
ends, outside the loop). Same stakes and stacks for both: bring-in 1,
bets 2/4, no ante, 100 big bets, the pokerstars rules (the razz_fast
settings closest to pokerkit's, docs/RULES.md). The rows run alternately in
rounds, each keeping its best round. Prints decisions per second and the
ratio. Timings never decide a test.
"""

from __future__ import annotations

import random
import sys
import time
from functools import partial

from alternate import alternate, how, pair_ratios, spread, times

SECONDS = 2.0  # each row's run in a round
ROUNDS = 5


def rate(game, seconds: float = SECONDS) -> float:
    """Random hands of ``game`` for about ``seconds``; decisions per second."""
    choice = random.choice
    decisions, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        decisions += sum(1 for step in state.full_history() if step.player >= 0)
    return decisions / elapsed


def main() -> None:
    try:
        import pyspiel
        from open_spiel.python.games import pokerkit_wrapper  # noqa: F401 (registers it)
    except ImportError:
        sys.exit("needs open-spiel and pokerkit: pip install -e '.[bench]'")
    import razz_fast.openspiel  # noqa: F401 (registers python_razz)

    print("one thread; decisions/s, random legal actions, chance nodes included")
    print(how(ROUNDS) + "\n")
    for players in (2, 6):
        ours = pyspiel.load_game("python_razz", {"players": players})
        theirs = pyspiel.load_game(
            "python_pokerkit_wrapper",
            {
                "variant": "FixedLimitRazz",
                "num_players": players,
                "bring_in": 1,
                "small_bet": 2,
                "big_bet": 4,
                "stack_sizes": " ".join(["400"] * players),
            },
        )
        mine = f"python_razz, {players} players"
        peer = f"python_pokerkit_wrapper FixedLimitRazz, {players} players"
        best, every = alternate({mine: partial(rate, ours), peer: partial(rate, theirs)}, ROUNDS)
        for name, value in best.items():
            print(f"  {name:<50} {value:12,.0f}")
        print(
            f"  python_razz / pokerkit: {times(best[mine] / best[peer])} best over best;"
            f" {spread(pair_ratios(every, mine, peer))}\n"
        )


if __name__ == "__main__":
    main()
