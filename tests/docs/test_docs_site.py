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
    assert {"chart", "ChartResult", "ChartRow", "RazzEnv", "RazzVectorEnv"} <= names, names
    import razz_fast

    classes = {name for name in razz_fast.__all__ if isinstance(getattr(razz_fast, name), type)}
    assert classes <= names, classes - names
    # The docstrings themselves are rendered, not only the names.
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", dom)).split())
    assert "Each player's expected share of the pot" in text
    assert "The actor folds" in text


def test_getting_started_page_in_chromium(site):
    dom = _rendered(site / "index.html")
    assert "Getting started" in dom and "pip install" in dom


def _nav_pages(entries) -> list[str]:
    pages = []
    for entry in entries:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


def test_the_nav_lists_every_page_once_starting_with_getting_started():
    yaml = pytest.importorskip("yaml")
    nav = _nav_pages(yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["nav"])
    assert nav[0] == "index.md"
    assert sorted(nav) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))


def test_code_blocks_fit_the_column():
    """The site's code column shows about 88 characters before it scrolls."""
    long = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        inside = False
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                inside = not inside
            elif inside and len(line) > 88:
                long.append(f"docs/{page.name}:{number} ({len(line)} characters)")
    assert not long, "\n".join(long)


def _api_entries(site: pathlib.Path) -> dict[str, str]:
    """The API page's entries: each heading's id -> the text of its own
    docstring (up to the next heading, signatures and code left out)."""
    text = (site / "api.html").read_text(encoding="utf-8")
    parts = re.split(r'(<h[2-6][^>]*class="doc doc-heading"[^>]*>)', text)
    entries = {}
    for heading, rest in zip(parts[1::2], parts[2::2]):
        found = re.search(r'id="([^"]+)"', heading)
        # Past the heading's own text, up to the next heading.
        body = re.split(r"<h[1-6]", re.split(r"</h[2-6]>", rest, maxsplit=1)[-1])[0]
        body = re.sub(r'<div class="doc-signature.*?</div>', "", body, flags=re.S)
        body = re.sub(r"<(pre|code)[^>]*>.*?</\1>", "", body, flags=re.S)
        if found:
            words = html.unescape(re.sub(r"<[^>]+>", " ", body)).split()
            entries[found.group(1)] = " ".join(words)
    return entries


def test_api_page_has_every_public_name(site):
    import razz_fast
    import razz_fast.distributed
    import razz_fast.histories
    import razz_fast.histories.export
    import razz_fast.histories.phh

    env = pytest.importorskip("razz_fast.env")
    entries = _api_entries(site)
    for module in (
        razz_fast,
        env,
        razz_fast.histories,
        razz_fast.histories.phh,
        razz_fast.histories.export,
        razz_fast.distributed,
    ):
        for name in module.__all__:
            # A name may be shown by the module that defines it (a function
            # that shares its name with a submodule is).
            home = getattr(getattr(module, name), "__module__", module.__name__)
            shown = {f"{module.__name__}.{name}", f"{home}.{name}"} & set(entries)
            assert shown, f"{module.__name__}.{name} is not on the API page"


def test_every_api_entry_says_what_it_is(site):
    """Each function, class, method and attribute has a sentence of its own,
    not only a name and a type."""
    bare = [
        name
        for name, text in _api_entries(site).items()
        if len(re.findall(r"[A-Za-z]{2,}", text)) < 3
    ]
    assert not bare, bare
