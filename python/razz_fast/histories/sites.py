"""The site modules by name (``HandHistory.site``)."""

from __future__ import annotations

from types import ModuleType

from razz_fast.histories import fulltilt, kingsclub, merge_network, pokerstars, winamax

#: Text sites, in the order their hand headers are tried.
TEXT = (pokerstars, fulltilt, winamax, kingsclub)
ALL = TEXT + (merge_network,)


def module(site: str) -> ModuleType:
    for candidate in ALL:
        if candidate.SITE == site:
            return candidate
    raise ValueError(f"unknown site {site!r}")
