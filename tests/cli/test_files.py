"""`razz-fast convert` never loses a file: not its input (OUT may not be
IN, by any name), not an existing output (written whole or not at all, and
not at all when no hand converts); `-` is standard output. `razz-fast
replay` fails a file that holds no razz hand."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from helpers import run_main as run

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "hand-histories"
STARS = DATA / "Stars" / "Razz-USD-0.04-0.08-200911.txt"
README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def run_cli(*argv):
    """The command in a child process, as a user runs it: a real exit status."""
    return subprocess.run(
        [sys.executable, "-m", "razz_fast", *argv], capture_output=True, text=True, check=False
    )


def files_in(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.is_symlink()}


@pytest.mark.parametrize("link", ["same", "symlink", "hardlink", "dotted"])
def test_convert_refuses_to_write_over_its_input(tmp_path, capsys, monkeypatch, link):
    source = tmp_path / "same.txt"
    shutil.copy(STARS, source)
    monkeypatch.chdir(tmp_path)
    if link == "symlink":
        os.symlink("same.txt", tmp_path / "other.txt")
        target = "other.txt"
    elif link == "hardlink":
        os.link(source, tmp_path / "other.txt")
        target = "other.txt"
    elif link == "dotted":
        target = "./same.txt"
    else:
        target = "same.txt"
    before = files_in(tmp_path)
    status, out, err = run(capsys, "convert", "same.txt", target)
    assert status != 0 and out == ""
    assert f"{target} is the input file same.txt" in err
    assert files_in(tmp_path) == before
    assert source.read_bytes() == STARS.read_bytes()


def test_convert_x_x_in_a_child_process_exits_non_zero(tmp_path):
    """As a user runs it: the installed module, a real exit status."""
    source = tmp_path / "x.txt"
    shutil.copy(STARS, source)
    done = run_cli("convert", os.fspath(source), os.fspath(source))
    assert done.returncode != 0 and "is the input file" in done.stderr
    assert source.read_bytes() == STARS.read_bytes()


def test_convert_with_no_razz_hand_writes_nothing(tmp_path, capsys):
    target = tmp_path / "out.txt"
    target.write_text("my own notes\n")
    status, out, err = run(capsys, "convert", README, target)
    assert status == 1 and out == ""
    assert "no razz hand read" in err and f"nothing written to {target}" in err
    assert target.read_text() == "my own notes\n"
    # Nor is a new file made, nor a temporary one left.
    status, _, _ = run(capsys, "convert", README, tmp_path / "new.phhs")
    assert status == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_convert_with_every_hand_left_out_writes_nothing(tmp_path, capsys):
    text = STARS.read_text()
    broken = tmp_path / "broken.txt"
    # Every hand unreadable: its seat lines say nothing a reader knows.
    broken.write_text(text.replace("Seat ", "Place "))
    target = tmp_path / "out.phhs"
    target.write_text("kept")
    status, _, err = run(capsys, "convert", broken, target)
    assert status == 1 and "nothing written" in err
    assert target.read_text() == "kept"


def test_a_failed_write_leaves_the_existing_output(tmp_path, capsys, monkeypatch):
    target = tmp_path / "out.phhs"
    target.write_text("kept")

    def full_disk(source, destination):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    status, out, err = run(capsys, "convert", STARS, target)
    assert status == 2 and out == ""
    assert f"{target}: cannot write: No space left on device" in err
    assert target.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.phhs"]  # no temporary left


def test_a_refused_format_leaves_the_existing_output(tmp_path, capsys):
    target = tmp_path / "one.phh"
    target.write_text("kept")
    status, _, err = run(capsys, "convert", STARS, target)
    assert status == 2 and "a .phh file holds one hand, not 9" in err
    assert target.read_text() == "kept"


def test_convert_replaces_an_output_whole_keeping_links_and_mode(tmp_path, capsys):
    real = tmp_path / "real.phhs"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "link.phhs"
    os.symlink("real.phhs", link)
    status, out, _ = run(capsys, "convert", STARS, link)
    assert status == 0 and "9 hands written, 0 left out" in out
    assert link.is_symlink() and real.read_text().startswith("[1]\n")
    assert real.stat().st_mode & 0o777 == 0o640


def test_dash_is_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "convert", STARS, "-")
    assert status == 0
    assert out.startswith("PokerStars Hand #") and out.count("PokerStars Hand #") == 9
    assert "standard output: 9 hands written, 0 left out" in err  # the data alone on stdout
    assert list(tmp_path.iterdir()) == []  # no file named "-"
    status, out, _ = run(capsys, "convert", STARS, "-", "--to", "phhs")
    assert status == 0 and out.startswith("[1]\n") and "[9]\n" in out
    assert list(tmp_path.iterdir()) == []


def test_to_names_the_format_whatever_the_name(tmp_path, capsys):
    target = tmp_path / "hands.out"
    assert run(capsys, "convert", STARS, target, "--to", "phhs")[0] == 0
    assert target.read_text().startswith("[1]\n")
    assert run(capsys, "convert", "--to", "pokerstars", STARS, target)[0] == 0
    assert target.read_text().startswith("PokerStars Hand #")


@pytest.mark.parametrize("name", ["out.txt", "out.phhs"])
def test_convert_keeps_what_the_source_knows(tmp_path, capsys, name):
    """The command writes each hand from its replay (issue 37: it wrote the
    engine's hand, every opponent's down cards invented, the rake dropped,
    the date, seats and table size made up)."""
    from razz_fast.histories import phh, read_histories, replay

    def facts(loaded):
        out = []
        for history in loaded.hands:
            played = replay(history)
            seats = [(seat.number, seat.name, seat.stack) for seat in history.seats]
            details = (history.hand_id, history.table, history.date, history.seat_count)
            out.append((details, seats, history.cards, played.rake, played.net))
        return out

    target = tmp_path / name
    status, _, _ = run(capsys, "convert", STARS, target)
    assert status == 0
    back = phh.read_phh(target) if name.endswith(".phhs") else read_histories(target)
    assert facts(back) == facts(read_histories(STARS))
    if name == "out.txt":
        text = target.read_text(encoding="utf-8")
        assert "Dealt to kobreli [Qc]" in text and "Rake $0.02" in text
        assert "2009/11/26" in text and "Seat 8: SilkZone" in text


# --- replay -------------------------------------------------------------------


def test_replay_fails_a_file_with_no_razz_hand(capsys):
    status, out, _ = run(capsys, "replay", "--no-equity", README)
    assert status == 1
    assert f"no razz hand in {README}" in out
    assert out.splitlines()[-1].endswith("; 1 files with no razz hand")
    # One such file among good ones still fails the run.
    status, out, _ = run(capsys, "replay", "--no-equity", STARS, README)
    assert status == 1 and "9 of 9 razz hands replayed" in out
    status, _, err = run(capsys, "replay", "--no-equity", "--json", README)
    assert status == 1 and "1 files with no razz hand" in err


def test_replay_in_a_child_process_exits_non_zero_on_readme():
    done = run_cli("replay", "--no-equity", os.fspath(README))
    assert done.returncode == 1


def test_replay_fails_when_a_hand_fails(tmp_path, capsys):
    doctored = tmp_path / "bad.txt"
    doctored.write_text(
        STARS.read_text().replace(
            "SilkZone collected $0.39 from pot", "SilkZone collected $0.38 from pot"
        )
    )
    status, out, _ = run(capsys, "replay", "--no-equity", doctored)
    assert status == 1 and "MISMATCH" in out
