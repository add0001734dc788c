"""The site modules by name (``HandHistory.site``)."""

from __future__ import annotations

import re
from typing import Callable, Protocol

from razz_fast.histories.model import HandHistory
from razz_fast.histories.sites import fulltilt, kingsclub, merge_network, pokerstars, winamax


class Site(Protocol):
    """What replay reads of a site's module."""

    @property
    def SITE(self) -> str: ...
    @property
    def PRESET(self) -> str: ...
    @property
    def describe(self) -> Callable[[list[str]], str] | None:
        """The site's words for a best low, None if they are unknown."""


class TextSite(Site, Protocol):
    """A site whose files are text, one hand after a header line."""

    @property
    def HEADER(self) -> re.Pattern[str]: ...
    def is_razz(self, header: str) -> bool: ...
    def parse(self, lines: list[str], first_line: int, source: str | None) -> HandHistory: ...


#: Text sites, in the order their hand headers are tried.
TEXT: tuple[TextSite, ...] = (pokerstars, fulltilt, winamax, kingsclub)
ALL: tuple[Site, ...] = TEXT + (merge_network,)


def module(site: str) -> Site:
    for candidate in ALL:
        if candidate.SITE == site:
            return candidate
    raise ValueError(f"unknown site {site!r}")
