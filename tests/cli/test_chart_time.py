"""`razz-fast chart --exact yes` says, before it starts, when the run will
take over a minute: with its estimate, measured on a sample, and when it
should end (issue 37). The tests read no clock: the estimates compared are
hours against a minute, the warning's end time is given its "now"."""

from __future__ import annotations

import datetime

import pytest

import razz_fast
from helpers import run_main as run
from razz_fast.cli import chart_time


def test_two_opponents_exact_is_estimated_at_hours():
    # About 455 rows of a million units at tens of microseconds each here:
    # hours, so far past a minute that no machine's speed or load matters.
    seconds, at_least = chart_time.exact_chart_seconds(2, threads=1)
    assert seconds > 10 * chart_time.SLOW_CHART


def test_three_opponents_is_a_lower_bound_when_a_unit_outlasts_the_budget():
    # One unit of the three-way enumeration takes seconds: stopped at the
    # budget, the figure is a bound, and still far past a minute.
    seconds, at_least = chart_time.exact_chart_seconds(3, budget=0.05)
    assert at_least and seconds > 10 * chart_time.SLOW_CHART


def test_heads_up_gives_a_finite_estimate_quickly():
    seconds, at_least = chart_time.exact_chart_seconds(1)
    assert 0 < seconds < float("inf")


def test_the_warning_says_the_estimate_and_the_end():
    now = datetime.datetime(2026, 12, 5, 1, 0, tzinfo=datetime.timezone.utc)
    assert chart_time.slow_chart_warning(1, 59.0, False, now) is None
    text = chart_time.slow_chart_warning(2, 7.5 * 3600, False, now)
    assert text is not None and text.startswith("razz-fast: warning: the exact chart")
    assert "against 2 random hands will take about 7.5 hours" in text
    assert "to end about 2026-12-05 08:30 UTC" in text and "--exact no" in text
    bound = chart_time.slow_chart_warning(4, 5 * 86400, True, now)
    assert bound is not None and "at least 5 days" in bound and "no sooner than" in bound
    assert "years" in (chart_time.slow_chart_warning(7, 1e12, True, now) or "")


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(45, "45 s"), (600, "10 min"), (7.6 * 3600, "7.6 hours"), (45 * 86400, "45 days")],
)
def test_durations_read_in_their_units(seconds, text):
    assert chart_time.duration(seconds) == text


def test_the_command_warns_before_the_run(capsys, monkeypatch):
    """The warning is on stderr before the chart starts (here the user
    stops it at once: the stub stands for the hours-long run)."""
    started = []

    def chart(*args, **kwargs):
        started.append(kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(razz_fast, "chart", chart)
    monkeypatch.setattr(chart_time, "exact_chart_seconds", lambda opponents, threads: (9e4, False))
    status, out, err = run(capsys, "chart", "--opponents", "2", "--exact", "yes", "--csv")
    assert status == 130 and out == ""
    assert err.index("warning: the exact chart against 2 random hands") < err.index("interrupted")
    assert "will take about 25.0 hours here" in err
    assert started and started[0]["exact"] is True


@pytest.mark.parametrize(
    ("argv", "estimated"),
    [
        (["--exact", "yes"], True),
        ([], True),  # exact heads-up by default
        (["--exact", "no"], False),
        (["--opponents", "2"], False),  # sampled by default against more
    ],
)
def test_only_exact_runs_are_estimated_and_a_short_one_is_quiet(
    capsys, monkeypatch, argv, estimated
):
    asked = []

    def estimate(opponents, threads):
        asked.append(opponents)
        return 12.0, False

    monkeypatch.setattr(chart_time, "exact_chart_seconds", estimate)
    monkeypatch.setattr(
        razz_fast, "chart", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt)
    )
    status, _, err = run(capsys, "chart", *argv, "--csv")
    assert status == 130 and bool(asked) == estimated
    assert "warning" not in err


def test_a_bad_opponent_count_is_refused_before_any_estimate(capsys, monkeypatch):
    monkeypatch.setattr(chart_time, "exact_chart_seconds", lambda *a: pytest.fail("estimated"))
    for count in ("0", "8"):
        status, out, err = run(capsys, "chart", "--opponents", count, "--exact", "yes")
        assert (status, out) == (2, "") and "argument --opponents" in err


def test_the_charts_bar_shows_the_time_left(capsys):
    """On a terminal the chart's bar counts its 455 rows with the time left
    (tqdm's elapsed<remaining)."""
    import re

    from razz_fast._runs.progress import progress_bar

    bar = progress_bar(True, 455, " hands", "chart")
    bar.update(1)
    text = str(bar)
    bar.close()
    capsys.readouterr()
    assert "/455" in text and re.search(r"\[[\d:]+<[\d:?]+", text)
