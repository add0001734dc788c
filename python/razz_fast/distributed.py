"""``simulate``, ``match``, ``equity`` and ``exploitability`` on a Dask
cluster, bit-identical to a local run.

Needs the ``dask`` extra (``pip install 'razz-fast[dask]'``) and a
``dask.distributed.Client``::

    from dask.distributed import Client, LocalCluster
    import razz_fast.distributed as rfd

    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    rfd.simulate(10**8, strategies="tight", seed=7, progress=True)
    rfd.match(["tight", "check_call"] * 3, 10**7, seed=7)
    rfd.equity(["As 2d 3c", "4h 5h 6s", "7c 8d 9h"], exact=True)
    rfd.exploitability("tight", 10**6, seed=7)

Each takes the local function's arguments plus ``client`` (default: the
current client, ``distributed.default_client()``) and ``chunks_per_task``.
The run is cut into the same units the local run uses: simulation chunks of
``_core.CHUNK`` hands (deals, for a match; for exploitability 512 deals,
each played in both seats) seeded from (seed, chunk),
slices of the outer rank-multiset enumeration for exact equity, seeded
chunks of 4,096 samples for sampled equity. Each task plays a contiguous range of units in the
compiled core on a worker and returns integer sums; the client keeps them
in a dict keyed by task id, so a task that completes twice (after a lost
worker, say) counts once, and merges them exactly. A task whose worker dies
is run again by Dask's scheduler elsewhere; as every task is a pure function
of its arguments, the rerun returns the same sums. A run that ends without
its result (Ctrl-C, an error) cancels the tasks not yet started and sets a
stop flag that the running ones poll, so they stop between two decisions
(or enumeration items) and the cluster is free at once.
[On a Dask cluster](DISTRIBUTED.md) says more.
"""

from __future__ import annotations

try:
    from distributed import Client, Event, as_completed, default_client
except ImportError as error:  # pragma: no cover - exercised in a subprocess
    raise ImportError(
        "razz_fast.distributed needs Dask's distributed scheduler, which is not "
        "installed: pip install 'razz-fast[dask]'"
    ) from error

import itertools
import pickle
import time
import uuid
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Callable

from razz_fast import _core
from razz_fast._checks import checked_int
from razz_fast._runs.exploitability import ProbabilityStrategy, play_lbr_chunks, strategy_label
from razz_fast._runs.match import play_match_chunks
from razz_fast._runs.progress import progress_bar
from razz_fast._runs.simulate import Strategy, play_chunks
from razz_fast._runs.tallies import Tallies, merge_tallies, result_from_tallies
from razz_fast.results import (
    EquityResult,
    ExploitabilityResult,
    ExploitabilityTotals,
    SimulationResult,
    Totals,
)
from razz_fast.results.match import MatchResult, MatchTotals
from razz_fast.seating import distinct, strategy_labels

__all__ = ["simulate", "match", "equity", "exploitability"]

#: Without ``chunks_per_task``, runs are cut into about this many tasks per
#: worker thread: enough to balance the workers at the end of a run and to
#: move the progress bar, few enough that Dask's per-task cost is noise.
TASKS_PER_THREAD = 16
#: Bounds on the default units per task: simulation chunks (1,024 hands),
#: sample chunks (4,096 samples); exact slices have no bound.
SMALLEST_TASK = 16
LARGEST_TASK = 1024
#: Tasks submitted at once, the next batch going in before the last one's
#: results are read: far more than a run's default ~16 per worker thread,
#: so most runs are one batch, while a run of 2**63 hands or trials never
#: holds more than two batches of futures.
TASKS_AT_ONCE = 4096


#: How long a run waits for a cluster without workers before saying so
#: (seconds): workers that are starting get this long to join.
WORKER_WAIT = 10.0
#: How often a running equity task asks whether its run was stopped
#: (seconds): each ask is a message to the scheduler.
CANCEL_POLL = 0.25


class _Escaped(Exception):
    """A ``SystemExit`` or ``KeyboardInterrupt`` raised in a task, carried
    as an ordinary exception: raised as itself, it would end the worker's
    thread or the worker, and the run would end in ``KilledWorker``. It
    carries the class and arguments, not the exception (the pickling Dask
    installs, tblib's, drops ``SystemExit.code``); ``error()`` rebuilds it
    on the client."""

    def __init__(self, kind: type[BaseException], args: tuple[Any, ...]) -> None:
        super().__init__(kind, args)
        self.kind, self.arguments = kind, args

    def error(self) -> BaseException:
        return self.kind(*self.arguments)


def _guarded(function: Callable[..., Any], *args: Any) -> Any:
    """``function(*args)`` on a worker, with exits carried (see ``_Escaped``)."""
    try:
        return function(*args)
    except (SystemExit, KeyboardInterrupt) as error:
        raise _Escaped(type(error), error.args) from None


