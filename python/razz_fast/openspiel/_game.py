"""The pyspiel game ``python_razz``: razz_fast's rules and hand engine behind
OpenSpiel's Python-game interface ([OpenSpiel](OPENSPIEL.md)).

How a state works. OpenSpiel deals every card through a chance node, one
card at a time; the core ``Hand`` deals a street's cards itself the moment a
betting round closes, from a deck fixed when it is made. So the state keeps
the cards chance has dealt, in dealing order, and the actions taken, and
holds a core ``Hand`` made from a deck that puts those cards where the core
deals them (the undealt places filled with other unseen cards). When an
action closes a round, the core deals the next street from those filler
cards; the state then asks chance for that street's real cards, one per
node, and once they are all known makes the ``Hand`` again from the new
deck and replays the actions (a few microseconds, once a street). Between
two such points every question is the core's.

Burned cards are not chance nodes: nobody ever sees one, so dealing the
next card from every card not yet seen gives each deal exactly the
distribution a burn before it would. The core still burns (its deck gets a
filler card there), so the short-deck rules of seventh street (a reshuffle
of the burns, or one community card) count cards as the rules do.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from razz_fast import _core
from razz_fast._cards import format_cards
from razz_fast.events import Action

FEATURES = _core.FEATURES

__all__ = ["GAME_TYPE", "DEFAULTS", "RazzGame", "RazzState", "NUM_ACTIONS"]

NUM_ACTIONS = len(Action)
"""The size of the action space (7): a player's action is the value of its ``Action``."""
#: fold, passive (check, call, bring-in), aggressive (complete, bet, raise):
#: the class of each Action in the information-state tensor's betting block.
_SLOT = (0, 1, 1, 1, 2, 2, 2)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SETTINGS = (
    "heads_up",
    "reopen",
    "short_bring_in",
    "ante_all_in",
    "opener_ties",
    "showdown",
    "odd_chip",
)

DEFAULTS: dict[str, Any] = {
    "players": 2,
    "ante": 0,
    "bring_in": 1,
    "small_bet": 2,
    "big_bet": 4,
    # Every seat's stack; 0: 100 big bets.
    "stacks": 0,
    # One stack per seat, separated by spaces (instead of `stacks`). A
    # string with one number would come back as an int from a game's
    # string (serialization), hence two parameters.
    "seat_stacks": "",
    "preset": "pokerstars",
    # -1: the preset's; 0: no cap.
    "cap": -1,
    # -1: the preset's; 0: no burns; 1: a burn before streets 4 to 7.
    "burn_cards": -1,
    **dict.fromkeys(_SETTINGS, ""),
}
"""The game's parameters and their defaults ([OpenSpiel](OPENSPIEL.md)): a rule
setting left at "" (``cap`` and ``burn_cards``: -1) is the preset's."""

GAME_TYPE = pyspiel.GameType(
    short_name="python_razz",
    long_name="Razz (razz_fast)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _rules_of(params: dict[str, Any]) -> _core.Rules:
    """The Rules the parameters name: the preset at the stakes, then every
    setting given explicitly."""
    rules = _core.Rules.preset(
        params["preset"], params["ante"], params["bring_in"], params["small_bet"], params["big_bet"]
    )
    changes: dict[str, Any] = {k: params[k] for k in _SETTINGS if params[k] != ""}
    if params["cap"] != -1:
        changes["cap"] = params["cap"] or None
    if params["burn_cards"] != -1:
        if params["burn_cards"] not in (0, 1):
            raise ValueError(f"burn_cards must be -1, 0 or 1, got {params['burn_cards']}")
        changes["burn_cards"] = bool(params["burn_cards"])
    return rules.replace(**changes) if changes else rules


def _stacks_of(params: dict[str, Any], players: int, big_bet: int) -> list[int]:
    stacks, text = params["stacks"], params["seat_stacks"]
    if not isinstance(text, str):
        raise TypeError(f"seat_stacks must be a string of integers, got {text!r}")
    if not text.split():
        if not isinstance(stacks, int) or isinstance(stacks, bool) or stacks < 0:
            raise ValueError(f"stacks must be an int >= 0 (0: 100 big bets), got {stacks!r}")
        return [stacks or 100 * big_bet] * players
    if stacks:
        raise ValueError("give stacks or seat_stacks, not both")
    try:
        values = [int(p) for p in text.split()]
    except ValueError:
        raise ValueError(
            f"seat_stacks must be integers separated by spaces, got {text!r}"
        ) from None
    if len(values) != players:
        raise ValueError(f"seat_stacks must give {players} stacks (players), got {len(values)}")
    return values


class _Config:
    """What every state of one game shares: never copied (a state's clone
    and deepcopy keep the same one), pickled as its parameters."""

    def __init__(self, params: dict[str, Any]) -> None:
        players = params["players"]
        if not isinstance(players, int) or not 2 <= players <= 8:
            raise ValueError(f"players must be 2 to 8, got {players!r}")
        self.params = params
        self.rules = _rules_of(params)
        self.n = players
        self.stacks = _stacks_of(params, players, self.rules.big_bet)
        # Checked as the core checks them (a clear ValueError naming the seat).
        _core.Hand(self.rules, self.stacks, seed=0)
        rules = self.rules
        capped = rules.cap is not None and rules.heads_up == "capped"
        by_chips = max(self.stacks) // rules.small_bet + 1
        wagers = rules.cap if capped and rules.cap is not None else max(rules.cap or 0, by_chips)
        # A round: everyone acts once, and once more after each wager
        # (at most `wagers` full ones and one short all-in per seat), plus
        # the bring-in.
        self.max_decisions = 5 * (players * (wagers + players + 2) + 1)
        self.ante_paid = [min(rules.ante, s) for s in self.stacks]
        # Copied by every new state.
        self.deck = list(range(52))
        self.third_street = _Deal(3, tuple(range(players)), False, 0, 0)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Config, (self.params,))


