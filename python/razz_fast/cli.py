"""The `razz-fast` command line."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
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


def _strategies(text: str, players: int) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise RazzError("--strategies needs at least one name")
    return [names[seat % len(names)] for seat in range(players)]


def _rank_classes(winning_ranks: dict[int, int]) -> dict[str, int]:
    """Showdown-winning ranks grouped as 5-low, 6-low, …, one pair, …"""
    classes: dict[str, int] = {}
    for value, count in winning_ranks.items():
        text = razz_fast.describe(value)
        words = text[text.index("(") + 1 : -1]
        if words.endswith(" low"):
            name = f"{text[0]}-low"
        elif words.startswith("pair"):
            name = "one pair"
        elif words.startswith("two pair"):
            name = "two pair"
        else:
            name = "worse"
        classes[name] = classes.get(name, 0) + count
    return classes


def _simulate(args: argparse.Namespace) -> int:
    rules = razz_fast.Rules(args.ante, args.bring_in, args.small_bet, args.big_bet)
    strategies = _strategies(args.strategies, args.players)
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    result = razz_fast.simulate(
        args.hands,
        players=args.players,
        strategies=strategies,
        rules=rules,
        stacks=args.stack if args.stack is not None else 100 * args.big_bet,
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
    )
    if args.json:
        record = dataclasses.asdict(result)
        record["strategies"] = strategies
        record["rules"] = repr(rules)
        record["winning_ranks"] = {str(k): v for k, v in result.winning_ranks.items()}
        print(json.dumps(record, indent=2))
        return 0
    rate = result.hands / result.elapsed if result.elapsed > 0 else float("inf")
    print(
        f"{result.hands:,} hands, {result.players} players, {rules!r}\n"
        f"seed {result.seed}, {result.elapsed:.2f} s ({rate:,.0f} hands/s), "
        f"showdown rate {result.showdown_rate:.1%}\n"
    )
    big = rules.big_bet
    print(f"{'seat':>4}  {'strategy':<12} {'net chips':>14} {'bb/100 hands':>13} {'± s.e.':>7}")
    for seat in range(result.players):
        per100 = 100 * result.mean[seat] / big
        error = 100 * result.stderr[seat] / big
        name, net = strategies[seat], result.net[seat]
        print(f"{seat:>4}  {name:<12} {net:>14,} {per100:>13.2f} {error:>7.2f}")
    if result.showdowns:
        print("\nwinning hand at showdown:")
        for name, count in _rank_classes(result.winning_ranks).items():
            print(f"  {name:<9} {count / result.showdowns:7.2%}")
    return 0


def _count(text: str) -> int:
    """A count given as 1000000, 1_000_000 or 1e6."""
    try:
        value = float(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count: {text!r}") from None
    if not value.is_integer():
        raise argparse.ArgumentTypeError(f"not a whole count: {text!r}")
    return int(value)


def _match(args: argparse.Namespace) -> int:
    rules = razz_fast.Rules(args.ante, args.bring_in, args.small_bet, args.big_bet)
    players = args.players or len(args.strategies)
    strategies = [args.strategies[seat % len(args.strategies)] for seat in range(players)]
    show_progress = not args.json and not args.no_progress and sys.stderr.isatty()
    result = razz_fast.match(
        strategies,
        args.hands,
        rules=rules,
        stacks=args.stack if args.stack is not None else 100 * args.big_bet,
        duplicate=not args.no_duplicate,
        seed=args.seed,
        threads=args.threads,
        progress=show_progress,
    )
    if args.json:
        record = dataclasses.asdict(result)
        record["pairwise"] = [
            {"strategy": a, "against": b, "bb_per_100": d, "stderr_bb_per_100": e}
            for (a, b), (d, e) in result.pairwise.items()
        ]
        record["seating"] = strategies
        print(json.dumps(record, indent=2))
        return 0
    kind = "duplicate" if result.duplicate else "plain"
    print(
        f"{result.deals:,} deals, {result.hands:,} hands ({kind}), {players} players,"
        f" {rules!r}\nseed {result.seed}, {result.elapsed:.2f} s\n"
    )
    print(result.table())
    for (a, b), (diff, error) in result.pairwise.items():
        print(f"\n{a} against {b}: {diff:+.2f} ± {1.96 * error:.2f} bb/100 (95%)")
    if args.plot:
        result.plot(args.plot)
        print(f"\nchart written to {args.plot}")
    return 0


def _equity(args: argparse.Namespace) -> int:
    exact = {"auto": None, "yes": True, "no": False}[args.exact]
    start = time.perf_counter()
    result = razz_fast.equity(
        args.hands,
        args.dead or (),
        exact=exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
    )
    elapsed = time.perf_counter() - start
    if args.json:
        record = dataclasses.asdict(result)
        record["hands"] = args.hands
        record["dead"] = args.dead or ""
        record["elapsed"] = elapsed
        print(json.dumps(record, indent=2))
        return 0
    width = max(len("player"), *(len(h) for h in args.hands))
    how = (
        f"exact over {result.trials:,} deals"
        if result.exact
        else f"{result.trials:,} samples (seed {result.seed})"
    )
    print(f"{how}, {elapsed * 1000:.1f} ms\n")
    print(f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}  {'± s.e.':>8}")
    for cards, eq, win, tie, err in zip(
        args.hands, result.equity, result.win, result.tie, result.stderr
    ):
        error = "exact" if result.exact else f"{err:.4%}"
        print(f"{cards:<{width}}  {eq:>8.3%}  {win:>8.3%}  {tie:>8.3%}  {error:>8}")
    return 0


_STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def _replay(args: argparse.Namespace) -> int:
    from razz_fast.histories import HistoryError, replay
    from razz_fast.histories.analysis import street_equities

    settings = dict(
        cap=None if args.cap == 0 else args.cap,
        uncapped_heads_up=args.uncapped_heads_up,
        odd_chip=args.odd_chip,
        burn_cards=args.burn_cards,
    )
    # Bad settings are the command's error, not every hand's.
    razz_fast.Rules(**settings)
    records, failures = [], 0
    for path in args.files:
        try:
            loaded = _read_any(path)
        except OSError as error:
            failures += 1
            records.append({"file": path, "ok": False, "error": str(error)})
            if not args.json:
                print(f"{path}: cannot read: {error.strerror or error}")
            continue
        if not args.json:
            skipped = f", {loaded.skipped} hands of other games skipped" if loaded.skipped else ""
            print(f"{path}: {len(loaded.hands)} razz hands{skipped}")
        for error in loaded.errors:
            failures += 1
            records.append(
                {
                    "file": path,
                    "hand": error.hand_id,
                    "ok": False,
                    "line": error.line,
                    "error": error.message,
                }
            )
            if not args.json:
                print(f"  unreadable: {error}")
        for history in loaded.hands:
            record = {
                "file": path,
                "hand": history.hand_id,
                "site": history.site,
                "table": history.table,
                "players": history.players,
            }
            records.append(record)
            try:
                replayed = replay(history, **settings)
            except HistoryError as error:
                failures += 1
                record.update(ok=False, line=error.line, error=error.message)
                if not args.json:
                    print(
                        f"  hand {history.hand_id}: MISMATCH at line {error.line}: "
                        f"{error.message}\n    {(error.text or '').strip()}"
                    )
                continue
            net = dict(zip(replayed.names, replayed.net))
            record.update(ok=True, net=net, rake=replayed.rake, scale=history.scale)
            rows = []
            if not args.no_equity and len(replayed.hand.showdown_order) >= 2:
                rows = street_equities(replayed, trials=args.trials, seed=args.seed)
            record["equity"] = [
                {
                    "street": row.street,
                    "players": row.players,
                    "equity": row.result.equity,
                    "exact": row.result.exact,
                }
                for row in rows
            ]
            if args.json:
                continue
            winners = [name for name, value in net.items() if value > 0]
            print(
                f"  hand {history.hand_id}: ok, {len(history.seats)} players, "
                f"rake {history.text_of(replayed.rake)}, "
                f"won by {', '.join(winners) or 'nobody'}"
            )
            for row in rows:
                shares = "  ".join(
                    f"{name} {share:.1%}" for name, share in zip(row.players, row.result.equity)
                )
                how = "exact" if row.result.exact else "sampled"
                print(f"    {_STREET_NAMES[row.street]} ({how}): {shares}")
    if args.json:
        print(json.dumps(records, indent=2))
    elif failures:
        print(f"{failures} file(s) or hand(s) did not replay", file=sys.stderr)
    return 1 if failures else 0


def _read_any(path: str):
    """A site's text file, or a PHH ``.phh``/``.phhs`` file."""
    from razz_fast.histories import phh, read_histories

    return phh.read_phh(path) if phh.is_phh_path(path) else read_histories(path)


