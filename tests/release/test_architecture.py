"""The package's rooms and the arrows between them, read from the source.

Every import statement counts, at the top of a module, inside a function or
under ``TYPE_CHECKING``: a circle that only a deferred import keeps from
failing is still a circle for a reader. ``from package import name`` is an
arrow to the submodule when ``name`` is one, else to the package.
"""

from __future__ import annotations

import ast
import pathlib
import re
import sys

import pytest

import razz_fast

PACKAGE = pathlib.Path(razz_fast.__file__).parent

#: The one circle the API's shape asks for: a reference ``Hand`` gives its
#: ``view()``, and a view's ``determinize`` gives a ``Hand``.
ALLOWED_CIRCLES = [{"razz_fast.reference.hand", "razz_fast.reference.view"}]

#: What the reference may import of the package besides itself: the value
#: types, errors and plain-Python helpers both implementations share (the
#: result types draw themselves through ``plot``, behind the plot extra).
SHARED_MODULES = {
    "razz_fast._builtins",
    "razz_fast._cards",
    "razz_fast._checks",
    "razz_fast._features_out",
    "razz_fast._policy_file",
    "razz_fast.errors",
    "razz_fast.events",
    "razz_fast.plot",
    "razz_fast.policy",
    "razz_fast.ranges",
    "razz_fast.results",
    "razz_fast.results._compare",
    "razz_fast.results.equity",
    "razz_fast.results.exploitability",
    "razz_fast.results.match",
    "razz_fast.results.simulation",
    "razz_fast.seating",
}


#: The third-party imports a shared or reference module may make, inside
#: the functions that need them: Tables and Batch are numpy arrays by
#: contract (and so are ``features()``), and plots need matplotlib (the
#: plot extra).
OPTIONAL_IMPORTS = {
    "razz_fast._features_out": {"numpy"},
    "razz_fast.plot": {"matplotlib"},
    "razz_fast.reference.tables": {"numpy"},
    "razz_fast.reference.view": {"numpy"},
}


def _module_name(path: pathlib.Path) -> str:
    parts = ["razz_fast", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, pathlib.Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


SOURCES = _sources()


def _imports(name: str, path: pathlib.Path) -> set[str]:
    """Every module ``name`` imports (all levels of the file), by full name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            for alias in node.names:
                child = f"{module}.{alias.name}"
                found.add(child if child in SOURCES or child == "razz_fast._core" else module)
    return found


GRAPH = {name: _imports(name, path) for name, path in SOURCES.items()}


def _circles() -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in GRAPH[node]:
            if target not in GRAPH:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(group)

    for node in GRAPH:
        if node not in index:
            visit(node)
    return circles


def _reached(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for target in GRAPH.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_graph_sees_the_package():
    # (a test of the test: a broken walk would find no circle anywhere)
    assert len(SOURCES) > 40
    assert "razz_fast.reference.view" in GRAPH["razz_fast.reference.hand"]
    assert "razz_fast._core" in GRAPH["razz_fast._runs.simulate"]


def test_no_import_circle_but_hand_and_view():
    assert [sorted(c) for c in _circles() if c not in ALLOWED_CIRCLES] == []


def test_nothing_outside_the_reference_imports_its_internals():
    # The reference may be passed as an engine (``replay(engine=...)``), so
    # the package itself may be imported; its modules may not.
    offenders = {
        (name, target)
        for name, targets in GRAPH.items()
        if not name.startswith("razz_fast.reference")
        for target in targets
        if target.startswith("razz_fast.reference.")
    }
    assert offenders == set()


@pytest.mark.parametrize("name", sorted(n for n in SOURCES if n.startswith("razz_fast.reference")))
def test_the_reference_reaches_only_itself_and_the_shared_modules(name):
    # Indirect imports count: a shared module that reached the core would
    # make the reference depend on the code it checks.
    ours = {m for m in _reached(name) if m.split(".")[0] == "razz_fast"}
    outside = {m for m in ours if not m.startswith("razz_fast.reference")} - SHARED_MODULES
    assert outside == set()


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_the_reference_and_shared_modules_use_only_the_standard_library(name):
    if not (name.startswith("razz_fast.reference") or name in SHARED_MODULES):
        return
    stdlib = getattr(sys, "stdlib_module_names", None)  # Python 3.10+
    if stdlib is None:
        pytest.skip("sys.stdlib_module_names is Python 3.10+")
    for target in GRAPH[name]:
        top = target.split(".")[0]
        if top in OPTIONAL_IMPORTS.get(name, ()):
            continue
        assert top == "razz_fast" or top in stdlib, (name, target)


def test_the_cores_constants_are_not_restated():
    # MAX_CHIPS and its kin come from ``_core``; the reference keeps its own
    # copies on purpose (it must not import the core).
    restated = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for name, path in SOURCES.items()
        if not name.startswith("razz_fast.reference")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"2\s*\*\*\s*53", line)
    ]
    assert restated == []


def test_errors_holds_errors_only():
    import razz_fast.errors

    public = [getattr(razz_fast.errors, name) for name in razz_fast.errors.__all__]
    assert all(isinstance(value, type) and issubclass(value, Exception) for value in public)
