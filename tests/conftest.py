"""Shared fixtures: every test that can runs against both implementations.

* ``impl`` is parametrized over the compiled core (``razz_fast``, id "core")
  and the pure-Python reference (``razz_fast.reference``, id "reference").
* ``core`` and ``ref`` give each one directly, for differential tests.

Hypothesis profiles: "fast" (the default, for every run) and "thorough"
(many more examples), chosen with the environment variable
``RAZZ_HYPOTHESIS_PROFILE``.
"""

from __future__ import annotations

import importlib
import os
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
