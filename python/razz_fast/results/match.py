"""``MatchResult`` and the exact sums it is computed from, shared by the
compiled core and the pure-Python reference ([matches](MATCH.md) says how each
figure is computed)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from razz_fast.results._compare import NanEqual

__all__ = ["MatchResult", "MatchTotals", "Z95"]

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054


@dataclass
class MatchTotals:
    """Exact integer sums per distinct strategy; chunks merge by addition."""

    strategies: int
    deals: int = 0
    hands: int = 0
    net: list[int] = field(default_factory=list)
    deal_sq: list[int] = field(default_factory=list)
    #: Per hand, the square of the strategy's chips in it (all its seats).
    hand_sq: list[int] = field(default_factory=list)
    seat_hands: list[int] = field(default_factory=list)
    #: Luck, and the squares of the luck-adjusted chips of each deal, in
    #: units of 1 / LUCK_UNITS chips (zeros unless luck is counted).
    luck: list[int] = field(default_factory=list)
    adjusted_sq: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in _SUMS:
            if not getattr(self, name):
                setattr(self, name, [0] * self.strategies)

    def add(self, other: MatchTotals) -> None:
        self.deals += other.deals
        self.hands += other.hands
        for name in _SUMS:
            setattr(self, name, [a + b for a, b in zip(getattr(self, name), getattr(other, name))])

    def result(self, labels: list[str], big_bet: int, duplicate: bool, seed: int,
               elapsed: float, luck_units: int = 0) -> MatchResult:  # fmt: skip
        """The figures; with ``luck_units`` (a chip in units of the luck
        sums) the luck-adjusted ones."""
        mean, stderr, plain = [], [], []
        luck = [x / luck_units for x in self.luck] if luck_units else []
        for j in range(self.strategies):
            hands = self.seat_hands[j]
            per_deal = hands / self.deals  # seat-hands of this strategy in every deal
            raw = self.net[j] / hands
            # The deal's result per seat-hand, X = D / per_deal, over deals.
            if luck_units:
                # Exact: the chips and the luck in the same integer units.
                m = (self.net[j] * luck_units - self.luck[j]) / (luck_units * hands)
                var_x = self.adjusted_sq[j] / luck_units**2 / per_deal**2 / self.deals - m * m
            else:
                m = raw
                var_x = self.deal_sq[j] / per_deal**2 / self.deals - m * m
            # Plain play's error of the same mean on as many hands: the
            # hand is its unit of luck, so its result per seat-hand in each
            # hand, Y = (chips in the hand) / per_hand, over hands. (Its
            # seats' results in one hand are not independent.)
            per_hand = hands / self.hands
            var_plain = self.hand_sq[j] / per_hand**2 / self.hands - raw * raw
            mean.append(m)
            # One deal (or hand) says nothing of the spread: NaN, as for
            # simulate, rather than an interval of no width.
            stderr.append(
                math.sqrt(max(var_x, 0.0) / (self.deals - 1)) if self.deals > 1 else math.nan
            )
            plain.append(
                math.sqrt(max(var_plain, 0.0) / (self.hands - 1)) if self.hands > 1 else math.nan
            )
        bb = [100 * m / big_bet for m in mean]
        half = [100 * Z95 * s / big_bet for s in stderr]
        pairwise = {}
        if self.strategies == 2:
            # Chips move only between the two: per deal, D_1 = -D_0, so the
            # difference of their per-hand results is a multiple of X_0.
            h0, h1 = self.seat_hands
            scale = 1 + h0 / h1
            diff = 100 * (mean[0] - mean[1]) / big_bet
            err = 100 * stderr[0] * scale / big_bet
            pairwise[(labels[0], labels[1])] = (diff, err)
        return MatchResult(
            strategies=labels,
            net=list(self.net),
            mean=mean,
            bb_per_100=bb,
            stderr=stderr,
            interval=[(b - h, b + h) for b, h in zip(bb, half)],
            plain_stderr=plain,
            variance_reduction=[_reduction(p, s) for p, s in zip(plain, stderr)],
            pairwise=pairwise,
            deals=self.deals,
            hands=self.hands,
            seat_hands=list(self.seat_hands),
            duplicate=bool(duplicate),  # (numpy's bool too)
            seed=seed,
            elapsed=elapsed,
            adjust_luck=bool(luck_units),
            luck=luck,
        )


def _reduction(plain: float, paired: float) -> float:
    """``(plain / paired)²``: infinite when the pairing left no spread at
    all (two strategies that play alike), NaN when either is unknown or
    neither has any spread."""
    if math.isnan(plain) or math.isnan(paired) or plain == paired == 0:
        return math.nan
    return (plain / paired) ** 2 if paired > 0 else math.inf


_SUMS = ("net", "deal_sq", "hand_sq", "seat_hands", "luck", "adjusted_sq")


@dataclass(frozen=True, eq=False)
class MatchResult(NanEqual):
    """Per distinct strategy (first-seen order, ``strategies`` holds their
    labels): ``net`` chips won; ``mean`` chips per seat-hand (a hand played
    by one of its seats: a strategy in two seats of a hand plays two seat-hands
    of it); ``bb_per_100`` big bets per 100 seat-hands; ``stderr`` the standard error of ``mean``
    computed over deals (each deal's rotations paired); ``interval`` its 95%
    interval in big bets per 100 hands; ``plain_stderr`` the error of the
    same mean in plain play on as many hands (computed over hands, each
    hand taken as independent, from the chips won); and
    ``variance_reduction`` = (plain_stderr / stderr)², 1 in plain play. ``pairwise`` maps
    (a, b) to a's edge over b in big bets per 100 hands and its error, for
    a two-strategy match. ``deals``, ``hands`` (the hands played: all
    rotations of all deals), ``seat_hands`` (each strategy's seat-hands),
    ``seed``, ``elapsed``, and
    ``records`` (``record=N``: the first N hands played). One deal gives
    no error: ``stderr``, ``interval``, the pairwise error and
    ``variance_reduction`` are then NaN.

    With ``adjust_luck`` (``match(..., adjust_luck=True)``), ``luck`` gives
    each strategy's luck in chips, and ``mean`` is ``(net - luck) /
    seat_hands``: ``mean``, ``bb_per_100``, ``stderr``, ``interval`` and
    ``pairwise`` are luck-adjusted, while ``net`` and ``plain_stderr`` stay
    those of the chips won, so ``variance_reduction`` compares the adjusted
    error with plain, unadjusted play's."""

    strategies: list[str]
    """The distinct strategies' labels, in first-seen order; every other list is in this
    order."""
    net: list[int]
    """Chips won by each strategy over all its seats and hands (never luck-adjusted)."""
    mean: list[float]
    """Chips per seat-hand (per hand played by one of its seats), each strategy
    (luck-adjusted with ``adjust_luck``)."""
    bb_per_100: list[float]
    """``mean`` in big bets per 100 seat-hands."""
    stderr: list[float]
    """The standard error of ``mean``, computed over deals (each deal's rotations paired);
    NaN for one deal."""
    interval: list[tuple[float, float]]
    """The 95% interval of ``bb_per_100``, as (low, high); NaN for one deal."""
    plain_stderr: list[float]
    """The error of the same mean in plain play on as many hands (over hands, from the
    chips won)."""
    variance_reduction: list[float]
    """``(plain_stderr / stderr) ** 2``: how many times fewer hands than plain play this
    match needed (1 in plain play)."""
    pairwise: dict[tuple[str, str], tuple[float, float]]
    """For a two-strategy match, (a, b) to a's edge over b in big bets per 100 hands and
    its standard error."""
    deals: int
    """The number of distinct deals played."""
    hands: int
    """The number of hands played, every rotation of every deal."""
    seat_hands: list[int]
    """Each strategy's seat-hands: the hands it played, once for each of its seats in
    each hand (a strategy in three of six seats plays three seat-hands a hand)."""
    duplicate: bool
    """Whether each deal was replayed once per rotation of the seating (False: plain play)."""
    seed: int
    """The seed the run used."""
    elapsed: float = field(compare=False)
    """Seconds the run took: not compared, so two runs of one seed are equal."""
    adjust_luck: bool = False
    """Whether ``mean``, ``bb_per_100``, ``stderr``, ``interval`` and ``pairwise`` are
    luck-adjusted (``match(..., adjust_luck=True)``)."""
    luck: list[float] = field(default_factory=list)
    """With ``adjust_luck``, each strategy's luck: the chips the cards gave it, taken out
    of ``net`` for the adjusted figures; empty otherwise."""
    records: list[Any] = field(default_factory=list, repr=False, compare=False)
    """The first hands played, deal by deal and seating by seating, whole (``match(...,
    record=N)``)."""
    progress: list[Any] = field(default_factory=list, repr=False, compare=False)
    """(hands, bb_per_100, interval) after each batch of deals, for plots."""

    def plot(self, path: str | None = None) -> Any:
        """Cumulative bb/100 per strategy with 95% bands (matplotlib, the
        ``plot`` extra); saved to ``path`` when given. Returns the figure."""
        from razz_fast.plot import plot_match

        return plot_match(self, path)

    def table(self) -> str:
        """The ranking, best first, as a text table: each strategy's bb/100
        (big bets per 100 seat-hands), its 95% interval and its seat-hands."""
        rows = sorted(range(len(self.strategies)), key=lambda j: -self.bb_per_100[j])
        width = max(len("strategy"), *(len(s) for s in self.strategies))
        # "seat-hands", not "hands": a strategy in three seats of every hand
        # plays three times the match's hands.
        lines = [f"{'strategy':<{width}}  {'bb/100':>9}  {'95% interval':>21}  {'seat-hands':>12}"]
        for j in rows:
            low, high = self.interval[j]
            # One deal gives no interval (NaN): say so rather than "+nan".
            known = f"[{low:>+9.2f}, {high:>+9.2f}]" if not math.isnan(low) else "(one deal)"
            lines.append(
                f"{self.strategies[j]:<{width}}  {self.bb_per_100[j]:>+9.2f}"
                f"  {known:>21}  {self.seat_hands[j]:>12,}"
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        best = max(range(len(self.strategies)), key=lambda j: self.bb_per_100[j])
        return (
            f"MatchResult({len(self.strategies)} strategies, {self.deals:,} deals,"
            f" {self.hands:,} hands, best {self.strategies[best]!r}"
            f" {self.bb_per_100[best]:+.2f} bb/100)"
        )
