"""Option types and helpers the subcommands share: checked integers, the
table's stakes and stacks, JSON output and plot paths."""

from __future__ import annotations

import argparse
import decimal
import inspect
import json
import math
import os
import pathlib
from collections.abc import Callable, Sequence
from typing import Any

import razz_fast
from razz_fast import _core
from razz_fast._core import MAX_THREADS
from razz_fast.bots import Policy
from razz_fast.errors import RazzError
from razz_fast.plot import plot_available, plot_formats

COUNT_LIMIT = 2**63 - 1


SEED_LIMIT = 2**64 - 1


def int_option(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an int in low..high, so that a bad value is refused
    with the option's own name before the command prints anything."""

    def convert(text: str) -> int:
        # Decimal, not float: 1e6 and 1_000_000 are counts too, and 1e30 is
        # ten to the thirty, not the float nearest it.
        try:
            value = decimal.Decimal(text.replace("_", ""))
        except decimal.InvalidOperation:
            value = decimal.Decimal("nan")
        if not value.is_finite() or value != value.to_integral_value():
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer")
        # (More digits than ``high`` has is out of range: no int() of 1e999999999.)
        if value.adjusted() >= len(str(high)) or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"{text} is not in {low:,}..{high:,}")
        return int(value)

    convert.__name__ = "integer"  # argparse names the type in some messages
    return convert


