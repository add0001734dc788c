"""Smoke tests of an installed razz_fast (a wheel in a fresh venv): every
part imports and gives known answers, with no source tree and no Rust.

    python tests/release/smoke.py     # run from outside the repository

Run by `nox -s wheel` on every CPython 3.9-3.13 present and by the release
workflow on each platform's wheel; pytest does not collect it (the full
suite covers the same ground in depth).
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys
from importlib.metadata import files, version

import numpy as np

import razz_fast as rf
from razz_fast import reference
from razz_fast.histories import parse_histories, replay
from razz_fast.histories.export import to_pokerstars


def main() -> None:
    here = pathlib.Path(rf.__file__).resolve()
    assert "site-packages" in here.parts, f"razz_fast imported from {here}, not an install"
    assert rf.__version__ == version("razz-fast")
    licences = [f for f in files("razz-fast") or [] if f.name == "LICENSE"]
    assert licences, "the wheel ships its LICENSE"

    # The evaluator, one call and a batch, against the pure-Python reference.
    assert rf.rank("As 2d 3c 4h 5s") == 1
    assert rf.best_five("As 2d 3c 4h 6s Kd Kc") == [23, 14, 8, 5, 3]
    assert rf.describe(2) == "6-4-3-2-A (six-four low)"
    rng = np.random.default_rng(7)
    hands = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (2_000, 1)), axis=1)[:, :7]
    ranks = rf.rank_many(hands, threads=2)
    assert ranks.dtype == np.uint16 and len(ranks) == 2_000
    assert [int(r) for r in ranks[:50]] == [reference.rank(list(row)) for row in hands[:50]]

    # The hand engine, and a history that reads back.
    hand = rf.Hand(rf.Rules(1, 2, 4, 8), [100] * 3, seed=1)
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1])
    assert sum(hand.payoffs) == 0
    text = to_pokerstars(hand)
    assert replay(parse_histories(text).hands[0]).hand.payoffs == hand.payoffs

    # simulate and equity: reproducible, and the same whatever the threads.
    one = rf.simulate(5_000, players=4, strategies="tight", seed=3, threads=1)
    two = rf.simulate(5_000, players=4, strategies="tight", seed=3, threads=2)
    assert one.net == two.net and sum(one.net) == 0
    exact = rf.equity(["As 2d 3c", "Ks Qd Jc"])
    assert exact.exact and exact.trials == 18_265_297_050
    sampled = rf.equity(["As 2d 3c", "Ks Qd Jc"], exact=False, trials=20_000, seed=5)
    assert not sampled.exact and abs(sampled.equity[0] - exact.equity[0]) < 0.02

    # The shipped blueprint is in the wheel, and plays.
    duel = rf.simulate(2_000, players=2, strategies=["blueprint", "tight"], seed=1)
    assert duel.hands == 2_000 and sum(duel.net) == 0

    # Bad input is an exception, not a crash.
    try:
        rf.rank("As As 2d 3c 4h")
    except rf.InvalidCardError:
        pass
    else:
        raise AssertionError("a duplicate card was accepted")

    # The command line.
    command = shutil.which("razz-fast", path=str(pathlib.Path(sys.executable).parent))
    assert command, "the wheel installs the razz-fast command"
    out = subprocess.run(
        [command, "rank", "As 2d 3c 4h 6s Kd Kc"], capture_output=True, text=True, check=True
    ).stdout
    assert "six-four low" in out
    print(f"razz_fast {rf.__version__} smoke tests passed on Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
