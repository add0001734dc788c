"""Charts (the plot extra): written as real images with the Agg backend;
without matplotlib the error names the extra."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import razz_fast as rf
from razz_fast.cli import main

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


def test_a_bad_big_bet_is_refused():
    result = rf.simulate(100, seed=1)
    for big_bet, error in ((0, ValueError), (-4, ValueError), (float("nan"), TypeError),
                           (True, TypeError)):  # fmt: skip
        with pytest.raises(error, match="big_bet"):
            result.plot(big_bet=big_bet)


def test_a_path_that_is_no_file_name_is_a_type_error():
    results = (
        rf.simulate(100, seed=1),
        rf.match(["tight", "random"], 100, seed=1),
        rf.chart(2, trials=1, seed=1),
    )
    for result in results:
        for path in (5, 2.5, ["x.png"]):
            with pytest.raises(TypeError, match="path must be a file name, a path or None"):
                result.plot(path)
    buffer = io.BytesIO()  # a file object is savefig's too
    results[0].plot(buffer)
    assert buffer.getvalue().startswith(b"\x89PNG")


@pytest.mark.parametrize("command", [["match", "tight", "random"], ["chart"]])
def test_a_plot_that_cannot_be_written_is_refused_before_any_work(command, tmp_path, capsys,
                                                                  monkeypatch):  # fmt: skip
    def no_run(*args, **kwargs):
        raise AssertionError("the run started")

    monkeypatch.setattr(rf, "match", no_run)
    monkeypatch.setattr(rf, "chart", no_run)
    refused = (
        (tmp_path / "none" / "x.png", "cannot write in"),
        (tmp_path, "is a folder"),
        # matplotlib itself refuses an extension it does not know only at
        # savefig, after the run.
        (tmp_path / "x.txt", "matplotlib cannot write .txt files (it writes "),
    )
    for path, why in refused:
        assert main([*command, "--plot", str(path)]) == 2
        assert f"--plot {path}: {why}" in capsys.readouterr().err


def test_json_and_a_plot_together(tmp_path, capsys):
    path = tmp_path / "match.svg"
    argv = ["match", "tight", "random", "--hands", "200", "--json", "--plot", str(path)]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["hands"] == 200 and f"chart written to {path}" in err
    assert b"<svg" in path.read_bytes()[:2000]


def test_a_plot_path_without_extension_is_written_and_named_as_png(tmp_path, capsys):
    # matplotlib adds ".png"; the message used to name the path as given.
    path = tmp_path / "match"
    assert main(["match", "tight", "random", "--hands", "20", "--plot", str(path)]) == 0
    assert f"chart written to {path}.png" in capsys.readouterr().out
    assert (tmp_path / "match.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not path.exists()


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
