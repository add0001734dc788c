"""Every hand played, as columnar data: Apache Arrow record batches, one
per core chunk of 1,024 hands ([columnar hands](DATA.md) gives the schema).

The core plays each chunk and fills flat columns of it (numpy arrays that
take over the core's memory); this module wraps them as Arrow arrays
without copying them and hands out one ``pyarrow.RecordBatch`` per chunk,
in hand order, whatever ``threads`` is. Nothing is kept per hand on the
Python side and at most a few dozen chunks are in memory at once, so the
memory a run takes does not grow with ``hands``.

- ``simulate_batches`` and ``match_batches`` take the arguments of
  ``simulate`` and ``match`` and yield the run's batches lazily: stop
  iterating to keep only the first hands (only the chunks asked for are
  played).
- ``simulate(..., record=sink)`` and ``match(..., record=sink)`` with a
  callable ``sink`` (``pyarrow.parquet.ParquetWriter.write_batch``,
  ``list.append``) play the run as usual, return its result and give
  ``sink`` every hand's batch on the way.
- ``ParquetSink(path)`` is such a sink, writing a Parquet file, and
  ``write_parquet(path, batches)`` writes batches to one.

Needs pyarrow (the ``arrow`` extra: ``pip install 'razz-fast[arrow]'``).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Union

import numpy as np

from razz_fast import _core
from razz_fast._runs.progress import progress_bar
from razz_fast.events import Action
from razz_fast.seating import distinct, strategy_labels

__all__ = [
    "simulate_batches",
    "match_batches",
    "write_parquet",
    "ParquetSink",
    "hand_schema",
    "ACTIONS",
    "PARQUET_OPTIONS",
    "ROW_GROUP_HANDS",
]

ACTIONS = tuple(a.name for a in Action)
"""The names of ``Action`` values, in value order: ``actions.action`` holds
the values (``ACTIONS[value]`` is the name)."""

PARQUET_OPTIONS: dict[str, Any] = {"compression": "zstd", "compression_level": 1}
"""What ``ParquetSink`` passes to ``pyarrow.parquet.ParquetWriter`` unless
told otherwise: zstd at level 1 packs the hands seven times smaller than
they are in memory (74 bytes a hand at six players), for about the time
snappy takes to pack them five times smaller."""

#: A batch of chunks asked of the core lasts about this long, and holds at
#: most MAX_CHUNKS chunks (about half a megabyte each at six players), which
#: bounds the memory a run takes whatever ``hands`` is.
BATCH_SECONDS = 0.2
MAX_CHUNKS = 32

Sink = Callable[[Any], object]
Strategy = Union[str, Callable[[Any], Any]]


def _pyarrow() -> Any:
    """pyarrow, or an ImportError that names the extra which installs it."""
    try:
        import pyarrow
    except ImportError:
        raise ImportError("columnar hands need pyarrow: pip install 'razz-fast[arrow]'") from None
    return pyarrow


def hand_schema(match: bool = False) -> Any:
    """The ``pyarrow.Schema`` of a batch of ``simulate``'s hands, or with
    ``match`` of a match's (which adds ``deal`` and ``seating``)."""
    pa = _pyarrow()
    seat = pa.uint8()
    fields = [pa.field("hand", pa.uint64(), nullable=False)]
    if match:
        fields += [
            pa.field("deal", pa.uint64(), nullable=False),
            pa.field("seating", pa.uint8(), nullable=False),
        ]
    fields += [
        pa.field("seed", pa.uint64(), nullable=False),
        pa.field("strategy", pa.large_list(pa.string()), nullable=False),
        pa.field("down_cards", pa.large_list(pa.large_list(pa.uint8())), nullable=False),
        pa.field("up_cards", pa.large_list(pa.large_list(pa.uint8())), nullable=False),
        pa.field("community", pa.large_list(pa.uint8()), nullable=False),
        pa.field(
            "actions",
            pa.large_list(
                pa.struct(
                    [
                        pa.field("seat", seat, nullable=False),
                        pa.field("action", pa.uint8(), nullable=False),
                        pa.field("amount", pa.uint64(), nullable=False),
                        pa.field("street", pa.uint8(), nullable=False),
                    ]
                )
            ),
            nullable=False,
        ),
        pa.field("payoffs", pa.large_list(pa.int64()), nullable=False),
        pa.field(
            "shown",
            pa.large_list(
                pa.struct(
                    [
                        pa.field("seat", seat, nullable=False),
                        pa.field("rank", pa.uint16(), nullable=False),
                    ]
                )
            ),
            nullable=False,
        ),
        pa.field("winners", pa.large_list(seat), nullable=False),
    ]
    return pa.schema(fields)


