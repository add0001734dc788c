"""Argument checks shared by the reference's ``simulate`` and ``equity``."""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Protocol

from razz_fast.errors import int_text
from razz_fast.reference.generator import MASK64

if TYPE_CHECKING:  # typing has it from Python 3.10; only the type checker reads it
    from typing import TypeGuard

__all__ = [
    "MAX_COUNT",
    "MAX_THREADS",
    "as_int",
    "is_int",
    "per_seat",
    "check_seed",
    "check_threads",
]

#: The same bound as the core: each thread is a real OS thread.
MAX_THREADS = 1024
#: The same bound as the core on hands and trials (a signed 64-bit count).
MAX_COUNT = 2**63 - 1


def as_int(value: Any) -> int | None:
    """``value`` as an int if Python counts it as an integer
    (``operator.index``: ints and numpy's integer scalars) and it is not a
    bool; None otherwise."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def is_int(value: object) -> bool:
    """An integer by ``as_int``'s rule."""
    return as_int(value) is not None


class PerSeat(Protocol):
    """Values listed one per seat, in the caller's order (see ``per_seat``)."""

    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[object]: ...


def per_seat(value: object) -> TypeGuard[PerSeat]:
    """Whether ``value`` lists one value per seat: it has a length and items
    in an order of the caller's (a list, tuple, range, deque, dict view or
    1-D array), and is no text or dict. A set is not one: its order is not
    the caller's (for strings it even changes from run to run), so seats
    would be silently shuffled."""
    if isinstance(value, (str, bytes, bytearray, dict, set, frozenset)):
        return False
    return hasattr(value, "__len__") and hasattr(value, "__iter__")


def check_seed(seed: object) -> int | None:
    """``None`` or an int 0..2**64-1."""
    if seed is None:
        return None
    number = as_int(seed)
    if number is None:
        raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
    if not 0 <= number <= MASK64:
        raise ValueError(f"seed must be in 0..2**64-1, got {int_text(number)}")
    return number


def check_threads(threads: object) -> None:
    """``None`` or an int 1..MAX_THREADS (threads never change a result)."""
    if threads is None:
        return
    number = as_int(threads)
    if number is None:
        raise TypeError(f"threads must be an int or None, not {type(threads).__name__}")
    if not 1 <= number <= MAX_THREADS:
        raise ValueError(f"threads must be in 1..{MAX_THREADS}, got {int_text(number)}")
