"""The built-in ``"blueprint"``: a heads-up ``Policy`` trained by
``benches/train_blueprint.py`` and shipped in the package ([the
blueprint](BOTS.md#the-blueprint)). Loaded once, on first use."""

from __future__ import annotations

import functools

from razz_fast._policy_file import shipped_path
from razz_fast.bots.policy import Policy

__all__ = ["blueprint"]


@functools.cache
def blueprint() -> Policy:
    """The shipped blueprint policy (heads-up; its header says how it was made)."""
    return Policy.load(shipped_path("blueprint"))
