"""Training speed: `razz_fast.train`'s external-sampling MCCFR against
OpenSpiel's MCCFR solvers on OpenSpiel's own razz (issue 36).

    pip install -e '.[bench]' && python benches/bench_train.py [--rounds 3]

OpenSpiel's razz is `python_pokerkit_wrapper` with `variant=FixedLimitRazz`,
two players, and razz_fast's default stakes and stacks: no ante, a bring-in
of 1, bets of 2 and 4, 400 chips each (pokerkit caps a street at four bets
and raises, as `Rules().cap` does). Both of OpenSpiel's solvers run on it:
the Python ones (`open_spiel.python.algorithms`) and the C++ ones
(`pyspiel`, which step the Python game through callbacks); each is given
its own row.

Like is compared with like: `train` is external sampling (one iteration: a
walk of the game with each seat as the traverser, every action of the
traverser's tried and one of the opponent's drawn, the opponent's
probabilities added to the average, OpenSpiel's `SIMPLE` average), and so
is OpenSpiel's `ExternalSamplingSolver`; the ratio printed is ours over the
faster of OpenSpiel's two external-sampling rows. Outcome sampling (one
sampled path a seat, much cheaper an iteration) is shown for reference.
What each walks differs: OpenSpiel the unabstracted game, one pokerkit
state a node, with information sets keyed by their strings; ours the card
abstraction's information sets (docs/BOTS.md) in the core, on one deck
dealt an iteration.

Rows run alternately in rounds, each keeping its best round
(`alternate.py`). Ours runs on one `TrainRun` that goes on from round to
round; each OpenSpiel solver also keeps its tables between rounds. An
OpenSpiel external-sampling iteration takes seconds, so its rows run whole
iterations for at least `--seconds` (at least one). Timings never decide a
test.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable

from alternate import alternate, how, pair_ratios, spread, times

import razz_fast as rf
from razz_fast import _core

OPENSPIEL_RAZZ = {
    "variant": "FixedLimitRazz",
    "num_players": 2,
    "antes": "0 0",
    "bring_in": 1,
    "small_bet": 2,
    "big_bet": 4,
    "stack_sizes": "400 400",
}
OURS_1 = "razz_fast train, external sampling, 1 thread"
OURS_2 = "razz_fast train, external sampling, 2 threads"
ES_PY = "OpenSpiel ExternalSamplingSolver (Python)"
ES_CPP = "OpenSpiel ExternalSamplingMCCFRSolver (C++)"
OS_PY = "OpenSpiel OutcomeSamplingSolver (Python)"
OS_CPP = "OpenSpiel OutcomeSamplingMCCFRSolver (C++)"


def timed(step: Callable[[], int], seconds: float) -> float:
    """Calls ``step`` (which returns the iterations it ran) until ``seconds``
    have passed, at least once; iterations per second."""
    done, start = 0, time.perf_counter()
    while True:
        done += step()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def ours(threads: int, seconds: float) -> Callable[[], float]:
    rules = rf.Rules()
    assert (rules.ante, rules.bring_in, rules.small_bet, rules.big_bet) == (0, 1, 2, 4)
    # Iterations asked for: more than any run here makes (run() takes a count).
    run = _core.TrainRun(10**12, rules, 400, "default", 1, threads, False, None)
    chunk = 2_000 * threads
    run.run(chunk)  # warm up: the tables' pages are touched

    return lambda: timed(lambda: run.run(chunk), seconds)


def openspiel_rows(seconds: float, slow_seconds: float) -> dict[str, Callable[[], float]]:
    """OpenSpiel's solvers on its razz, or none if OpenSpiel is missing."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import external_sampling_mccfr as es
        from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr
        from open_spiel.python.games import pokerkit_wrapper  # noqa: F401 (registers the game)
    except ImportError as error:
        print(f"OpenSpiel skipped: {error}")
        return {}
    game = pyspiel.load_game("python_pokerkit_wrapper", OPENSPIEL_RAZZ)
    es_py = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    es_cpp = pyspiel.ExternalSamplingMCCFRSolver(game, 1, pyspiel.MCCFRAverageType.SIMPLE)
    os_py = os_mccfr.OutcomeSamplingSolver(game)
    os_cpp = pyspiel.OutcomeSamplingMCCFRSolver(game, 0.6, 1)

    def one(call: Callable[[], object]) -> Callable[[], int]:
        def step() -> int:
            call()
            return 1

        return step

    return {
        ES_PY: lambda: timed(one(es_py.iteration), slow_seconds),
        ES_CPP: lambda: timed(one(es_cpp.run_iteration), slow_seconds),
        OS_PY: lambda: timed(one(os_py.iteration), seconds),
        OS_CPP: lambda: timed(one(os_cpp.run_iteration), seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="a row's run in a round")
    parser.add_argument(
        "--slow-seconds",
        type=float,
        default=6.0,
        help="an external-sampling OpenSpiel row's run in a round (whole iterations)",
    )
    args = parser.parse_args()
    rows = {OURS_1: ours(1, args.seconds), OURS_2: ours(2, args.seconds)}
    rows |= openspiel_rows(args.seconds, args.slow_seconds)
    best, every = alternate(rows, args.rounds)
    print(how(args.rounds))
    print(f"{'iterations per second':>24}  row")
    for name, rate in best.items():
        print(f"{rate:>24,.2f}  {name}")
    external = [name for name in (ES_PY, ES_CPP) if name in best]
    if not external:
        return
    peer = max(external, key=best.__getitem__)
    for mine in (OURS_1, OURS_2):
        ratio = best[mine] / best[peer]
        ratios = pair_ratios(every, mine, peer)
        print(f"{mine} / {peer}: {times(ratio)} ({spread(ratios)})")
    outcome = max((n for n in (OS_PY, OS_CPP) if n in best), key=best.__getitem__)
    print(f"(for reference) {OURS_1} / {outcome}: {times(best[OURS_1] / best[outcome])}")


if __name__ == "__main__":
    main()
