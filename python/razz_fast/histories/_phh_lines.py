"""Where things are in a PHH file's text: each hand's table and each action's
line, for error messages and a hand's own lines.

``tomllib`` gives values, not positions, so the reader finds them in the
text itself. Every search here is one pass over the part of the text it
concerns: a ``.phhs`` of many hands, or one hand of many actions, reads in
time and memory proportional to its size (searching the whole file again for
each hand, or the whole actions line again for each action, made reading
quadratic).
"""

from __future__ import annotations

import bisect
import re

__all__ = ["table_lines", "field_line", "action_lines"]

# A table header line: ``[key]``, ``["key"]`` or ``['key']`` (not ``[[...]]``).
_HEADER = re.compile(
    r"""\s*\[\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*\]\s*(?:#.*)?$"""
)

# The tokens of a TOML array of strings that matter for positions: each kind
# of string (multi-line first, so ``\"\"\"`` is not read as an empty string),
# a comment (whose quotes are not strings) and the closing bracket.
_ARRAY_TOKEN = re.compile(
    r'"""(?:[^\\]|\\.)*?"""'
    r"|'''.*?'''"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*"
    r"|\]",
    re.DOTALL,
)


def table_lines(lines: list[str]) -> dict[str, int]:
    """Each top-level table's key and the 1-based line of its header (the
    first header of a key, as TOML allows only one)."""
    found: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        if not line.lstrip().startswith("[") or line.lstrip().startswith("[["):
            continue
        header = _HEADER.match(line)
        if header is None:
            continue
        quoted, literal, bare = header.groups()
        key = bare if bare is not None else literal if literal is not None else _unescape(quoted)
        found.setdefault(key, number)
    return found


def field_line(lines: list[str], first: int, field: str) -> int:
    """The file line of ``field`` in a hand whose ``lines`` start at file line
    ``first`` (``first`` if it cannot be found)."""
    for offset, line in enumerate(lines):
        stripped = line.strip()
        if offset and stripped.startswith("["):
            break  # the next table
        name = stripped.split("=", 1)[0].strip().strip("'\"")
        if "=" in stripped and name == field:
            return first + offset
    return first


def action_lines(lines: list[str], first: int, count: int) -> list[int | None]:
    """The file line of each of the ``count`` strings of the hand's
    ``actions`` array, read from the text in one pass; ``None`` for all if
    the text does not hold exactly that many (a form this search does not
    know: the reader then names the field's line instead)."""
    start = field_line(lines, first, "actions") - first
    if not lines or "=" not in lines[start]:
        return [None] * count
    text = "\n".join(lines[start:])
    newlines = [newline.start() for newline in re.finditer("\n", text)]
    found: list[int | None] = []
    for token in _ARRAY_TOKEN.finditer(text, text.index("=") + 1):
        kind = token.group()
        if kind == "]":
            break
        if kind.startswith("#"):
            continue
        found.append(first + start + bisect.bisect_right(newlines, token.start()))
    return found if len(found) == count else [None] * count


def _unescape(quoted: str) -> str:
    # The few escapes a table key may carry; others are left as written.
    return quoted.replace('\\"', '"').replace("\\\\", "\\")
