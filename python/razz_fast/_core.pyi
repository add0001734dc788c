"""Type stubs of the compiled core (razz_fast._core)."""

__all__ = [
    "__version__",
    "parse_cards",
    "format_cards",
    "rank",
    "rank_many",
    "best_five",
    "describe",
    "category",
    "Rules",
    "Hand",
    "PlayerView",
    "Batch",
    "Tables",
    "LearnerTable",
    "FEATURES",
    "FEATURES_VERSION",
    "SimRun",
    "SimSums",
    "MatchRun",
    "MatchSums",
    "LbrRun",
    "LbrSums",
    "lbr_spot",
    "CHUNK",
    "EquitySpot",
    "EquityTallies",
    "DEFAULT_TRIALS",
    "_equity_spot",
    "SAMPLE_CHUNK",
    "RANK_CHARS",
    "MAX_CHIPS",
    "MAX_THREADS",
    "MAX_TABLES",
    "MAX_PLAYERS",
    "SHARE_UNITS",
    "EXACT_LIMIT",
    "LUCK_UNITS",
    "LUCK_TRIALS",
    "STRATEGIES",
    "PolicyTable",
    "quantize_policy",
    "ABSTRACTION",
    "ABSTRACTION_VERSION",
    "INFOSETS",
    "TrainRun",
]

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, NoReturn, TypeAlias, final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from razz_fast.events import Action, Event, Pot

__version__: str
"""The package's version, read at build time from ``version`` in ``Cargo.toml``."""

_CardsLike: TypeAlias = str | Iterable[str | int]

def parse_cards(cards: _CardsLike) -> list[int]:
    """Card indices (4 × rank + suit) of a string such as "As 2d 3c" or
    "As2d3c", or of a sequence of card strings or ints 0..51."""

def format_cards(cards: _CardsLike) -> str:
    """The cards as text, e.g. "As 2d 3c"."""

def rank(cards: _CardsLike) -> int:
    """Dense ace-to-five rank of 5 to 7 cards: 1 = 5-4-3-2-A (best) … 6175 =
    K-K-K-K-Q (worst)."""

def rank_many(
    hands: npt.NDArray[np.integer] | Iterable[Sequence[int]], *, threads: int | None = None
) -> npt.NDArray[np.uint16]:
    """Ranks of an (N, k) integer array of card indices, k in 5..7, as an (N,)
    uint16 array. A C-contiguous uint8 array is read in place, any other
    integer array a chunk of rows at a time (never copied whole); the work
    runs without the GIL, on `threads` threads (default: one per core) for
    large N. A `numpy.matrix` is read as the 2-D array it holds (in the
    reference too), a masked array only when nothing is masked. A list (or
    any iterable) of rows is read row by row, as the reference reads it.
    An output that cannot be allocated is a MemoryError."""

def best_five(cards: _CardsLike) -> list[int]:
    """The five cards that make the rank, highest card index first."""

def describe(rank_or_cards: int | _CardsLike) -> str:
    """ "7-5-4-2-A (seven-five low)" for a rank 1..6175 or for 5 to 7 cards."""

def category(rank: int) -> tuple[str, int]:
    """The class of a rank 1..6175: its category ("no pair", "one pair", "two
    pair", "trips", "full house" or "quads", best first) and the rank of its
    leading card (0 = ace … 12 = king): the highest card of a no-pair low,
    the largest group's otherwise."""

