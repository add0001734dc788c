"""The README's Python tour runs as written."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_blocks_run(monkeypatch):
    monkeypatch.chdir(README.parent)  # the tour reads files by paths from the top
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python tour"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})
