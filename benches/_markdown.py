"""Writing a bench's table into a Markdown page, between its markers."""

from __future__ import annotations

import pathlib


def replace_block(path: str, name: str, text: str) -> None:
    """Replaces what stands between the lines ``<!-- NAME:start -->`` and
    ``<!-- NAME:end -->`` of the page at ``path`` with ``text``."""
    page = pathlib.Path(path)
    start, end = f"<!-- {name}:start -->\n", f"<!-- {name}:end -->"
    head, rest = page.read_text().split(start, 1)
    _, tail = rest.split(end, 1)
    page.write_text(f"{head}{start}{text}\n{end}{tail}")
