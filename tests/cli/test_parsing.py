"""How the razz-fast command reads its arguments (issue 37): options go
anywhere among the positional ones, `match` reads strategies as
`simulate --strategies` does, an error names the player, --dead card or
hand at fault, and every option says in its help what it is."""

from __future__ import annotations

import argparse
import json
import pathlib

import pytest

import razz_fast
from helpers import run_main as run
from razz_fast.cli import _parser

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "hand-histories"
STARS = str(DATA / "Stars" / "Razz-USD-0.04-0.08-200911.txt")


# --- options after and among the positional arguments -------------------------


def test_equity_takes_options_anywhere(capsys):
    hands = ["As 2d 3h 4c 5s 6d", "7s 8d 9h Tc Js Qh"]
    first = run(capsys, "equity", "--dead", "Kc", "--json", *hands)
    between = run(capsys, "equity", hands[0], "--dead", "Kc", hands[1], "--json")
    after = run(capsys, "equity", *hands, "--json", "--dead", "Kc")
    assert first[0] == between[0] == after[0] == 0
    records = [json.loads(out) for _, out, _ in (first, between, after)]
    for record in records:
        assert record["hands"] == hands and record["dead"] == "Kc"
        assert record["equity"] == records[0]["equity"]


def test_match_takes_options_anywhere(capsys):
    argv = ["--hands", "40", "--seed", "3", "--json"]
    outs = [
        run(capsys, "match", *argv, "tight", "random"),
        run(capsys, "match", "tight", "--hands", "40", "random", "--seed", "3", "--json"),
        run(capsys, "match", "tight", "random", *argv),
    ]
    assert [status for status, _, _ in outs] == [0, 0, 0]
    records = [json.loads(out) for _, out, _ in outs]
    for record in records:
        record.pop("elapsed")
        assert record == records[0]
    assert records[0]["strategies"] == ["tight", "random"]


def test_convert_takes_options_anywhere(tmp_path, capsys):
    for argv in (
        ["--to", "phhs", STARS, str(tmp_path / "a.txt")],
        [STARS, "--to", "phhs", str(tmp_path / "b.txt")],
        [STARS, str(tmp_path / "c.txt"), "--to", "phhs"],
    ):
        assert run(capsys, "convert", *argv)[0] == 0
    texts = {(tmp_path / name).read_text() for name in ("a.txt", "b.txt", "c.txt")}
    assert len(texts) == 1 and texts.pop().startswith("[1]\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["rank", "As 2d 3c 4h 6s", "--help"],
        ["replay", STARS, "--no-equity", STARS],
        ["simulate", "--hands", "20", "--seed", "1", "--json"],
        ["train", "--iterations", "5", "--out", "{tmp}/p.pol", "--seed", "1", "--json"],
        ["chart", "--help"],
    ],
)
def test_every_subcommand_parses_intermixed(tmp_path, capsys, argv):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert run(capsys, *argv)[0] == 0


def test_replay_files_around_options(capsys):
    status, out, _ = run(capsys, "replay", STARS, "--no-equity", STARS, "--seed", "2")
    assert status == 0 and "18 of 18 razz hands replayed" in out


# --- match reads strategies as simulate --strategies does ---------------------


def test_match_reads_a_comma_list(capsys):
    joined = json.loads(run(capsys, "match", "tight,check_call", "--hands", "40", "--seed", "1",
                            "--json")[1])  # fmt: skip
    apart = json.loads(run(capsys, "match", "tight", "check_call", "--hands", "40", "--seed", "1",
                           "--json")[1])  # fmt: skip
    joined.pop("elapsed"), apart.pop("elapsed")
    assert joined == apart and joined["seating"] == ["tight", "check_call"]
    record = json.loads(
        run(capsys, "match", "tight,random", "check_call", "--players", "6", "--hands", "12",
            "--seed", "1", "--json")[1]
    )  # fmt: skip
    assert record["seating"] == ["tight", "random", "check_call"] * 2
    assert record["strategies"] == ["tight", "random", "check_call"]


@pytest.mark.parametrize("names", ["tight,,random", "tight,", ","])
def test_match_refuses_an_empty_name_as_simulate_does(capsys, names):
    status, out, err = run(capsys, "match", names, "--hands", "10")
    assert (status, out) == (2, "")
    assert f"strategy {names!r} has an empty name" in err
    status, out, err = run(capsys, "simulate", "--strategies", names, "--hands", "10")
    assert (status, out) == (2, "") and "has an empty name" in err


