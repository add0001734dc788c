"""``_core.category``: the core's class of a rank, which the CLI groups
winning hands by (no parsing of ``describe``'s text)."""

from collections import Counter

import pytest

from razz_fast import RazzError, _core
from razz_fast.cli.simulate import rank_classes
from razz_fast.reference import describe

NAMES = ("no pair", "one pair", "two pair", "trips", "full house", "quads")
# The words the reference's descriptions use for each category.
WORDS = {
    "no pair": " low)",
    "one pair": "(pair of ",
    "two pair": "(two pair, ",
    "trips": "(three ",
    "full house": "full",
    "quads": "(four ",
}


def test_every_rank_has_the_category_the_reference_describes():
    seen = [_core.category(rank) for rank in range(1, 6176)]
    for rank, (category, top) in enumerate(seen, start=1):
        text = describe(rank)
        assert WORDS[category] in text, (rank, category, text)
        assert text[0] == _core.RANK_CHARS[top], (rank, top, text)
    # Best first, as ranks go: 1,287 no-pair lows, 2,860 one pair, ...
    order = [NAMES.index(category) for category, _ in seen]
    assert order == sorted(order)
    assert Counter(c for c, _ in seen) == dict(zip(NAMES, (1287, 2860, 858, 858, 156, 156)))


@pytest.mark.parametrize("rank", [0, 6176, -1, 2**70])
def test_a_rank_out_of_range_is_the_cores_error(rank):
    with pytest.raises(RazzError, match=f"rank {rank} out of range 1..6175"):
        _core.category(rank)


@pytest.mark.parametrize("rank", ["1", 1.0, True, None])
def test_a_rank_must_be_an_int(rank):
    with pytest.raises(TypeError, match="rank must be an int"):
        _core.category(rank)


def test_the_cli_groups_ranks_by_category():
    classes = rank_classes({rank: 1 for rank in range(1, 6176)})
    assert list(classes) == [f"{c}-low" for c in "56789TJQK"] + ["one pair", "two pair", "worse"]
    assert classes["7-low"] == 15
    assert classes["worse"] == 858 + 156 + 156
    assert sum(classes.values()) == 6175
