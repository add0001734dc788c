"""The progress bar every long run shows on request (tqdm, on stderr)."""

from __future__ import annotations

from typing import Any

__all__ = ["progress_bar"]


def progress_bar(show: bool, total: int, unit: str, desc: str, delay: float = 0.0) -> Any:
    """A tqdm bar on stderr when ``show``, else None; with ``delay``, drawn
    only once the run has lasted that many seconds."""
    if not show:
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, unit_scale=True, desc=desc, delay=delay)
