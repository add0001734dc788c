"""The arguments the history writers (``export.to_pokerstars`` and
``phh.dumps``) check before they write: a wrong type is a TypeError and a
value that cannot be written a ValueError, each naming the argument,
so that no bad argument surfaces later as some other argument's error or as
a file that does not read back."""

from __future__ import annotations

from collections.abc import Sequence

import razz_fast
from razz_fast import reference
from razz_fast.histories.engine import PlayedHand

__all__ = [
    "checked_hand",
    "checked_names",
    "checked_scale",
    "checked_places",
    "checked_line",
    "type_name",
]


def type_name(value: object) -> str:
    return type(value).__name__


def checked_hand(value: object, also: str = "") -> PlayedHand:
    """``value`` if it is a core or reference ``Hand`` (a ``PlayerView``,
    which hides cards, is not), else TypeError; ``also`` names any other
    type the caller takes."""
    if not isinstance(value, (razz_fast.Hand, reference.Hand)):
        raise TypeError(f"expected a Hand{also}, not {type_name(value)}")
    hand: PlayedHand = value
    return hand


def checked_names(names: object, n: int) -> list[str]:
    """``n`` distinct player names, as a list."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a list of str, not {type_name(names)}")
    bad = next((name for name in names if not isinstance(name, str)), None)
    if bad is not None:
        raise TypeError(f"names must be str, not {type_name(bad)}")
    if len(names) != n:
        raise ValueError(f"names must be {n} names, one a seat, not {len(names)}")
    twice = next((name for index, name in enumerate(names) if name in names[:index]), None)
    if twice is not None:
        raise ValueError(f"names must be {n} distinct names: {twice!r} is given twice")
    return list(names)


def checked_scale(scale: object) -> int:
    """Units per chip or currency unit: 1, 10, 100, …"""
    if isinstance(scale, bool) or not isinstance(scale, int):
        raise TypeError(f"scale must be an int, not {type_name(scale)}")
    if scale < 1 or str(scale).strip("0") != "1":
        raise ValueError(f"scale must be 1, 10, 100, …; got {scale}")
    return scale


def checked_places(units: int, scale: int, places: int, reader: str) -> None:
    """Refuses ``units`` that need more than ``places`` decimals at
    ``scale``, the most that ``reader`` reads back (a finer scale is fine
    while every amount fits)."""
    if scale > 10**places and units % (scale // 10**places):
        raise ValueError(
            f"an amount of {units} units at scale {scale} needs more than {places}"
            f" decimals, which {reader} does not read back"
        )


def checked_line(value: object, name: str) -> str:
    """A str written on one line of a text history (no line break of any
    kind ``str.splitlines`` knows: the reader splits the text with it)."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type_name(value)}")
    if len(value.splitlines()) > 1 or value.endswith(("\n", "\r")):
        raise ValueError(f"{name} must be one line, got {value!r}")
    return value
