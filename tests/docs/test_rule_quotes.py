"""docs/RULES.md quotes the rule books for every setting of `Rules`.

What is checked here is the page's structure, which can drift from the
code: every setting has a section; every section quotes a book (a
blockquote, then a paragraph starting with a dash that names the book and
where in it) or says in so many words that it rests on no rule-book line; every
preset's choice of every setting is accounted for by a quote it follows or
by such a statement; and the "Presets:" paragraph of each section and the
presets table give the values `Rules.preset` really has. The quotes' words
themselves were checked against the books when written (the page says
how); the books are not in the repository, so no test can recheck them.
"""

from __future__ import annotations

import inspect
import pathlib
import re

import pytest

import razz_fast.reference

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "RULES.md"

#: The stakes, which every preset takes as arguments rather than choosing.
STAKES = ("ante", "bring_in", "small_bet", "big_bet")
#: Every named argument of Rules(...), stakes first, as the reference
#: declares them (its **removed only catches names that no longer exist).
SETTINGS = tuple(
    name
    for name, parameter in inspect.signature(razz_fast.reference.Rules).parameters.items()
    if parameter.kind is not parameter.VAR_KEYWORD
)
CHOICES = tuple(name for name in SETTINGS if name not in STAKES)
PRESETS = razz_fast.reference.Rules.PRESETS

#: The books a source line may start with (after its dash).
BOOKS = (
    "2024 WSOP Tournament Rules",
    "2024 WSOP Live Action Rules",
    "Poker TDA Rules 2024",
    "Robert's Rules of Poker",
    "BARGE rulebook",
    "PokerStars hand history",
)
#: How a source line says where in the book the quote is: a rule's number,
#: a procedure's, an item's, a hand's, or that the book numbers none there.
WHERE = re.compile(r"\brule \d|Recommended Procedure \d|\bitem \d|hand #\d|unnumbered")
#: Quotes stay short: a rule or two, never a page of the book.
LONGEST_QUOTE = 1200
NO_LINE = re.compile(r"\*\*No rule-book line\*\* \(([^)]*)\)")
NAME = re.compile(r"`(\w+)`")


def settings_sections(text: str) -> dict[str, str]:
    """Each setting's name -> the text of the "###" section naming it, from
    the part of the page headed "## The settings"."""
    part = text.split("\n## The settings\n", 1)[1].split("\n## ", 1)[0]
    sections: dict[str, str] = {}
    for chunk in re.split(r"\n(?=### )", part)[1:]:
        heading = chunk.split("\n", 1)[0]
        for name in NAME.findall(heading):
            sections[name] = chunk
    return sections


def quotes(section: str) -> list[tuple[str, str]]:
    """The section's blockquotes as (quoted words, source): the source is
    the paragraph right after the blockquote when it starts with a dash
    ("" when there is none)."""
    lines = [line.strip() for line in section.split("\n")] + [""]
    found, at = [], 0
    while at < len(lines):
        if not lines[at].startswith(">"):
            at += 1
            continue
        block = []
        while lines[at].startswith(">"):
            block.append(lines[at][1:].strip())
            at += 1
        words = " ".join(row for row in block if not row.startswith("```"))
        after = at
        while after < len(lines) - 1 and not lines[after]:
            after += 1
        source = []
        if lines[after].startswith("— "):
            while lines[after]:
                source.append(lines[after])
                after += 1
        found.append((" ".join(words.split()), " ".join(" ".join(source).split())))
    return found


def followed_by(source: str) -> set[str]:
    """The presets a source line says follow the quote."""
    _, _, tail = source.partition("Followed by")
    return {name for name in NAME.findall(tail) if name in PRESETS}


def unsourced(section: str) -> set[str]:
    """The presets a "**No rule-book line** (...)" statement names."""
    return {name for group in NO_LINE.findall(section) for name in NAME.findall(group)}


def shown(value: object) -> str:
    """A setting's value as the page writes it: `4`, `"capped"`, `True`."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def presets_line(section: str) -> dict[str, str]:
    """The section's "Presets:" paragraph as preset -> the value it shows;
    each group is "`a`, `b`: `value`", groups separated by ";"."""
    paragraphs = [" ".join(p.split()) for p in section.split("\n\n")]
    lines = [p for p in paragraphs if p.startswith("Presets: ")]
    assert len(lines) == 1, f"{len(lines)} 'Presets:' paragraphs"
    values: dict[str, str] = {}
    for group in lines[0][len("Presets: ") :].rstrip(".").split(";"):
        names, _, value = group.rpartition(":")
        for name in NAME.findall(names):
            assert name not in values, f"{name} is given twice"
            values[name] = value.strip().strip("`")
    return values


def page_problems(text: str, rules_type) -> list[str]:
    """Everything wrong with the page's structure (empty when it is right)."""
    problems = []
    sections = settings_sections(text)
    for setting in SETTINGS:
        if setting not in sections:
            problems.append(f"{setting}: no section under '## The settings'")
            continue
        section = sections[setting]
        found = quotes(section)
        if not found and not NO_LINE.search(section):
            problems.append(f"{setting}: neither a quote nor a 'No rule-book line' statement")
        for words, source in found:
            if not words:
                problems.append(f"{setting}: a blockquote quotes nothing ({source!r})")
            if len(words) > LONGEST_QUOTE:
                problems.append(f"{setting}: a quote of {len(words)} characters ({source!r})")
            book = source.removeprefix("— ")
            if source == book or not book.startswith(BOOKS):
                problems.append(f"{setting}: a quote whose source names no book: {source!r}")
            elif not WHERE.search(source):
                problems.append(f"{setting}: a source that does not say where: {source!r}")
        if setting in STAKES:
            continue
        accounted = unsourced(section).union(*(followed_by(s) for _, s in found))
        for preset in PRESETS:
            if preset not in accounted:
                problems.append(
                    f"{setting}: no quote is followed by {preset}"
                    " and no 'No rule-book line' names it"
                )
        try:
            values = presets_line(section)
        except AssertionError as error:
            problems.append(f"{setting}: {error}")
            continue
        for preset in PRESETS:
            actual = shown(getattr(rules_type.preset(preset), setting))
            if values.get(preset) != actual:
                problems.append(
                    f"{setting}: shows {preset} as {values.get(preset)}, it is {actual}"
                )
    return problems