@final
class Rules:
    """Rules(ante=0, bring_in=1, small_bet=2, big_bet=4, *, cap=4,
    heads_up="capped", reopen="full", short_bring_in="short",
    ante_all_in="forced", opener_ties="seat", burn_cards=False,
    showdown="seat", odd_chip="seat")

    Immutable stakes and rule settings of a razz game ([the rules](RULES.md)).
    `Rules.preset(name, ante, bring_in, small_bet, big_bet)` gives a rule
    book's settings (`Rules.PRESETS` lists them); `rules.replace(**changes)`
    a copy with some settings changed."""

    PRESETS: ClassVar[tuple[str, ...]]
    """The names `Rules.preset` takes: `("pokerstars", "wsop", "wsop_live", "tda", "roberts")`."""
    def __new__(
        cls,
        ante: int = 0,
        bring_in: int = 1,
        small_bet: int = 2,
        big_bet: int = 4,
        *,
        cap: int | None = 4,
        heads_up: str = "capped",
        reopen: str = "full",
        short_bring_in: str = "short",
        ante_all_in: str = "forced",
        opener_ties: str = "seat",
        burn_cards: bool = False,
        showdown: str = "seat",
        odd_chip: str = "seat",
    ) -> Rules: ...
    @staticmethod
    def preset(
        name: str, ante: int = 0, bring_in: int = 1, small_bet: int = 2, big_bet: int = 4
    ) -> Rules:
        """A rule book's settings at these stakes: "pokerstars" (the default
        Rules()), "wsop", "wsop_live", "tda" or "roberts" ([the rules](RULES.md))."""
    def replace(self, **changes: Any) -> Rules:
        """A copy with the named settings changed, checked as the constructor
        checks them."""
    @property
    def ante(self) -> int:
        """Chips each player antes before the cards are dealt (0: no ante)."""
    @property
    def bring_in(self) -> int:
        """Chips the forced bring-in puts in on third street; it is paid by the
        seat showing the worst up card."""
    @property
    def small_bet(self) -> int:
        """The size of a completion, bet or raise on third and fourth street."""
    @property
    def big_bet(self) -> int:
        """The size of a bet or raise on fifth, sixth and seventh street."""
    @property
    def cap(self) -> int | None:
        """The most completions, bets and raises one betting round allows (the
        bring-in counts none), or None for no cap."""
    @property
    def heads_up(self) -> str:
        """When the cap is lifted heads-up: 'capped' (never), 'round_starts'
        (a round that starts with two players not all in), 'before_cap' (two
        players not all in before the cap is reached)."""
    @property
    def reopen(self) -> str:
        """What a short all-in must add to reopen the betting: 'full' (a whole
        bet) or 'half' (at least half a bet)."""
    @property
    def short_bring_in(self) -> str:
        """After a bring-in posted all in for less: 'short' (the others call that
        amount, or complete) or 'full' (they enter for at least the whole bring-in,
        or complete)."""
    @property
    def ante_all_in(self) -> str:
        """When the high card is all in from the ante, the bring-in passes to the next
        player with chips: 'forced' (who must bring in or complete) or 'may_fold'
        (who may fold instead, passing it on)."""
    @property
    def opener_ties(self) -> str:
        """Equal boards from fourth street on: 'seat' (the lowest seat, first
        clockwise from the dealer, acts first) or 'suit' (the board with the
        highest up card by suit)."""
    @property
    def burn_cards(self) -> bool:
        """Whether one card is burned before each street is dealt."""
    @property
    def showdown(self) -> str:
        """Who shows first when nobody bet on seventh street (else the last to bet
        or raise): 'seat' (the lowest seat in the hand) or 'opener' (the best low
        board); the rest show clockwise."""
    @property
    def odd_chip(self) -> str:
        """Who gets the odd chips of a split pot: 'seat' (lowest seat first),
        'low_card' (the winner with the smallest card first) or 'high_card'
        (the winner with the highest card first)."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Hand:
    """Hand(rules, stacks, *, seed=None, deck=None)

    A new razz hand: antes are posted and third street is dealt. `deck` is an
    explicit order of all 52 cards; otherwise cards come from a generator
    seeded by `seed` (random when None)."""

    def __new__(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        *,
        seed: int | None = None,
        deck: _CardsLike | None = None,
    ) -> Hand: ...
    @property
    def rules(self) -> Rules:
        """The Rules the hand is played under."""
    @property
    def num_players(self) -> int:
        """How many seats are dealt in, 2 to 8."""
    @property
    def seed(self) -> int | None:
        """The seed of the deck's generator; None for a hand dealt from an explicit
        deck."""
    @property
    def street(self) -> int | None:
        """The street being bet, 3 to 7; None once the hand is over."""
    @property
    def actor(self) -> int | None:
        """The seat to act now; None once the hand is over."""
    @property
    def to_call(self) -> int:
        """Chips a call puts in now (all of a shorter stack: all-in); 0 when
        nothing is owed."""
    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind, now."""
    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's stack before the antes."""
    @property
    def bets(self) -> list[int]:
        """Each seat's chips put in on the current betting round."""
    @property
    def pot(self) -> int:
        """Every chip put in this hand so far: antes and bets, less chips returned."""
    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
    @property
    def all_in(self) -> list[bool]:
        """Whether each seat still in the hand has no chips behind."""
    @property
    def community_cards(self) -> list[int]:
        """The seventh-street card dealt face up for every seat when the deck
        cannot give each its own; usually empty."""
    @property
    def is_over(self) -> bool:
        """Whether the hand has finished, by a fold-out or a showdown."""
    @property
    def payoffs(self) -> list[int]:
        """Each seat's net chips once the hand is over (all zeros before); they sum
        to zero."""
    @property
    def showdown_order(self) -> list[int]:
        """The seats that showed their cards, in the order they showed; empty
        without a showdown."""
    @property
    def pots(self) -> list[Pot]:
        """Main pot first, then side pots, as `razz_fast.Pot` tuples."""
    @property
    def history(self) -> list[Event]:
        """Every event so far, as `razz_fast.Event` tuples."""
    def legal_actions(self) -> list[Action]:
        """The Actions the actor may take now, in Action order; empty once the hand
        is over."""
    def up_cards(self, seat: int) -> list[int]:
        """The face-up cards dealt to `seat` so far, in the order dealt."""
    def down_cards(self, seat: int) -> list[int]:
        """The face-down cards dealt to `seat` so far, in the order dealt (the
        engine sees every card: hide them from a player's view yourself)."""
    def act(self, action: int) -> None:
        """Takes an `Action` (or its int value); an illegal one raises
        IllegalActionError and leaves the hand unchanged."""
    def fold(self) -> None:
        """The actor folds: act(Action.FOLD). IllegalActionError if it may not; the
        hand is then unchanged."""
    def check(self) -> None:
        """The actor checks: act(Action.CHECK). IllegalActionError if it may not;
        the hand is then unchanged."""
    def call(self) -> None:
        """The actor calls: act(Action.CALL). IllegalActionError if it may not; the
        hand is then unchanged."""
    def bring_in(self) -> None:
        """The actor posts the bring-in: act(Action.BRING_IN). IllegalActionError
        if it may not; the hand is then unchanged."""
    def complete(self) -> None:
        """The actor completes the bring-in to a small bet: act(Action.COMPLETE).
        IllegalActionError if it may not; the hand is then unchanged."""
    def bet(self) -> None:
        """The actor bets: act(Action.BET). IllegalActionError if it may not; the
        hand is then unchanged."""
    def raise_(self) -> None:
        """The actor raises (raise is a Python keyword): act(Action.RAISE).
        IllegalActionError if it may not; the hand is then unchanged."""
    def clone(self) -> Hand:
        """An independent copy (for search and for tests)."""
    def view(self, seat: int | None = None) -> PlayerView:
        """What one seat may know (default: the actor), as a `PlayerView`."""
    def __copy__(self) -> Hand: ...
    def __deepcopy__(self, memo: Any) -> Hand: ...

