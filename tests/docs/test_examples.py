"""The examples keep running (their output is shown in README)."""

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).parents[2] / "examples"


def test_the_learning_example_runs_and_reports():
    args = ["--iterations", "5", "--tables", "256"]
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "learn.py"), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout.splitlines()
    assert out[0].split()[:2] == ["iterations", "hands"]
    first, last, hands, mean = out[1].split()[0], *out[1].split()[2:5]
    assert (first, last, hands) == ("1", "5", str(5 * 256))
    assert -5 < float(mean) < 5


def test_the_openspiel_example_runs_mccfr_and_the_bots():
    pytest.importorskip("pyspiel")
    args = ["--iterations", "20", "--hands", "20"]
    out = subprocess.run(
        [sys.executable, str(EXAMPLES / "openspiel_mccfr.py"), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert out.startswith("MCCFR: 20 iterations")
    for name in ("MCCFR average", "tight", "blueprint", "six players"):
        assert name in out
