"""The README (and the docs' getting-started page) is a tested document:
its Python blocks run as written, every output it shows in a comment is
what the code prints, and it links only to files a clone has.

An output is shown doctest-style as ``expression  # -> repr`` (prose may
follow the repr after whitespace, a colon or a semicolon; ``...`` in the
repr stands for anything, as doctest's ELLIPSIS). A comment on an
expression that starts with a Python literal but has no ``->`` is refused,
so an output cannot be shown unchecked.
"""

from __future__ import annotations

import ast
import io
import pathlib
import re
import tokenize

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MARK = "->"


def python_blocks(text: str) -> list[str]:
    """The README's ```python blocks (```py blocks are shown, not run)."""
    return re.findall(r"```python\n(.*?)```", text, re.S)


def _comments(source: str) -> dict[int, tuple[str, bool]]:
    """Line number -> (the comment's text without '#', whether it is alone
    on its line)."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            alone = not token.line[: token.start[1]].strip()
            found[token.start[0]] = (token.string[1:].strip(), alone)
    return found


def _looks_like_output(comment: str) -> bool:
    """Whether the comment opens with a Python literal ('2', '[3, 5]', "'x'")."""
    for end in range(len(comment), 0, -1):
        head = comment[:end]
        if end < len(comment) and not comment[end].isspace() and comment[end] not in ":;,":
            continue
        try:
            ast.literal_eval(head)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        return True
    return False


def _matches(shown: str, actual: str) -> bool:
    """Whether the shown output is the repr, as doctest would compare it."""
    if "..." in shown:
        pattern = ".*?".join(re.escape(part) for part in shown.split("..."))
        return re.fullmatch(pattern, actual, re.S) is not None
    if not shown.startswith(actual):
        return False
    rest = shown[len(actual) :]
    return rest == "" or rest[0].isspace() or rest[0] in ":;"


def check_block(source: str, namespace: dict, name: str = "README") -> list[str]:
    """Run a block statement by statement; the list of wrong or unmarked
    output comments (empty when the block is right). An expression's output
    is the comment on its last line, or a comment alone on the next line.
    Raises what the code raises."""
    comments = _comments(source)
    problems, used = [], set()
    for statement in ast.parse(source).body:
        line = statement.end_lineno
        if not isinstance(statement, ast.Expr):
            exec(compile(ast.Module([statement], []), name, "exec"), namespace)
            continue
        value = eval(compile(ast.Expression(statement.value), name, "eval"), namespace)
        comment, _ = comments.get(line, ("", False))
        following, alone = comments.get(line + 1, ("", False))
        if not comment.startswith(MARK) and alone and following.startswith(MARK):
            comment, line = following, line + 1
        if comment.startswith(MARK):
            used.add(line)
            shown, actual = comment[len(MARK) :].strip(), repr(value)
            if not _matches(shown, actual):
                problems.append(f"line {line}: shows {shown!r}, but the value is {actual}")
        elif _looks_like_output(comment):
            problems.append(f"line {line}: output {comment!r} shown without '{MARK}'")
    for line, (comment, _) in sorted(comments.items()):
        if comment.startswith(MARK) and line not in used:
            problems.append(f"line {line}: '{MARK}' shown where no expression has a value")
    return problems


@pytest.mark.parametrize(
    "page", [README, ROOT / "docs" / "index.md", ROOT / "docs" / "BOTS.md"], ids=lambda p: p.name
)
def test_python_blocks_run_and_show_their_output(monkeypatch, page):
    monkeypatch.chdir(ROOT)  # the tour reads files by paths from the top
    blocks = python_blocks(page.read_text(encoding="utf-8"))
    assert blocks, f"{page.name} has Python to run"
    problems = []
    for number, block in enumerate(blocks, 1):
        if _missing_extra(block):
            continue  # run wherever the test extra installs it (CPython 3.11+)
        problems += [f"block {number}, {p}" for p in check_block(block, {}, str(page))]
    assert not problems, "\n".join(problems)


#: What a block's words need that only some Pythons install: open-spiel has
#: no wheel for CPython 3.9 or 3.10, so the test extra leaves it out there.
OPTIONAL = {"pyspiel": "pyspiel", "razz_fast.openspiel": "pyspiel", "razz_fast.columnar": "pyarrow"}


def _missing_extra(block: str) -> bool:
    """Whether the block uses an optional module this Python lacks."""
    import importlib.util

    return any(
        word in block and importlib.util.find_spec(module) is None
        for word, module in OPTIONAL.items()
    )


def test_the_readme_shows_checked_outputs():
    text = README.read_text(encoding="utf-8")
    shown = sum(
        1
        for block in python_blocks(text)
        for comment, _ in _comments(block).values()
        if comment.startswith(MARK)
    )
    assert shown >= 10


def test_a_wrong_output_comment_fails():
    right = 'import razz_fast as rf\nrf.best_five("As 2d 3c 4h 6s Kd Kc")  # -> [23, 14, 8, 5, 3]\n'
    assert check_block(right, {}) == []
    wrong = right.replace("[23,", "[24,")
    assert check_block(wrong, {}) == [
        "line 2: shows '[24, 14, 8, 5, 3]', but the value is [23, 14, 8, 5, 3]"
    ]


@pytest.mark.parametrize(
    ("line", "ok"),
    [
        ("1 + 1  # -> 2", True),
        ("1 + 1  # -> 2   (prose after the output)", True),
        ("1 + 1  # -> 2: prose", True),
        ("1 + 1  # -> 3", False),
        ("20 + 2  # -> 2", False),  # a prefix of the shown output is not enough
        ("2  # -> 22", False),  # nor is a prefix of the value
        ("list(range(9))  # -> [0, 1, ...]", True),
        ("list(range(9))  # -> [1, ...]", False),
        ("1 + 1  # 2", False),  # an output without the mark
        ("'ab'  # 'ab'", False),
        ("1 + 1  # prose is no output", True),
        ("x = 1  # -> 1", False),  # an assignment has no value to show
        ("1 + 1\n# -> 2", True),  # the output on a line of its own
        ("1 + 1\n# -> 3", False),
        ("x = 1\n# -> 1", False),
    ],
)
def test_output_comments(line, ok):
    assert (check_block(line + "\n", {}) == []) is ok


def test_readme_links_stay_inside_the_repository():
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)", text) + re.findall(r"`([\w./-]+\.md)`", text)
    assert "../" not in text.replace("](http", "")
    for target in targets:
        if target.startswith(("http://", "https://")):
            continue
        assert (ROOT / target).is_file(), f"README links {target}, which a clone does not have"


def test_readme_install_lines_name_extras_that_exist():
    from importlib.metadata import metadata

    extras = set(metadata("razz-fast").get_all("Provides-Extra") or [])
    named = set(re.findall(r"pip install[^`\n]*?\.\[([\w,]+)\]", README.read_text("utf-8")))
    assert named, "the README says how to install the extras"
    for group in named:
        assert set(group.split(",")) <= extras, f"README installs [{group}]; extras: {extras}"


def test_the_readme_is_a_front_door():
    """Short enough to read (the measurements live in benches/README.md), with
    the two commands of a newcomer exactly as .ci/run runs the second."""
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines; the limit is 200"
    assert "pip install . && razz-fast simulate" in lines
    assert "pip install -e '.[test]' && python -m pytest" in lines