def json_text(record: Any) -> str:
    """``record`` as strict JSON: an infinite or undefined figure (a
    variance reduction with no error left, say) is ``null``, since JSON has
    no Infinity or NaN and strict parsers refuse Python's spelling of them."""

    def finite(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: finite(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [finite(v) for v in value]
        return value

    return json.dumps(finite(record), indent=2, allow_nan=False)


def plot_path(path: str | None) -> str | None:
    """The file a ``--plot`` writes (with ``.png`` added to a name without
    an extension, as matplotlib would, so that the message names the file
    written); a path that cannot be drawn or written is refused before a
    run that may take minutes: ValueError (a message, status 2)."""
    if path is None:
        return None
    if not plot_available():
        raise ValueError("--plot needs matplotlib: pip install 'razz-fast[plot]'")
    target = pathlib.Path(path)
    folder = target.parent
    if target.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        why = "is a folder" if target.is_dir() else f"cannot write in {str(folder)!r}"
        raise ValueError(f"--plot {path}: {why}")
    # matplotlib picks the format by the extension and refuses one it does
    # not know only when it saves, after the run.
    suffix = target.suffix[1:].lower()
    if suffix and suffix not in plot_formats():
        raise ValueError(
            f"--plot {path}: matplotlib cannot write .{suffix} files"
            f" (it writes {', '.join(plot_formats())})"
        )
    return path if suffix else f"{path}.png"


def rules_record(rules: razz_fast.Rules) -> dict[str, Any]:
    """The rules as a JSON object: every public property of ``Rules``."""
    names = [
        name
        for name, attribute in inspect.getmembers(type(rules))
        if not name.startswith("_") and inspect.isdatadescriptor(attribute)
    ]
    return {name: getattr(rules, name) for name in names}


def strategy_of(text: str) -> Any:
    """A strategy named on the command line: a built-in's name, or the path
    of a policy file (``Policy.save``), loaded. Anything else is an error
    naming both kinds."""
    if text in _core.STRATEGIES:
        return text
    if os.path.isfile(text):
        try:
            return Policy.load(text)
        except ValueError as e:
            raise RazzError(str(e)) from None
    names = ", ".join(_core.STRATEGIES)
    raise RazzError(f"strategy {text!r} is neither a built-in ({names}) nor a policy file")


def strategy_names(texts: Sequence[str], given: str) -> list[str]:
    """The strategies as the command line names them, in order: each text
    a name or a comma-separated list of names (``tight,check_call``), as
    ``simulate --strategies`` and ``match``'s arguments both take them; a
    text that is an existing file is one policy file, commas and all.
    ``given`` names where the texts came from, for the error."""
    names = []
    for text in texts:
        parts = [text] if os.path.isfile(text) else [name.strip() for name in text.split(",")]
        if not all(parts):
            # "tight,,random" is a slip, not two strategies.
            raise RazzError(f"{given} {text!r} has an empty name")
        names.extend(parts)
    return names


def seat_strategies(names: Sequence[str], players: int, given: str) -> list[str]:
    """Each seat's strategy: ``names`` repeated round the table. More names
    than seats is an error, since a strategy with no seat would silently
    drop out of the results."""
    if len(names) > players:
        raise RazzError(
            f"{given} names {len(names)} strategies for --players {players}: "
            "give at most one a seat (they repeat round the table)"
        )
    return [names[seat % len(names)] for seat in range(players)]


def table_strategies(text: str, players: int) -> list[str]:
    """``simulate --strategies``: each seat's strategy."""
    return seat_strategies(strategy_names([text], "--strategies"), players, "--strategies")


STAKES = ("ante", "bring_in", "small_bet", "big_bet")


#: The command's table, which is not Rules()'s (the help says so).
STAKE_DEFAULTS = {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}

#: Each stake option's help, in plain words (the default follows).
STAKE_HELP = {
    "ante": "the ante every player posts before the cards are dealt, in chips",
    "bring_in": "the forced first bet of the player showing the highest card on third "
    "street, in chips",
    "small_bet": "the size of every bet and raise on third and fourth streets, in chips",
    "big_bet": "the size of every bet and raise on fifth, sixth and seventh streets, in chips",
}


def stake_rules(args: argparse.Namespace) -> razz_fast.Rules:
    """The table's Rules from the stake options; an error names the options
    as the user typed them, and says which were left at their defaults (a
    --bring-in above the default --small-bet is blamed on --bring-in too)."""
    args.given = {name for name in STAKES if getattr(args, name) is not None}
    values = {
        name: STAKE_DEFAULTS[name] if getattr(args, name) is None else getattr(args, name)
        for name in STAKES
    }
    try:
        return razz_fast.Rules.preset(getattr(args, "rules", "pokerstars"), *values.values())
    except ValueError as error:
        message = str(error)
        for name in STAKES:
            message = message.replace(name, "--" + name.replace("_", "-"))
        given = [f"--{n.replace('_', '-')} {values[n]}" for n in STAKES if n in args.given]
        defaults = [f"--{n.replace('_', '-')} {values[n]}" for n in STAKES if n not in args.given]
        context = f"given {', '.join(given)}" if given else "all defaults"
        if given and defaults:
            context += f"; defaults {', '.join(defaults)}"
        raise RazzError(f"{message} ({context})") from None


def table_stack(args: argparse.Namespace, rules: razz_fast.Rules) -> int:
    """--stack, or 100 big bets; a default past the chip limit (a huge
    --big-bet) says which option to give instead of naming a stack the
    user never typed."""
    if args.stack is not None:
        return int(args.stack)
    stack = 100 * rules.big_bet
    if stack > _core.MAX_CHIPS:
        raise ValueError(
            f"the default --stack is 100 big bets, {stack:,}, past the chip limit"
            f" {_core.MAX_CHIPS:,}: give --stack"
        )
    return stack


#: The help of the options several subcommands share.
SEED_HELP = "the seed of the random numbers: the same seed gives the same result"
THREADS_HELP = "how many threads to run on (default: one per core)"
JSON_HELP = "print the result as JSON"
NO_PROGRESS_HELP = "no progress bar (shown only when standard error is a terminal)"


def table_options(
    parser: argparse.ArgumentParser, chips: Any, seed: Any, threads: Any, note: str
) -> None:
    """The options of a table of hands that simulate and match share: the
    preset, the stakes, the stacks, the seed, the threads and --json."""
    parser.add_argument(
        "--rules",
        choices=razz_fast.Rules.PRESETS,
        default="pokerstars",
        help="whose rule book settles the fine points (the cap, all-ins, odd chips): "
        "default pokerstars",
    )
    for name, value in STAKE_DEFAULTS.items():
        flag = "--" + name.replace("_", "-")
        parser.add_argument(
            flag, type=chips, default=None, help=f"{STAKE_HELP[name]} (default {value}{note})"
        )
    parser.add_argument(
        "--stack",
        type=int_option(1, _core.MAX_CHIPS),
        default=None,
        help="the chips every player starts each hand with (default: 100 big bets)",
    )
    parser.add_argument(
        "--seed", type=seed, default=None, help=SEED_HELP + " (default: a random seed)"
    )
    parser.add_argument("--threads", type=threads, default=None, help=THREADS_HELP)
    parser.add_argument("--json", action="store_true", help=JSON_HELP)


class OptionTypes:
    """The checked option types the subcommands share."""

    def __init__(self) -> None:
        self.count = int_option(1, COUNT_LIMIT)
        self.seed = int_option(0, SEED_LIMIT)
        self.threads = int_option(1, MAX_THREADS)
        self.chips = int_option(0, _core.MAX_CHIPS)
        self.cap = int_option(0, COUNT_LIMIT)  # 0: no cap