def table_problems(text: str, rules_type) -> list[str]:
    """What the presets table under "## The presets" gets wrong."""
    part = text.split("\n## The presets\n", 1)[1]
    rows = [line for line in part.split("\n") if line.startswith("| `")]
    header = next(line for line in part.split("\n") if line.startswith("| setting"))
    columns = [NAME.findall(cell)[0] for cell in header.strip("|").split("|")[1:]]
    problems = [] if columns == list(PRESETS) else [f"columns {columns}"]
    seen = []
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        setting = cells[0].strip("`")
        seen.append(setting)
        for preset, cell in zip(columns, cells[1:], strict=True):
            value = getattr(rules_type.preset(preset), setting)
            if cell != str(value):
                problems.append(f"{setting}: the table shows {preset} as {cell}, it is {value}")
    if seen != list(CHOICES):
        problems.append(f"the table's rows are {seen}, the settings {list(CHOICES)}")
    return problems


@pytest.fixture(scope="module")
def page() -> str:
    return PAGE.read_text(encoding="utf-8")


def test_the_settings_are_the_constructors_arguments(impl):
    """The page is checked against the reference's signature; the core has
    the same settings."""
    assert SETTINGS[:4] == STAKES and len(CHOICES) == 9
    rules = impl.Rules()
    for setting in SETTINGS:
        assert hasattr(rules, setting), setting
    assert tuple(impl.Rules.PRESETS) == PRESETS


def test_every_setting_quotes_its_books_and_every_preset_is_accounted_for(page, impl):
    assert page_problems(page, impl.Rules) == []


def test_the_presets_table_is_the_presets(page, impl):
    assert table_problems(page, impl.Rules) == []


def test_every_book_quoted_is_described_at_the_top(page):
    """Each book a quote cites is among those "The books" lists."""
    top = page.split("\n## The books", 1)[1].split("\n## The settings\n", 1)[0]
    cited = {
        book
        for section in settings_sections(page).values()
        for _, source in quotes(section)
        for book in BOOKS
        if source.startswith(f"— {book}")
    }
    assert cited == set(BOOKS)
    for book in cited:
        key = book.replace("2024 ", "").replace(" 2024", "").removesuffix(" history")
        assert key.split()[0] in top, book


# --- the checks can fail ------------------------------------------------


def _doctored(page: str, old: str, new: str) -> str:
    assert old in page
    return page.replace(old, new, 1)


def test_a_section_without_a_quote_or_statement_fails(page):
    section = settings_sections(page)["odd_chip"]
    bare = section.split("\n>", 1)[0]  # the heading and our own words only
    problems = page_problems(page.replace(section, bare), razz_fast.reference.Rules)
    assert "odd_chip: neither a quote nor a 'No rule-book line' statement" in problems


def test_a_preset_nobody_accounts_for_fails(page):
    doctored = _doctored(page, "Followed by `tda` (see below).", "")
    doctored = _doctored(doctored, "**No rule-book line** (`tda`)", "**No rule-book line** ()")
    problems = page_problems(doctored, razz_fast.reference.Rules)
    assert any(p.startswith("cap: no quote is followed by tda") for p in problems), problems


def test_a_wrong_preset_value_fails(page):
    doctored = _doctored(page, '`"round_starts"`; `roberts`', '`"capped"`; `roberts`')
    problems = page_problems(doctored, razz_fast.reference.Rules)
    assert 'heads_up: shows wsop_live as "capped", it is "round_starts"' in problems
    doctored = _doctored(page, "| `cap` | 4 | 5 |", "| `cap` | 4 | 4 |")
    assert table_problems(doctored, razz_fast.reference.Rules) == [
        "cap: the table shows wsop as 4, it is 5"
    ]


def test_a_quote_that_names_no_book_or_no_place_fails(page):
    doctored = _doctored(page, "— Poker TDA Rules 2024, rule 20-B.", "— the TDA, somewhere.")
    problems = page_problems(doctored, razz_fast.reference.Rules)
    assert (
        "odd_chip: a quote whose source names no book: '— the TDA, somewhere. Followed by `tda`.'"
        in problems
    )
    doctored = _doctored(page, "— Poker TDA Rules 2024, rule 20-B.", "— Poker TDA Rules 2024.")
    problems = page_problems(doctored, razz_fast.reference.Rules)
    assert (
        "odd_chip: a source that does not say where: '— Poker TDA Rules 2024. Followed by `tda`.'"
        in problems
    )
