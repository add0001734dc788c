"""The core's numbers are exported by ``_core`` (the wrappers read them
there) and agree with the copies the pure-Python reference keeps of them."""

from razz_fast import _cards as cards
from razz_fast import _core
from razz_fast.reference import arguments, policy, rules, strategies, tables
from razz_fast.reference._equity import EXACT_LIMIT, SAMPLE_CHUNK, SHARE_UNITS
from razz_fast.reference.generator import CHUNK
from razz_fast.reference.luck import TRIALS, UNITS


def test_the_reference_keeps_the_cores_numbers():
    assert _core.RANK_CHARS == cards.RANK_CHARS
    assert _core.MAX_CHIPS == rules.MAX_CHIPS == 2**53 - 1
    assert _core.MAX_THREADS == arguments.MAX_THREADS
    assert _core.MAX_TABLES == tables.MAX_TABLES == 2**22
    assert _core.SHARE_UNITS == SHARE_UNITS
    assert _core.EXACT_LIMIT == EXACT_LIMIT
    assert _core.SAMPLE_CHUNK == SAMPLE_CHUNK
    assert _core.CHUNK == CHUNK
    assert (_core.LUCK_UNITS, _core.LUCK_TRIALS) == (UNITS, TRIALS)
    assert (*strategies.BUILT_IN, *policy.SHIPPED) == _core.STRATEGIES


def test_every_tie_size_divides_the_share_units():
    assert all(_core.SHARE_UNITS % ties == 0 for ties in range(1, _core.MAX_PLAYERS + 1))
