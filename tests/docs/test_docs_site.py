"""The documentation site builds strictly (a broken link or a docstring
mkdocstrings cannot read fails it), holds every page under docs/, and its
API reference, opened in headless Chromium, lists simulate, equity and
Hand. Needs the `docs` extra and a Chromium; .ci/run installs both and sets
RAZZ_REQUIRE_DOCS=1, so there a missing tool fails instead of skipping."""

from __future__ import annotations

import html
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
REQUIRED = os.environ.get("RAZZ_REQUIRE_DOCS") == "1"


def _need(found: bool, what: str) -> None:
    if not found:
        if REQUIRED:
            pytest.fail(f"{what} is missing, and RAZZ_REQUIRE_DOCS=1")
        pytest.skip(f"{what} is not installed")


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> pathlib.Path:
    try:
        import material  # noqa: F401
        import mkdocstrings  # noqa: F401
    except ImportError:
        _need(False, "mkdocs-material and mkdocstrings (pip install -e '.[docs]')")
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stderr[-4000:]
    return out


def test_every_docs_page_is_in_the_site(site):
    pages = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    assert "index" in pages and "api" in pages
    for page in pages:
        assert (site / f"{page}.html").is_file(), f"docs/{page}.md is not in the site"


def test_the_site_loads_nothing_from_the_network(site):
    for page in site.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        loaded = re.findall(r'<(?:script|link|img)[^>]+(?:src|href)="(https?://[^"]+)"', text)
        assert not loaded, f"{page.name} loads {loaded}"


def _rendered(page: pathlib.Path) -> str:
    """The page's DOM after Chromium has loaded it (and run its scripts)."""
    chromium = _chromium()
    _need(chromium is not None, "Chromium (apt-get install chromium)")
    result = subprocess.run(
        [
            chromium,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_api_page_in_chromium_lists_simulate_equity_and_hand(site):
    dom = _rendered(site / "api.html")
    headings = [
        " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inner)).split())
        for inner in re.findall(
            r"<h[2-4][^>]*class=\"doc doc-heading\"[^>]*>(.*?)</h[2-4]>", dom, re.S
        )
    ]
    names = {heading.split()[0] for heading in headings if heading}
    assert {"simulate", "equity", "Hand", "Rules", "rank_many"} <= names, names
    # The docstrings themselves are rendered, not only the names.
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", dom)).split())
    assert "Each player's expected share of the pot" in text
    assert "The actor folds" in text


def test_getting_started_page_in_chromium(site):
    dom = _rendered(site / "index.html")
    assert "Getting started" in dom and "pip install" in dom
