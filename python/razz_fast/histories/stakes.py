"""The limits of a hand whose header does not state them, read off the
hand's own wagers, as trackers do for logs that omit the stakes (Merge's
tournament files say only ``stakes="Limit"``).

Fixed-limit razz wagers in two sizes: the small bet on third and fourth
street (the completion of the bring-in, and each bet or raise), the big
bet from fifth street on. A hand shows the small bet in a completion or a
bet or raise on third or fourth street, the big bet in a bet or raise
later. Plays marked all-in may be short, and a raise over a short all-in
may be a full raise or only a completion of the bet, so neither shows a
size. A size the hand does not show follows from the other by the usual
structure (the big bet is twice the small bet). A hand that shows neither
(nobody completed, bet or raised: everyone folded to the bring-in, or only
called it and checked) is refused: any limits would replay it, so none can
be read from it, and borrowing another hand's would be a guess. The ante
and the bring-in need no inference: replay takes them from what was posted.
"""

from __future__ import annotations

from razz_fast.histories.model import HandHistory, Play

__all__ = ["infer_limits"]

_WAGERS = ("complete", "bet", "raise")


def _sizes(history: HandHistory) -> tuple[dict[int, Play], dict[int, Play]]:
    """Each small-bet and big-bet size the wagers show, with the first
    play that shows it."""
    small: dict[int, Play] = {}
    big: dict[int, Play] = {}
    put: dict[str, int] = {}
    street, level, completed, clean = 0, 0, False, True
    for play in history.plays:
        if play.kind == "ante":
            continue
        if play.street != street:
            street, put, level, completed, clean = play.street, {}, 0, False, True
        total = put.get(play.player, 0) + play.amount
        put[play.player] = total
        if play.kind in _WAGERS and not play.all_in:
            # On third street the first wager over the bring-in completes
            # it, whatever the site calls it: its total is the small bet.
            size = total if street == 3 and not completed else total - level if clean else 0
            if size > 0:
                (small if street <= 4 else big).setdefault(size, play)
            completed, clean = True, True
        elif play.all_in and total > level:
            clean = False  # the next raise's size is not a bet size
        level = max(level, total)
    return small, big


def infer_limits(history: HandHistory) -> tuple[int, int]:
    """``(small_bet, big_bet)`` read off ``history``'s wagers; a
    HistoryError naming the hand when they do not fit one structure or
    show nothing (see the module's text)."""
    small, big = _sizes(history)
    for sizes, name in ((small, "small bet"), (big, "big bet")):
        if len(sizes) > 1:
            first, other = list(sizes.items())[:2]
            raise history.error(
                f"the header gives no stakes and the wagers do not fit one limit: a {name}"
                f" of {history.text_of(first[0])} (line {first[1].line}), then of"
                f" {history.text_of(other[0])}",
                other[1].line,
            )
    small_bet, big_bet = next(iter(small), None), next(iter(big), None)
    if small_bet is None:
        if big_bet is None:
            raise history.error(
                "the header gives no stakes and nobody completed, bet or raised, so the"
                " hand does not show them (any limits would replay it)",
                history.first_line,
            )
        if big_bet % 2:
            raise history.error(
                f"the header gives no stakes and a big bet of {history.text_of(big_bet)}"
                " has no whole half for a small bet",
                big[big_bet].line,
            )
        small_bet = big_bet // 2
    if big_bet is None:
        big_bet = 2 * small_bet
    if history.bring_in is not None and history.bring_in >= small_bet:
        raise history.error(
            f"the header gives no stakes and the wagers show a small bet of"
            f" {history.text_of(small_bet)}, not above the bring-in of"
            f" {history.text_of(history.bring_in)}",
            history.first_line,
        )
    return small_bet, big_bet
