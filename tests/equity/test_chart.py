"""chart() (docs/CHART.md): the 455 starting hands and their weights, the
exact heads-up chart against its symmetry and against equity() per hand,
sampled charts identical in core and reference, seeds, threads and bad
input."""

from __future__ import annotations

import json
import math

import pytest

import razz_fast
import razz_fast.reference

IMPLS = [pytest.param(razz_fast, id="core"), pytest.param(razz_fast.reference, id="reference")]


def comparable(result):
    """A chart's rows without the standard errors, which the two
    implementations may round differently in the last digit."""
    return [
        (r.hand, r.ranks, r.cards, r.combos, r.equity, r.win, r.tie, r.trials) for r in result.rows
    ]


@pytest.fixture(scope="module")
def heads_up():
    return razz_fast.chart(1)


def test_heads_up_chart_is_exact_and_complete(heads_up):
    rows = heads_up.rows
    assert heads_up.exact and heads_up.seed is None and heads_up.opponents == 1
    assert len(rows) == 455
    assert len({r.ranks for r in rows}) == 455
    assert sum(r.combos for r in rows) == math.comb(52, 3)
    # Every hand's deals: the hero's four cards to come, then the opponent's seven.
    assert {r.trials for r in rows} == {math.comb(49, 4) * math.comb(45, 7)}
    assert all(r.stderr == 0.0 for r in rows)
    assert [r.equity for r in rows] == sorted((r.equity for r in rows), reverse=True)
    for r in rows:
        assert r.equity == pytest.approx(r.win + r.tie / 2, abs=1e-12)


def test_heads_up_chart_is_fair_over_all_starts(heads_up):
    # Both players' cards are random over all starting hands, so the weighted
    # mean equity is exactly one half.
    mean = sum(r.combos * r.equity for r in heads_up.rows) / math.comb(52, 3)
    assert mean == pytest.approx(0.5, abs=1e-12)


def test_heads_up_chart_rows_are_equity_runs(heads_up):
    by_hand = {r.hand: r for r in heads_up.rows}
    for hand, cards in [("3-2-A", "As 2h 3d"), ("K-K-K", "Kc Kd Ks"), ("8-8-5", "8h 8s 5c")]:
        result = razz_fast.equity([cards, ""], exact=True)
        row = by_hand[hand]
        assert (row.equity, row.win, row.tie) == (result.equity[0], result.win[0], result.tie[0])
    assert heads_up.rows[-1].hand == "K-K-K"


@pytest.mark.parametrize("opponents", [1, 2, 5])
def test_sampled_chart_core_equals_reference(opponents):
    core = razz_fast.chart(opponents, exact=False, trials=15, seed=2**64 - 3)
    ref = razz_fast.reference.chart(opponents, exact=False, trials=15, seed=2**64 - 3)
    assert comparable(core) == comparable(ref)
    assert not core.exact and core.seed == ref.seed == 2**64 - 3
    for a, b in zip(core.rows, ref.rows):
        assert a.stderr == pytest.approx(b.stderr, rel=1e-12)


def test_reference_chart_is_exact_heads_up_whatever_the_trials(monkeypatch):
    """Both engines' exact=None: exact heads-up, sampled multiway. (The
    reference passed its default trials to equity(exact=None), which samples
    when trials are given: its heads-up chart was sampled.) The reference's
    exact heads-up chart takes hours, so its equity calls are recorded."""
    from razz_fast.reference import _chart

    asked = []

    def recording(hands, **kwargs):
        asked.append(kwargs["exact"])
        raise StopIteration  # one row is enough

    monkeypatch.setattr(_chart, "equity", recording)
    for opponents, exact in [(1, True), (2, None)]:
        with pytest.raises(StopIteration):
            razz_fast.reference.chart(opponents, trials=2, seed=1)
        assert asked.pop() is exact
    sampled = razz_fast.chart(2, trials=2, seed=1, threads=1)
    assert not sampled.exact


def test_sampled_chart_rows_follow_the_seeds():
    result = razz_fast.chart(3, trials=3000, seed=11)
    hands = [(a, b, c) for a in range(13) for b in range(a, 13) for c in range(b, 13)]
    for row in result.rows[:5] + result.rows[-3:]:
        i = hands.index(row.ranks)
        one = razz_fast.equity([row.cards, [], [], []], trials=3000, seed=11 + i)
        assert (row.equity, row.stderr) == (one.equity[0], one.stderr[0])


def test_sampled_chart_within_five_stderr_of_exact(heads_up):
    sampled = razz_fast.chart(1, exact=False, trials=4000, seed=5, threads=2)
    exact = {r.hand: r.equity for r in heads_up.rows}
    for row in sampled.rows:
        assert abs(row.equity - exact[row.hand]) <= 5 * row.stderr + 1e-9, row


def test_threads_never_change_a_chart():
    runs = [razz_fast.chart(2, trials=500, seed=3, threads=t) for t in (1, 2, 8)]
    assert runs[0] == runs[1] == runs[2]


def test_random_seed_is_reported():
    result = razz_fast.chart(2, trials=10)
    assert razz_fast.chart(2, trials=10, seed=result.seed) == result


@pytest.mark.parametrize(
    "args, kwargs, error",
    [
        ((0,), {}, ValueError),
        ((8,), {}, ValueError),
        ((True,), {}, TypeError),
        (("2",), {}, TypeError),
        ((2.0,), {}, TypeError),
        ((1,), {"exact": "yes"}, TypeError),
        ((1,), {"trials": 0}, ValueError),
        ((1,), {"trials": 1.5}, TypeError),
        ((1,), {"seed": -1}, ValueError),
        ((1,), {"threads": 0}, ValueError),
        ((1,), {"progress": 1}, TypeError),
    ],
)
def test_bad_input(args, kwargs, error):
    for impl in (razz_fast, razz_fast.reference):
        with pytest.raises(error):
            impl.chart(*args, **kwargs)


def test_command_line_csv_json_and_table(capsys):
    from razz_fast.cli import main

    args = ["chart", "--opponents", "2", "--trials", "40", "--seed", "9"]
    expected = razz_fast.chart(2, trials=40, seed=9)
    assert main([*args, "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand,combos,equity,win,tie,stderr,trials"
    assert len(lines) == 456
    first = expected.rows[0]
    assert lines[1].split(",")[:3] == [first.hand, str(first.combos), str(first.equity)]
    assert main([*args, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["opponents"] == 2 and record["seed"] == 9
    assert [r["equity"] for r in record["rows"]] == [r.equity for r in expected.rows]
    assert main([*args, "--no-progress"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[3].split()[:2] == ["1", first.hand]
    assert len(table) == 3 + 455
    assert main(["chart", "--opponents", "8"]) == 2
    assert "opponents" in capsys.readouterr().err


def test_docs_table_is_the_chart(heads_up):
    import importlib.util
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    spec = importlib.util.spec_from_file_location("make_chart", docs / "make_chart.py")
    make_chart = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_chart)
    shipped = (docs / "CHART.md").read_text()
    assert shipped == make_chart.HEADER + make_chart.table(heads_up)