def test_match_counts_the_names_of_a_list_against_the_seats(capsys):
    status, out, err = run(capsys, "match", "tight,random,check_call", "--players", "2")
    assert (status, out) == (2, "")
    assert "3 strategies for --players 2" in err


def test_a_policy_file_with_a_comma_in_its_path_is_one_strategy(tmp_path, capsys):
    path = tmp_path / "a,b.pol"
    assert run(capsys, "train", "--iterations", "5", "--out", str(path), "--seed", "1")[0] == 0
    record = json.loads(
        run(capsys, "match", str(path), "tight", "--hands", "20", "--seed", "1", "--json")[1]
    )
    assert record["seating"] == [str(path), "tight"]


# --- errors name what is wrong --------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        # Both faults, each with its place: the player (1-based, its text)
        # and the --dead card.
        (["AsKd??", "2c3c4c", "--dead", "Zz"], ["player 1 ('AsKd??')", "--dead 'Zz'"]),
        (["AsKd", "2c3c4c", "--dead", "Zz"], ["--dead 'Zz': invalid card \"Zz\""]),
        (["AsKd", "2c3c4c", "--dead", "Kc Zz"], ["--dead 'Kc Zz'", '"Zz"']),
        (["AsKd", "2c3c4c", "7h Xx"], ["player 3 ('7h Xx')"]),
        (["AsKd", "2c3c4c5c6c7c8c9c"], ["player 2 ('2c3c4c5c6c7c8c9c')", "0 to 7"]),
        (["AsKd", "As"], ["duplicate card As: player 1 ('AsKd') and player 2 ('As')"]),
        (["AsKd", "2c", "--dead", "Kd"], ["duplicate card Kd: player 1 ('AsKd') and --dead 'Kd'"]),
        (["AsAs", "2c"], ["player 1 ('AsAs'): duplicate card As"]),
    ],
)
def test_equity_errors_name_the_player_or_dead_card(capsys, argv, named):
    status, out, err = run(capsys, "equity", *argv)
    assert (status, out) == (2, "")
    for text in named:
        assert text in err
    assert "player 2 ('2c3c4c')" not in err  # a good hand is not blamed


def test_rank_names_the_bad_hand_before_any_output(capsys):
    status, out, err = run(capsys, "rank", "As 2d 3c 4h 6s", "As Kd")
    assert (status, out) == (2, "")
    assert "hand 'As Kd': rank needs 5 to 7 cards" in err
    status, out, err = run(capsys, "rank", "As 2d 3c 4h Zz")
    assert (status, out) == (2, "") and "hand 'As 2d 3c 4h Zz': invalid card" in err


def test_match_names_the_bad_strategy(capsys):
    status, out, err = run(capsys, "match", "tight,nosuch", "--hands", "10")
    assert (status, out) == (2, "") and "strategy 'nosuch' is neither a built-in" in err


# --- help -------------------------------------------------------------------------


def _parsers():
    parser = _parser()
    yield "razz-fast", parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def test_every_option_of_every_subcommand_has_help():
    missing = []
    names = []
    for name, parser in _parsers():
        names.append(name)
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            text = action.help
            if not text or text == argparse.SUPPRESS or not text.strip():
                missing.append((name, action.option_strings or action.dest))
    assert missing == []
    assert {"rank", "simulate", "match", "equity", "chart", "replay", "convert", "train"} <= set(
        names
    )


@pytest.mark.parametrize("command", ["simulate", "match", "train"])
def test_the_stake_options_help_reads_as_plain_words(command):
    parser = dict(_parsers())[command]
    helps = {a.option_strings[0]: a.help for a in parser._actions if a.option_strings}
    assert helps["--ante"].startswith("the ante every player posts")
    assert "forced first bet" in helps["--bring-in"]
    assert "third and fourth streets" in helps["--small-bet"]
    assert "fifth, sixth and seventh streets" in helps["--big-bet"]
    for flag in ("--ante", "--bring-in", "--small-bet", "--big-bet", "--stack"):
        text = helps[flag]
        assert "in chips" in text or "chips every player" in text
        # Whole words: no bare "(1)", no code names, no abbreviations.
        for jargon in ("bb", "Rules()", "_", "BB", "(1)", "(2)", "(4)", "(8)"):
            assert jargon not in text, (flag, jargon)
    default = razz_fast.Rules()
    assert default.ante == 0  # so the command's "default 1" is its own, and says so
    assert "default 1" in helps["--ante"]


def test_match_with_one_strategy_and_no_players_says_what_to_give(capsys):
    status, out, err = run(capsys, "match", "tight", "--hands", "10")
    assert (status, out) == (2, "")
    assert "match 'tight' alone is one player: name another strategy or give --players" in err