class _Wrap:
    """Arrow arrays over a chunk's numpy columns, sharing their memory."""

    def __init__(self, pa: Any, chunk: dict[str, np.ndarray]) -> None:
        self.pa = pa
        self.chunk = chunk

    def values(self, name: str, kind: Any) -> Any:
        column = self.chunk[name]
        # py_buffer keeps the numpy array (and the core's vector) alive.
        return self.pa.Array.from_buffers(kind, len(column), [None, self.pa.py_buffer(column)])

    def lists(self, offsets: np.ndarray, values: Any, kind: Any) -> Any:
        return self.pa.Array.from_buffers(
            kind, len(offsets) - 1, [None, self.pa.py_buffer(offsets)], children=[values]
        )

    def listed(self, name: str, offsets: str, kind: Any) -> Any:
        """A list column of the values ``name`` at the offsets ``offsets``."""
        return self.lists(self.chunk[offsets], self.values(name, kind.value_type), kind)


class _Batches:
    """Turns the core's chunks of one run into record batches."""

    def __init__(self, players: int, labels: list[str], seat_strategy: list[int], match: bool):
        pa = _pyarrow()
        self.pa = pa
        self.players = players
        self.match = match
        self.schema = hand_schema(match)
        self.labels = pa.array(labels, pa.string())
        # Each seating's strategy at each seat (one seating in simulate).
        self.seat_strategy = np.asarray(seat_strategy, dtype=np.int8).reshape(-1, players)
        # The offsets of the per-seat lists: a chunk's hands, every seating.
        rows = _core.CHUNK * len(self.seat_strategy)
        self.offsets = np.arange(0, (rows + 1) * players, players, dtype=np.int64)

    def batch(self, chunk: dict[str, np.ndarray]) -> Any:
        pa = self.pa
        w = _Wrap(pa, chunk)
        rows = len(chunk["hand"])
        schema = self.schema
        per_seat = self.offsets[: rows + 1]
        seating = chunk["seating"] if self.match else np.zeros(rows, dtype=np.uint8)
        # Names, not an Arrow dictionary: Parquet readers refuse a
        # dictionary inside a list once a file has several row groups.
        strategy = self.labels.take(self.seat_strategy[seating].reshape(-1))
        cards = pa.large_list(pa.uint8())
        action = w.values("action", pa.uint8())
        actions = pa.StructArray.from_arrays(
            [w.values("action_seat", pa.uint8()), action,
             w.values("action_amount", pa.uint64()), w.values("action_street", pa.uint8())],
            fields=list(schema.field("actions").type.value_type),
        )  # fmt: skip
        shown = pa.StructArray.from_arrays(
            [w.values("shown_seat", pa.uint8()), w.values("shown_rank", pa.uint16())],
            fields=list(schema.field("shown").type.value_type),
        )
        columns = [w.values("hand", pa.uint64())]
        if self.match:
            columns += [w.values("deal", pa.uint64()), w.values("seating", pa.uint8())]
        columns += [
            w.values("seed", pa.uint64()),
            w.lists(per_seat, strategy, schema.field("strategy").type),
            w.lists(per_seat, w.listed("down_cards", "down_offsets", cards), pa.large_list(cards)),
            w.lists(per_seat, w.listed("up_cards", "up_offsets", cards), pa.large_list(cards)),
            w.listed("community", "community_offsets", cards),
            w.lists(chunk["action_offsets"], actions, schema.field("actions").type),
            w.lists(per_seat, w.values("payoffs", pa.int64()), pa.large_list(pa.int64())),
            w.lists(chunk["shown_offsets"], shown, schema.field("shown").type),
            w.listed("winners", "winner_offsets", pa.large_list(pa.uint8())),
        ]
        return pa.RecordBatch.from_arrays(columns, schema=schema)


