"""Exact multiway equity (src/equity/exact.rs): the pair-by-combined-multiset
enumeration against the reference's card-by-card brute force on small spots
(2 to 4 players, players of unequal streets, players with no cards, dead
cards), and against tallies the earlier player-by-player enumeration of
main produced on third street (kept here as constants)."""

from __future__ import annotations

import pytest

import razz_fast
import razz_fast.reference
from razz_fast import _core


def with_pool(hands: list[str], pool: str) -> tuple[list[str], str]:
    """The spot where ``pool`` holds the only unseen cards: everything else
    not in ``hands`` is dead."""
    held = set(_core.parse_cards(" ".join(hands) + " " + pool))
    dead = [c for c in range(52) if c not in held]
    return hands, _core.format_cards(dead)


# Each deals at most ~10**5 ways, so the reference enumerates them in seconds.
SMALL = {
    "5th-3p": with_pool(
        ["As 2d 7h 9c Kd", "3h 4c 8d Ks Kh", "5d 6h 2s 2h Qc"],
        "Ac 3c 4d 5c 6c 7c 8c 9d Tc Td Jc Js",
    ),
    "4p-unequal": with_pool(
        ["As 2d 7h 9c Kd 3s", "3h 4c 8d Ks Kh", "5d 6h 2s 2h Qc", "Ah 9h Th Jh Qh Qd"],
        "Ac 3c 4d 5c 6c 7c 8c 9d Tc Td",
    ),
    "3p-pair-3-and-1": with_pool(
        ["As 2d 7h 9c", "3h 4c 8d Ks Kh Qs", "5d 6h 2s 2h Qc"], "Ac 3c 4d 5c 6c 7c 8c 9d Tc"
    ),
    "2p-random": with_pool(["As 2d 7h 9c 3s", ""], "Ac 3c 4d 5c 6c 7c 8c 9d Tc Td Jc"),
    "3p-random-last": with_pool(
        ["As 2d 7h 9c 3s 4s", "3h 4c 8d Ks Kh 6s", ""], "Ac 3c 4d 5c 6c 7c 8c 9d 9s Td"
    ),
    "3p-random-first": with_pool(
        ["", "3h 4c 8d Ks Kh 6s", "As 2d 7h 9c 3s 4s"], "Ac 3c 4d 5c 6c 7c 8c 9d 9s Td"
    ),
    # A player with all seven cards leaves nothing to pair: the players go
    # one at a time (src/equity/exact.rs, `paired`).
    "3p-unpaired": with_pool(
        ["As 2d 7h 9c Kd 3s 4s", "3h 4c 8d Ks Kh", "5d 6h 2s 2h Qc"],
        "Ac 3c 4d 5c 6c 7c 8c 9d Tc Td Jc Js",
    ),
    "4p-unpaired": with_pool(
        ["As 2d 7h 9c Kd", "3h 4c 8d Ks Kh 5s 7s", "5d 6h 2s 2h Qc", "Ah 9h Th Jh Qh Qd"],
        "Ac 3c 4d 5c 6c 7c 8c 9d Tc",
    ),
    "4p-paired-boards": with_pool(
        ["Ac Ad 2c 2d 3c", "Ah As 2h 2s 3h", "4c 4d 5c 5d 6c 6d", "4h 4s 5h 5s 6h"],
        "3d 3s 6s 7c 7d 8c 9c Kc",
    ),
}


@pytest.mark.parametrize("name", list(SMALL))
def test_exact_equals_reference_brute_force(name):
    hands, dead = SMALL[name]
    core = razz_fast.equity(hands, dead, exact=True)
    ref = razz_fast.reference.equity(hands, dead, exact=True)
    assert core.trials == ref.trials
    assert core.equity == ref.equity
    assert core.win == ref.win
    assert core.tie == ref.tie


@pytest.mark.parametrize("name", list(SMALL))
def test_exact_ignores_threads_and_slices(name):
    hands, dead = SMALL[name]
    known = [_core.parse_cards(h) for h in hands]
    out = _core.parse_cards(dead)
    whole = _core.equity_tallies(known, out, True, 1, 0, 1)
    assert _core.equity_tallies(known, out, True, 1, 0, 3) == whole
    _, units = _core.equity_units(known, out, True, 1)
    cut = units // 3
    parts = [
        _core.equity_slice(known, out, True, 1, 0, a, b, 2)
        for a, b in ((0, cut), (cut, units - 1), (units - 1, units))
    ]
    assert sum(p[1] for p in parts) == whole[1]
    for k in range(2, 6):
        assert [sum(col) for col in zip(*(p[k] for p in parts))] == whole[k]


# (hands, dead) -> (total, shares, share squares, wins, ties), computed by the
# player-by-player enumeration of main before the pair enumeration replaced it.
OLD_MAIN = [
    (
        ["As 2d 3c", "4h 5h 6s", "7c 8d 9h"],
        "",
        531485201847600,
        [195503545321794360, 173368999524519540, 77575024705670100],
        [164156104419766956000, 145563963726518492400, 65124044372737904400],
        [232552764695616, 206204602965477, 92240742620058],
        [379102327326, 374126270283, 220954535289],
    ),
    (
        ["Ah Ad 2c", "Ks Qs Js", "5c 6c 7c"],
        "8s 9s",
        273688392978000,
        [72729021678655860, 7978816960196040, 149190411462668100],
        [61074418231129539600, 6699437894097950400, 125301155186544951600],
        [86531261695278, 9490744815237, 177554371803357],
        [101813939577, 15693608088, 106521780591],
    ),
    (
        ["3s 4s 5d", "2h 6h 8c", "Ac Kc Kd"],
        "Qh",
        383163750169200,
        [179608789215860340, 128669744069015100, 13579016857252560],
        [150830303209913401200, 108044098601472104400, 11388968686211457600],
        [213703548415729, 153069178668659, 16116161417184],
        [232878697947, 218177366265, 98670888828],
    ),
    (
        ["As 2d 3c 4h", "5s 6d 7c", "8h 8d 9c"],
        "",
        49440483892800,
        [29312809269345840, 9901569925338840, 2315627275267320],
        [24620890779714751200, 8315277181601443200, 1944045816845580000],
        [34890903873553, 11781796521993, 2753634810752],
        [10595275146, 11573444916, 6128652942],
    ),
    (
        ["As 2d 3c 4h 5c", "5s 6d 7c 8h 8c", "9s Td Jc Qh 2c", "Kc Kd 2h 3h 4d"],
        "",
        26506116000,
        [22130469270000, 0, 0, 134668170000],
        [18533033555400000, 0, 0, 56560631400000],
        [26185477500, 0, 0, 0],
        [320638500, 0, 0, 320638500],
    ),
]


@pytest.mark.parametrize("spot", OLD_MAIN, ids=lambda s: " v ".join(s[0]))
def test_exact_equals_the_earlier_enumeration(spot):
    hands, dead, *tallies = spot
    known = [_core.parse_cards(h) for h in hands]
    got = _core.equity_tallies(known, _core.parse_cards(dead), True, 1, 0, 2)
    assert list(got) == [True, *tallies]
