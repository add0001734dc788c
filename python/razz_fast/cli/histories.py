"""The `razz-fast replay` and `razz-fast convert` commands: hand-history
files read (any supported site, or PHH), replayed with every amount
checked, reported hand by hand, and written out as PHH or PokerStars text.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import json
import os
import stat
import sys
import tempfile
from typing import Any

import razz_fast
from razz_fast.errors import RazzError

_STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


class _Tally:
    """What `razz-fast replay` counts for its closing summary."""

    def __init__(self) -> None:
        self.replayed = 0
        self.mismatched: list[str] = []  # hand ids, known-bad logs marked
        self.known_bad = 0
        self.other_games = 0
        self.unreadable = 0
        self.empty_files: list[str] = []  # files that held no razz hand

    def summary(self) -> str:
        hands = self.replayed + len(self.mismatched)
        text = f"{self.replayed} of {hands} razz hands replayed, {len(self.mismatched)} mismatched"
        if self.known_bad:
            text += f" ({self.known_bad} of them known-bad site logs)"
        text += f"; skipped: {self.other_games} hands of other games"
        text += f", {self.unreadable} unreadable hands or files"
        if self.empty_files:
            text += f"; {len(self.empty_files)} files with no razz hand"
        return text

    @property
    def failed(self) -> bool:
        """A hand that did not replay or could not be read, or a file with
        no razz hand to check (``replay README.md`` checked nothing, and says
        so in its status): the others are still checked and reported."""
        return bool(self.mismatched or self.unreadable or self.empty_files)


def _checked_files(paths: list[str], encoding: str | None = None) -> None:
    """Refuse a bad --encoding or a file that cannot be opened before any output."""
    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            raise RazzError(f"--encoding {encoding}: no such encoding") from None
    for path in paths:
        try:
            with open(path, "rb"):
                pass
        except OSError as error:
            raise _file_error(path, "read", error) from None


def _file_error(path: str, verb: str, error: OSError) -> RazzError:
    """The command's error for a file it cannot read or write (status 2)."""
    return RazzError(f"{path}: cannot {verb}: {error.strerror or error}")


def replay_command(args: argparse.Namespace) -> int:
    """`razz-fast replay`: every hand of every file replayed and checked,
    one line per hand (or JSON records), a closing summary; exit status 1
    when a hand does not replay or cannot be read, or a file holds no razz
    hand."""
    settings = _settings(args)
    _checked_files(args.files, args.encoding)
    records: list[dict[str, Any]] = []
    tally = _Tally()
    for path in args.files:
        _replay_file(path, args, settings, records, tally)
    if args.json:
        print(json.dumps(records, indent=2))
        print(tally.summary(), file=sys.stderr)
    else:
        print(f"\n{tally.summary()}")
    return 1 if tally.failed else 0


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    """The rule settings the command line gives, checked once: only those
    given change the preset (the site's own by default)."""
    given = dict(
        cap=args.cap, heads_up=args.heads_up, odd_chip=args.odd_chip, burn_cards=args.burn_cards
    )
    settings = {name: value for name, value in given.items() if value is not None}
    if settings.get("cap") == 0:
        settings["cap"] = None
    # Bad settings are the command's error, not every hand's.
    razz_fast.Rules.preset(args.rules or "pokerstars").replace(**settings)
    settings["preset"] = args.rules
    return settings