def _convert(args: argparse.Namespace) -> int:
    """Replay every hand of a history file and write them as PHH (``.phh``:
    one hand, ``.phhs``: any number) or PokerStars-style text (any other
    name). A hand that does not replay is reported and left out."""
    from razz_fast.histories import HistoryError, phh, replay
    from razz_fast.histories.export import to_pokerstars

    loaded = _read_any(args.input)
    failures = list(loaded.errors)
    played = []
    for history in loaded.hands:
        try:
            played.append(replay(history))
        except HistoryError as error:
            failures.append(error)
    for failure in failures:
        print(f"{args.input}: left out: {failure}", file=sys.stderr)
    output = args.output.lower()
    if output.endswith(".phh"):
        if len(played) != 1:
            raise ValueError(f"a .phh file holds one hand, not {len(played)}: write .phhs")
        text = phh.dumps(played[0])
    elif output.endswith(".phhs"):
        text = phh.dumps_all(played)
    else:
        texts = []
        for number, result in enumerate(played, start=1):
            history = result.history
            texts.append(
                to_pokerstars(
                    result.hand,
                    names=result.names,
                    hand_id=int(history.hand_id) if history.hand_id.isdigit() else number,
                    table=history.table or "razz_fast",
                    currency=history.currency or "",
                    scale=history.scale,
                )
            )
        text = "\n\n".join(texts)
    with open(args.output, "w", encoding="utf-8") as stream:
        stream.write(text)
    print(f"{args.output}: {len(played)} hands written, {len(failures)} left out")
    return 1 if failures else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="razz-fast", description="Fast, correct razz (ace-to-five low) tools."
    )
    parser.add_argument("--version", action="version", version=razz_fast.__version__)
    commands = parser.add_subparsers(dest="command", required=True)
    rank = commands.add_parser("rank", help="rank and describe 5 to 7 card hands")
    rank.add_argument("hands", nargs="+", help='a hand such as "As 2d 3c 4h 6s Kd Kc"')
    rank.set_defaults(run=_rank)

    sim = commands.add_parser(
        "simulate",
        help="play many complete hands with built-in strategies",
        description="Play complete razz hands in the compiled core on every core. "
        "With no options: six players (tight, check_call, random, tight, check_call, "
        "random), a million hands, ante 1, bring-in 2, bets 4/8, stacks of 100 big bets.",
    )
    sim.add_argument("--hands", type=int, default=1_000_000, help="hands to play (1,000,000)")
    sim.add_argument("--players", type=int, default=6, help="players at the table, 2-8 (6)")
    sim.add_argument(
        "--strategies",
        default="tight,check_call,random",
        help="comma-separated strategies, repeated round the table "
        "(check_call, random, tight; default tight,check_call,random)",
    )
    sim.add_argument("--ante", type=int, default=1)
    sim.add_argument("--bring-in", type=int, default=2)
    sim.add_argument("--small-bet", type=int, default=4)
    sim.add_argument("--big-bet", type=int, default=8)
    sim.add_argument("--stack", type=int, default=None, help="every seat's stack (100 big bets)")
    sim.add_argument("--seed", type=int, default=None, help="seed for a reproducible run")
    sim.add_argument("--threads", type=int, default=None, help="threads (all cores)")
    sim.add_argument("--json", action="store_true", help="print the result as JSON")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)

    mat = commands.add_parser(
        "match",
        help="rank strategies on the same deals, with confidence intervals",
        description="Play the strategies against each other, e.g. razz-fast match tight "
        "check_call random --players 6 --hands 1e6. Strategies are repeated round the "
        "table; with duplicate (the default) every deal is played once per rotation of the "
        "seating, with the same cards. Ante 1, bring-in 2, bets 4/8, stacks of 100 big "
        "bets unless given.",
    )
    mat.add_argument("strategies", nargs="+", help="check_call, random or tight")
    mat.add_argument("--players", type=int, default=None, help="seats (one per strategy)")
    mat.add_argument("--hands", type=_count, default=1_000_000, help="hands (1e6)")
    mat.add_argument("--no-duplicate", action="store_true", help="one seating per deal")
    mat.add_argument("--ante", type=int, default=1)
    mat.add_argument("--bring-in", type=int, default=2)
    mat.add_argument("--small-bet", type=int, default=4)
    mat.add_argument("--big-bet", type=int, default=8)
    mat.add_argument("--stack", type=int, default=None, help="every seat's stack (100 big bets)")
    mat.add_argument("--seed", type=int, default=None)
    mat.add_argument("--threads", type=int, default=None)
    mat.add_argument("--json", action="store_true", help="print the result as JSON")
    mat.add_argument("--plot", metavar="FILE", help="a chart of the running results (.png, .svg)")
    mat.add_argument("--no-progress", action="store_true", help="no progress bar")
    mat.set_defaults(run=_match)

    eq = commands.add_parser(
        "equity",
        help="each player's share of the pot, exact or sampled",
        description='Equity of razz hands, e.g. razz-fast equity "As 2d 3h" "7s 8d 9h" '
        '--dead "Kc". Each hand is the cards known for a player (0 to 7); unknown '
        "cards are dealt from the unseen ones.",
    )
    eq.add_argument("hands", nargs="+", help='a player\'s known cards, e.g. "As 2d 3h"')
    eq.add_argument("--dead", default="", help="cards out of play")
    eq.add_argument(
        "--exact",
        choices=("auto", "yes", "no"),
        default="auto",
        help="enumerate every deal (yes), sample (no), or exact when cheap (auto)",
    )
    eq.add_argument("--trials", type=int, default=None, help="samples (1,000,000)")
    eq.add_argument("--seed", type=int, default=None)
    eq.add_argument("--threads", type=int, default=None)
    eq.add_argument("--json", action="store_true")
    eq.set_defaults(run=_equity)

    rep = commands.add_parser(
        "replay",
        help="replay site hand histories and check every amount",
        description="Read PokerStars, Full Tilt, Winamax, KingsClub and Merge razz hand "
        "histories and PHH (.phh, .phhs) files, replay each hand through the engine, "
        "check every posted, bet, called, returned and collected amount and the site's "
        "hand descriptions, and print each showdown hand's equity street by street. "
        "Exit status 1 if any hand differs.",
    )
    rep.add_argument("files", nargs="+", help="hand-history files")
    rep.add_argument("--no-equity", action="store_true", help="skip the equity per street")
    rep.add_argument("--trials", type=int, default=None, help="samples where not exact")
    rep.add_argument("--seed", type=int, default=0, help="seed for sampled equity (0)")
    rep.add_argument("--json", action="store_true")
    rep.add_argument(
        "--cap", type=int, default=4, help="bets per round, 0 for no cap (4, as the sites)"
    )
    rep.add_argument("--uncapped-heads-up", action="store_true", help="no cap heads-up")
    rep.add_argument(
        "--odd-chip", choices=("low_card", "seat"), default="low_card", help="(low_card)"
    )
    rep.add_argument("--burn-cards", action="store_true", help="the room burned cards")
    rep.set_defaults(run=_replay)

    conv = commands.add_parser(
        "convert",
        help="convert a hand-history file to PHH or PokerStars text",
        description="Replay every hand of a site's text file or a PHH file and write them "
        "as PHH (OUT ending in .phh for one hand, .phhs for any number) or as "
        "PokerStars-style text (any other name). Hands that do not replay are left out "
        "and the exit status is 1.",
    )
    conv.add_argument("input", help="a hand-history file (any supported site, .phh, .phhs)")
    conv.add_argument("output", help="the file to write")
    conv.set_defaults(run=_convert)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return args.run(args)
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


if __name__ == "__main__":
    sys.exit(main())