class RazzGame(pyspiel.Game):
    """The pyspiel game ``python_razz`` (``pyspiel.load_game("python_razz",
    {...})``); its parameters are ``DEFAULTS``'."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        unknown = set(params) - set(DEFAULTS)
        if unknown:
            raise ValueError(f"unknown parameters of python_razz: {sorted(unknown)}")
        self.config = _Config(params)
        """What every state of the game shares: ``rules`` (a ``Rules``),
        ``stacks`` (a list), ``n`` (players) and ``params``."""
        stacks = self.config.stacks
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=self.config.n,
            min_utility=float(-max(stacks)),
            max_utility=float(sum(stacks) - min(stacks)),
            utility_sum=0.0,
            max_game_length=self.config.max_decisions + 52,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> RazzState:
        """A new hand, before its first card is dealt (a chance node)."""
        return RazzState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RazzObserver:
        """The observer pyspiel asks for strings and tensors: the
        information state's for a perfect-recall type, else the observation's."""
        if params:
            raise ValueError(f"python_razz observers take no parameters, got {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return RazzObserver(self.config, perfect_recall=perfect_recall)


class _Deal:
    """One street's deal: which seats got a card (the community card: none),
    from which index of the dealt cards, after how many actions."""

    __slots__ = ("community", "first", "seats", "street", "taken_at")

    def __init__(
        self, street: int, seats: tuple[int, ...], community: bool, first: int, taken_at: int
    ) -> None:
        self.street = street
        self.seats = seats
        self.community = community
        self.first = first
        self.taken_at = taken_at

    def size(self) -> int:
        if self.street == 3:
            return 3 * len(self.seats)  # two down cards and an up card each
        return 1 if self.community else len(self.seats)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return self  # never changed once made

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Deal, (self.street, self.seats, self.community, self.first, self.taken_at))


class _Track:
    """Everything a state knows, in one object: pyspiel copies a state by
    deep-copying each attribute, and a state has just this one, whose copy
    is a few list copies and a core ``Hand.clone``."""

    __slots__ = (
        "actions",
        "cards",
        "config",
        "deals",
        "hand",
        "legal",
        "pending",
        "player",
        "remaining",
        "street",
    )

    def __init__(self, config: _Config) -> None:
        self.config = config
        self.cards: list[int] = []
        self.remaining = config.deck[:]
        self.actions: list[int] = []
        self.deals = [config.third_street]
        self.hand: _core.Hand | None = None
        self.pending = 3 * config.n
        self.player = _CHANCE
        self.street = 3
        self.legal: list[int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Track:
        copy = _Track.__new__(_Track)
        copy.config = self.config
        copy.cards = self.cards[:]
        copy.remaining = self.remaining[:]
        copy.actions = self.actions[:]
        copy.deals = self.deals[:]
        copy.hand = None if self.hand is None else self.hand.clone()
        copy.pending = self.pending
        copy.player = self.player
        copy.street = self.street
        copy.legal = self.legal
        return copy

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _Track.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def sync(self, hand: _core.Hand) -> None:
        """After the hand was made or a round closed: the streets the core
        dealt from filler cards become pending chance nodes."""
        dealt = self.deals[-1].street
        if hand.is_over:
            folded = hand.folded
            live = tuple(s for s in range(self.config.n) if not folded[s])
            last = 7 if len(live) > 1 else dealt
        else:
            last = hand.street  # type: ignore[assignment]
            if last > dealt:
                folded = hand.folded
                live = tuple(s for s in range(self.config.n) if not folded[s])
        for street in range(dealt + 1, last + 1):
            community = street == 7 and bool(hand.community_cards)
            first = self.deals[-1].first + self.deals[-1].size()
            self.deals.append(_Deal(street, live, community, first, len(self.actions)))
            self.pending += 1 if community else len(live)
        if self.pending:
            self.player = _CHANCE
            self.street = self.deals[-1].street
        elif hand.is_over:
            self.player = _TERMINAL
            self.street = 0
        else:
            self.player = hand.actor  # type: ignore[assignment]
            self.street = hand.street  # type: ignore[assignment]

    def deck(self) -> list[int]:
        """A deck that deals the cards dealt so far where the core takes
        them, other unseen cards in every other place (burns, the future)."""
        config = self.config
        if not config.rules.burn_cards:
            # The core takes the cards in dealing order.
            return self.cards + self.remaining
        n = config.n
        deck: list[int | None] = [None] * 52
        cards = self.cards
        deck[: 3 * n] = cards[: 3 * n]
        at = 3 * n
        burned: list[int] = []
        for deal in self.deals[1:]:
            got = cards[deal.first : deal.first + deal.size()]
            if deal.street == 7 and 52 - at < len(deal.seats) + 2:
                # The core gathers the stub and the burns, in that order,
                # burns one card of them and deals from the rest.
                places = list(range(at, 52)) + burned
                for i, card in enumerate(got):
                    deck[places[1 + i]] = card
                break
            burned.append(at)
            at += 1
            for i, card in enumerate(got):
                deck[at + i] = card
            at += len(got)
        filler = iter(self.remaining)
        return [next(filler) if c is None else c for c in deck]

    def rebuild(self) -> None:
        config = self.config
        hand = _core.Hand(config.rules, config.stacks, deck=self.deck())
        act = hand.act
        for action in self.actions:
            act(action)
        self.hand = hand
        self.legal = None
        self.sync(hand)

    def returns(self) -> list[float]:
        if self.player != _TERMINAL:
            return [0.0] * self.config.n
        return [float(p) for p in self.hand.payoffs]  # type: ignore[union-attr]

    def describe(self) -> str:
        n = self.config.n
        seats = [self.seat_cards(s) for s in range(n)]
        text = " ".join(
            f"s{s}:{format_cards([c for c in cs if c >= 0])}" for s, cs in enumerate(seats)
        )
        community = self.community()
        if community >= 0:
            text += f" community:{format_cards([community])}"
        actions = "".join("fxcbkBr"[a] for a in self.actions)
        return f"{text} actions:{actions} next:{self.player}"

    # -- the cards, as the state knows them --

    def seat_cards(self, seat: int) -> list[int]:
        """The seat's seven places as ``features`` reads them: two down, four
        up (third to sixth street), the seventh-street down card; -1 where
        no card is dealt."""
        cards = self.cards
        n = self.config.n
        slots = [-1] * 7
        for i, slot in enumerate((0, 1, 2)):
            at = i * n + seat
            if at < len(cards):
                slots[slot] = cards[at]
        for deal in self.deals[1:]:
            if deal.community or seat not in deal.seats:
                continue
            at = deal.first + deal.seats.index(seat)
            if at < len(cards):
                slots[deal.street - 1 if deal.street < 7 else 6] = cards[at]
        return slots

    def community(self) -> int:
        deal = self.deals[-1]
        if deal.community and deal.first < len(self.cards):
            return self.cards[deal.first]
        return -1

    # -- observations --

    def row_features(self, player: int) -> npt.NDArray[np.float32]:
        """The features of ``player`` at a chance node, by the core's encoder:
        the betting as it stood after the last action, the cards dealt so
        far, nobody to act."""
        config = self.config
        n = config.n
        stacks = list(config.stacks)
        pot = 0
        if self.hand is None:
            for s in range(n):
                stacks[s] -= config.ante_paid[s]
            pot = sum(config.ante_paid)
            folded = [False] * n
        else:
            folded = self.hand.folded
            # The chips as they stood before the filler cards were dealt:
            # the history up to the first deal after the last action.
            history = self.hand.history
            last = max((i for i, e in enumerate(history) if e.kind in _ACTION_KINDS), default=-1)
            for i, event in enumerate(history):
                if i > last and event.kind in _DEAL_KINDS:
                    break
                if event.kind in _PUT_IN:
                    stacks[event.seat] -= event.amount  # type: ignore[index]
                    pot += event.amount
                elif event.kind == "return":
                    stacks[event.seat] += event.amount  # type: ignore[index]
                    pot -= event.amount
        cards = [self.seat_cards(s) for s in range(n)]
        for s in range(n):
            if s != player:
                cards[s][0] = cards[s][1] = cards[s][6] = -1
        # The core's encoder reads a Tables' observation arrays alone, which
        # are the caller's to write: one table, written as this node's row.
        # (A new one each time: a Tables is for one thread at a time.)
        row = _core.Tables(config.rules, config.stacks, 1, seed=0, threads=1)
        row.actor[0] = player
        row.street[0] = self.deals[-1].street
        row.to_call[0] = 0
        row.pot[0] = pot
        row.legal[0] = False
        row.stacks[0] = stacks
        row.bets[0] = 0
        row.folded[0] = folded
        row.all_in[0] = [not folded[s] and stacks[s] == 0 for s in range(n)]
        row.cards[0] = cards
        row.community[0] = self.community()
        features: npt.NDArray[np.float32] = row.features()[0]
        return features

    def features(self, player: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``player``: the core's ``features()``
        of its view (at a chance node, the same layout for the cards dealt
        so far; see the module docstring)."""
        if self.player != _CHANCE and self.hand is not None:
            return self.hand.view(player).features()
        return self.row_features(player)

    def info_string(self, player: int) -> str:
        n = self.config.n
        cards = self.cards
        parts = [f"p{player}"]
        for i, deal in enumerate(self.deals):
            got = cards[deal.first : deal.first + deal.size()]
            if deal.street == 3:
                seen = [(s, c) for j, c in enumerate(got) if (s := j % n) == player or j >= 2 * n]
            elif deal.community:
                seen = [(-1, c) for c in got]
            else:
                seen = [(s, c) for s, c in zip(deal.seats, got) if deal.street < 7 or s == player]
            end = self.deals[i + 1].taken_at if i + 1 < len(self.deals) else len(self.actions)
            acted = "".join("fxcbkBr"[a] for a in self.actions[deal.taken_at : end])
            shown = ",".join(f"{'c' if s < 0 else s}:{format_cards([c])}" for s, c in seen)
            parts.append(f"{deal.street}[{shown}]{acted}")
        return " ".join(parts)

    def observation_string(self, player: int) -> str:
        n = self.config.n
        parts = [f"p{player} street {self.deals[-1].street} next {self.player}"]
        for s in range(n):
            slots = self.seat_cards(s)
            down = [c for i, c in enumerate(slots) if c >= 0 and i in (0, 1, 6)]
            up = [c for i, c in enumerate(slots) if c >= 0 and 2 <= i < 6]
            mine = format_cards(down) if s == player else ""
            parts.append(f"s{s}[{mine}|{format_cards(up)}]")
        community = self.community()
        if community >= 0:
            parts.append(f"c[{format_cards([community])}]")
        features = self.features(player)
        big_bet = self.config.rules.big_bet
        pot = round(float(features[13]) * big_bet)
        parts.append(f"pot {pot}")
        if self.player != _CHANCE and self.hand is not None:
            parts.append(f"stacks {self.hand.stacks} bets {self.hand.bets}")
        return " ".join(parts)