class _StopFlag:
    """``cancelled()`` of a running task: whether the client set the run's
    stop ``Event`` (asked at most every ``CANCEL_POLL`` s)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.event: Event | None = None
        self.next_ask = 0.0

    def __call__(self) -> bool:
        now = time.monotonic()
        if now < self.next_ask:
            return False
        self.next_ask = now + CANCEL_POLL
        if self.event is None:
            self.event = Event(self.name)
        return self.event.is_set()


def _equity_slice(spot: _core.EquitySpot, start: int, stop: int, flag: str) -> Tallies:
    """One equity task: a slice that stops once its run's stop flag is set."""
    return Tallies.of(spot.slice(start, stop, _StopFlag(flag)))


def _simulate_slice(run: _core.SimRun, first: int, count: int, flag: str) -> Totals:
    """One simulate task: chunks that stop once the run's stop flag is set."""
    return play_chunks(run, first, count, _StopFlag(flag))


def _match_slice(run: _core.MatchRun, first: int, count: int, flag: str) -> MatchTotals:
    """One match task: deals that stop once the run's stop flag is set."""
    return play_match_chunks(run, first, count, _StopFlag(flag))


def _lbr_slice(run: _core.LbrRun, first: int, count: int, flag: str) -> ExploitabilityTotals:
    """One exploitability task: chunks that stop once the run's stop flag is set."""
    return play_lbr_chunks(run, first, count, _StopFlag(flag))


def _with_workers(client: Client) -> Client:
    """``client``, once its cluster has a worker: a clear error after
    ``WORKER_WAIT`` seconds without one (the tasks would wait forever)."""
    try:
        client.wait_for_workers(1, timeout=WORKER_WAIT)
    except TimeoutError:
        raise RuntimeError(
            f"the Dask cluster has no workers (waited {WORKER_WAIT:g} s): start some"
            " (dask worker <scheduler address>) or pass another client"
        ) from None
    return client


def _load_error(payload: bytes) -> str | None:
    """On a worker: why ``payload`` cannot be unpickled there, or None."""
    try:
        pickle.loads(payload)
    except Exception as error:  # any failure is the answer, not a crash
        return f"{type(error).__name__}: {error}"
    return None


def _check_loadable(client: Client, run: Any) -> None:
    """Refuses a run whose strategies the workers cannot load (a function
    importable only on the client) before any task is sent: its tasks
    could never start."""
    import cloudpickle  # Dask's own dependency

    payload = cloudpickle.dumps(run)
    failures = {w: e for w, e in client.run(_load_error, payload).items() if e}
    if failures:
        worker, error = sorted(failures.items())[0]
        raise ValueError(
            f"the strategies cannot be loaded on the Dask workers ({worker}: {error}):"
            " a strategy function must be importable on the workers too (install its"
            " module there), or be sent by value (defined in __main__, or its module"
            " passed to cloudpickle.register_pickle_by_value)"
        )


def _client(client: Any) -> Client:
    if client is None:
        try:
            return default_client()
        except ValueError as error:
            raise ValueError(
                "no Dask client: pass client=..., or create a dask.distributed.Client first"
            ) from error
    if not isinstance(client, Client):
        raise TypeError(f"client must be a dask.distributed.Client, got {type(client).__name__}")
    return client


