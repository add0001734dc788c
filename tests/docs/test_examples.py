"""The examples keep running (their output is shown in README)."""

import pathlib
import subprocess
import sys

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