def _replay_file(
    path: str,
    args: argparse.Namespace,
    settings: dict[str, Any],
    records: list[dict[str, Any]],
    tally: _Tally,
) -> None:
    """Replays one file's hands: an unreadable file or hand is counted and
    reported, and the rest are still checked."""
    from razz_fast.histories import HistoryError

    try:
        loaded = _read_any(path, encoding=args.encoding)
    except (OSError, HistoryError) as error:
        tally.unreadable += 1
        tally.empty_files.append(path)
        records.append({"file": path, "ok": False, "error": str(error)})
        if not args.json:
            print(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}")
        return
    tally.other_games += loaded.skipped
    if not args.json:
        skipped = f", {loaded.skipped} hands of other games skipped" if loaded.skipped else ""
        print(f"{path}: {len(loaded.hands)} razz hands{skipped}")
    for unreadable in loaded.errors:
        tally.unreadable += 1
        records.append(
            {
                "file": path,
                "hand": unreadable.hand_id,
                "ok": False,
                "line": unreadable.line,
                "error": unreadable.message,
            }
        )
        if not args.json:
            print(f"  unreadable, skipped: {unreadable}")
    if not loaded.hands:
        tally.empty_files.append(path)
        if not args.json:
            print(f"  no razz hand in {path}")
    for history in loaded.hands:
        record = {
            "file": path,
            "hand": history.hand_id,
            "site": history.site,
            "table": history.table,
            "players": history.players,
        }
        records.append(record)
        _replay_hand(history, args, settings, record, tally)


def _replay_hand(
    history: Any,
    args: argparse.Namespace,
    settings: dict[str, Any],
    record: dict[str, Any],
    tally: _Tally,
) -> None:
    """Replays one hand into its ``record``, printing its line unless
    ``--json``: a mismatch with its line (and whether the site's log is a
    known-bad one), else the winners and each street's equities."""
    from razz_fast.histories import HistoryError, replay
    from razz_fast.histories.analysis import street_equities
    from razz_fast.histories.known_bad import known_bad

    try:
        replayed = replay(history, **settings)
    except HistoryError as error:
        bad_log = known_bad(history.site, history.hand_id, error.line)
        tally.mismatched.append(history.hand_id)
        tally.known_bad += bad_log is not None
        record.update(ok=False, line=error.line, error=error.message)
        record["known_bad_log"] = None if bad_log is None else bad_log.why
        if not args.json:
            print(
                f"  hand {history.hand_id}: MISMATCH at line {error.line}: "
                f"{error.message}\n    {(error.text or '').strip()}"
            )
            if bad_log is not None:
                print(f"    a known-bad site log: {bad_log.why}")
        return
    tally.replayed += 1
    net = dict(zip(replayed.names, replayed.net))
    record.update(ok=True, net=net, rake=replayed.rake, scale=history.scale)
    record.update(preset=replayed.preset, note=replayed.note)
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
        return
    winners = [name for name, value in net.items() if value > 0]
    print(
        f"  hand {history.hand_id}: ok, {len(history.seats)} players, "
        f"rake {history.text_of(replayed.rake)}, "
        f"won by {', '.join(winners) or 'nobody'}"
    )
    if replayed.note:
        print(f"    {replayed.note}")
    for row in rows:
        shares = "  ".join(
            f"{name} {share:.1%}" for name, share in zip(row.players, row.result.equity)
        )
        how = "exact" if row.result.exact else "sampled"
        print(f"    {_STREET_NAMES[row.street]} ({how}): {shares}")


def _read_any(path: str, encoding: str | None = None) -> Any:
    """A site's text file, or a PHH ``.phh``/``.phhs`` file."""
    from razz_fast.histories import phh, read_histories

    if phh.is_phh_path(path):
        return phh.read_phh(path, encoding=encoding)
    return read_histories(path, encoding=encoding)


