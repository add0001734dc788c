"""Charts (the plot extra): written as real images with the Agg backend;
without matplotlib the error names the extra."""

from __future__ import annotations

import subprocess
import sys

import pytest

import razz_fast as rf

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def test_match_and_simulate_charts_are_png_images(tmp_path):
    match = rf.match(["tight", "check_call", "random"], 30_000, seed=1)
    assert match.progress and match.progress[-1][0] == match.hands
    path = tmp_path / "match.png"
    match.plot(str(path))
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000
    path = tmp_path / "simulate.svg"
    rf.simulate(5000, seed=1).plot(str(path), big_bet=4)
    assert b"<svg" in path.read_bytes()[:2000]


def test_the_command_line_writes_a_chart(tmp_path):
    path = tmp_path / "chart.png"
    subprocess.run(
        [sys.executable, "-m", "razz_fast", "match", "tight", "random", "--hands", "5000",
         "--seed", "1", "--plot", str(path)],
        check=True, capture_output=True,
    )  # fmt: skip
    assert path.read_bytes().startswith(PNG)


def test_without_matplotlib_the_error_names_the_extra():
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import razz_fast as rf\n"
        "try:\n"
        "    rf.match(['tight', 'random'], 100, seed=1).plot()\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'razz-fast[plot]'" in out.stdout