@final
class PlayerView:
    """What one seat of a hand may know: its own down cards, every up card and
    the community card, stacks, bets, pot, folded and all-in flags, street,
    actor, legal actions, to_call, and the history with others' down cards
    (and burns) left out. It holds no reference to the hand and cannot act;
    `determinize(seed)` deals a `Hand` consistent with it, for search."""

    @property
    def seat(self) -> int:
        """The seat whose view this is."""
    @property
    def num_players(self) -> int:
        """How many seats are dealt in, 2 to 8."""
    @property
    def rules(self) -> Rules:
        """The Rules the hand is played under."""
    @property
    def street(self) -> int | None:
        """3 to 7 while betting, None once the hand is over."""
    @property
    def actor(self) -> int | None:
        """The seat to act now; None once the hand is over."""
    @property
    def is_over(self) -> bool:
        """Whether the hand has finished, by a fold-out or a showdown."""
    @property
    def to_call(self) -> int:
        """Chips the actor needs to call."""
    @property
    def pot(self) -> int:
        """Every chip put in this hand so far: antes and bets, less chips returned."""
    @property
    def stacks(self) -> list[int]:
        """Each seat's chips behind, now."""
    @property
    def starting_stacks(self) -> list[int]:
        """Each seat's stack before the antes."""
    @property
    def bets(self) -> list[int]:
        """Each seat's chips put in on the current betting round."""
    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
    @property
    def all_in(self) -> list[bool]:
        """Whether each seat still in the hand has no chips behind."""
    @property
    def community_cards(self) -> list[int]:
        """The seventh-street card dealt face up for every seat when the deck
        cannot give each its own; usually empty."""
    @property
    def payoffs(self) -> list[int]:
        """Net chips per seat once the hand is over; zeros before."""
    @property
    def history(self) -> list[Event]:
        """The history as `Event`s; cards the seat has not seen are left out
        (an empty `cards`)."""
    def legal_actions(self) -> list[Action]:
        """The Actions the actor may take now, in Action order; empty once the hand
        is over."""
    def up_cards(self, seat: int) -> list[int]:
        """The face-up cards dealt to `seat` so far, in the order dealt."""
    def down_cards(self, seat: int) -> list[int]:
        """The seat's own down cards; another seat's only once shown (else [])."""
    def features(self) -> npt.NDArray[np.float32]:
        """The view encoded for neural networks, a float32 array (FEATURES,):
        what `Tables.features()` gives a table's row (layout in
        [bots](TABLES.md)), with this seat in the actor's place; its legal
        actions and to_call are its own (none and 0 unless it is to act).
        The actor's view gives its table's row exactly."""
    def determinize(self, seed: int) -> Hand:
        """A `Hand` consistent with this view: the same stacks, seen cards and
        actions, every card the seat has not seen dealt at random from the
        unseen ones (`seed`: 0..2**64-1)."""
    def __copy__(self) -> PlayerView: ...
    def __deepcopy__(self, memo: Any) -> PlayerView: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]

