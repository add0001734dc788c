"""The random generator of seeded hands (docs/ENGINE.md, section 3).

splitmix64 seeds the four state words of xoshiro256++; a Fisher-Yates
shuffle takes ``(next() * (i + 1)) >> 64`` as its random index. The compiled
core implements exactly the same steps, so a seed gives the same deck in
both.
"""

from __future__ import annotations

__all__ = ["MASK64", "splitmix64_outputs", "Xoshiro256PlusPlus"]

MASK64 = (1 << 64) - 1


def splitmix64_outputs(seed: int, count: int) -> list[int]:
    """The first ``count`` outputs of splitmix64 started from ``seed``."""
    state = seed & MASK64
    outputs = []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        outputs.append(z ^ (z >> 31))
    return outputs


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Xoshiro256PlusPlus:
    """xoshiro256++ (Blackman and Vigna), seeded through splitmix64."""

    def __init__(self, seed: int) -> None:
        self.state = splitmix64_outputs(seed, 4)

    def next(self) -> int:
        """The next 64-bit output."""
        s0, s1, s2, s3 = self.state
        result = (_rotl((s0 + s3) & MASK64, 23) + s0) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)
        self.state = [s0, s1, s2, s3]
        return result

    def shuffle(self, items: list) -> None:
        """Shuffles ``items`` in place: for i from len-1 down to 1, swap item i
        with item ``(next() * (i + 1)) >> 64``."""
        for i in range(len(items) - 1, 0, -1):
            j = (self.next() * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
