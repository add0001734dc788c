"""The starting-hand chart drawn (ChartResult.plot, `razz-fast chart --plot`):
real images with the Agg backend, the notable starts labelled, and without
matplotlib a message naming the extra before any work is done."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import razz_fast as rf

pytest.importorskip("matplotlib")

PNG = b"\x89PNG\r\n\x1a\n"


def test_a_chart_is_an_image_with_its_notable_starts_labelled(tmp_path):
    chart = rf.chart(2, trials=300, seed=1)
    path = tmp_path / "chart.png"
    figure = chart.plot(str(path))
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 20_000
    labels = [text.get_text() for text in figure.axes[0].texts]
    best, worst = chart.rows[0], chart.rows[-1]
    assert f"{best.hand}  {100 * best.equity:.1f}%" in labels
    assert f"{worst.hand}  {100 * worst.equity:.1f}%" in labels
    assert " fair share" in labels and "2 random hands" in figure.axes[0].get_title()
    # The curve is every start, best first.
    plotted = sorted(
        (x, y) for points in figure.axes[0].collections[1:] for x, y in points.get_offsets()
    )
    assert [round(y, 9) for _, y in plotted] == [round(100 * r.equity, 9) for r in chart.rows]


def test_the_command_line_draws_the_chart_beside_its_json(tmp_path):
    path = tmp_path / "chart.svg"
    out = subprocess.run(
        [sys.executable, "-m", "razz_fast", "chart", "--opponents", "3", "--trials", "200",
         "--seed", "1", "--json", "--plot", str(path)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert len(json.loads(out.stdout)["rows"]) == 455  # the message went to stderr
    assert f"chart written to {path}" in out.stderr
    assert b"<svg" in path.read_bytes()[:2000]


def test_without_matplotlib_the_command_says_so_before_any_work():
    code = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "import razz_fast, razz_fast.cli\n"
        "razz_fast.chart = None  # a run would fail: it must not start\n"
        "print(razz_fast.cli.main(['chart', '--plot', 'x.png']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "2"
    assert "--plot needs matplotlib: pip install 'razz-fast[plot]'" in out.stderr