def convert_command(args: argparse.Namespace) -> int:
    """Replay every hand of a history file and write them as PHH (``.phh``:
    one hand, ``.phhs``: any number) or PokerStars-style text (any other
    name, or ``--to``); ``-`` is standard output. A hand that does not
    replay, or cannot be written as PokerStars text, is reported (status 1)
    and then nothing is written, unless ``--partial`` asks for the hands
    that convert; a file that cannot be read or written is the command's
    error (2). OUT is written whole or not at all: never IN itself, never
    when no hand is left to write, and through a temporary file renamed
    over it only once the text is complete."""
    from razz_fast.histories import HistoryError, phh, replay
    from razz_fast.histories.export import to_pokerstars

    _checked_files([args.input])
    to_stdout = args.output == "-"
    if not to_stdout:
        _refuse_same_file(args.input, args.output)
    try:
        loaded = _read_any(args.input)
    except OSError as error:  # (a file that went away since it was checked)
        raise _file_error(args.input, "read", error) from None
    failures: list[HistoryError] = []

    def leave_out(error: HistoryError) -> None:
        failures.append(error)
        print(f"{args.input}: left out: {error}", file=sys.stderr)

    for unreadable in loaded.errors:
        leave_out(unreadable)
    played = []
    for history in loaded.hands:
        try:
            played.append(replay(history))
        except HistoryError as error:
            leave_out(error)
    target = args.to or _format_of(args.output)
    written = len(played)
    if target == "phh":
        if len(played) > 1:
            raise ValueError(f"a .phh file holds one hand, not {len(played)}: write .phhs")
        text = phh.dumps(played[0]) if played else ""
    elif target == "phhs":
        text = phh.dumps_all(played)
    else:
        texts = []
        for result in played:
            try:
                # From the Replay, not its engine hand: the history's seats,
                # id, table, date, currency, rake and known cards are kept,
                # and no card the site did not show is written (issue 37).
                texts.append(to_pokerstars(result))
            except ValueError as error:  # what PokerStars text cannot hold
                leave_out(result.history.error(f"cannot be written as PokerStars text: {error}"))
        written = len(texts)
        text = "\n\n".join(texts)
    where = "standard output" if to_stdout else args.output
    if written == 0 or (failures and not args.partial):
        # An empty file in place of the user's would be a loss, not a result;
        # and a failed run leaves OUT as it was unless asked otherwise.
        read = f"{len(loaded.hands)} razz hands read" if loaded.hands else "no razz hand read"
        others = f", {loaded.skipped} hands of other games skipped" if loaded.skipped else ""
        hint = " (--partial writes the hands that convert)" if written else ""
        print(
            f"razz-fast: {args.input}: {read}{others}, {len(failures)} left out:"
            f" nothing written to {where}{hint}",
            file=sys.stderr,
        )
        return 1
    if to_stdout:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()
    else:
        _write_whole(args.output, text)
    # The summary goes to stderr when the hands themselves go to stdout.
    print(
        f"{where}: {written} hands written, {len(failures)} left out",
        file=sys.stderr if to_stdout else sys.stdout,
    )
    return 1 if failures else 0


def _format_of(path: str) -> str:
    """The format an OUT's name asks for: ``phh``, ``phhs`` or ``pokerstars``."""
    lower = path.lower()
    for suffix in ("phh", "phhs"):
        if lower.endswith("." + suffix):
            return suffix
    return "pokerstars"


def _refuse_same_file(source: str, output: str) -> None:
    """OUT may not be IN: by its path, a symbolic link to it or a hard link
    (the same device and inode), since writing it would replace the hands
    being read."""
    try:
        same = os.path.exists(output) and os.path.samefile(source, output)
    except OSError:
        same = False  # (a file that cannot be inspected is not known to be IN)
    if same:
        raise RazzError(f"{output} is the input file {source}: write the hands to another file")


def _write_whole(path: str, text: str) -> None:
    """Writes ``text`` to ``path`` through a temporary file in the same
    folder, renamed over it only once complete, so that a failure (a full
    disk, Ctrl-C) leaves an existing file as it was. A symbolic link is
    written through: its target is replaced and the link kept; an existing
    file keeps its permissions."""
    if os.path.isdir(path):
        raise RazzError(f"{path}: cannot write: {os.strerror(errno.EISDIR)}")
    final = os.path.realpath(path)
    try:
        mode = stat.S_IMODE(os.stat(final).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=".razz-fast-", suffix=".tmp", dir=os.path.dirname(final)
        )
    except OSError as error:
        raise _file_error(path, "write", error) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, final)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            raise _file_error(path, "write", error) from None
        raise


