"""Sessions over the CPython versions on this machine (`nox -l` lists them).

    make wheels && nox -s wheel

`wheel` installs each locally built wheel for this machine's architecture
(dist/*.whl) into a fresh venv on every CPython 3.9-3.13 found (on PATH or
under pyenv), with no Rust toolchain on PATH, and runs tests/release/smoke.py from
outside the repository. A version that is not installed is skipped, not
failed (nox -s wheel --error-on-missing-interpreters to insist).
"""

from __future__ import annotations

import os
import pathlib
import platform
import shutil

import nox

ROOT = pathlib.Path(__file__).resolve().parent
PYTHONS = ["3.9", "3.10", "3.11", "3.12", "3.13"]

nox.options.sessions = ["wheel"]
nox.options.default_venv_backend = "venv"

# pyenv's shims answer only for the selected version: put every installed
# CPython's own bin directory on PATH so that nox finds python3.X itself.
_pyenv = pathlib.Path(os.environ.get("PYENV_ROOT", pathlib.Path.home() / ".pyenv"))
for _version in sorted(_pyenv.glob("versions/3.*/bin"), reverse=True):
    os.environ["PATH"] = f"{_version}{os.pathsep}{os.environ['PATH']}"


def _without_rust(path: str) -> str:
    """PATH less every directory that holds cargo, rustc or rustup."""
    keep = [
        entry
        for entry in path.split(os.pathsep)
        if not any(shutil.which(tool, path=entry) for tool in ("cargo", "rustc", "rustup"))
    ]
    return os.pathsep.join(keep)


def _local_wheels() -> list[pathlib.Path]:
    machine = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}
    arch = machine.get(platform.machine().lower(), platform.machine().lower())
    return sorted((ROOT / "dist").glob(f"razz_fast-*-abi3-*{arch}.whl"))


@nox.session(python=PYTHONS)
def wheel(session: nox.Session) -> None:
    """Install each local wheel in a fresh venv, no Rust on PATH, and smoke-test it."""
    wheels = _local_wheels()
    if not wheels:
        session.error("no wheel for this machine in dist/: run `make wheels` first")
    env = {"PATH": _without_rust(os.environ["PATH"])}
    for tool in ("cargo", "rustc"):
        if shutil.which(tool, path=env["PATH"]):
            session.error(f"{tool} is still on PATH")
    smoke = ROOT / "tests" / "release" / "smoke.py"
    for path in wheels:
        session.run("python", "-m", "pip", "install", "--force-reinstall", str(path), env=env)
        session.chdir(session.create_tmp())  # not the repository: the install is imported
        session.run("python", str(smoke), env=env)