class RazzState(pyspiel.State):
    """A state of ``python_razz``. Actions are ``Action`` values (0 fold,
    1 check, 2 call, 3 bring-in, 4 complete, 5 bet, 6 raise); chance outcomes
    are card indices (4 × rank + suit, ace = 0), uniform over the cards not
    yet dealt."""

    def __init__(self, game: RazzGame) -> None:
        super().__init__(game)
        self._t = _Track(game.config)

    # -- what OpenSpiel asks at every step (kept to a few attribute reads) --

    def current_player(self) -> int:
        """The seat to act, or pyspiel's CHANCE (-1) or TERMINAL (-4)."""
        return self._t.player

    def is_terminal(self) -> bool:
        """Whether the hand is over (answered in Python, as the next two)."""
        return self._t.player == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a card is to be dealt."""
        return self._t.player == _CHANCE

    def is_player_node(self) -> bool:
        """Whether a seat is to act."""
        return self._t.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The actor's legal ``Action`` values, sorted; at a chance node the
        cards not yet dealt; empty for another player and at the end."""
        # Answered here for Python callers (OpenSpiel's C++ asks
        # _legal_actions and chance_outcomes, which agree).
        t = self._t
        current = t.player
        if player is not None and player != current:
            if player < 0 and current >= 0:
                raise ValueError(f"no legal actions for player {player} at a decision node")
            return []
        if current >= 0:
            legal = t.legal
            if legal is None:
                legal = t.legal = [int(a) for a in t.hand.legal_actions()]  # type: ignore[union-attr]
            return legal[:]
        if current == _CHANCE:
            return t.remaining[:]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every card not yet dealt, each as likely, at a chance node."""
        remaining = self._t.remaining
        if self._t.player != _CHANCE:
            raise ValueError("chance_outcomes() is asked at a chance node only")
        p = 1.0 / len(remaining)
        return [(c, p) for c in remaining]

    def _apply_action(self, action: int) -> None:
        t = self._t
        if t.player == _CHANCE:
            # (Inlined: a chance node is half the steps of a hand.)
            try:
                t.remaining.remove(action)
            except ValueError:
                raise ValueError(f"card {action} is not in the deck (0..51, not dealt)") from None
            t.cards.append(action)
            t.pending -= 1
            if not t.pending:
                t.rebuild()
            return
        if t.player < 0:
            raise ValueError("the hand is over: no action may be applied")
        hand = t.hand
        hand.act(action)  # type: ignore[union-attr]
        t.actions.append(action)
        t.legal = None
        if hand.street == t.street:  # type: ignore[union-attr]
            t.player = hand.actor  # type: ignore[union-attr, assignment]
        else:
            t.sync(hand)  # type: ignore[arg-type]

    def returns(self) -> list[float]:
        """Each seat's net chips once the hand is over; zeros before."""
        return self._t.returns()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            return f"deal {format_cards([action])}"
        return f"{Action(action).name.lower()}"

    def __str__(self) -> str:
        return self._t.describe()

    # -- beyond OpenSpiel's interface --

    def dealing(self) -> tuple[int, int]:
        """At a chance node, who gets the card it deals: ``(seat, place)``,
        ``place`` counting the seat's cards in dealing order (0 and 1 down,
        2 to 5 up, 6 the seventh-street down card); ``(-1, 6)`` for the
        community card."""
        t = self._t
        if t.player != _CHANCE:
            raise ValueError("dealing() is asked at a chance node only")
        k = len(t.cards)
        deal = next(d for d in reversed(t.deals) if d.first <= k)
        i = k - deal.first
        if deal.street == 3:
            n = t.config.n
            return i % n, i // n
        if deal.community:
            return -1, 6
        return deal.seats[i], deal.street - 1

    @property
    def hand(self) -> _core.Hand | None:
        """A copy of the core ``Hand`` at a decision or terminal node (None at
        a chance node, where the core has dealt filler cards)."""
        t = self._t
        if t.player == _CHANCE or t.hand is None:
            return None
        return t.hand.clone()

    def view(self, player: int | None = None) -> _core.PlayerView:
        """What ``player`` (default: the one to act) sees, as the core's
        ``PlayerView``: at a decision or terminal node."""
        t = self._t
        if t.player == _CHANCE or t.hand is None:
            raise ValueError("a view is taken at a decision or terminal node, not a chance node")
        return t.hand.view(player)

    def features(self, player: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``player``: the core's ``features()``
        of its view (at a chance node, the same layout for the cards dealt
        so far; see the module docstring)."""
        return self._t.features(player)


_ACTION_KINDS = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold"))
_PUT_IN = frozenset(("ante", "bring_in", "complete", "bet", "raise", "call"))
_DEAL_KINDS = frozenset(("deal_up", "deal_down", "burn", "reshuffle", "community", "show", "award"))


class RazzObserver:
    """The observer pyspiel asks for strings and tensors. The observation
    tensor is the core's ``features()`` (``FEATURES`` float32s); the
    information-state tensor adds the betting so far: one
    fold / passive / aggressive one-hot per decision, in order, up to the
    game's most decisions."""

    def __init__(self, config: _Config, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        size = FEATURES + (3 * config.max_decisions if perfect_recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RazzState, player: int) -> None:
        tensor = self.tensor
        tensor[:FEATURES] = state._t.features(player)
        if self.perfect_recall:
            tensor[FEATURES:] = 0.0
            for i, action in enumerate(state._t.actions):
                tensor[FEATURES + 3 * i + _SLOT[action]] = 1.0

    def string_from(self, state: RazzState, player: int) -> str:
        if self.perfect_recall:
            return state._t.info_string(player)
        return state._t.observation_string(player)
