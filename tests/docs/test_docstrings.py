"""Every public module, function, class, method and property has a
docstring that stands on its own: a reader of help() or of the API
reference learns what it does without opening another file (a pointer
such as "[equity](EQUITY.md)" may follow, its target not counted). The compiled
core's stubs (_core.pyi), which the API reference reads, say as much as
its runtime docstrings."""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import pathlib
import re

import pytest

import razz_fast

MODULES = [
    "razz_fast",
    "razz_fast.histories",
    "razz_fast.histories.analysis",
    "razz_fast.histories.export",
    "razz_fast.histories.known_bad",
    "razz_fast.reference",
    "razz_fast.distributed",
    "razz_fast.env",
]
STUBS = pathlib.Path(razz_fast.__file__).with_name("_core.pyi")


def words(doc: str | None) -> int:
    """Words of a docstring, less pointers to other files and signature lines."""
    doc = re.sub(r"\(?(see )?docs/\w+\.md(, section \d+| §\s?\d+)?\)?", "", doc or "", flags=re.I)
    # A link to a page of the site counts its text, not its target.
    doc = re.sub(r"\]\(\w+\.md(#[\w-]+)?\)", "]", doc)
    signature = re.compile(r"\s*\w+\(.*\)(\s*->.*)?$")
    doc = "\n".join(line for line in doc.splitlines() if not signature.match(line))
    return len(re.findall(r"[A-Za-z]{2,}", doc))


def _public_members(cls: type):
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(cls, enum.EnumMeta) and name in cls.__members__:
            continue
        if (
            callable(value)
            or isinstance(value, (property, classmethod, staticmethod))
            or inspect.isdatadescriptor(value)
            or inspect.ismethoddescriptor(value)
        ):
            yield name


def _public_api():
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        yield module_name, module, 5
        for name in module.__all__:
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or callable(obj)):
                continue
            yield f"{module_name}.{name}", obj, 5
            if inspect.isclass(obj):
                for member in _public_members(obj):
                    yield f"{module_name}.{name}.{member}", getattr(obj, member), 3


API = list(_public_api())


@pytest.mark.parametrize(("name", "obj", "least"), API, ids=[name for name, _, _ in API])
def test_public_api_has_a_docstring_that_stands_alone(name, obj, least):
    assert words(inspect.getdoc(obj)) >= least, f"{name} needs a docstring of its own"


def test_the_audit_sees_the_whole_api():
    names = {name for name, _, _ in API}
    assert {"razz_fast.Hand.fold", "razz_fast.Rules.ante", "razz_fast.simulate"} <= names
    assert "razz_fast.reference.Hand.payoffs" in names
    assert len(API) > 150


def test_a_pointer_alone_is_no_docstring():
    assert words("See docs/EQUITY.md.") == 0
    assert words("(docs/ENGINE.md §5)") == 0
    assert words("[equity](EQUITY.md#against-a-range)") == 1
    assert words("fold(self) -> None") == 0
    assert words("The actor folds.") == 3


def _stub_entries():
    tree = ast.parse(STUBS.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef):
            yield node.name, node
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
                    yield f"{node.name}.{item.name}", item


STUB_ENTRIES = list(_stub_entries())


@pytest.mark.parametrize(("name", "node"), STUB_ENTRIES, ids=[name for name, _ in STUB_ENTRIES])
def test_stubs_have_docstrings(name, node):
    assert words(ast.get_docstring(node)) >= 3, f"_core.pyi: {name} needs a docstring"


def _docstrings():
    package = pathlib.Path(razz_fast.__file__).parent
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.pyi")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if not isinstance(body, list):
                continue
            # A docstring, and the string under an attribute that documents it.
            for statement in body:
                value = statement.value if isinstance(statement, ast.Expr) else None
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    yield path.relative_to(package), value.value


def test_docstrings_point_at_the_site_not_at_repository_files():
    """help() and the API reference are read where no clone is at hand: a
    docstring names a page of the site (``[equity](EQUITY.md)``, which the
    site's build resolves and checks), never a repository path or the
    project's design notes."""
    wrong = re.compile(r"docs/\w+\.md|\b(API|ARCHITECTURE|PERFORMANCE|TESTING)\.md|RULES\.md \d")
    found = [f"{path}: {m.group()}" for path, doc in _docstrings() for m in wrong.finditer(doc)]
    assert not found, found
