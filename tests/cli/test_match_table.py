"""`razz-fast match`'s words and numbers agree (issue 37): "hands" is the
hands played, and the table's per-strategy counts, which count a hand once
for each seat a strategy holds, are called seat-hands; the README says so."""

from __future__ import annotations

import json
import pathlib
import re

import razz_fast
from helpers import run_main as run

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_hands_are_hands_played_and_the_table_shows_seat_hands(capsys):
    argv = ["match", "tight,check_call,random", "--players", "6", "--hands", "1001", "--seed", "1"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    record = json.loads(run(capsys, *argv, "--json")[1])
    head = out.splitlines()[0]
    # 1,001 asked, 334 deals of 3 seatings played: 1,002 hands, and it says why.
    assert head.startswith(f"{record['deals']:,} deals, {record['hands']:,} hands (")
    assert record["hands"] == 1002 and "--hands 1,001 rounded up to whole deals" in head
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("strategy"))
    assert header.split()[-1] == "seat-hands" and " hands" not in header
    rows = {}
    for line in lines[lines.index(header) + 1 :]:
        if not line.strip():
            break
        name, *_, count = line.split()
        rows[name] = int(count.replace(",", ""))
    assert rows == dict(zip(record["strategies"], record["seat_hands"]))
    # Two seats of six each: every strategy plays each hand twice.
    assert all(count == 2 * record["hands"] for count in rows.values())
    assert sum(rows.values()) == 6 * record["hands"]
    assert "seat-hands: hands played, once for each seat a strategy held" in out
    assert "bb/100: big bets won per 100 seat-hands" in out


def test_heads_up_seat_hands_are_the_hands_played(capsys):
    status, out, _ = run(capsys, "match", "tight", "check_call", "--hands", "200", "--seed", "2")
    assert status == 0
    assert out.startswith("100 deals, 200 hands (duplicate), 2 players")
    assert "rounded up" not in out
    rows = [line.split() for line in out.splitlines() if line.startswith(("tight", "check_call"))]
    assert [row[-1] for row in rows[:2]] == ["200", "200"]


def test_the_result_table_names_its_column():
    result = razz_fast.match(["tight", "random", "tight"], 30, seed=1)
    header, *rows = result.table().splitlines()
    assert header.split()[-1] == "seat-hands"
    counts = sorted(int(row.split()[-1].replace(",", "")) for row in rows)
    assert counts == sorted(result.seat_hands) == [result.hands, 2 * result.hands]


def test_the_readme_tour_uses_the_same_words():
    text = " ".join(README.read_text(encoding="utf-8").split())
    section = text[text.index("## Which strategy is better") :]
    section = section[: section.index("```")]
    assert "`razz-fast match tight,check_call`" in section
    assert re.search(r"hands played .*seat-hands", section)
