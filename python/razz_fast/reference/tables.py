"""``Tables`` and ``Batch`` in plain Python, built on the reference ``Hand``
([bots](TABLES.md#tables-many-hands-stepped-together)); the compiled core gives the same arrays.

The arrays are numpy arrays, as in the core (numpy is imported only here,
when tables are made), so the two can be compared element by element.
Hand ``k`` of a run is dealt from ``hand_seeds(seed, k)``: its deck seed, and
the seed of the generator its built-in strategies draw from.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from razz_fast._checks import rules_type
from razz_fast._features_out import check_out
from razz_fast.errors import IllegalActionError
from razz_fast.events import Action
from razz_fast.reference.arguments import (
    check_seed,
    check_stacks,
    check_threads,
    int_in,
)
from razz_fast.reference.features import FEATURES, FEATURES_VERSION, features_of
from razz_fast.reference.generator import Xoshiro256PlusPlus, hand_seeds
from razz_fast.reference.hand import Hand
from razz_fast.reference.policy import SHIPPED, is_policy, policy_strategy, shipped
from razz_fast.reference.rules import Rules
from razz_fast.reference.strategies import BUILT_IN as BUILTINS
from razz_fast.reference.strategies import BuiltIn

if TYPE_CHECKING:  # (numpy is imported only where it is used)
    import numpy as np
    import numpy.typing as npt

    from razz_fast.reference.view import PlayerView

__all__ = ["FEATURES", "FEATURES_VERSION", "Batch", "Tables", "features_of"]


#: The most tables one ``Tables`` steps, as in the core.
MAX_TABLES = 1 << 22

#: A hand's built-in actions between two looks at Ctrl-C, as in the core.
LOOK_EVERY = 1 << 10


@contextlib.contextmanager
def _ctrl_c_between_actions(seen: list[int]) -> Iterator[None]:
    """Ctrl-C noted in ``seen`` while the block runs, and handled as it
    would have been once the block ends: the core's step looks for it only
    every ``LOOK_EVERY`` built-in actions of a hand and pauses that hand, so
    the tables are never left half-changed. (Python runs handlers only on
    the main thread: elsewhere nothing is deferred.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if seen:  # the caller's handler, now (even past another error)
            signal.raise_signal(signal.SIGINT)


def _row(hand: Hand) -> dict[str, Any]:
    """One table's observation, as its actor sees it (nobody: up cards only)."""
    n = hand.num_players
    actor = hand.actor
    legal = hand.legal_actions()
    cards = []
    for seat in range(n):
        slots = [-1] * 7
        for i, card in enumerate(hand.up_cards(seat)):
            slots[2 + i] = card
        if seat == actor:
            down = hand.down_cards(seat)
            for i, card in enumerate(down[:2]):
                slots[i] = card
            if len(down) == 3:
                slots[6] = down[2]
        cards.append(slots)
    community = hand.community_cards
    return {
        "actor": -1 if actor is None else actor,
        "street": hand.street or 0,
        "to_call": hand.to_call,
        "pot": hand.pot,
        "legal": [action in legal for action in Action],
        "stacks": hand.stacks,
        "bets": hand.bets,
        "folded": hand.folded,
        "all_in": hand.all_in,
        "cards": cards,
        "community": community[0] if community else -1,
    }


_CARD = "a card 0 to 51, or -1 for none"
_FLAG = "0 or 1 (False or True)"


def _check(arrays: dict[str, Any]) -> None:
    """Every card, seat, street and flag in the arrays is one the core writes, else
    a ValueError naming the first that is not: the arrays are the caller's
    to write into, and the core checks them so (whole arrays, in this
    order). Amounts are encoded as given, as in the core."""
    players = arrays["stacks"].shape[1]
    checks: list[tuple[str, str, Callable[[Any], Any]]] = [
        ("actor", "a seat of the table, or -1 for none", lambda a: (a >= -1) & (a < players)),
        (
            "street",
            "3 to 7, or 0 once the hand is over",
            lambda s: (s == 0) | ((s >= 3) & (s <= 7)),
        ),
        ("cards", _CARD, lambda c: (c >= -1) & (c < 52)),
        ("community", _CARD, lambda c: (c >= -1) & (c < 52)),
        # A bool array holds another byte only if written through another
        # dtype's view of it: read its bytes.
        ("legal", _FLAG, lambda b: b <= 1),
        ("folded", _FLAG, lambda b: b <= 1),
        ("all_in", _FLAG, lambda b: b <= 1),
    ]
    for name, expected, ok in checks:
        array = arrays[name]
        if array.dtype == bool:
            array = array.view("uint8")
        bad = ~ok(array.astype("int64"))
        if bad.any():
            first = int(bad.reshape(-1).argmax())
            table, value = first // (array.size // len(array)), int(array.reshape(-1)[first])
            raise ValueError(f"table {table}: {name} holds {value}, not {expected}")


#: The core's words for a ``Tables`` used while its step runs.
_IN_USE = (
    "this Tables is already in use (a call on it, such as step or features, is running in"
    " another thread, or called back into it): use one Tables per thread, or a lock"
)

_FIELDS = {
    "actor": "int8",
    "street": "int8",
    "to_call": "int64",
    "pot": "int64",
    "legal": "bool",
    "stacks": "int64",
    "bets": "int64",
    "folded": "bool",
    "all_in": "bool",
    "cards": "int8",
    "community": "int8",
}


class Batch:
    """The observation arrays of some tables, with ``Tables``' names."""

    #: Whether a ``Tables``' step is running: a call back into it from the
    #: step (an ``__array__`` of its actions) is refused as in the core,
    #: where the step holds the tables.
    _busy = False

    def _check_free(self) -> None:
        if self._busy:
            raise RuntimeError(_IN_USE)

    def __init__(self, hands: list[Hand], big_bet: int) -> None:
        self._set(hands, big_bet)

    def _set(self, hands: list[Hand], big_bet: int) -> None:
        import numpy as np

        rows = [_row(hand) for hand in hands]
        self._rows = rows
        self._big_bet = big_bet
        for name, dtype in _FIELDS.items():
            self._write(name, np.array([row[name] for row in rows], dtype=dtype))

    def _write(self, name: str, values: npt.NDArray[Any]) -> None:
        """Into the array ``name`` in place, as the core writes (a bot may
        hold it); a new array if there is none of that shape and dtype."""
        current = getattr(self, name, None)
        if (
            current is not None
            and current.shape == values.shape
            and current.dtype == values.dtype
            and current.flags.writeable
        ):
            current[...] = values
        else:
            setattr(self, name, values)

    def features(self, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The actor's observation encoded for neural networks: a float32 array
        (tables, FEATURES), layout in [bots](TABLES.md), computed from the
        observation arrays as they are now (the caller may have written into
        them); ``out`` is reused when given."""
        import numpy as np

        self._check_free()
        rows = len(self._rows)
        shape = (rows, FEATURES)
        check_out(out, shape)
        _check({name: getattr(self, name) for name in _FIELDS})
        encoded = []
        for table in range(rows):
            row = {name: getattr(self, name)[table].tolist() for name in _FIELDS}
            encoded.append(features_of(row, self._big_bet))
        values = np.array(encoded, dtype=np.float32).reshape(shape)
        if out is None:
            return values
        out[...] = values
        return out

    def __len__(self) -> int:
        return len(self._rows)

    # No pickle or copy, as in the core (its words): a batch is the hands
    # being played as a policy is asked about them.
    _NOT_COPIED = (
        "Batch cannot be pickled or copied: it is the hands being played as a batch"
        " policy is asked about them; copy the arrays you need (numpy's copy) instead"
    )

    def __reduce__(self) -> NoReturn:
        raise TypeError(self._NOT_COPIED)

    def __copy__(self) -> NoReturn:
        raise TypeError(self._NOT_COPIED)

    def __deepcopy__(self, memo: object) -> NoReturn:
        raise TypeError(self._NOT_COPIED)


def vector(value: object, length: int, expected: str, kinds: str) -> list[int]:
    """``value`` as ``length`` ints: what numpy makes a 1-D array of, of a
    dtype kind in ``kinds``, with the core's messages (``expected``, then
    what came): TypeError for another type, ValueError for another shape
    or length."""
    import numpy as np

    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise TypeError(f"{expected}, got {type(value).__name__}") from None
    if array.dtype.kind not in kinds:
        raise TypeError(f"{expected}, got {type(value).__name__}")
    if array.ndim != 1:
        raise ValueError(f"{expected}, got another shape")
    if len(array) != length:
        raise ValueError(f"{expected}, got length {len(array)}")
    return [int(a) for a in array]


def batch_row(result: object) -> int:
    """The one action of a batch policy's result for a batch of one row,
    checked as the core checks it (a TypeError naming the result)."""
    expected = "actions must be a 1-D integer array of length 1"
    try:
        return vector(result, 1, expected, "iu")[0]
    except (TypeError, ValueError) as error:
        raise TypeError(f"a batch policy's result: {error}") from None


def _builtins(strategies: object, n: int) -> list[BuiltIn | None]:
    """``Tables``' ``strategies``, checked as the core checks them: one
    built-in name (or None, the caller's seat) per seat, in any iterable
    but text, a dict or a set (whose order is not the caller's), as stacks."""
    refused = TypeError(f"strategies must be a sequence, got {type(strategies).__name__}")
    if isinstance(strategies, (str, bytes, bytearray, dict, set, frozenset)):
        raise refused
    try:
        names = list(strategies)  # type: ignore[call-overload]
    except TypeError:
        raise refused from None
    seats: list[BuiltIn | None] = []
    for name in names:
        if is_policy(name):
            seats.append(policy_strategy(name, n))
            continue
        if name is not None and not isinstance(name, str):
            raise TypeError(
                "each of strategies must be a built-in strategy's name, a Policy or None,"
                f" got {type(name).__name__}"
            )
        if name in SHIPPED:
            seats.append(policy_strategy(shipped(name), n))
            continue
        if name is not None and name not in BUILTINS:
            known = ", ".join(repr(known) for known in sorted([*BUILTINS, *SHIPPED]))
            raise ValueError(f'unknown strategy "{name}": expected one of {known}')
        seats.append(None if name is None else BUILTINS[name])
    # (After the names, as the core: a bad name is named before the count.)
    if len(names) != n:
        raise ValueError(f"{len(names)} strategies for {n} players")
    return seats


class Tables(Batch):
    """``Tables(rules, stacks, tables, *, seed=None, threads=None,
    strategies=None)``: the reference of the core's ``Tables``."""

    # The core's words: its arrays are rewritten in place by every step,
    # over tables a copy could not go on stepping.
    _NOT_COPIED = (
        "Tables cannot be pickled or copied: it holds live numpy arrays over the"
        " core's tables; make a new Tables with the same seed instead"
    )

    def __init__(
        self,
        rules: Rules,
        stacks: Sequence[int],
        tables: int,
        *,
        seed: int | None = None,
        threads: int | None = None,
        strategies: Sequence[str | None] | None = None,
    ) -> None:
        import numpy as np

        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a razz_fast.reference.Rules, not {rules_type(rules)}")
        # The core's bound: a count past it would take all memory, slowly.
        count = int_in(tables, "tables", 1, MAX_TABLES)
        check_threads(threads)
        seed = check_seed(seed)
        self.seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
        self.rules = rules
        self._stacks = check_stacks(stacks)
        n = len(self._stacks)
        self._builtins = _builtins([None] * n if strategies is None else strategies, n)
        self._next = 0
        self._hands: list[Hand] = []
        self._rngs: list[Xoshiro256PlusPlus] = []
        self._settled: list[bool] = []
        self._ctrl_c: list[int] = []
        with _ctrl_c_between_actions(self._ctrl_c):
            for table in range(count):
                hand, rng = self._new_hand()
                self._hands.append(hand)
                self._rngs.append(rng)
                self._settled.append(False)
                self._play_builtins(table)
        self.hands_played = 0
        self.done = np.zeros(count, dtype=bool)
        self.payoffs = np.zeros((count, n), dtype=np.int64)
        self._set(self._hands, rules.big_bet)

    @property
    def num_tables(self) -> int:
        """How many tables are stepped together."""
        return len(self._hands)

    @property
    def num_players(self) -> int:
        """How many seats each table deals in, 2 to 8."""
        return len(self._stacks)

    def view(self, table: int, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the actor) may know of the hand at
        ``table`` now, as a ``PlayerView``."""
        self._check_free()
        index = int_in(table, "table", 0, len(self._hands) - 1)
        hand = self._hands[index]
        # (The core would replay a paused war, history and all: it refuses.)
        if hand.actor is not None and self._builtins[hand.actor] is not None:
            raise RuntimeError(
                f"table {index}: Ctrl-C paused its hand while the built-in seats played it"
                " (a raise war with no cap); step the table on before asking for its view"
            )
        return hand.view(seat)

    def _new_hand(self) -> tuple[Hand, Xoshiro256PlusPlus]:
        """The run's next hand and the generator of its built-in decisions."""
        deck, decisions = hand_seeds(self.seed, self._next)
        self._next += 1
        return Hand(self.rules, self._stacks, seed=deck), Xoshiro256PlusPlus(decisions)

    def _deal(self, table: int) -> None:
        self._hands[table], self._rngs[table] = self._new_hand()
        self._settled[table] = False
        self._play_builtins(table)

    def _play_builtins(self, table: int) -> None:
        # Past Ctrl-C, a long hand pauses (a built-in seat still to act)
        # and plays on at its table's next step.
        hand = self._hands[table]
        played = 0
        while hand.actor is not None:
            strategy = self._builtins[hand.actor]
            if strategy is None:  # the caller's seat
                return
            if played and played % LOOK_EVERY == 0 and self._ctrl_c:
                return
            hand.act(strategy(hand, self._rngs[table]))
            played += 1

    def step(self, actions: Iterable[object], where: npt.ArrayLike | None = None) -> None:
        """One action per table (ignored where nobody waits); all or none.
        ``where``: one bool per table, only those tables are stepped."""
        self._check_free()
        self._busy = True
        try:
            self._ctrl_c = []
            with _ctrl_c_between_actions(self._ctrl_c):
                self._step(actions, where)
        finally:
            self._busy = False

    def _step(self, actions: Iterable[object], where: npt.ArrayLike | None) -> None:
        import numpy as np

        # As the core: what numpy makes a 1-D integer array of, nothing else
        # (no floats, objects or generators, which it would have to guess at).
        n = len(self._hands)
        values = vector(actions, n, f"actions must be a 1-D integer array of length {n}", "iu")
        if where is None:
            stepped = [True] * n
        else:
            expected = f"where must be a 1-D bool array of length {n}"
            stepped = [bool(f) for f in vector(where, n, expected, "b")]
        # (A built-in seat is to act only in a hand Ctrl-C paused.)
        waiting = [
            hand.actor is not None and stepped[table] and self._builtins[hand.actor] is None
            for table, hand in enumerate(self._hands)
        ]
        for table, (hand, value) in enumerate(zip(self._hands, values)):
            if not waiting[table]:
                continue
            legal = hand.legal_actions()
            if value not in legal:
                # The core's words: the action's name, or the number that names none.
                name = Action(value).name if 0 <= value < len(Action) else value
                names = ", ".join(a.name for a in legal)
                raise IllegalActionError(
                    f"table {table}: {name} is not legal for seat {hand.actor} now (legal: {names})"
                )
        for table, (hand, value) in enumerate(zip(self._hands, values)):
            if waiting[table]:
                hand.act(Action(value))
        for table in range(len(self._hands)):
            if stepped[table]:
                self._play_builtins(table)
        self._write("done", np.zeros(len(self._hands), dtype=bool))
        self._write("payoffs", np.zeros((len(self._hands), len(self._stacks)), dtype=np.int64))
        for table, hand in enumerate(self._hands):
            if self._settled[table] or not hand.is_over or not stepped[table]:
                continue
            self._settled[table] = True
            self.done[table] = True
            self.hands_played += 1
            self.payoffs[table] = hand.payoffs
            self._deal(table)
        self._set(self._hands, self.rules.big_bet)
