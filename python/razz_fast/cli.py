"""The `razz-fast` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import razz_fast
from razz_fast.errors import RazzError


def _rank(args: argparse.Namespace) -> int:
    width = max(len(h) for h in args.hands)
    for text in args.hands:
        cards = razz_fast.parse_cards(text)
        value = razz_fast.rank(cards)
        best = razz_fast.format_cards(razz_fast.best_five(cards))
        print(f"{text:<{width}}  rank {value:>4}  best {best}  {razz_fast.describe(value)}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="razz-fast", description="Fast, correct razz (ace-to-five low) tools."
    )
    parser.add_argument("--version", action="version", version=razz_fast.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    rank = commands.add_parser("rank", help="rank and describe 5 to 7 card hands")
    rank.add_argument("hands", nargs="+", help='a hand such as "As 2d 3c 4h 6s Kd Kc"')
    rank.set_defaults(run=_rank)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
    except RazzError as error:
        print(f"razz-fast: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
