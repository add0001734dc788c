"""Three discrete choices for learning agents: 0 fold, 1 check / call /
bring-in, 2 complete / bet / raise, mapped to the legal ``Action`` of each
row (``razz_fast.env`` and examples/learn.py use them; numpy only).

A choice the state does not allow plays as 1: folding when a check is free
checks, raising past the cap calls. ``action_mask`` marks the choices that
are distinct moves now. Anything but 0, 1 or 2 is an error (an agent's bug
should not play as a call).
"""

from __future__ import annotations

import numpy as np

from razz_fast.events import Action

__all__ = ["FOLD", "PASSIVE", "AGGRESSIVE", "action_mask", "to_action"]

FOLD, PASSIVE, AGGRESSIVE = 0, 1, 2
_AGGRESSIVE = (int(Action.COMPLETE), int(Action.BET), int(Action.RAISE))
_PASSIVE = (int(Action.BRING_IN), int(Action.CALL), int(Action.CHECK))


def action_mask(legal: np.ndarray) -> np.ndarray:
    """The mask of rows of legal flags: (..., 7) bool -> (..., 3) int8."""
    legal = np.asarray(legal, dtype=bool)
    mask = np.ones((*legal.shape[:-1], 3), dtype=np.int8)
    mask[..., FOLD] = legal[..., int(Action.FOLD)]
    mask[..., AGGRESSIVE] = legal[..., list(_AGGRESSIVE)].any(axis=-1)
    return mask


def to_action(choice: np.ndarray, legal: np.ndarray) -> np.ndarray:
    """Choices (...,) and legal flags (..., 7) to ``Action`` values (int64);
    TypeError for choices that are not integers, ValueError for any but 0, 1
    and 2."""
    legal = np.asarray(legal, dtype=bool)
    choice = np.asarray(choice)
    if choice.dtype.kind not in "iu":
        shown = choice.ravel().tolist()[0] if choice.size else "no choice"
        raise TypeError(f"choices must be integers 0, 1 or 2, got {shown!r} ({choice.dtype})")
    wrong = (choice < 0) | (choice > 2)
    if wrong.any():
        raise ValueError(f"a choice is 0, 1 or 2, got {choice[wrong].flat[0]}")
    passive = np.select([legal[..., a] for a in _PASSIVE], list(_PASSIVE), int(Action.FOLD))
    aggressive = np.select([legal[..., a] for a in _AGGRESSIVE], list(_AGGRESSIVE), -1)
    out = passive.copy()
    fold = (choice == FOLD) & legal[..., int(Action.FOLD)]
    out[fold] = int(Action.FOLD)
    raise_ = (choice == AGGRESSIVE) & (aggressive >= 0)
    out[raise_] = aggressive[raise_]
    result: np.ndarray = out.astype(np.int64)
    return result
