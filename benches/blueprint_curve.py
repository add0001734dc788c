"""The blueprint's local-best-response value against training iterations
(docs/BOTS.md, "The blueprint"), from the policies `train_blueprint.py`
saved at each stage.

    python benches/blueprint_curve.py --work /tmp/blueprint --hands 200000 \
        --plot docs/blueprint_curve.png --write docs/BOTS.md

Prints a Markdown table (iterations, value, 95% interval); with ``--plot``
draws it (matplotlib), and with ``--write FILE`` replaces the block between
``<!-- curve:start -->`` and ``<!-- curve:end -->`` in FILE.
"""

from __future__ import annotations

import argparse
import pathlib
import re

from _markdown import replace_block

import razz_fast as rf

Z = 1.959963984540054


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default="/tmp/blueprint")
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=None)
    parser.add_argument("--plot", default=None)
    parser.add_argument("--write", default=None)
    args = parser.parse_args()
    found = sorted(
        (int(m.group(1)), path)
        for path in pathlib.Path(args.work).glob("blueprint-*.pol")
        if (m := re.fullmatch(r"blueprint-(\d+)\.pol", path.name))
    )
    points = []
    for iterations, path in found:
        result = rf.exploitability(
            rf.Policy.load(path), args.hands, seed=args.seed, threads=args.threads
        )
        points.append((iterations, result.bb_per_100, result.stderr))
        print(f"  {iterations:,}: {result.bb_per_100:.2f} ± {Z * result.stderr:.2f}", flush=True)
    rows = [
        f"Made by `python benches/blueprint_curve.py --hands {args.hands} --seed {args.seed}`"
        " from the stages of `benches/train_blueprint.py`.",
        "",
        "| iterations | local best response, bb/100 [95% interval] |",
        "|---:|---|",
    ]
    for iterations, value, error in points:
        low, high = value - Z * error, value + Z * error
        rows.append(f"| {iterations:,} | {value:+.2f} [{low:+.2f}, {high:+.2f}] |")
    text = "\n".join(rows)
    print(text)
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(6, 3.6))
        xs = [p[0] for p in points]
        ax.errorbar(xs, [p[1] for p in points], yerr=[Z * p[2] for p in points], marker="o",
                    capsize=3)  # fmt: skip
        ax.set_xscale("log")
        ax.set_xlabel("training iterations")
        ax.set_ylabel("local best response, bb/100")
        ax.set_title("The blueprint: how much a local best response wins")
        ax.grid(True, alpha=0.3)
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110, metadata={"Software": None})
    if args.write:
        replace_block(args.write, "curve", text)


if __name__ == "__main__":
    main()