def _play(
    run: Any,
    batches: _Batches,
    bar: Any,
    on_sums: Callable[[Any], None] | None = None,
) -> Iterator[Any]:
    """The run's record batches, chunk by chunk, in order. The core plays
    the next batch of chunks on a thread of its own (without the GIL) while
    the caller consumes this one, so that writing the hands overlaps with
    playing them; ``on_sums`` gets each batch's exact sums. Closed early,
    the batch under way is cancelled."""
    stop = threading.Event()
    threads = run.threads or os.cpu_count() or 1
    chunks = run.chunks
    largest = min(MAX_CHUNKS, run.max_chunks_per_call)

    def play(first: int, count: int) -> tuple[Any, float]:
        began = time.perf_counter()
        out = run.columns(first, count, stop.is_set)
        return out, time.perf_counter() - began

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="razz_fast.columnar")
    pending: Future[tuple[Any, float]] | None = None
    try:
        done, size = 0, min(2 * threads, chunks, largest)
        pending = pool.submit(play, 0, size)
        while pending is not None:
            (parts, sums), took = pending.result()
            done += size
            pending = None
            if done < chunks:
                scale = BATCH_SECONDS / max(took, 1e-6)
                size = max(1, min(int(size * min(scale, 4.0)), largest, chunks - done))
                pending = pool.submit(play, done, size)
            if on_sums is not None:
                on_sums(sums)
            for part in parts:
                yield batches.batch(part)
            if bar is not None:
                bar.update(sums.hands)
    finally:
        stop.set()
        if pending is not None:
            # A cancelled batch ends within the core's poll (50 ms).
            pending.exception()
        pool.shutdown(wait=True)
        if bar is not None:
            bar.close()


def _sim_batches(run: Any) -> _Batches:
    unique, index = distinct(list(run.strategies))
    return _Batches(run.players, strategy_labels(unique), index, match=False)


def _match_batches(run: Any) -> _Batches:
    unique, _ = distinct(list(run.strategies))
    n = run.players
    index = list(run.index)
    # Seating r moves each strategy r seats back: seat s holds seat s + r's.
    seatings = [index[(s + r) % n] for r in range(run.seatings) for s in range(n)]
    return _Batches(n, strategy_labels(unique), seatings, match=True)


