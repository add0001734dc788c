"""Shared fixtures: every test that can runs against both implementations.

* ``impl`` is parametrized over the compiled core (``razz_fast``, id "core")
  and the pure-Python reference (``razz_fast.reference``, id "reference").
* ``core`` and ``ref`` give each one directly, for differential tests.

Hypothesis profiles: "fast" (the default, for every run) and "thorough"
(many more examples), chosen with the environment variable
``RAZZ_HYPOTHESIS_PROFILE``.

Layout: one folder per area (tests/eval, tests/engine, ...), with this file,
helpers.py and data/ shared at the top. pytest's default import mode puts
this folder and each test's folder on ``sys.path``: ``from helpers import``
works everywhere, and a test module's file name must be unique in tests/.

Marks given here rather than in each file:

* the thread-safe API's test files (``THREAD_SAFE``) run every test on
  ``PARALLEL_THREADS`` threads at once (pytest-run-parallel), in the plain
  test run, so CI runs them once;
* a test marked ``slow`` (left out by ``pytest -m "not slow"``) gets
  ``SLOW_TIMEOUT`` seconds instead of pyproject.toml's ``timeout``.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import signal

import pytest
from hypothesis import HealthCheck, settings

# A shell starts a background job (`.ci/run &`, a CI runner's step) with
# SIGINT ignored, Python then leaves it ignored, and so do the processes it
# starts: the Ctrl-C tests would wait forever. They test what a user at a
# terminal gets, so the test run takes Python's own handler.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile(
    "fast",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("RAZZ_HYPOTHESIS_PROFILE", "fast"))

IMPLEMENTATIONS = [
    pytest.param("razz_fast", id="core"),
    pytest.param("razz_fast.reference", id="reference"),
]


@pytest.fixture(scope="session", params=IMPLEMENTATIONS)
def impl(request):
    """The module under test: ``razz_fast`` or ``razz_fast.reference``."""
    return importlib.import_module(request.param)


@pytest.fixture(scope="session")
def core():
    """The compiled core, ``razz_fast``."""
    return importlib.import_module("razz_fast")


@pytest.fixture(scope="session")
def ref():
    """The pure-Python reference, ``razz_fast.reference``."""
    return importlib.import_module("razz_fast.reference")


TESTS = pathlib.Path(__file__).resolve().parent

#: The thread-safe API (cards, evaluation, ranks in bulk, errors, the core's
#: numbers and bounds: no shared Hand). A test in one of these files that
#: cannot share its threads says so with ``@pytest.mark.thread_unsafe``.
THREAD_SAFE = frozenset(
    {
        "eval/test_cards.py",
        "eval/test_category.py",
        "eval/test_errors.py",
        "eval/test_eval_order.py",
        "eval/test_rank_many.py",
        "robustness/test_bounds.py",
        "robustness/test_limits.py",
    }
)
PARALLEL_THREADS = 4

#: The slow tests, by file and by function (or class): each took 2 s or more,
#: all its cases together, in a full run on a busy 2-core machine
#: (``pytest --durations=0 --durations-min=1``). Kept in one list, not in
#: decorators, so that measuring again changes one place; a test may also
#: carry ``@pytest.mark.slow`` itself. ``EVERY_TEST``: every test of the file.
EVERY_TEST = frozenset({"*"})
SLOW = {
    "bots/test_env.py": {
        "test_callable_opponents_in_the_single_env_play_as_the_built_ins_would",
    },
    "bots/test_tables.py": {
        "test_a_batch_policy_equals_its_per_decision_form",
        "test_batch_policies_in_the_reference_and_with_two_policies",
        "test_core_tables_equal_the_reference_after_every_step",
    },
    # The whole file: its tests share a strict build of the site.
    "docs/test_docs_site.py": EVERY_TEST,
    "docs/test_readme.py": {
        "test_python_blocks_run_and_show_their_output",
    },
    "engine/test_hand_differential.py": {
        "TestSameHand",
    },
    "engine/test_pokerkit_razz.py": {
        "test_hypothesis_hands_match_pokerkit",
        "test_random_hands_match_pokerkit",
    },
    "engine/test_reference_hand.py": {
        "test_random_play_invariants",
        "test_random_play_many",
    },
    "equity/test_chart.py": {
        # With every test of the heads-up chart (a module fixture), as the
        # first of them pays for it.
        "test_docs_table_is_the_chart",
        "test_heads_up_chart_is_exact_and_complete",
        "test_heads_up_chart_is_fair_over_all_starts",
        "test_heads_up_chart_rows_are_equity_runs",
        "test_sampled_chart_core_equals_reference",
        "test_sampled_chart_within_five_stderr_of_exact",
    },
    "equity/test_equity.py": {
        "test_auto_samples_when_trials_or_a_seed_is_given",
        "test_exact_seventh_street_equals_brute_force",
        "test_sampled_core_equals_reference",
    },
    "equity/test_equity_range.py": {
        "test_small_spots_equal_brute_force_over_the_passing_hidden_cards",
        "test_the_reference_samples_agree_with_exact",
        "test_too_many_choices_of_hidden_ranks_is_a_value_error_before_any_work",
    },
    "eval/test_cards.py": {
        "test_parse_any_spelling",
        "test_parse_mixed_sequence",
        "test_round_trip_format_parse",
    },
    # The whole file: its tests share the ranks of every multiset.
    "eval/test_eval_exhaustive.py": EVERY_TEST,
    "eval/test_eval_order.py": {
        "test_every_rank_describes_and_parses_back",
    },
    "histories/test_phh.py": {
        "test_many_hands_reach_pokerkit",
        "test_random_hands_round_trip",
    },
    "match/test_match.py": {
        "test_core_equals_reference_for_any_threads",
        "test_plain_play_is_its_own_baseline_and_seats_of_one_hand_are_not_independent",
        "test_recorded_hands_replay_to_their_payoffs",
        "test_two_copies_of_one_strategy_each_win_exactly_nothing",
    },
    "match/test_match_luck.py": {
        "test_core_equals_reference_integer_for_integer",
        "test_the_adjusted_estimate_agrees_with_the_raw_one_and_is_sharper",
        "test_two_copies_of_one_strategy_still_win_exactly_nothing",
    },
    "plot/test_chart_plot.py": {
        "test_a_chart_is_an_image_with_its_notable_starts_labelled",
        "test_the_command_line_draws_the_chart_beside_its_json",
    },
    "release/test_stubs.py": {
        "test_core_stub_matches_runtime",
    },
    "robustness/test_interrupt.py": {
        "test_ctrl_c_in_the_command_line",
        "test_ctrl_c_interrupts_equity_and_python_goes_on",
        "test_ctrl_c_interrupts_simulate_and_python_goes_on",
        "test_ctrl_c_stops_a_batch_policy_run",
        "test_ctrl_c_stops_a_slow_python_strategy_between_decisions",
    },
    "robustness/test_interrupt_wars.py": {
        "test_a_raise_war_stops_within_half_a_second_under_every_preset",
        "test_ctrl_c_returns_once_a_blocked_strategy_returns",
    },
    "sim/test_distributed.py": {
        "test_a_worker_killed_mid_run_changes_nothing",
        "test_ctrl_c_cancels_the_outstanding_tasks",
        "test_ctrl_c_on_an_exact_equity_frees_the_cluster_at_once",
        "test_exact_spots_are_the_local_run",
        "test_exact_three_way_third_street_is_the_local_run",
        "test_simulate_is_the_local_run",
        "test_without_a_client_the_error_says_what_to_do",
    },
    "sim/test_simulate.py": {
        "test_matches_a_replay_of_the_spec",
        "test_tight_beats_check_call_and_random",
        "test_tight_folds_and_raises",
    },
}

#: Seconds a ``slow`` test may take (pyproject.toml's ``timeout`` holds for
#: the others); the slowest take about a minute on a busy 2-core machine.
SLOW_TIMEOUT = 900


def pytest_configure(config):
    # A renamed or moved file would silently lose its marks.
    missing = sorted(name for name in THREAD_SAFE | SLOW.keys() if not (TESTS / name).is_file())
    if missing:
        raise pytest.UsageError(f"tests/conftest.py names files that are gone: {missing}")


# First, so that `-m "not slow"` sees the marks given here.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    # A --timeout on the command line (make thorough's) holds for every test.
    slow_timeout = config.getoption("timeout", None) is None
    checked = set()
    for item in items:
        name = item.path.relative_to(TESTS).as_posix() if TESTS in item.path.parents else None
        if name in THREAD_SAFE:
            item.add_marker(pytest.mark.force_parallel_threads(PARALLEL_THREADS))
        slow = SLOW.get(name, frozenset())
        if slow and name not in checked:
            # A renamed test would silently lose its mark.
            checked.add(name)
            gone = sorted(test for test in slow - EVERY_TEST if not hasattr(item.module, test))
            if gone:
                raise pytest.UsageError(
                    f"tests/conftest.py SLOW names tests gone from {name}: {gone}"
                )
        # A test in a class is listed by the class's name in its module.
        cls = item.getparent(pytest.Class)
        if (
            slow is EVERY_TEST
            or getattr(item, "originalname", None) in slow
            or (cls is not None and cls.name in slow)
        ):
            item.add_marker(pytest.mark.slow)
        if (
            slow_timeout
            and item.get_closest_marker("slow")
            and not item.get_closest_marker("timeout")
        ):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
