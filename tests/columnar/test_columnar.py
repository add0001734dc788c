"""Columnar hands (razz_fast.columnar, docs/DATA.md): every hand written as
Arrow record batches equals the hand `record=N` keeps, field by field, in
the same order for any thread count; the payoffs read back from Parquet
add up to the run's `net`; pyarrow, pandas and polars read the batches
without copying them; memory stays flat in `hands`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import razz_fast  # noqa: E402
from razz_fast import columnar  # noqa: E402
from razz_fast.events import Action  # noqa: E402

ACTION_KINDS = {a.name.lower(): a.name for a in Action}

#: Small stacks (all-ins, side pots, returned bets), random and tight play,
#: eight players (the deck runs short: community cards).
TABLES = [
    {"players": 6, "strategies": ["tight", "random", "check_call"] * 2,
     "stacks": [30, 400, 9, 60, 400, 18]},
    {"players": 8, "strategies": "check_call", "stacks": 200},
    {"players": 2, "strategies": ["random", "tight"], "stacks": [12, 40]},
]  # fmt: skip


def rows_of(batches):
    return [row for batch in batches for row in batch.to_pylist()]


def expected_row(record, index, labels, rules):
    """What the columns must hold for a recorded Hand."""
    n = record.num_players
    actions = []
    # Replayed from the seed, so that the street and actor of every action
    # are the engine's own.
    again = razz_fast.Hand(rules, record.starting_stacks, seed=record.seed)
    for e in record.history:
        if e.kind in ACTION_KINDS:
            assert again.actor == e.seat
            action = Action[ACTION_KINDS[e.kind]]
            actions.append(
                {"seat": e.seat, "action": action, "amount": e.amount, "street": again.street}
            )
            again.act(action)
    assert again.payoffs == record.payoffs
    community = list(record.community_cards)
    shown = [
        {"seat": s, "rank": razz_fast.rank(record.down_cards(s) + record.up_cards(s) + community)}
        for s in record.showdown_order
    ]
    winners = sorted({s for pot in record.pots for s in pot.winners})
    return {
        "hand": index,
        "seed": record.seed,
        "strategy": labels,
        "down_cards": [record.down_cards(s) for s in range(n)],
        "up_cards": [record.up_cards(s) for s in range(n)],
        "community": community,
        "actions": actions,
        "payoffs": record.payoffs,
        "shown": shown,
        "winners": winners,
    }


@pytest.mark.parametrize("table", TABLES, ids=["six", "eight", "two"])
def test_simulated_hands_equal_the_records_for_any_threads(table):
    hands = 2 * razz_fast._core.CHUNK + 300
    rules = razz_fast.Rules(ante=1)
    kwargs = dict(table, rules=rules, seed=11)
    records = razz_fast.simulate(hands, record=hands, threads=1, **kwargs).records
    strategies = table["strategies"]
    n = table["players"]
    labels = [strategies] * n if isinstance(strategies, str) else strategies
    expected = [expected_row(r, k, labels, rules) for k, r in enumerate(records)]
    assert any(row["community"] for row in expected) == (n == 8)
    for threads in (1, 2, 3):
        batches = list(columnar.simulate_batches(hands, threads=threads, **kwargs))
        # One batch per core chunk, in order.
        assert [b.num_rows for b in batches] == [1024, 1024, 300]
        assert all(b.schema == columnar.hand_schema() for b in batches)
        assert rows_of(batches) == expected


def test_a_prefix_plays_only_the_chunks_asked_for():
    batches = columnar.simulate_batches(10**12, seed=3, threads=2)
    first = next(iter(batches))
    assert first.num_rows == 1024
    assert first.column("hand").to_pylist() == list(range(1024))
    batches.close()
    records = razz_fast.simulate(5, seed=3, record=5).records
    assert first.column("seed").to_pylist()[:5] == [r.seed for r in records]


def test_match_hands_equal_the_records_and_payoffs_sum_to_net(tmp_path):
    rules = razz_fast.Rules(ante=1)
    strategies = ["tight", "random", "check_call"]
    kwargs = dict(rules=rules, stacks=[40, 300, 25], seed=5)
    hands = 3 * (razz_fast._core.CHUNK + 20)
    result = razz_fast.match(strategies, hands, record=hands, **kwargs)
    for threads in (1, 2):
        rows = rows_of(columnar.match_batches(strategies, hands, threads=threads, **kwargs))
        assert len(rows) == len(result.records) == hands
        for k, (row, record) in enumerate(zip(rows, result.records)):
            deal, seating = divmod(k, 3)
            # Seating r moves each strategy r seats back.
            labels = [strategies[(s + seating) % 3] for s in range(3)]
            expected = expected_row(record, k, labels, rules)
            assert row.pop("deal") == deal and row.pop("seating") == seating
            assert row == expected
    path = tmp_path / "match.parquet"
    with columnar.ParquetSink(path) as sink:
        streamed = razz_fast.match(strategies, hands, record=sink, threads=2, **kwargs)
    assert streamed == result
    table = pq.read_table(path)
    assert table.num_rows == hands and table.schema == columnar.hand_schema(match=True)
    net = dict.fromkeys(strategies, 0)
    for labels, payoffs in zip(table["strategy"].to_pylist(), table["payoffs"].to_pylist()):
        for label, p in zip(labels, payoffs):
            net[label] += p
    assert [net[s] for s in strategies] == result.net


@pytest.mark.parametrize("threads", [1, 2])
def test_parquet_payoffs_equal_the_runs_net(tmp_path, threads):
    path = tmp_path / "hands.parquet"
    kwargs = dict(players=5, strategies=["tight", "random", "check_call", "random", "tight"],
                  stacks=[50, 400, 20, 400, 90], seed=8, threads=threads)  # fmt: skip
    with columnar.ParquetSink(path, row_group_hands=2048) as sink:
        result = razz_fast.simulate(5000, record=sink, **kwargs)
    assert result == razz_fast.simulate(5000, **kwargs)
    assert result.records == []
    file = pq.ParquetFile(path)
    assert file.metadata.num_rows == 5000 and file.metadata.num_row_groups == 3
    table = file.read()
    assert table.schema == columnar.hand_schema()
    assert table["hand"].to_pylist() == list(range(5000))
    sums = [0] * 5
    for payoffs in table["payoffs"].to_pylist():
        for s, p in enumerate(payoffs):
            sums[s] += p
    assert sums == result.net
    shown = [len(s) for s in table["shown"].to_pylist()]
    assert sum(1 for k in shown if k >= 2) == result.showdowns
    # write_parquet writes the same file from the batches.
    again = tmp_path / "again.parquet"
    assert columnar.write_parquet(again, columnar.simulate_batches(5000, **kwargs)) == 5000
    assert pq.read_table(again).equals(table)


def test_write_parquet_refuses_nothing_to_write(tmp_path):
    with pytest.raises(ValueError, match="no batch"):
        columnar.write_parquet(tmp_path / "none.parquet", [])
    assert not (tmp_path / "none.parquet").exists()


def test_arguments_are_checked_before_any_hand():
    with pytest.raises(ValueError, match="players"):
        columnar.simulate_batches(10, players=9)
    with pytest.raises(TypeError):
        columnar.match_batches(["tight", "random"], "many")
    with pytest.raises(TypeError, match="record"):
        razz_fast.simulate(10, record="arrow")


def _address(array):
    return array.buffers()[-1].address


def test_the_batches_wrap_the_cores_arrays_without_a_copy():
    run = razz_fast._core.SimRun(2000, 6, "random", None, None, 1, 1, False, 0)
    (chunk, *_), _ = run.columns(0, 1)
    batch = columnar._sim_batches(run).batch(chunk)
    assert _address(batch.column("hand")) == chunk["hand"].ctypes.data
    assert _address(batch.column("seed")) == chunk["seed"].ctypes.data
    payoffs = batch.column("payoffs")
    assert _address(payoffs.values) == chunk["payoffs"].ctypes.data
    actions = batch.column("actions")
    assert actions.buffers()[1].address == chunk["action_offsets"].ctypes.data
    amount = actions.values.field("amount")
    assert _address(amount) == chunk["action_amount"].ctypes.data
    up = batch.column("up_cards").values
    assert _address(up.values) == chunk["up_cards"].ctypes.data


def _buffers(array):
    """Where each buffer of ``array`` lives (an empty one lives nowhere)."""
    return [b.address if b is not None and b.size else None for b in array.buffers()]


def test_pandas_and_polars_read_without_copying():
    batch = next(iter(columnar.simulate_batches(3000, seed=2, threads=1)))
    # numpy: the fixed-width columns, zero-copy or an error.
    hands = batch.column("hand").to_numpy(zero_copy_only=True)
    assert hands.ctypes.data == _address(batch.column("hand"))
    pd = pytest.importorskip("pandas")
    # Arrow-backed pandas columns hold the batch's own buffers, every one.
    frame = batch.to_pandas(types_mapper=pd.ArrowDtype)
    for name in batch.schema.names:
        held = frame[name].array._pa_array.chunks[0]
        assert _buffers(held) == _buffers(batch.column(name)), name
    pl = pytest.importorskip("polars")
    frame = pl.from_arrow(batch)
    for name in batch.schema.names:
        # Polars keeps names in string views of its own: only they are copied.
        if name != "strategy":
            assert _buffers(frame[name].to_arrow()) == _buffers(batch.column(name)), name
    assert frame["strategy"].to_list() == batch.column("strategy").to_pylist()
    assert frame["hand"].to_numpy(allow_copy=False).ctypes.data == hands.ctypes.data


CHILD = """
import json, os, resource, sys, tempfile
import razz_fast
from razz_fast import columnar
columnar.MAX_CHUNKS = 4
hands = int(sys.argv[1])
path = os.path.join(tempfile.mkdtemp(), "hands.parquet")
with columnar.ParquetSink(path, row_group_hands=8192) as sink:
    razz_fast.simulate(hands, players=6, strategies="random", seed=1, threads=2, record=sink)