def add_replay(commands: Any, types: Any) -> None:
    """`razz-fast replay`."""
    rep = commands.add_parser(
        "replay",
        help="replay site hand histories and check every amount",
        description="Read PokerStars, Full Tilt, Winamax, KingsClub and Merge razz hand "
        "histories and PHH (.phh, .phhs) files, replay each hand through the engine, "
        "check every posted, bet, called, "
        "returned and collected amount and the site's hand descriptions, and print each "
        "showdown hand's equity street by street, then a summary: hands replayed, "
        "mismatched (naming the known-bad site logs), skipped. Exit status 1 if any hand "
        "differs (known-bad logs included) or a file holds no razz hand; hands of other "
        "games and unreadable hands are skipped, not failures; a file that cannot be "
        "opened is an error (2).",
    )
    rep.add_argument(
        "files", nargs="+", help="hand-history files (any supported site, .phh, .phhs)"
    )
    rep.add_argument(
        "--no-equity", action="store_true", help="do not compute each street's equities"
    )
    rep.add_argument(
        "--trials", type=types.count, default=None, help="deals to sample where equity is not exact"
    )
    rep.add_argument(
        "--seed", type=types.seed, default=0, help="the seed of sampled equities (default 0)"
    )
    rep.add_argument(
        "--encoding",
        default=None,
        help="the files' text encoding (detected: UTF-8, UTF-8 with BOM, UTF-16)",
    )
    rep.add_argument("--json", action="store_true", help="print one JSON record a hand")
    rep.add_argument(
        "--rules",
        choices=razz_fast.Rules.PRESETS,
        default=None,
        help="whose rule book settles the fine points (default: the site's own)",
    )
    rep.add_argument(
        "--cap",
        type=types.cap,
        default=None,
        help="the most bets and raises one betting round allows, 0 for no limit "
        "(default: the rule book's)",
    )
    # The values are the core's to check (Rules), with its message.
    rep.add_argument(
        "--heads-up",
        help="when two players lift the cap: capped (never), round_starts (a round that "
        "starts with two) or before_cap (two left before the cap; default: the rule book's)",
    )
    rep.add_argument(
        "--odd-chip",
        help="who gets the odd chip of a split pot: seat (the lowest seat), low_card or "
        "high_card (the winner with the lowest or highest card; default: the rule book's)",
    )
    rep.add_argument(
        "--burn-cards",
        action="store_const",
        const=True,
        help="the room burned a card before each street",
    )
    rep.set_defaults(run=replay_command)


def add_convert(commands: Any, types: Any) -> None:
    """`razz-fast convert`."""
    conv = commands.add_parser(
        "convert",
        help="convert a hand-history file to PHH or PokerStars text",
        description="Replay every hand of a site's text file or a PHH file and write them "
        "as PHH (OUT ending in .phh for one hand, .phhs for any number) or as "
        "PokerStars-style text (any other name), or in the format --to names; OUT - is "
        "standard output. A hand that does not replay or that PokerStars text cannot "
        "hold is named on stderr and the exit status is 1; nothing is then written and "
        "an existing OUT stays as it was, unless --partial asks for the hands that "
        "convert. OUT is never IN (by name or link), and is written whole or not at all. "
        "A file that cannot be read or written is an error (2).",
    )
    conv.add_argument("input", help="a hand-history file (any supported site, .phh, .phhs)")
    conv.add_argument("output", help="the file to write, or - for standard output")
    conv.add_argument(
        "--to",
        choices=("phh", "phhs", "pokerstars"),
        default=None,
        help="the format to write: PHH of one hand, PHH of any number, or PokerStars "
        "text (default: from OUT's name; PokerStars text for -)",
    )
    conv.add_argument(
        "--partial",
        action="store_true",
        help="when some hands cannot be converted, write the others (the exit status "
        "is still 1); without it nothing is written",
    )
    conv.set_defaults(run=convert_command)
