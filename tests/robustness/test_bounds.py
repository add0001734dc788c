"""Every bound is checked once, in the core; the bindings only convert
their arguments, so the messages users see are the core's (the stakes
checked together by ``Rules::validated``, stacks and seats by the hand,
thread counts by ``src/threads.rs``)."""

import numpy as np
import pytest

import razz_fast
from razz_fast import Hand, Rules
from razz_fast._core import MAX_CHIPS
from razz_fast.cli import main


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bring_in": 100}, "small_bet must be at least bring_in (100) and at most"),
        ({"big_bet": 1}, "big_bet must be at least small_bet (2) and at most"),
        ({"bring_in": 0}, f"bring_in must be 1..{MAX_CHIPS}, got 0"),
        ({"bring_in": 3, "small_bet": 2}, "small_bet must be at least bring_in (3)"),
        ({"ante": -1}, f"ante must be 0..{MAX_CHIPS}, got -1"),
        ({"big_bet": MAX_CHIPS + 1}, f"big_bet must be 0..{MAX_CHIPS}, got {MAX_CHIPS + 1}"),
    ],
)
def test_the_stakes_messages_are_the_cores(kwargs, message):
    with pytest.raises(ValueError) as excinfo:
        Rules(**kwargs)
    assert message in str(excinfo.value)


def test_the_cli_names_the_bring_in_it_was_given(capsys):
    assert main(["simulate", "--hands", "10", "--bring-in", "100", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "at least --bring-in (100)" in err and "given --bring-in 100" in err


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ([100], "a hand needs 2 to 8 players, got 1"),
        ([100] * 9, "a hand needs 2 to 8 players, got 9"),
        ([100, 0], f"stack of seat 1 must be 1..{MAX_CHIPS}, got 0"),
        ([100, -5], f"stack of seat 1 must be 1..{MAX_CHIPS}, got -5"),
        ([2**70, 100], f"stack of seat 0 must be 1..{MAX_CHIPS}, got {2**70}"),
    ],
)
def test_the_table_messages_are_the_cores(stacks, message):
    with pytest.raises(ValueError, match=message):
        Hand(Rules(), stacks, seed=1)


def test_stacks_are_checked_before_the_seed():
    with pytest.raises(ValueError, match="2 to 8 players"):
        Hand(Rules(), [100], seed="not a seed")


@pytest.mark.parametrize("seat", [2, -1, 2**80])
def test_the_seat_message_is_the_cores(seat):
    hand = Hand(Rules(), [100, 100], seed=1)
    for method in (hand.up_cards, hand.down_cards):
        with pytest.raises(ValueError, match=f"seat must be 0..1, got {seat}$"):
            method(seat)
    with pytest.raises(TypeError, match="seat must be an int"):
        hand.up_cards(True)


@pytest.mark.parametrize("threads", [0, -1, 1025, 2**70])
def test_the_threads_message_is_the_cores(threads):
    hands = np.zeros((1, 5), dtype=np.uint8) + np.arange(5, dtype=np.uint8)
    with pytest.raises(ValueError, match=f"threads must be 1..1024, got {threads}$"):
        razz_fast.rank_many(hands, threads=threads)
    with pytest.raises(TypeError, match="threads must be an int"):
        razz_fast.rank_many(hands, threads=True)