def _task_size(
    units: int, client: Client, chunks_per_task: Any, smallest: int, largest: int | None
) -> int:
    """Units per task: ``chunks_per_task``, or by default about
    ``TASKS_PER_THREAD`` tasks per worker thread within ``smallest..largest``."""
    if chunks_per_task is not None:
        return checked_int(chunks_per_task, "chunks_per_task", 1, 2**63 - 1)
    threads = max(1, sum(client.nthreads().values()))
    size = max(smallest, -(-units // (TASKS_PER_THREAD * threads)))
    return size if largest is None else min(size, largest)


def _slices(units: int, size: int) -> tuple[int, Iterator[tuple[int, int]]]:
    """``0 .. units`` cut into contiguous ``(start, stop)`` slices of
    ``size``: their count, and the slices one at a time (a run of 2**63
    hands has more slices than memory could list)."""
    slices = ((start, min(start + size, units)) for start in range(0, units, size))
    return -(-units // size), slices


def _run_tasks(
    client: Client,
    name: str,
    function: Callable[..., Any],
    count: int,
    tasks: Iterable[tuple[tuple[Any, ...], int]],
    bar: Any,
) -> dict[int, Any]:
    """Runs ``function(*args)`` for each of the ``count`` ``(args, size)``
    of ``tasks`` on the cluster and returns ``{task id: result}``, advancing
    ``bar`` by ``size`` as each task completes. Tasks are submitted
    ``TASKS_AT_ONCE`` at a time, the next batch before the results of the
    last are read, so a huge run keeps the cluster busy without a future
    per task in memory. Any exit other than success (an error in a task,
    Ctrl-C) cancels the tasks still outstanding. Each task gets the name of
    the run's stop flag as its last argument, set then too, which its
    running work polls (Dask cannot stop a running task by itself)."""
    token = uuid.uuid4().hex
    task_id: dict[Any, int] = {}
    sizes: dict[int, int] = {}
    results: dict[int, Any] = {}
    futures: list[Any] = []
    flag = f"{name}-{token}-stop"
    pending = iter(tasks)

    def submit() -> list[Any]:
        batch = list(itertools.islice(pending, TASKS_AT_ONCE))
        if not batch:
            return []
        first = len(task_id)
        keys = [f"{name}-{token}-{first + i}" for i in range(len(batch))]
        for i, (key, (_, size)) in enumerate(zip(keys, batch), first):
            task_id[key] = i
            sizes[i] = size
        columns: list[Any] = [*zip(*(args for args, _ in batch)), [flag] * len(batch)]
        submitted = client.map(_guarded, [function] * len(batch), *columns, key=keys, pure=False)
        futures.extend(submitted)
        return submitted

    try:
        batch = submit()
        while batch:
            following = submit()
            for future, result in as_completed(batch, with_results=True):
                if future.status != "finished":  # cancelled from elsewhere
                    raise RuntimeError(f"Dask task {future.key} ended {future.status}")
                i = task_id[future.key]
                if i in results:  # the same task reported twice counts once
                    continue
                results[i] = result
                if bar is not None:
                    bar.update(sizes.pop(i))
            done = {future.key for future in batch}
            futures[:] = [future for future in futures if future.key not in done]
            batch = following
        if len(results) != count:
            raise RuntimeError(f"{count - len(results)} Dask tasks never completed")
    except _Escaped as escaped:  # a strategy's sys.exit or KeyboardInterrupt
        raise escaped.error() from None
    finally:
        outstanding = [f for f in futures if task_id[f.key] not in results]
        if outstanding:
            Event(flag, client=client).set()
            client.cancel(outstanding)
        if bar is not None:
            bar.close()
    return results


def simulate(
    hands: int,
    *,
    players: int = 6,
    strategies: Strategy | Sequence[Strategy] = "check_call",
    rules: _core.Rules | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    client: Client | None = None,
    chunks_per_task: int | None = None,
) -> SimulationResult:
    """``razz_fast.simulate`` on a Dask cluster: the same arguments and, for
    the same seed, the same result bit for bit (``elapsed`` aside).

    ``client``: a ``dask.distributed.Client`` (default: the current one).
    ``threads``: core threads per task on its worker (default 1: Dask runs as
    many tasks at once as each worker has threads). ``chunks_per_task``:
    chunks of 1,024 hands per task (default: about 16 tasks per worker
    thread, 16 to 1,024 chunks each). Neither changes the result. Python
    strategies travel to the workers with cloudpickle. Ctrl-C (or an error
    in a task) stops the running tasks too, between two decisions."""
    # Checked once, in signature order; the run object travels to the
    # workers as it is (it pickles to its arguments). One core thread per
    # task unless asked: Dask runs a task per worker thread.
    run = _core.SimRun(hands, players, strategies, rules, stacks, seed,
                       1 if threads is None else threads, progress, 0)  # fmt: skip
    client = _with_workers(_client(client))
    _check_loadable(client, run)
    # A task never plays more chunks than one core call may sum.
    size = min(
        _task_size(run.chunks, client, chunks_per_task, SMALLEST_TASK, LARGEST_TASK),
        run.max_chunks_per_call,
    )
    count, slices = _slices(run.chunks, size)
    tasks = (
        ((run, a, b - a), min(b * _core.CHUNK, run.hands) - a * _core.CHUNK) for a, b in slices
    )
    start = time.perf_counter()
    bar = progress_bar(run.progress, run.hands, " hands", "simulate")
    parts = _run_tasks(client, "razz-simulate", _simulate_slice, count, tasks, bar)
    totals = Totals(run.players)
    for i in sorted(parts):
        totals.add(parts[i])
    return totals.result(run.seed, time.perf_counter() - start)


def match(
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
    adjust_luck: bool = False,
    client: Client | None = None,
    chunks_per_task: int | None = None,
) -> MatchResult:
    """``razz_fast.match`` on a Dask cluster: the same arguments and, for the
    same seed, the same result bit for bit (``elapsed`` aside); ``client``,
    ``threads`` and ``chunks_per_task`` as for ``simulate`` (a chunk is
    1,024 deals, each played in every seating)."""
    run = _core.MatchRun(strategies, hands, players, rules, stacks, duplicate, seed,
                         1 if threads is None else threads, progress, 0, adjust_luck)  # fmt: skip
    unique, _ = distinct(run.strategies)
    client = _with_workers(_client(client))
    _check_loadable(client, run)
    size = min(
        _task_size(run.chunks, client, chunks_per_task, SMALLEST_TASK, LARGEST_TASK),
        run.max_chunks_per_call,
    )
    count, slices = _slices(run.chunks, size)
    tasks = (
        ((run, a, b - a), (min(b * _core.CHUNK, run.deals) - a * _core.CHUNK) * run.seatings)
        for a, b in slices
    )
    start = time.perf_counter()
    bar = progress_bar(run.progress, run.deals * run.seatings, " hands", "match")
    parts = _run_tasks(client, "razz-match", _match_slice, count, tasks, bar)
    totals = MatchTotals(len(unique))
    for i in sorted(parts):
        totals.add(parts[i])
    return totals.result(strategy_labels(unique), run.rules.big_bet, run.duplicate, run.seed,
                         time.perf_counter() - start,
                         _core.LUCK_UNITS if run.adjust_luck else 0)  # fmt: skip


def exploitability(
    strategy: ProbabilityStrategy,
    hands: int,
    *,
    rules: _core.Rules | None = None,
    stacks: int | list[int] | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    client: Client | None = None,
    chunks_per_task: int | None = None,
) -> ExploitabilityResult:
    """``razz_fast.exploitability`` on a Dask cluster: the same arguments
    and, for the same seed, the same result bit for bit (``elapsed`` aside);
    ``client``, ``threads`` and ``chunks_per_task`` as for ``simulate`` (a
    chunk is 1,024 hands, 512 deals each played in both seats)."""
    run = _core.LbrRun(strategy, hands, rules, stacks, seed, 1 if threads is None else threads,
                       progress)  # fmt: skip
    client = _with_workers(_client(client))
    _check_loadable(client, run)
    size = min(
        _task_size(run.chunks, client, chunks_per_task, SMALLEST_TASK, LARGEST_TASK),
        run.max_chunks_per_call,
    )
    count, slices = _slices(run.chunks, size)
    tasks = (
        ((run, a, b - a), min(b * _core.CHUNK, run.hands) - a * _core.CHUNK) for a, b in slices
    )
    start = time.perf_counter()
    bar = progress_bar(run.progress, run.hands, " hands", "exploitability")
    parts = _run_tasks(client, "razz-exploitability", _lbr_slice, count, tasks, bar)
    totals = ExploitabilityTotals()
    for i in sorted(parts):
        totals.add(parts[i])
    label = strategy_label(run.strategy)
    return totals.result(label, run.big_bet, run.seed, time.perf_counter() - start)


def equity(
    hands: Sequence[Any],
    dead: Any = (),
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    client: Client | None = None,
    chunks_per_task: int | None = None,
    progress: bool = False,
) -> EquityResult:
    """``razz_fast.equity`` on a Dask cluster: the same arguments and, for
    the same seed, the same result bit for bit.

    Exact runs are cut into slices of the outer enumeration (each community
    rank times each rank multiset the first player may receive), sampled
    runs into the local sampler's seeded chunks of 4,096 samples.
    ``client``, ``threads`` and ``chunks_per_task`` (here: enumeration items
    or sample chunks per task) are as in ``simulate``; ``progress=True``
    shows a tqdm bar of completed work."""
    # Checked once, in signature order; one core thread per task unless asked.
    spot = _core.EquitySpot(hands, dead, exact, trials, seed, 1 if threads is None else threads,
                            progress)  # fmt: skip
    client = _with_workers(_client(client))
    is_exact, units = spot.plan()
    tasks: Iterator[tuple[tuple[Any, ...], int]]
    if is_exact:
        size = _task_size(units, client, chunks_per_task, 1, None)
        count, slices = _slices(units, size)
        tasks = (((spot, a, b), b - a) for a, b in slices)
        bar = progress_bar(spot.progress, units, " items", "equity")
    else:
        size = _task_size(units, client, chunks_per_task, SMALLEST_TASK, LARGEST_TASK)
        chunk = _core.SAMPLE_CHUNK
        count, slices = _slices(units, size)
        tasks = (((spot, a, b), min(b * chunk, spot.trials) - a * chunk) for a, b in slices)
        bar = progress_bar(spot.progress, spot.trials, " samples", "equity")
    parts = _run_tasks(client, "razz-equity", _equity_slice, count, tasks, bar)
    return result_from_tallies(merge_tallies(parts[i] for i in sorted(parts)), spot.seed)
