"""The reference trainer: external-sampling Monte Carlo CFR for heads-up
razz over the ``default`` abstraction, written plainly, step for step as
the core's (src/cfr.rs), so that the tests can compare their tables after a
few seeded iterations ([training](BOTS.md#training)).

Iteration ``k`` (from 1) deals the deck of hand ``k - 1`` of the seed and
draws from that hand's decision generator. The deal is walked once with
seat 0, then seat 1, as the traverser: at the traverser's decisions every
legal slot (fold, passive, aggressive) is tried and its regret grows by
``k`` times (its value less the node's); at the opponent's, ``k`` times the
current strategy is added to the strategy sums and one slot is drawn from
it. Forced actions (a single legal slot) are played as they come. The
current strategy is regret matching: positive regrets over their sum, or
uniform over the legal slots.
"""

from __future__ import annotations

import os

from razz_fast.reference import abstraction
from razz_fast.reference.abstraction import INFOSETS, NAME
from razz_fast.reference.generator import Xoshiro256PlusPlus, hand_seeds
from razz_fast.reference.hand import Hand
from razz_fast.reference.policy import Policy
from razz_fast.reference.rules import Rules

__all__ = ["train", "train_tables"]

#: Flat index ``3 * infoset + slot`` to value; absent entries are zero.
Table = dict[int, float]


def _current(regrets: Table, infoset: int, legal: list[int]) -> list[float]:
    sigma = [0.0, 0.0, 0.0]
    total = 0.0
    for s in legal:
        sigma[s] = max(regrets.get(3 * infoset + s, 0.0), 0.0)
        total += sigma[s]
    for s in legal:
        sigma[s] = sigma[s] / total if total > 0.0 else 1.0 / len(legal)
    return sigma


def _sample(sigma: list[float], legal: list[int], rng: Xoshiro256PlusPlus) -> int:
    u = (rng.next() >> 11) * (1.0 / (1 << 53))
    running = 0.0
    for s in legal:
        running += sigma[s]
        if u < running:
            return s
    return legal[-1]


def _traverse(
    hand: Hand,
    traverser: int,
    weight: float,
    rng: Xoshiro256PlusPlus,
    regrets: Table,
    sums: Table,
) -> float:
    while True:
        if hand.actor is None:
            return float(hand.payoffs[traverser])
        slot_actions = abstraction.slot_actions(hand.legal_actions())
        slots = {s: action for s, action in enumerate(slot_actions) if action is not None}
        legal = list(slots)
        if len(legal) > 1:
            break
        hand.act(slots[legal[0]])
    actor = hand.actor
    infoset = abstraction.infoset(hand.view(actor))
    sigma = _current(regrets, infoset, legal)
    if actor == traverser:
        values = [0.0, 0.0, 0.0]
        node = 0.0
        for s in legal:
            child = hand.clone()
            child.act(slots[s])
            values[s] = _traverse(child, traverser, weight, rng, regrets, sums)
            node += sigma[s] * values[s]
        for s in legal:
            key = 3 * infoset + s
            regrets[key] = regrets.get(key, 0.0) + weight * (values[s] - node)
        return node
    for s in legal:
        key = 3 * infoset + s
        sums[key] = sums.get(key, 0.0) + weight * sigma[s]
    hand.act(slots[_sample(sigma, legal, rng)])
    return _traverse(hand, traverser, weight, rng, regrets, sums)


def train_tables(
    iterations: int, *, rules: Rules, stacks: list[int], seed: int
) -> tuple[Table, Table]:
    """The regrets and strategy sums after ``iterations`` iterations, as
    ``TrainRun.tables`` gives them (flat index ``3 * infoset + slot``)."""
    regrets: Table = {}
    sums: Table = {}
    for k in range(1, iterations + 1):
        deck, decisions = hand_seeds(seed, k - 1)
        rng = Xoshiro256PlusPlus(decisions)
        dealt = Hand(rules, stacks, seed=deck)
        for traverser in (0, 1):
            _traverse(dealt.clone(), traverser, float(k), rng, regrets, sums)
    return regrets, sums


def train(
    iterations: int,
    *,
    rules: Rules | None = None,
    stacks: int | list[int] | None = None,
    abstraction: str = "default",
    seed: int | None = None,
    threads: int | None = None,
    progress: bool = False,
    checkpoint: object = None,
) -> Policy:
    """The reference's ``train``: the same steps as the core's, one thread,
    no progress bar and no checkpoints (it is for tests on a few
    iterations); the policy of the average strategy."""
    if abstraction != NAME:
        raise ValueError(f"unknown abstraction {abstraction!r}: the only one is {NAME!r}")
    if checkpoint is not None:
        raise ValueError("the reference trainer keeps no checkpoints")
    rules = Rules() if rules is None else rules
    if stacks is None:
        stacks = 100 * rules.big_bet
    pair = [stacks, stacks] if isinstance(stacks, int) else list(stacks)
    if len(pair) != 2:
        raise ValueError(f"training is heads-up: give 2 stacks, got {len(pair)}")
    seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
    _, sums = train_tables(iterations, rules=rules, stacks=pair, seed=seed)
    rows = [[sums.get(3 * i + s, 0.0) for s in range(3)] for i in range(INFOSETS)]
    policy = Policy.from_table(rows, rules=rules, iterations=iterations, seed=seed, by="train")
    made = {**policy.header["made"], "stacks": pair}
    return Policy(policy.weights_bytes(), 2, {**policy.header, "made": made})