FEATURES: int
"""The length of one row of `Tables.features()` (float32 values a table)."""
FEATURES_VERSION: int
"""The version of the `features()` layout: it changes whenever the layout does."""
MAX_TABLES: int
"""The most tables one `Tables` holds (the environments check `num_envs` against it)."""

ABSTRACTION: str
"""The name of the card abstraction policies are played over, ``"default"``."""
ABSTRACTION_VERSION: int
"""Its version: a policy made over another version is refused."""
INFOSETS: int
"""The abstraction's count of information sets."""

@disjoint_base
class PolicyTable:
    """The compiled table of a `razz_fast.Policy` (its base class): three
    16-bit weights (fold, passive, aggressive) per information set."""

    def __new__(cls, weights: bytes, players: int, *args: Any, **kwargs: Any) -> PolicyTable: ...
    def weights_bytes(self) -> bytes:
        """The weights as the constructor takes them."""
    @property
    def players(self) -> int:
        """How many players the policy is for."""
    @staticmethod
    def infoset(view: PlayerView) -> int:
        """The abstract information set of the view's seat, which must be the actor."""
    def probabilities(self, view: PlayerView) -> dict[Action, float]:
        """Each legal action's probability for the view's seat (the actor)."""

@final
class TrainRun:
    """A `train` run's checked arguments and its trainer's tables
    (external-sampling MCCFR, heads-up)."""

    def __new__(
        cls,
        iterations: int,
        rules: Rules | None,
        stacks: int | Sequence[int] | None,
        abstraction: str,
        seed: int | None,
        threads: int | None,
        progress: bool,
        checkpoint: Any,
    ) -> TrainRun: ...
    @property
    def iterations(self) -> int:
        """The iterations asked for."""
    @property
    def rules(self) -> Rules:
        """The rules trained under."""
    @property
    def stacks(self) -> list[int]:
        """Both seats' stacks."""
    @property
    def seed(self) -> int:
        """The seed (drawn if None was given)."""
    @property
    def threads(self) -> int | None:
        """Threads asked for."""
    @property
    def progress(self) -> bool:
        """Whether to show a progress bar."""
    @property
    def checkpoint(self) -> str | None:
        """The checkpoint's path, if any."""
    @property
    def done(self) -> int:
        """Iterations done so far."""
    def run(self, count: int, cancelled: Callable[[], bool] | None = None) -> int:
        """Runs `count` more iterations; returns how many ran."""
    def average_weights(self) -> bytes:
        """The average strategy as policy weights."""
    def tables(self) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """Regrets and strategy sums, flat."""
    def restore(
        self, done: int, regrets: npt.NDArray[np.float64], sums: npt.NDArray[np.float64]
    ) -> None:
        """Resumes from a checkpoint's tables."""

def quantize_policy(rows: npt.NDArray[np.float64]) -> bytes:
    """Rows of slot probabilities, shape (INFOSETS, 3), to the weights
    `PolicyTable` takes: each row scaled to 65535 and rounded."""

