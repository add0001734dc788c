"""``train``: Monte Carlo CFR for heads-up razz in the core, in batches of
iterations (for the progress bar, checkpoints and Ctrl-C); the policy is
the average strategy ([training](BOTS.md#training))."""

from __future__ import annotations

import os
from typing import Any

from razz_fast import _core
from razz_fast import _policy_file as policy_file
from razz_fast._runs.progress import progress_bar
from razz_fast.bots import checkpoint as checkpoints
from razz_fast.bots.policy import Policy, rules_fields

__all__ = ["train"]

#: Iterations per core call: a fraction of a second, so that the bar
#: moves and a checkpoint is never far behind.
BATCH = 2_000


def train(
    iterations: int,
    *,
    rules: _core.Rules | None = None,
    stacks: int | list[int] | None = None,
    abstraction: str = "default",
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    checkpoint: str | os.PathLike[str] | None = None,
) -> Policy:
    """Train a heads-up ``Policy`` with ``iterations`` iterations of
    external-sampling Monte Carlo CFR over the ``abstraction`` (its average
    strategy). The same ``seed`` with ``threads=1`` gives a byte-identical
    policy; more threads run iterations in parallel, faster but not
    reproducibly. With ``checkpoint`` (a path), the trainer's tables are
    written there as it goes and at the end, and a training whose
    checkpoint exists goes on from it up to ``iterations`` in all. Ctrl-C
    stops it and returns the policy of the iterations done (also saved to
    the checkpoint). See [training](BOTS.md#training)."""
    run = _core.TrainRun(
        iterations, rules, stacks, abstraction, seed, threads, progress, checkpoint
    )
    fields = rules_fields(run.rules)
    path = run.checkpoint
    if path is not None and os.path.exists(path):
        checkpoints.resume(path, run, fields)
    bar = progress_bar(run.progress, run.iterations, " iterations", "train")
    if bar is not None:
        bar.update(min(run.done, run.iterations))
    # A checkpoint every tenth of the run (or every batch, if that is more).
    every = max(BATCH, run.iterations // 10)
    written = run.done
    try:
        while run.done < run.iterations:
            before = run.done
            try:
                run.run(min(BATCH, run.iterations - run.done))
            finally:
                if bar is not None:
                    bar.update(run.done - before)
            if path is not None and run.done - written >= every:
                checkpoints.write(path, run, fields)
                written = run.done
    except KeyboardInterrupt:
        pass  # The policy of the iterations done, as the docs promise.
    finally:
        if bar is not None:
            bar.close()
        if path is not None and run.done != written:
            checkpoints.write(path, run, fields)
    return policy_of(run, fields)


def policy_of(run: _core.TrainRun, fields: dict[str, Any]) -> Policy:
    """The average strategy of ``run`` so far, as a ``Policy``."""
    header = {
        "format": policy_file.FORMAT,
        "abstraction": _core.ABSTRACTION,
        "abstraction_version": _core.ABSTRACTION_VERSION,
        "infosets": _core.INFOSETS,
        "players": 2,
        "rules": fields,
        "made": {
            "by": "train",
            "iterations": run.done,
            "seed": run.seed,
            "stacks": list(run.stacks),
            "razz_fast": _core.__version__,
        },
    }
    return Policy(run.average_weights(), 2, header)
