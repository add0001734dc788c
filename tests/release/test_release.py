"""Release hygiene: one version everywhere, a changelog entry for it, the
licence declared and shipped."""

import pathlib
import re
from importlib.metadata import metadata, version

import pytest

import razz_fast

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_version_is_the_package_metadata():
    assert razz_fast.__version__ == version("razz-fast")


def test_version_has_one_source_cargo_toml():
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    assert re.search(r'^version = "([^"]+)"', cargo, re.M).group(1) == razz_fast.__version__
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert not re.search(r"^version\s*=", pyproject, re.M)


def test_changelog_names_the_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    top = re.search(r"^## (\S+)", text, re.M).group(1)
    assert top == razz_fast.__version__


def test_licence_is_mit_and_shipped():
    meta = metadata("razz-fast")
    assert meta["License-Expression"] == "MIT"
    assert "LICENSE" in (meta.get_all("License-File") or [])
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_msrv_is_stated_alike_in_cargo_toml_and_readme():
    cargo = (ROOT / "Cargo.toml").read_text(encoding="utf-8")
    msrv = re.search(r'^rust-version = "([^"]+)"', cargo, re.M).group(1)
    assert f"Rust {msrv} or newer" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"MSRV ?= {msrv}" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_classifiers_name_the_tested_pythons():
    meta = metadata("razz-fast")
    assert meta["Requires-Python"] == ">=3.9"
    minors = sorted(
        int(c.rsplit(".", 1)[1])
        for c in meta.get_all("Classifier")
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert minors == [9, 10, 11, 12, 13]


def test_release_workflow_builds_tests_and_publishes_every_platform():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text("utf-8"))
    jobs = workflow["jobs"]
    assert set(jobs) == {"test", "linux", "musllinux", "windows", "macos", "sdist", "release"}
    targets = {
        (name, platform["target"])
        for name in ("linux", "musllinux", "macos")
        for platform in jobs[name]["strategy"]["matrix"]["platform"]
    }
    assert targets == {
        ("linux", "x86_64"),
        ("linux", "aarch64"),
        ("musllinux", "x86_64"),
        ("musllinux", "aarch64"),
        ("macos", "x86_64"),
        ("macos", "aarch64"),
    }
    for name in ("linux", "musllinux", "windows", "macos", "sdist"):
        steps = " ".join(str(step.get("run", "")) for step in jobs[name]["steps"])
        assert "tests/release/smoke.py" in steps, f"{name} does not test what it built"
        assert jobs[name]["needs"] == ["test"], f"{name} does not wait for the tests"
    assert jobs["release"]["if"] == "${{ startsWith(github.ref, 'refs/tags/v') }}"
    assert set(jobs["release"]["needs"]) == {"linux", "musllinux", "windows", "macos", "sdist"}


def test_release_workflow_runs_the_readmes_test_command_first():
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github/workflows/release.yml").read_text("utf-8"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"^pip install -e '\.\[test\]' && python -m pytest$", readme, re.M)
    assert command, "the README no longer shows its test command"
    runs = [step.get("run", "").strip() for step in workflow["jobs"]["test"]["steps"]]
    assert command.group(0) in runs
