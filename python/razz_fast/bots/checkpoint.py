r"""Training checkpoints: a trainer's tables on disk, so that ``train`` can
stop and go on where it left off ([training](BOTS.md#training)).

A checkpoint is, in order: the magic bytes ``b"razzcfr\n"``; the header's
length (little-endian unsigned 32-bit); the header, a JSON object (``format``,
``abstraction``, ``abstraction_version``, ``infosets``, ``rules``, ``stacks``,
``seed``, ``iterations`` done); then the regrets and the strategy sums,
``infosets * 3`` little-endian float64 each.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from razz_fast import _core
from razz_fast._policy_file import split_file, write_file

MAGIC = b"razzcfr\n"
FORMAT = 1


def header_of(run: _core.TrainRun, rules: dict[str, Any]) -> dict[str, Any]:
    """What a checkpoint of ``run`` says of itself."""
    return {
        "format": FORMAT,
        "abstraction": _core.ABSTRACTION,
        "abstraction_version": _core.ABSTRACTION_VERSION,
        "infosets": _core.INFOSETS,
        "rules": rules,
        "stacks": list(run.stacks),
        "seed": run.seed,
        "iterations": run.done,
    }


def write(path: str, run: _core.TrainRun, rules: dict[str, Any]) -> None:
    """Writes ``run``'s tables to ``path`` (whole or not at all)."""
    regrets, sums = run.tables()
    parts = (regrets.astype("<f8").tobytes(), sums.astype("<f8").tobytes())
    write_file(path, MAGIC, header_of(run, rules), *parts)


def resume(path: str, run: _core.TrainRun, rules: dict[str, Any]) -> None:
    """Loads the checkpoint at ``path`` into ``run``, which must be the same
    training: the same abstraction, rules, stacks and seed, else a
    ValueError naming what differs."""
    with open(path, "rb") as f:
        data = f.read()

    def bad(what: str) -> ValueError:
        return ValueError(f"{path} is not a razz_fast training checkpoint: {what}")

    header, tables = split_file(data, MAGIC, bad)
    expected = header_of(run, rules)
    for key in (
        "format",
        "abstraction",
        "abstraction_version",
        "infosets",
        "rules",
        "stacks",
        "seed",
    ):
        if header.get(key) != expected[key]:
            raise ValueError(
                f"the checkpoint {path} is of another training: its {key} is"
                f" {header.get(key)!r}, this one's {expected[key]!r}"
            )
    done = header.get("iterations")
    if not isinstance(done, int) or isinstance(done, bool) or done < 0:
        raise bad(f"its iterations is {done!r}")
    size = _core.INFOSETS * 3 * 8
    if len(tables) != 2 * size:
        raise bad(f"it holds {len(tables)} bytes of tables ({2 * size} expected)")
    regrets = np.frombuffer(tables[:size], dtype="<f8").astype(np.float64)
    sums = np.frombuffer(tables[size:], dtype="<f8").astype(np.float64)
    run.restore(done, regrets, sums)
