"""`razz-fast train`: a heads-up policy by Monte Carlo CFR, saved to a file."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import razz_fast
from razz_fast.cli.options import (
    NO_PROGRESS_HELP,
    OptionTypes,
    json_text,
    rules_record,
    stake_rules,
    table_options,
    table_stack,
)
from razz_fast.errors import RazzError


def _train(args: argparse.Namespace) -> int:
    rules = stake_rules(args)
    out = os.path.abspath(args.out)
    if args.checkpoint is not None and os.path.abspath(args.checkpoint) == out:
        raise RazzError("--checkpoint and --out must be different files")
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    policy = razz_fast.train(
        args.iterations,
        rules=rules,
        stacks=table_stack(args, rules),
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
        checkpoint=args.checkpoint,
    )
    policy.save(args.out)
    made = policy.header["made"]
    if args.json:
        record = {"out": args.out, "rules": rules_record(rules), **made}
        print(json_text(record))
    else:
        done = made["iterations"]
        stopped = "" if done >= args.iterations else f" (stopped early, of {args.iterations:,})"
        print(f"{done:,} iterations{stopped}, seed {made['seed']}: policy written to {args.out}")
    return 0


def add_train(commands: Any, types: OptionTypes) -> None:
    """`razz-fast train`."""
    train = commands.add_parser(
        "train",
        help="train a heads-up policy by Monte Carlo CFR",
        description="Train a heads-up razz policy with external-sampling Monte Carlo "
        "counterfactual regret minimisation on every core, and save it as a policy file "
        "(play it with --strategies FILE). Ctrl-C saves the policy of the iterations done.",
    )
    train.add_argument(
        "--iterations", type=types.count, required=True, help="how many training iterations to run"
    )
    train.add_argument("--out", required=True, help="the policy file to write")
    train.add_argument(
        "--checkpoint", default=None, help="a file to save the training to and resume from"
    )
    table_options(train, types.chips, types.seed, types.threads, "")
    train.add_argument("--no-progress", action="store_true", help=NO_PROGRESS_HELP)
    train.set_defaults(run=_train)