def simulate_batches(
    hands: int,
    *,
    players: int = 6,
    strategies: Strategy | Sequence[Strategy] = "check_call",
    rules: _core.Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> Iterator[Any]:
    """The hands of ``simulate(hands, ...)`` with the same arguments (the
    same hands for the same seed, whatever ``threads`` is), as
    ``pyarrow.RecordBatch``es of ``hand_schema()``, one per chunk of 1,024
    hands, in hand order, played lazily: stop iterating to keep only the
    first hands. The arguments are checked now, before any hand is played."""
    run = _core.SimRun(hands, players, strategies, rules, stacks, seed, threads, progress, 0)
    batches = _sim_batches(run)
    return _play(run, batches, progress_bar(run.progress, run.hands, " hands", "simulate"))


def match_batches(
    strategies: Sequence[Strategy],
    hands: int,
    *,
    players: int | None = None,
    rules: _core.Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    duplicate: bool = True,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
) -> Iterator[Any]:
    """The hands of ``match(strategies, hands, ...)`` with the same
    arguments, as ``pyarrow.RecordBatch``es of ``hand_schema(match=True)``:
    every seating of each deal in turn (the order of ``record=``), one batch
    per chunk of 1,024 deals, played lazily."""
    run = _core.MatchRun(strategies, hands, players, rules, stacks, duplicate, seed, threads,
                         progress, 0, False)  # fmt: skip
    batches = _match_batches(run)
    bar = progress_bar(run.progress, run.deals * run.seatings, " hands", "match")
    return _play(run, batches, bar)


def stream(run: Any, sink: Sink, on_sums: Callable[[Any], None], match: bool) -> None:
    """Plays every chunk of ``run`` (a ``SimRun`` or ``MatchRun``), gives
    ``sink`` each chunk's record batch and ``on_sums`` the sums of each
    batch of chunks: ``simulate(..., record=sink)`` and ``match``'s."""
    batches = _match_batches(run) if match else _sim_batches(run)
    total = run.deals * run.seatings if match else run.hands
    bar = progress_bar(run.progress, total, " hands", "match" if match else "simulate")
    for batch in _play(run, batches, bar, on_sums):
        sink(batch)


ROW_GROUP_HANDS = 64 * _core.CHUNK
"""Hands a Parquet row group holds by default (64 chunks): each row group
costs the writer a few kilobytes of metadata kept until the file is closed,
so a row group per chunk would make its memory grow with ``hands``."""


class ParquetSink:
    """A ``record=`` sink that writes every batch it is given to a Parquet
    file at ``path``, gathered into row groups of ``row_group_hands`` hands
    (in memory until then); close it (or use it in a ``with`` block) to
    finish the file. ``options`` go to ``pyarrow.parquet.ParquetWriter``
    over ``PARQUET_OPTIONS``."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        row_group_hands: int = ROW_GROUP_HANDS,
        **options: Any,
    ) -> None:
        self._pa = _pyarrow()
        import pyarrow.parquet as pq

        self._pq = pq
        self._path = path
        self._row_group_hands = row_group_hands
        self._options = {**PARQUET_OPTIONS, **options}
        # What can be told now is refused now, not after the first chunk
        # has been played (the file itself is made at the first batch).
        folder = os.path.dirname(os.path.abspath(os.fspath(path)))
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError(f"ParquetSink: cannot write {os.fspath(path)!r}: no writable folder")
        codec = self._options.get("compression")
        if isinstance(codec, str) and codec.lower() not in ("none", "uncompressed"):
            try:
                available = self._pa.Codec.is_available(codec)
            except ValueError:  # (pyarrow's own words for a name it does not know)
                available = False
            if not available:
                raise ValueError(f"ParquetSink: compression {codec!r} is not one pyarrow has")
        self._writer: Any = None
        self._pending: list[Any] = []
        self._pending_rows = 0
        self.hands = 0
        """Hands written so far (every hand given, once closed)."""

    def __call__(self, batch: Any) -> None:
        if not isinstance(batch, self._pa.RecordBatch):
            raise TypeError(f"ParquetSink takes pyarrow RecordBatches, got {type(batch).__name__}")
        if self._writer is None:
            self._writer = self._pq.ParquetWriter(self._path, batch.schema, **self._options)
        self._pending.append(batch)
        self._pending_rows += batch.num_rows
        if self._pending_rows >= self._row_group_hands:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            table = self._pa.Table.from_batches(self._pending)
            self._writer.write_table(table, row_group_size=max(self._pending_rows, 1))
            self.hands += self._pending_rows
            self._pending, self._pending_rows = [], 0

    def close(self) -> None:
        """Writes what is left and finishes the file (a file with no batch
        is not created)."""
        if self._writer is not None:
            try:
                self._flush()
            finally:
                self._writer.close()
                self._writer = None

    def __enter__(self) -> ParquetSink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_parquet(path: str | os.PathLike[str], batches: Iterable[Any], **options: Any) -> int:
    """Writes ``batches`` (``simulate_batches``, ``match_batches``) to a
    Parquet file at ``path`` as they come, and returns the hands written.
    ``options`` go to ``ParquetSink``. ValueError if there is no batch to
    write."""
    with ParquetSink(path, **options) as sink:
        for batch in batches:
            sink(batch)
    if sink.hands == 0 and not os.path.exists(path):
        raise ValueError("write_parquet: no batch to write")
    return sink.hands