@disjoint_base
class Batch:
    """The decisions a batch policy is asked for: the observation arrays of the
    tables whose actor plays it. `Tables` extends it, with the same names."""

    @property
    def actor(self) -> npt.NDArray[np.int8]:
        """The seat to act per table (int8), -1 where nobody is."""
    @property
    def street(self) -> npt.NDArray[np.int8]:
        """The street per table (int8): 3 to 7, 0 once the hand is over."""
    @property
    def to_call(self) -> npt.NDArray[np.int64]:
        """Chips the actor needs to call (int64)."""
    @property
    def pot(self) -> npt.NDArray[np.int64]:
        """Chips in the middle (int64)."""
    @property
    def legal(self) -> npt.NDArray[np.bool_]:
        """Legal actions (bool, tables x 7, indexed by `Action`)."""
    @property
    def stacks(self) -> npt.NDArray[np.int64]:
        """Stacks per seat (int64, tables x players)."""
    @property
    def bets(self) -> npt.NDArray[np.int64]:
        """Bets of this round per seat (int64, tables x players)."""
    @property
    def folded(self) -> npt.NDArray[np.bool_]:
        """Folded flags (bool, tables x players)."""
    @property
    def all_in(self) -> npt.NDArray[np.bool_]:
        """All-in flags (bool, tables x players)."""
    @property
    def cards(self) -> npt.NDArray[np.int8]:
        """Each seat's seven card slots as the actor sees them (int8,
        tables x players x 7: two down, four up, the seventh-street
        down card), -1 where the actor cannot see a card or none is
        dealt."""
    @property
    def community(self) -> npt.NDArray[np.int8]:
        """The community card per table (int8), -1 if none."""
    def features(self, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """features(out=None) -> float32 array (tables, FEATURES): the
        actor's observation encoded for neural networks (layout in
        [bots](TABLES.md#features-a-fixed-encoding-for-neural-networks));
        `out` is reused when given."""
    def __len__(self) -> int: ...
    def __reduce__(self) -> NoReturn: ...
    def __copy__(self) -> NoReturn: ...
    def __deepcopy__(self, memo: Any) -> NoReturn: ...

@final
class Tables(Batch):
    """Tables(rules, stacks, tables, *, seed=None, threads=None, strategies=None)

    `tables` independent hands of `len(stacks)` seats stepped together. Seats
    whose `strategies` entry names a built-in strategy are played by the
    core; the others (all by default) wait for `step(actions)`. Observation
    arrays are numpy arrays reused from step to step. Hand `k` of the run
    gets the same cards for a seed whatever `tables` or `threads` is."""

    def __new__(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        tables: int,
        *,
        seed: int | None = None,
        threads: int | None = None,
        strategies: Sequence[str | PolicyTable | None] | None = None,
    ) -> Tables: ...
    def step(self, actions: npt.ArrayLike, where: npt.ArrayLike | None = None) -> None:
        """step(actions, where=None): one `Action` per table (ignored where
        `actor` is -1). An illegal action raises IllegalActionError naming
        its table and changes no table. Finished hands set `done` and
        `payoffs`, and their tables deal the next hand at once. `where`, a
        bool array of one flag per table, steps only the tables it marks:
        the others stay exactly as they are (their actions are ignored)."""
    def view(self, table: int, seat: int | None = None) -> PlayerView:
        """view(table, seat=None): what `seat` (default: the actor) may know of
        the hand at `table` now, as a `PlayerView`: for a bot that needs
        more than the arrays (the history, `determinize` for search) or a
        per-decision strategy playing some of the seats."""
    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each table's hand finished in the last step (bool)."""
    @property
    def payoffs(self) -> npt.NDArray[np.int64]:
        """Net chips of the hands finished in the last step (int64, tables x
        players; zeros elsewhere)."""
    @property
    def hands_played(self) -> int:
        """Hands finished so far on all tables."""
    @property
    def num_tables(self) -> int:
        """How many tables are stepped together."""
    @property
    def num_players(self) -> int:
        """How many seats each table deals in, 2 to 8."""
    @property
    def rules(self) -> Rules:
        """The Rules every table plays."""
    @property
    def seed(self) -> int:
        """The seed the batch deals from (drawn at random when none was given):
        hand k of the batch gets the same cards for it whatever the number of
        tables or threads."""
    def __reduce__(self) -> NoReturn: ...
    def __copy__(self) -> NoReturn: ...
    def __deepcopy__(self, memo: Any) -> NoReturn: ...

_Stepped: TypeAlias = tuple[dict[str, npt.NDArray[Any]] | None, float, bool]

@final
class LearnerTable:
    """LearnerTable(rules, stacks, seat, strategies, seed)

    One table for a learning seat: the hands of the run seeded by `seed`
    (hand k as `Tables` deals it), the seats whose `strategies` entry names
    a built-in strategy played by the core, the others (None) left to the
    caller through `act`. `step(choice)` plays the learner's choice (0
    fold, 1 check / call / bring-in, 2 complete / bet / raise) and then
    the built-in seats, dealing the next hand when one ends."""

    def __new__(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        seat: int,
        strategies: Sequence[str | PolicyTable | None],
        seed: int,
    ) -> LearnerTable: ...
    def step(self, choice: int) -> _Stepped:
        """step(choice) -> (observation or None, reward, ended): the learner's
        choice 0, 1 or 2 (one the state does not allow plays as 1), then
        the built-in seats up to the learner's next decision or a caller's
        (the observation is then None: `act` goes on). The reward, in big
        bets, is the learner's for the first hand that ended meanwhile."""
    def act(self, action: int) -> _Stepped:
        """act(action) -> (observation or None, reward, ended): the decision
        (an `Action`) of the caller's seat that is to act, then as `step`;
        the reward counts from the learner's last choice."""
    def observe(self) -> dict[str, npt.NDArray[Any]] | None:
        """The learner's observation, None while a caller's seat is to act."""
    @property
    def actor(self) -> int:
        """The seat to act now: the learner's or a caller's."""
    def view(self, seat: int | None = None) -> PlayerView:
        """view(seat=None): what `seat` (default: the actor) may know now."""
    def batch(self) -> Batch:
        """The actor's observation arrays as a one-row `Batch`, as a batch
        policy is given them."""

CHUNK: int

@final
class SimSums:
    """A batch's exact sums: hands played, each seat's net chips and sum of
    squared payoffs, showdowns, and how often each rank won a showdown."""

    @property
    def hands(self) -> int:
        """How many hands were played."""
    @property
    def net(self) -> list[int]:
        """Each seat's net chips."""
    @property
    def sum_sq(self) -> list[int]:
        """Each seat's sum of squared payoffs."""
    @property
    def showdowns(self) -> int:
        """Hands that reached a showdown."""
    @property
    def ranks(self) -> list[tuple[int, int]]:
        """(rank, count) of the ranks that won, in rank order."""

@final
class SimRun:
    """A simulation run's checked arguments (a random seed drawn for
    `seed=None`) and what every batch of it reuses: the seats' strategies
    classified (built in, per decision, batch policy) and, when Python
    strategies play, their thread pool. Every argument of `simulate` is
    given, in its order (a default here could not tell an explicit None
    from a missing argument)."""

    def __new__(
        cls,
        hands: object,
        players: object,
        strategies: object,
        rules: object,
        stacks: object,
        seed: object,
        threads: object,
        progress: object,
        record: object,
    ) -> SimRun: ...
    @property
    def hands(self) -> int:
        """Hands in the run."""
    @property
    def players(self) -> int:
        """Seats at the table."""
    @property
    def strategies(self) -> list[Any]:
        """The strategies, one per seat, as given."""
    @property
    def rules(self) -> Rules:
        """The rules (`Rules()` for None)."""
    @property
    def stacks(self) -> list[int]:
        """Each seat's starting stack."""
    @property
    def seed(self) -> int:
        """The run's seed (drawn at random for None)."""
    @property
    def threads(self) -> int | None:
        """Threads asked for (None: each use's default)."""
    @property
    def progress(self) -> bool:
        """Whether the wrapper shows a bar."""
    @property
    def record(self) -> int:
        """Hands to keep whole (at most the run's)."""
    @property
    def chunks(self) -> int:
        """How many chunks of `CHUNK` hands the run has."""
    @property
    def max_chunks_per_call(self) -> int:
        """The most chunks one `play` may take: the core sums squared payoffs
        in 128 bits, which with stacks near the chip limit bounds the hands
        per call (Python ints take over between calls)."""
    @property
    def pool_threads(self) -> int | None:
        """The threads of the pool the run's Python strategies play on, built
        once with the run; None when only built-in strategies play."""
    def play(
        self, first: int, count: int, cancelled: Callable[[], object] | None = None
    ) -> SimSums:
        """The exact sums of chunks `first .. first + count`, played without
        the GIL (Python strategies take it for their call only).
        `cancelled`, a callable, is polled while the chunks play: once it
        returns true they stop between two decisions and RuntimeError is
        raised (a distributed run stopped by its client frees its workers so)."""
    def columns(
        self, first: int, count: int, cancelled: Callable[[], object] | None = None
    ) -> tuple[list[dict[str, npt.NDArray[Any]]], SimSums]:
        """Chunks `first .. first + count` played as `play` plays them, each
        chunk's hands as a dict of numpy columns (in chunk order; see
        `razz_fast.columnar`), and their exact sums: `(chunks, sums)`."""
    def record_hands(self, first: int, count: int) -> list[Hand]:
        """Hands `first .. first + count` of the run, played again whole as
        `play` plays them, as finished `Hand`s with their history
        (strategies are asked again)."""
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class LbrSums:
    """A batch's exact sums: hands and deals played, and for the responder in
    seat 0 and in seat 1 its chips, their squares and hands; the squares of
    its chips on each deal (both seats)."""

    @property
    def hands(self) -> int:
        """Hands played in the batch."""
    @property
    def deals(self) -> int:
        """Deals played (each in both seats, a short last chunk aside)."""
    @property
    def net(self) -> list[int]:
        """The responder's chips in seat 0 and in seat 1."""
    @property
    def sum_sq(self) -> list[int]:
        """The squares of its chips per hand, per seat."""
    @property
    def seat_hands(self) -> list[int]:
        """Hands it played in seat 0 and in seat 1."""
    @property
    def deal_sq(self) -> int:
        """The squares of its chips on each deal (both seats)."""

@final
class LbrRun:
    """An exploitability run's checked arguments (a random seed drawn for
    `seed=None`), every argument of `exploitability` given in its order."""

    def __new__(
        cls,
        strategy: object,
        hands: object,
        rules: object,
        stacks: object,
        seed: object,
        threads: object,
        progress: object,
    ) -> LbrRun: ...
    @property
    def strategy(self) -> Any:
        """The strategy, as given."""
    @property
    def hands(self) -> int:
        """Hands in the run (even: each deal in both seats)."""
    @property
    def rules(self) -> Rules:
        """The rules (`Rules()` for None)."""
    @property
    def stacks(self) -> list[int]:
        """The two starting stacks."""
    @property
    def seed(self) -> int:
        """The run's seed (drawn at random for None)."""
    @property
    def threads(self) -> int | None:
        """Threads asked for (None: all for a built-in, one for Python)."""
    @property
    def progress(self) -> bool:
        """Whether the wrapper shows a bar."""
    @property
    def chunks(self) -> int:
        """How many chunks of `CHUNK` hands the run has."""
    @property
    def max_chunks_per_call(self) -> int:
        """The most chunks one `play` may take (its sums of squares are 128-bit)."""
    @property
    def big_bet(self) -> int:
        """The big bet of the run's rules (results are in big bets)."""
    def play(
        self, first: int, count: int, cancelled: Callable[[], object] | None = None
    ) -> LbrSums:
        """The exact sums of chunks `first .. first + count`, played without
        the GIL. `cancelled`, a callable, is polled while they play: once it
        returns true they stop and RuntimeError is raised. Ctrl-C stops them
        between two hands (or two calls of a Python strategy)."""
    def __reduce__(self) -> tuple[Any, ...]: ...

def lbr_spot(
    strategy: object,
    rules: object,
    stacks: object,
    deck: Sequence[int],
    actions: Sequence[int],
    seat: int,
) -> tuple[list[tuple[list[int], float]], list[float | None] | None]:
    """The responder's view of a spot, for tests against the reference: the
    opponent's range as `(sorted down-card ranks, weight)` pairs and, when
    `seat` is to act, the value of each action (None where illegal)."""

@final
class MatchSums:
    """A batch's exact sums per distinct strategy: deals and hands played,
    net chips, sums of squares over deals and over hands, seat-hands, luck
    (in 1 / `LUCK_UNITS` chips) and sums of squares of the luck-adjusted
    results over deals (zeros without `adjust_luck`)."""

    @property
    def deals(self) -> int:
        """How many deals were played."""
    @property
    def hands(self) -> int:
        """Hands played (each deal once per seating)."""
    @property
    def net(self) -> list[int]:
        """Each strategy's net chips."""
    @property
    def deal_sq(self) -> list[int]:
        """Each strategy's sum of squared chips per deal."""
    @property
    def hand_sq(self) -> list[int]:
        """Each strategy's sum of squared chips per hand."""
    @property
    def seat_hands(self) -> list[int]:
        """Hands each strategy played, counted per seat."""
    @property
    def luck(self) -> list[int]:
        """Each strategy's luck, in 1 / `LUCK_UNITS` chips."""
    @property
    def adjusted_sq(self) -> list[int]:
        """The luck-adjusted sums of squares, as Python ints (256 bits each)."""

@final
class MatchRun:
    """A match's checked arguments (a random seed drawn for `seed=None`) and
    what every batch of it reuses: the seats' strategies classified, which
    of the distinct strategies each seat holds, the seatings a deal is
    played in and, when Python strategies play, their thread pool. Every
    argument of `match` is given, in its order."""

    def __new__(
        cls,
        strategies: object,
        hands: object,
        players: object,
        rules: object,
        stacks: object,
        duplicate: object,
        seed: object,
        threads: object,
        progress: object,
        record: object,
        adjust_luck: object,
    ) -> MatchRun: ...
    @property
    def hands(self) -> int:
        """The hands asked for."""
    @property
    def deals(self) -> int:
        """Deals played: the hands asked for over the seatings, rounded up."""
    @property
    def players(self) -> int:
        """Seats at the table."""
    @property
    def strategies(self) -> list[Any]:
        """The strategies, one per seat, as given."""
    @property
    def index(self) -> list[int]:
        """Each seat's number among the distinct strategies (names by
        equality, callables by identity, numbered in first-seen order)."""
    @property
    def seatings(self) -> int:
        """Seatings each deal is played in (1 without `duplicate`)."""
    @property
    def rules(self) -> Rules:
        """The rules (`Rules()` for None)."""
    @property
    def stacks(self) -> list[int]:
        """Each seat's starting stack."""
    @property
    def duplicate(self) -> bool:
        """Whether each deal is played in every rotation."""
    @property
    def seed(self) -> int:
        """The match's seed (drawn at random for None)."""
    @property
    def threads(self) -> int | None:
        """Threads asked for (None: each use's default)."""
    @property
    def progress(self) -> bool:
        """Whether the wrapper shows a bar."""
    @property
    def record(self) -> int:
        """Hands to keep whole (at most the match's)."""
    @property
    def adjust_luck(self) -> bool:
        """Whether luck is summed too, to be taken out of the figures."""
    @property
    def chunks(self) -> int:
        """How many chunks of `CHUNK` deals the match has."""
    @property
    def max_chunks_per_call(self) -> int:
        """The most chunks of deals one `play` may take: the sums of squared
        chips are kept in 128 bits (the luck-adjusted ones in 256, which no
        stack can fill), and a deal is played in every seating."""
    @property
    def pool_threads(self) -> int | None:
        """The threads of the pool the match's Python strategies play on,
        built once with the run; None when only built-in strategies play."""
    def play(
        self, first: int, count: int, cancelled: Callable[[], object] | None = None
    ) -> MatchSums:
        """The exact sums of the deals of chunks `first .. first + count`, per
        distinct strategy, each deal played once per seating; `cancelled` as
        for `SimRun.play`."""
    def columns(
        self, first: int, count: int, cancelled: Callable[[], object] | None = None
    ) -> tuple[list[dict[str, npt.NDArray[Any]]], MatchSums]:
        """The deals of chunks `first .. first + count` played as `play` plays
        them, each chunk's hands (every seating of each deal in turn, the
        order of `record_hands`) as a dict of numpy columns, and their
        exact sums: `(chunks, sums)`."""
    def record_hands(self, count: int) -> list[Hand]:
        """The first `count` hands of the match, played again whole with their
        history, deal by deal, each deal in its seatings' order (seating
        `r` moves each strategy `r` seats back)."""
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class EquityTallies:
    """Integer tallies of an equity run: whether it was exact, how many deals
    it counted, and per player the shares of the pot (in 1 / `SHARE_UNITS`
    pots), their squares, the wins alone and the ties."""

    @property
    def exact(self) -> bool:
        """Whether the run enumerated every deal."""
    @property
    def total(self) -> int:
        """Deals counted (weights, for an exact run)."""
    @property
    def shares(self) -> list[int]:
        """Each player's shares of the pot, in 1 / `SHARE_UNITS` pots."""
    @property
    def squares(self) -> list[int]:
        """The sums of the squares of those shares."""
    @property
    def wins(self) -> list[int]:
        """Deals each player won alone."""
    @property
    def ties(self) -> list[int]:
        """Deals each player tied for the pot."""

@final
class EquitySpot:
    """An equity run's checked arguments: each player's known cards, the dead
    cards, how to count (`exact`: True, False, or None for the spot to
    choose; `trials` or `seed` given means sampling), the samples, the seed
    (a random one drawn for None), the threads and whether a bar is shown."""

    def __new__(
        cls,
        hands: object,
        dead: object,
        exact: object,
        trials: object,
        seed: object,
        threads: object,
        progress: object,
    ) -> EquitySpot: ...
    @property
    def known(self) -> list[list[int]]:
        """Each player's known cards, as card indices."""
    @property
    def dead(self) -> list[int]:
        """The dead cards, as card indices."""
    @property
    def exact(self) -> bool | None:
        """How to count: True, False, or None for the spot to choose."""
    @property
    def trials(self) -> int:
        """Samples of a sampled run."""
    @property
    def seed(self) -> int:
        """The seed of a sampled run (drawn at random for None)."""
    @property
    def threads(self) -> int | None:
        """Threads asked for (None: every core)."""
    @property
    def progress(self) -> bool:
        """Whether the wrapper shows a bar."""
    def plan(self) -> tuple[bool, int]:
        """How the run counts (`exact=None` resolved: heads-up and cheap spots
        enumerate) and its units of work: the items of the outer exact
        enumeration, or the seeded chunks of `SAMPLE_CHUNK` samples."""
    def tallies(self) -> EquityTallies:
        """The whole run's tallies, without the GIL. A big run can take minutes
        (exact on a big spot), so Ctrl-C stops it; a small one (most calls
        in a loop over spots) ends in less time than the watching thread
        costs to start (about 0.1 ms)."""
    def slice(
        self, start: int, stop: int, cancelled: Callable[[], object] | None = None
    ) -> EquityTallies:
        """The tallies of units `start..stop` (see `plan`); slices that cover
        every unit once add up to `tallies()`. `cancelled`, a callable, is
        polled while the slice runs: once it returns true the slice stops
        and raises RuntimeError (a distributed run stopped by its client
        frees its workers so); with it, Ctrl-C stops the slice too."""
    def row(
        self, hands: Sequence[Sequence[int]], exact: bool | None, trials: int, seed: int
    ) -> EquitySpot:
        """This spot's dead cards, threads and bar with other known hands
        (card indices, checked as a spot) and another way to count: one row
        of a chart, or one choice of a range's hidden cards."""
    def __reduce__(self) -> tuple[Any, ...]: ...

def _equity_spot(
    known: Sequence[Sequence[int]],
    dead: Sequence[int],
    exact: bool | None,
    trials: int,
    seed: int,
    threads: int | None,
    progress: bool,
) -> EquitySpot:
    """An `EquitySpot` from its checked fields (what it pickles to)."""

DEFAULT_TRIALS: int
SAMPLE_CHUNK: int

# The core's numbers (src/py/limits.rs), read by the wrappers.
RANK_CHARS: str
MAX_CHIPS: int
MAX_THREADS: int
MAX_PLAYERS: int
SHARE_UNITS: int
EXACT_LIMIT: int
LUCK_UNITS: int
LUCK_TRIALS: int
STRATEGIES: tuple[str, ...]
