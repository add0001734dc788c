"""equity(progress=True): a bar on stderr, the run cut into slices, and
exactly the result of the same call without it (exact and sampled, any
threads), in the core and in the reference."""

from __future__ import annotations

import pytest

import razz_fast as rf
from razz_fast import reference

SPOTS = [
    # Exact heads-up from fifth street, with dead cards.
    ([["As", "2d", "5c", "7h", "Kd"], ["3s", "4d", "8c", "9h", "Qs"]], ["Jc", "Jd"], None, None),
    # Exact three-way from fifth street.
    (
        [["As", "2d", "5c", "7h", "Kd"], ["3s", "4d", "8c", "9h", "Qs"], ["6s", "6d", "Tc"]],
        [],
        True,
        None,
    ),
    # Sampled, more than one sample chunk.
    ([["As", "2s", "3s"], ["4d", "5d", "6d"], []], [], False, 300_000),
]


@pytest.mark.parametrize(("hands", "dead", "exact", "trials"), SPOTS)
@pytest.mark.parametrize("threads", [1, 2])
def test_progress_never_changes_the_result(hands, dead, exact, trials, threads, capsys):
    seed = 7 if exact is False else None
    plain = rf.equity(hands, dead, exact=exact, trials=trials, seed=seed, threads=threads)
    shown = rf.equity(
        hands, dead, exact=exact, trials=trials, seed=seed, threads=threads, progress=True
    )
    assert shown == plain
    assert capsys.readouterr().out == ""  # the bar goes to stderr only


def test_the_reference_takes_progress_too():
    hands = [["As", "2d", "5c", "7h", "Kd", "Qc"], ["3s", "4d", "8c", "9h", "Qs", "Jd"]]
    assert reference.equity(hands, progress=True) == reference.equity(hands)


@pytest.mark.parametrize("impl", [rf, reference])
@pytest.mark.parametrize("bad", [1, None, "yes"])
def test_progress_must_be_a_bool(impl, bad):
    with pytest.raises(TypeError, match="progress must be a bool"):
        impl.equity([["As", "2s", "3s"], ["4d", "5d", "6d"]], progress=bad)
