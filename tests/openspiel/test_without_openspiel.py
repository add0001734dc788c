"""Without OpenSpiel, ``import razz_fast.openspiel`` says how to get it, and
``import razz_fast`` never needs it."""

from __future__ import annotations

import subprocess
import sys

BLOCKED = "import sys; sys.modules['pyspiel'] = None; "


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKED + code], capture_output=True, text=True, timeout=120
    )


def test_the_module_names_the_extra():
    done = run("import razz_fast.openspiel")
    assert done.returncode != 0
    assert "pip install 'razz-fast[openspiel]'" in done.stderr


def test_the_package_imports_without_it():
    done = run("import razz_fast; print(razz_fast.Rules())")
    assert done.returncode == 0, done.stderr
