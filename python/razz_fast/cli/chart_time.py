"""How long an exact chart will take, measured before it starts: heads-up
it takes seconds, against two random hands hours, against three or more
weeks, and `razz-fast chart --exact yes` says so rather than sit silent.

Each of the chart's 455 rows is one exact equity run whose work the core
cuts into units (`_core.EquitySpot.plan`, free to ask). A row costs a
fixed amount (its tables, its threads) plus its units; both are measured on
slices of a middle row (`EquitySpot.slice`), spread over its units, within
a budget of about half a second, and the chart's time is the sum over the
rows of the fixed cost plus their units at the measured rate. A single
unit that outlasts the budget is stopped (the slice's ``cancelled``) and
gives a lower bound."""

from __future__ import annotations

import datetime
import time

from razz_fast import _core
from razz_fast._runs.chart import _row_cards, starting_hands

__all__ = ["SLOW_CHART", "exact_chart_seconds", "slow_chart_warning"]

#: A chart expected to run longer than this many seconds is announced.
SLOW_CHART = 60.0


def exact_chart_seconds(
    opponents: int, threads: int | None = None, budget: float = 0.5
) -> tuple[float, bool]:
    """(seconds, at_least): the expected time of the exact chart against
    ``opponents`` random hands on ``threads`` threads, measured within about
    ``budget`` seconds; ``at_least`` when a single unit outlasted the
    budget, so that the figure is a lower bound."""
    hands = starting_hands()
    spot = _core.EquitySpot(
        [_row_cards(hands[0])] + [[]] * opponents, (), True, 1, 0, threads, False
    )
    rows = [spot.row([_row_cards(ranks)] + [[]] * opponents, True, 1, 0) for ranks in hands]
    units = [row.plan()[1] for row in rows]
    # A middle row (8-5-2 heads-up): the first, trip aces, has the fewest units.
    middle = len(rows) // 2
    row, count = rows[middle], units[middle]
    deadline = time.perf_counter() + budget

    def cancelled() -> bool:
        return time.perf_counter() > deadline

    def timed(start: int, stop: int) -> tuple[float, bool]:
        """The slice's time, and whether it ended (else it was stopped at
        the deadline, and its time is a lower bound)."""
        began = time.perf_counter()
        try:
            row.slice(start, stop, cancelled)
        except RuntimeError:
            return time.perf_counter() - began, False
        return time.perf_counter() - began, True

    fixed, ended = timed(0, 1)  # the row's fixed cost, and one unit
    if not ended:
        # One unit outlasted the budget: every unit is taken to be as slow.
        return fixed * sum(units), True
    work = seconds = 0.0
    size, step = 8, 0
    while size < 4 * count:
        # Starts spread over the row (by the golden ratio), since units
        # cost more in some parts of the enumeration than in others.
        step += 1
        start = int(count * ((step * 0.6180339887) % 1.0))
        stop = min(count, start + size)
        spent, ended = timed(start, stop)
        if not ended:
            # Stopped at the deadline: these units took at least that long.
            bound = max(spent - fixed, 0.0) / (stop - start)
            if seconds > 0:  # the slices that ended measure the rate
                return _total(units, fixed, max(seconds / work, bound)), False
            return _total(units, fixed, bound), True
        work += stop - start
        seconds += max(spent - fixed, 0.0)
        size *= 4
    per_unit = seconds / work if work else 0.0
    return _total(units, fixed, per_unit), False


def _total(units: list[int], fixed: float, per_unit: float) -> float:
    return sum(fixed + count * per_unit for count in units)


def slow_chart_warning(
    opponents: int, seconds: float, at_least: bool, now: datetime.datetime | None = None
) -> str | None:
    """The warning for an exact chart expected to take ``seconds`` (None
    under a minute): the estimate, when it should end, and the way out."""
    if seconds <= SLOW_CHART:
        return None
    now = now or datetime.datetime.now().astimezone()
    others = "one random hand" if opponents == 1 else f"{opponents} random hands"
    how = "at least" if at_least else "about"
    try:
        end = f"{(now + datetime.timedelta(seconds=seconds)):%Y-%m-%d %H:%M %Z}"
        end = f", to end {'no sooner than' if at_least else 'about'} {end}"
    except OverflowError:  # (past the year 9999)
        end = ""
    return (
        f"razz-fast: warning: the exact chart against {others} will take {how} "
        f"{duration(seconds)} here (measured on a sample of one row){end}; "
        "Ctrl-C stops it, and --exact no samples every row instead"
    )


def duration(seconds: float) -> str:
    """A time in the largest units that say it: '45 s', '12 min', '7.6 hours', '45 days'."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:,.0f} days"
    return f"{seconds / (365.25 * 86400):,.0f} years"
