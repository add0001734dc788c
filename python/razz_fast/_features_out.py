"""The check of an ``out`` array a caller gives ``features()`` to write
into, with the compiled core's errors: shared by the pure-Python
``Batch`` (the reference's) and the rows the vector environment gives its
batch policy opponents, which compute their features first and copy them
into ``out``. numpy is imported only when an array is checked, as the
reference imports nothing it does not use."""

from __future__ import annotations

__all__ = ["check_out"]


def check_out(out: object, shape: tuple[int, int]) -> None:
    """Raises what the core raises for an ``out`` that ``features()`` may
    not write into (None is fine: it allocates)."""
    import numpy as np

    if out is None:
        return
    if not isinstance(out, np.ndarray) or out.dtype != np.float32:
        raise TypeError(f"out must be a float32 numpy array of shape {shape}")
    if out.shape != shape or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous float32 array of shape {shape}")
    if not out.flags.aligned:  # (the core's slices must be)
        raise ValueError("out must be an aligned float32 array (numpy's own allocation is)")
    if not out.flags.writeable:
        raise ValueError("out is read-only, but features() writes into it")
