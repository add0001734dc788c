"""The `razz-fast` command line: one module a family of subcommands
(``simulate``, ``match``, ``equity`` with ``chart`` and ``rank``, the
hand-history commands and ``train``), sharing the option types of ``options``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

import razz_fast
from razz_fast.cli.equity import add_chart, add_equity, add_rank
from razz_fast.cli.histories import add_convert, add_replay
from razz_fast.cli.match import add_match
from razz_fast.cli.options import OptionTypes
from razz_fast.cli.simulate import add_simulate
from razz_fast.cli.train import add_train

__all__ = ["main"]


class _Intermixed(argparse.ArgumentParser):
    """A subcommand's parser that takes options anywhere among its
    positional arguments (``equity "As 2d" --dead Kc "7s 8d"``, ``convert IN
    --to phhs OUT``), as ``parse_intermixed_args`` does: argparse alone
    stops a ``nargs="+"`` list at the first option and calls the rest
    unrecognized. The subcommand action calls ``parse_known_args``, so that
    is where the intermixed parse goes in; the intermixed parse calls it
    back twice for its own passes, which then parse plainly."""

    _passes = 0

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._passes:
            return super().parse_known_args(args, namespace)
        self._passes += 1
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._passes -= 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="razz-fast", description="Fast, correct razz (ace-to-five low) tools."
    )
    parser.add_argument("--version", action="version", version=razz_fast.__version__)
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_Intermixed, help="the command to run"
    )
    types = OptionTypes()
    for add in (
        add_rank,
        add_simulate,
        add_match,
        add_equity,
        add_chart,
        add_replay,
        add_convert,
        add_train,
    ):
        add(commands, types)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        # A bad option (argparse printed which, status 2), --help or --version.
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.run(args)
        return status
    except (ValueError, TypeError) as error:
        # Bad options (razz_fast errors are ValueErrors): a message, not a traceback.
        print(f"razz-fast: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("razz-fast: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`razz-fast ... | head`): not an error of ours.
        sys.stderr.close()
        return 0
    except OSError as error:
        # A file that cannot be written after all (a full disk, say).
        print(f"razz-fast: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
