"""The random generator of seeded hands ([the hand engine](ENGINE.md#3-cards-and-dealing)).

splitmix64 seeds the four state words of xoshiro256++; a Fisher-Yates
shuffle rolls its random indices as dice, several from one ``next()`` (the
batches of section 3). The compiled core implements exactly the same steps,
so a seed gives the same deck in both.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = [
    "BATCH_LIMIT",
    "CHUNK",
    "MASK64",
    "Xoshiro256PlusPlus",
    "chunk_seed",
    "hand_seeds",
    "splitmix64_outputs",
]

MASK64 = (1 << 64) - 1

# The product of the sides of one batch of dice in a shuffle stays below this.
BATCH_LIMIT = 1 << 48

_Item = TypeVar("_Item")


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

    def roll(self, sides: list[int]) -> list[int]:
        """One roll of each die (die ``k`` has ``sides[k]`` faces) from one
        ``next()``: ``x * s`` gives the roll in its high 64 bits and leaves its
        low 64 bits for the next die. If the last remainder is below
        ``2**64 mod product`` the whole batch is rolled again, so every
        outcome is exactly equally likely."""
        product = 1
        for s in sides:
            product *= s
        surplus = (1 << 64) % product
        while True:
            x = self.next()
            rolls = []
            for s in sides:
                m = x * s
                rolls.append(m >> 64)
                x = m & MASK64
            if x >= surplus:
                return rolls

    def shuffle(self, items: list[_Item]) -> None:
        """Shuffles ``items`` in place: for i from len-1 down to 1, swap item i
        with the roll of an (i + 1)-sided die. The dice are rolled in batches
        (``roll``), each taking the next dice while the product of their sides
        stays below ``BATCH_LIMIT`` (and at least one die)."""
        i = len(items)
        while i > 1:
            sides = [i]
            product = i
            while i - len(sides) > 1 and product * (i - len(sides)) < BATCH_LIMIT:
                sides.append(i - len(sides))
                product *= sides[-1]
            for s, j in zip(sides, self.roll(sides)):
                items[s - 1], items[j] = items[j], items[s - 1]
            i -= len(sides)


# --- seeding: which generator each chunk and hand draws from ---------------

#: Hands per chunk.
CHUNK = 1024


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of chunk ``chunk``'s generator: ``seed`` xor the splitmix64
    finalizer of ``(chunk + 1) * 0x9E3779B97F4A7C15``."""
    z = ((chunk + 1) * 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return seed ^ z ^ (z >> 31)


#: Sets hand ``k``'s built-in decisions apart from its deck.
_DECISIONS = 0xD1B54A32D192ED03


def hand_seeds(seed: int, k: int) -> tuple[int, int]:
    """The seeds of hand ``k`` of a run seeded with ``seed``: its deck, and
    the generator its built-in strategies draw from."""
    deck = chunk_seed(seed, k)
    return deck, deck ^ _DECISIONS
