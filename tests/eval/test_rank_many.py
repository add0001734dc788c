"""rank_many: the batch numpy API of the core, and its reference twin."""

from __future__ import annotations

import threading
import tracemalloc

import numpy as np
import pytest

from razz_fast.errors import InvalidCardError

INT_DTYPES = [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards, shape (n, k), uint8."""
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    return rng.permuted(decks, axis=1)[:, :k].copy()


def per_row(module, hands) -> list[int]:
    return [module.rank([int(c) for c in row]) for row in hands]


@pytest.fixture(scope="module")
def small():
    return {k: random_hands(500, k, seed=k) for k in (5, 6, 7)}


# --- results -----------------------------------------------------------------


@pytest.mark.parametrize("k", [5, 6, 7])
def test_result_type_and_values(core, ref, small, k):
    hands = small[k]
    result = core.rank_many(hands)
    assert isinstance(result, np.ndarray)
    assert result.dtype == np.uint16
    assert result.shape == (len(hands),)
    expected = per_row(ref, hands)
    assert result.tolist() == expected
    assert per_row(core, hands) == expected


@pytest.mark.parametrize("k", [5, 6, 7])
def test_reference_rank_many(core, ref, small, k):
    hands = small[k][:200]
    expected = per_row(ref, hands)
    for given in (hands, hands.tolist(), tuple(map(tuple, hands.tolist()))):
        assert ref.rank_many(given) == expected


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_dtypes_agree(core, small, dtype):
    for hands in small.values():
        expected = core.rank_many(hands.astype(np.int64))
        assert np.array_equal(core.rank_many(hands.astype(dtype)), expected)


@pytest.mark.parametrize("dtype", ["i2", "u2", "i4", "u4", "i8", "u8"])
@pytest.mark.thread_unsafe  # tracemalloc's peak is the whole process's
def test_other_byte_order_read_in_place(core, small, big, dtype):
    """Values stored in the other byte order are swapped back as they are
    read (not copied whole): the same ranks, and the same first error quoting
    the real value, on one thread or several."""
    swapped = np.dtype(dtype).newbyteorder("S")
    assert not swapped.isnative
    for hands in small.values():
        assert np.array_equal(core.rank_many(hands.astype(swapped)), core.rank_many(hands))
    expected = core.rank_many(big)
    other = big.astype(swapped)
    for threads in (1, 3):
        assert np.array_equal(core.rank_many(other, threads=threads), expected)
        assert np.array_equal(core.rank_many(np.asfortranarray(other)[::7]), expected[::7])
    # numpy reports its allocations to tracemalloc: a whole copy (as
    # `astype` once made) would show as tens of megabytes.
    tracemalloc.start()
    try:
        core.rank_many(other)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < other.nbytes // 20
    other[123_456, 3] = 300
    with pytest.raises(InvalidCardError, match=r"\b123456\b.*\b300\b"):
        core.rank_many(other, threads=3)


def test_list_of_lists(core, ref, small):
    hands = small[7][:100]
    assert core.rank_many(hands.tolist()).tolist() == per_row(ref, hands)
    assert core.rank_many([[3, 5, 8, 14, 18]]).tolist() == [1]
    assert core.rank_many([(51, 50, 49, 48, 47)]).tolist() == [6175]


@pytest.mark.parametrize("k", [5, 6, 7])
def test_memory_layouts(core, small, k):
    hands = small[k].astype(np.int32)
    expected = core.rank_many(np.ascontiguousarray(hands))
    assert np.array_equal(core.rank_many(np.asfortranarray(hands)), expected)
    assert np.array_equal(core.rank_many(hands[::2]), expected[::2])
    assert np.array_equal(core.rank_many(hands[::-3]), expected[::-3])
    assert np.array_equal(core.rank_many(hands[:, ::-1]), expected)
    assert np.array_equal(core.rank_many(np.asfortranarray(hands)[1::2, ::-1]), expected[1::2])
    # Rows that are a column slice of a wider array (not contiguous).
    wide = np.full((len(hands), k + 3), 255, dtype=np.uint8)
    wide[:, 1 : k + 1] = hands
    view = wide[:, 1 : k + 1]
    assert not view.flags.c_contiguous
    assert np.array_equal(core.rank_many(view), expected)
    # A transposed (k, N) array seen as (N, k).
    transposed = np.ascontiguousarray(hands.T).T
    assert np.array_equal(core.rank_many(transposed), expected)


def test_input_not_modified(core, small):
    hands = small[7].copy()
    before = hands.copy()
    core.rank_many(hands)
    assert np.array_equal(hands, before)
    hands.setflags(write=False)
    core.rank_many(hands)


def test_empty(core, ref):
    for dtype in (np.uint8, np.int64):
        result = core.rank_many(np.zeros((0, 7), dtype=dtype))
        assert isinstance(result, np.ndarray)
        assert result.dtype == np.uint16
        assert result.shape == (0,)
    assert core.rank_many(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert ref.rank_many([]) == []
    # An empty list or tuple is no rows in both (numpy alone would make it a
    # float array); empty text is still not hands.
    for empty in ([], ()):
        result = core.rank_many(empty)
        assert result.dtype == np.uint16 and result.shape == (0,)
        assert ref.rank_many(empty) == []
    for text in ("", b""):
        for impl in (core, ref):
            with pytest.raises(TypeError):
                impl.rank_many(text)
    assert ref.rank_many(np.zeros((0, 7), dtype=np.uint8)) == []


@pytest.mark.parametrize(
    "hands, error",
    [
        (np.zeros((0, 4), dtype=np.uint8), InvalidCardError),
        (np.zeros((0, 8), dtype=np.int64), InvalidCardError),
        (np.zeros((0, 0), dtype=np.int64), InvalidCardError),
        (np.zeros((0, 7), dtype=np.float64), TypeError),
        (np.zeros((0, 7), dtype=bool), TypeError),
        (np.zeros(0, dtype=np.uint8), TypeError),
        (np.zeros((0, 0, 7), dtype=np.uint8), TypeError),
    ],
    ids=["0x4", "0x8", "0x0", "float", "bool", "1-D", "3-D"],
)
def test_empty_arrays_are_still_checked(impl, hands, error):
    with pytest.raises(error):
        impl.rank_many(hands)


@pytest.fixture(scope="module")
def big():
    hands = random_hands(300_000, 7, seed=99)
    return hands


def test_large_batch(core, ref, big):
    result = core.rank_many(big)
    assert result.dtype == np.uint16
    assert result.shape == (len(big),)
    assert result.min() >= 1
    assert result.max() <= 6175
    # Equal to the same hands ranked one at a time, and in small batches.
    sample = np.random.default_rng(5).choice(len(big), 1000, replace=False)
    assert result[sample].tolist() == per_row(ref, big[sample])
    assert result[sample].tolist() == per_row(core, big[sample])
    chunks = [core.rank_many(big[i : i + 7_001]) for i in range(0, len(big), 7_001)]
    assert np.array_equal(np.concatenate(chunks), result)
    # Deterministic across calls.
    assert np.array_equal(core.rank_many(big), result)


def test_threads_agree_with_serial(core, big):
    parts = [big[i::4] for i in range(4)] + [big[:50_000], big[-1000:].astype(np.int64)]
    serial = [core.rank_many(p) for p in parts]
    results: list = [None] * len(parts)
    errors: list = []
    barrier = threading.Barrier(len(parts))

    def work(i):
        try:
            barrier.wait()
            results[i] = [core.rank_many(parts[i]) for _ in range(2)]
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(parts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for mine, expected in zip(results, serial):
        for got in mine:
            assert np.array_equal(got, expected)


# --- bad input ---------------------------------------------------------------


@pytest.mark.parametrize(
    "hands",
    [
        np.zeros((3, 7), dtype=np.float64),
        np.zeros((3, 7), dtype=np.float32),
        np.array([[0.0, 1.0, 2.0, 3.0, 4.0]]),
        np.zeros((3, 7), dtype=bool),
        np.array([[0, 1, 2, 3, 4]], dtype=object),
        np.array([["As", "2d", "3c", "4h", "5s"]]),
        np.arange(7),
        np.arange(7, dtype=np.uint8),
        np.zeros((2, 3, 7), dtype=np.uint8),
        np.zeros((), dtype=np.uint8),
        np.zeros((3, 7), dtype=np.complex128),
    ],
    ids=[
        "float64",
        "float32",
        "float-values",
        "bool",
        "object",
        "str",
        "1-D",
        "1-D-uint8",
        "3-D",
        "0-D",
        "complex",
    ],
)
def test_core_wrong_type(core, hands):
    with pytest.raises(TypeError):
        core.rank_many(hands)


@pytest.mark.parametrize("arg", [None, 7, 3.5, "As 2d 3c 4h 5s", b"abc", {"a": 1}])
def test_wrong_type_arguments(impl, arg):
    with pytest.raises(TypeError):
        impl.rank_many(arg)


@pytest.mark.parametrize(
    "hands",
    [
        [[0.0, 1.0, 2.0, 3.0, 4.0]],
        [[0, 1, 2, 3, 4.5]],
        [["As", "2d", "3c", "4h", "5s"]],
        ["As 2d 3c 4h 5s"],
        [0, 1, 2, 3, 4, 5, 6],
        [[[0, 1, 2, 3, 4]]],
        [[0, 1, 2, 3, None]],
        [None],
    ],
    ids=[
        "floats",
        "float",
        "strs",
        "str-row",
        "1-D",
        "3-D",
        "None-element",
        "None-row",
    ],
)
def test_wrong_type_lists(impl, hands):
    with pytest.raises(TypeError):
        impl.rank_many(hands)


def test_bools_are_no_cards(impl):
    # (numpy would read a list mixing bools and ints as an int array; lists
    # are read row by row instead.)
    with pytest.raises(TypeError, match="bool"):
        impl.rank_many([[True, False, 2, 3, 4]])
    with pytest.raises(TypeError, match="bool"):
        impl.rank_many([[0, 4, 8, 12, 16], [1, 5, 9, 13, True]])


def test_any_iterable_of_rows_and_numpy_ints(impl):
    rows = [[0, 4, 8, 12, 16], [51, 50, 49, 48, 47]]
    for given in (iter(rows), tuple(map(tuple, rows)), [list(map(np.int64, r)) for r in rows]):
        # (The reference returns a list, the core a uint16 array.)
        assert list(impl.rank_many(given)) == [1, 6175]


def test_a_memoryview_is_read_as_its_array(impl, small):
    # Iterated as rows, a 2-D memoryview raises NotImplementedError.
    hands = small[7][:50]
    expected = list(impl.rank_many(hands))
    for dtype in (np.uint8, np.int64):
        assert list(impl.rank_many(memoryview(hands.astype(dtype)))) == expected
    for bad, error in (
        (memoryview(hands[0]), TypeError),  # one row: 1-D
        (memoryview(hands[:3].astype(np.float64)), TypeError),
        (memoryview(hands[:3, :4].copy()), InvalidCardError),
    ):
        with pytest.raises(error):
            impl.rank_many(bad)


@pytest.mark.parametrize("threads", [0, -1, 1025, 2**70])
def test_threads_out_of_range(impl, threads):
    with pytest.raises(ValueError, match="threads"):
        impl.rank_many([[0, 4, 8, 12, 16]], threads=threads)


@pytest.mark.parametrize("threads", [True, 1.0, "2"])
def test_threads_of_the_wrong_type(impl, threads):
    with pytest.raises(TypeError, match="threads"):
        impl.rank_many([[0, 4, 8, 12, 16]], threads=threads)


def test_the_first_bad_row_wins_whatever_is_wrong_with_it(impl):
    good = [[0, 4, 8, 12, 16]] * 3
    with pytest.raises(InvalidCardError, match="row 1: duplicate"):
        impl.rank_many([good[0], [1, 1, 9, 13, 17], [1, 2, 3]])
    with pytest.raises(InvalidCardError, match=r"row 3: .*\b52\b"):
        impl.rank_many(good + [[0, 4, 8, 12, 52], [1.5] * 5])
    with pytest.raises(TypeError, match="row 3"):
        impl.rank_many(good + [[0, 4, 8, 12, "x"], [0, 4, 8, 12, 99]])


@pytest.mark.parametrize("k", [0, 1, 4, 8, 9, 52])
def test_wrong_width(impl, k):
    hands = random_hands(3, k, seed=k) if k else np.zeros((3, 0), dtype=np.uint8)
    with pytest.raises(InvalidCardError):
        impl.rank_many(hands)
    if k:  # ([[], [], []] has no integer dtype for numpy: see test_empty_rows_list)
        with pytest.raises(InvalidCardError):
            impl.rank_many(hands.tolist())


def test_empty_rows_list(impl):
    with pytest.raises(InvalidCardError, match="row 0"):
        impl.rank_many([[], [], []])


def test_ragged_rows(impl):
    hands = [[0, 4, 8, 12, 16, 20, 24]] * 12 + [[0, 4, 8, 12, 16, 20]]
    with pytest.raises(InvalidCardError, match=r"\b12\b"):
        impl.rank_many(hands)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("bad", [52, -1, 100, 127])
def test_out_of_range_names_row(impl, dtype, bad):
    hands = random_hands(20, 7, seed=3).astype(dtype)
    hands[17, 4] = bad
    with pytest.raises(InvalidCardError, match=r"\b17\b"):
        impl.rank_many(hands)
    with pytest.raises(InvalidCardError, match=r"\b17\b"):
        impl.rank_many(hands.tolist())


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.int64, np.uint64])
def test_out_of_range_unsigned_and_large(core, dtype):
    hands = random_hands(20, 6, seed=4).astype(dtype)
    hands[13, 0] = 255 if dtype == np.uint8 else 60_000
    with pytest.raises(InvalidCardError, match=r"\b13\b"):
        core.rank_many(hands)


def test_huge_values(impl):
    hands = random_hands(20, 6, seed=4).astype(np.int64)
    hands[13, 0] = 2**40
    with pytest.raises(InvalidCardError, match=r"\b13\b"):
        impl.rank_many(hands)
    hands[13, 0] = -(2**40)
    with pytest.raises(InvalidCardError, match=r"\b13\b"):
        impl.rank_many(hands)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_duplicate_names_row(impl, k):
    hands = random_hands(20, k, seed=k)
    hands[11, k - 1] = hands[11, 0]
    with pytest.raises(InvalidCardError, match=r"\b11\b"):
        impl.rank_many(hands)
    with pytest.raises(InvalidCardError, match=r"\b11\b"):
        impl.rank_many(hands.tolist())


def test_bad_row_in_large_batch(core, big):
    hands = big.copy()
    hands[250_123, 2] = hands[250_123, 5]
    with pytest.raises(InvalidCardError, match=r"\b250123\b|\b250,123\b|\b250_123\b"):
        core.rank_many(hands)
    hands = big.astype(np.int16)
    hands[299_999, 6] = -1
    with pytest.raises(InvalidCardError, match=r"\b299999\b|\b299,999\b|\b299_999\b"):
        core.rank_many(hands)