print(json.dumps({"peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
                  "hands": sink.hands}))
"""


def _peak_kb(hands):
    out = subprocess.run([sys.executable, "-c", CHILD, str(hands)], capture_output=True,
                         text=True, check=True)  # fmt: skip
    report = json.loads(out.stdout)
    assert report["hands"] == hands
    return report["peak_kb"]


@pytest.mark.slow
def test_memory_stays_flat_in_hands():
    small, large = _peak_kb(2 * 10**4), _peak_kb(2 * 10**5)
    # 180,000 hands more: kept as records they would take some 400 MB, kept
    # as columns 90 MB. Streamed, the peak moves by what the allocators keep
    # once warm (measured: 12 to 18 MB here, and 10**6 hands no more than
    # 10**5).
    assert large - small < 40_000, (small, large)


def test_the_command_line_writes_every_hand(tmp_path):
    from razz_fast.cli import main

    path = tmp_path / "hands.parquet"
    argv = ["simulate", "--hands", "3000", "--seed", "4", "--threads", "2", "--json"]
    report = subprocess.run(
        [sys.executable, "-m", "razz_fast", *argv, "--out", str(path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    net = json.loads(report.stdout)["net"]
    table = pq.read_table(path)
    assert table.num_rows == 3000
    sums = [sum(p[s] for p in table["payoffs"].to_pylist()) for s in range(6)]
    assert sums == net
    assert table["strategy"][0].as_py() == ["tight", "check_call", "random"] * 2
    assert main([*argv, "--out", str(tmp_path)]) == 2


def test_without_pyarrow_the_error_names_the_extra(tmp_path, monkeypatch, capsys):
    from razz_fast.cli import main

    monkeypatch.setitem(sys.modules, "pyarrow", None)
    assert main(["simulate", "--hands", "10", "--out", str(tmp_path / "x.parquet")]) == 2
    assert "pip install 'razz-fast[arrow]'" in capsys.readouterr().err
    with pytest.raises(ImportError, match=r"razz-fast\[arrow\]"):
        columnar.simulate_batches(10)
    assert not (tmp_path / "x.parquet").exists()


def test_a_sink_that_raises_stops_the_run():
    given = []

    def sink(batch):
        given.append(batch.num_rows)
        if len(given) == 2:
            raise OSError("disk full")

    # A run far too long to finish: the error must stop it, not wait for it.
    with pytest.raises(OSError, match="disk full"):
        razz_fast.simulate(10**12, seed=1, threads=2, record=sink)
    assert given == [1024, 1024]
    given.clear()
    with pytest.raises(OSError, match="disk full"):
        razz_fast.match(["tight", "random"], 10**12, seed=1, record=sink)
    assert given == [2048, 2048]


def test_python_strategies_play_the_same_hands_as_recorded():
    import numpy as np

    def caller(view):
        legal = view.legal_actions()
        return Action.FOLD if view.street == 4 and Action.FOLD in legal else min(legal)

    @razz_fast.batch_policy
    def cautious(batch):
        legal = np.asarray(batch.legal)
        # The lowest legal action but FOLD: check or call, else bring in.
        masked = np.where(legal[:, 1:], np.arange(1, legal.shape[1]), 99)
        return masked.min(axis=1)

    rules = razz_fast.Rules()
    for strategies in ([caller, "tight", cautious], [cautious, "random", cautious]):
        kwargs = dict(players=3, strategies=strategies, rules=rules, stacks=[30, 60, 90], seed=6)
        records = razz_fast.simulate(1500, record=1500, **kwargs).records
        labels = [getattr(s, "__name__", s) for s in strategies]
        expected = [expected_row(r, k, labels, rules) for k, r in enumerate(records)]
        for threads in (1, 2):
            assert rows_of(columnar.simulate_batches(1500, threads=threads, **kwargs)) == expected


def test_a_sink_refuses_what_it_can_tell_before_any_hand_is_played(tmp_path):
    """A folder that is not there and an unknown compression are refused
    when the sink is made (they used to fail at the first batch, after a
    chunk was played, leaving an empty file); a batch must be a batch."""
    with pytest.raises(ValueError, match="no writable folder"):
        columnar.ParquetSink(tmp_path / "missing" / "h.parquet")
    with pytest.raises(ValueError, match="compression 'nope'"):
        columnar.ParquetSink(tmp_path / "h.parquet", compression="nope")
    assert not (tmp_path / "h.parquet").exists()
    with pytest.raises(TypeError, match="RecordBatches, got int"):
        columnar.write_parquet(tmp_path / "h.parquet", [1, 2])
    # an uncompressed file is a choice, not an error
    columnar.ParquetSink(tmp_path / "plain.parquet", compression="none").close()
