"""PHH (pokerkit's Poker Hand History, variant FR): what razz_fast writes
pokerkit 0.7.7 reads and replays to the same final stacks; what pokerkit
writes, and every replayed real history written as PHH, our reader reads
and ``replay`` plays to the same payoffs.

pokerkit differs from the engine in a few places (docs/ENGINE.md section 10,
tests/engine/test_pokerkit_razz.py): its full-bet rule after a short all-in wager,
its way of splitting pots, and it has no community card for razz. Hands
that reach one of those are still written and read back by us; pokerkit's
final stacks are compared with its own way of awarding split pots, and
hands it cannot play (a community card, a short all-in wager) are not
given to it.
"""

from __future__ import annotations

import os
import random
import re
import warnings
from collections import deque
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import razz_fast
from razz_fast import reference
from razz_fast.histories import HistoryError, phh, read_histories, replay

pokerkit = pytest.importorskip("pokerkit")

from helpers import pokerkit_final_stacks  # noqa: E402

DATA = Path(__file__).parents[1] / "data" / "hand-histories"
REAL = sorted(p for p in DATA.rglob("*") if p.is_file() and p.suffix != ".md")
WAGERS = ("complete", "bet", "raise")


def pokerkit_replays(text: str) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an unexpected field or card would warn
        history = pokerkit.HandHistory.loads(text)
        states = list(history)
    state = states[-1]
    assert not state.status
    return list(state.stacks)


def field_names(text: str) -> list[str]:
    return [line.split(" = ", 1)[0] for line in text.splitlines() if " = " in line]


def test_fields_follow_pokerkits_order():
    hand = razz_fast.Hand(razz_fast.Rules(1, 2, 4, 8), [100] * 3, seed=5)
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1])
    text = phh.dumps(hand, names=["a", "b", "c"], hand_id=7, table="T")
    names = field_names(text)
    standard = [n for n in names if not n.startswith("_")]
    order = [f.name for f in pokerkit.HandHistory.__dataclass_fields__.values()]
    assert standard == sorted(standard, key=order.index)
    assert standard[:8] == list(pokerkit.HandHistory.required_field_names["FR"][:1]) + [
        "ante_trimming_status",
        *pokerkit.HandHistory.required_field_names["FR"][1:],
    ]
    assert names[-9:] == [f"_{name}" for name in phh.RULE_SETTINGS]
    assert pokerkit_replays(text) == hand.stacks


@pytest.mark.parametrize("engine", [razz_fast, reference])
def test_the_rule_settings_phh_writes_are_every_rules_field_but_the_stakes(engine):
    """One list of the settings serves the PHH reader, writer and the tests:
    both engines' ``Rules`` (the reference keeps its own list) have exactly
    these fields after the four stakes, in this order."""
    fields = re.findall(r"(\w+)=", repr(engine.Rules()))
    assert fields[:4] == ["ante", "bring_in", "small_bet", "big_bet"]
    assert tuple(fields[4:]) == phh.RULE_SETTINGS


def play_random(impl, seed: int, players: int, rules) -> object:
    rng = random.Random(seed)
    stacks = []
    for _ in range(players):
        low = rng.random() < 0.3
        top = 2 * rules.big_bet if low else 40 * rules.big_bet
        stacks.append(rng.randint(1, top))
    hand = impl.Hand(rules, stacks, seed=rng.getrandbits(64))
    while not hand.is_over:
        legal = hand.legal_actions()
        weights = [1 if a == razz_fast.Action.FOLD else 4 for a in legal]
        hand.act(rng.choices(legal, weights)[0])
    return hand


def short_wager(hand) -> bool:
    """A completion, bet or raise for less than a full one (all-in):
    pokerkit's reopening rule may differ from ours after it."""
    rules = hand.rules
    bets = [0] * len(hand.stacks)
    held = [0] * len(hand.stacks)
    for event in hand.history:
        if event.kind in ("deal_down", "deal_up"):
            held[event.seat] += 1
            if held[event.seat] > 3:
                bets = [0] * len(bets)
        elif event.kind in ("bring_in", "call", "complete", "bet", "raise"):
            high = max(bets)
            bets[event.seat] += event.amount
            street = max(3, *held)
            size = rules.small_bet if street <= 4 else rules.big_bet
            full = {"complete": rules.small_bet, "bet": size, "raise": high + size}
            if event.kind in WAGERS and bets[event.seat] < full[event.kind]:
                return True
    return False


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 8),
    stakes=st.sampled_from([(0, 1, 2, 4), (1, 2, 4, 8), (2, 3, 6, 12), (5, 10, 20, 40)]),
    preset=st.sampled_from(razz_fast.Rules.PRESETS),
    cap=st.sampled_from([4, 3, None]),
    odd_chip=st.sampled_from(["low_card", "seat"]),
    burn_cards=st.booleans(),
)
def test_random_hands_round_trip(impl, seed, players, stakes, preset, cap, odd_chip, burn_cards):
    rules = impl.Rules.preset(preset, *stakes).replace(
        cap=cap, odd_chip=odd_chip, burn_cards=burn_cards
    )
    hand = play_random(impl, seed, players, rules)
    names = [f"player {seat}" for seat in range(players)]
    text = phh.dumps(hand, names=names, hand_id=seed)
    history = phh.loads(text)
    assert history.players == names
    assert history.final_stacks == dict(zip(names, hand.stacks))
    back = replay(history, engine=impl)
    assert back.hand.payoffs == hand.payoffs
    assert back.rules == rules
    # pokerkit: its fixed-limit razz is capped at four bets and has no
    # community card; after a short all-in wager its reopening rule differs;
    # the other presets' rules are not its own.
    pokerkit_can_play = (
        preset == "pokerstars" and cap == 4 and not hand.community_cards and not short_wager(hand)
    )
    if pokerkit_can_play:
        assert pokerkit_replays(text) == pokerkit_final_stacks(impl, hand)


def test_many_hands_reach_pokerkit(impl):
    """Not only the easy hands: most random hands go through pokerkit."""
    checked = 0
    for seed in range(120):
        rules = impl.Rules(1, 2, 4, 8, burn_cards=seed % 2 == 1)
        hand = play_random(impl, seed, 2 + seed % 7, rules)
        if hand.community_cards or short_wager(hand):
            continue
        assert pokerkit_replays(phh.dumps(hand)) == pokerkit_final_stacks(impl, hand)
        checked += 1
    assert checked >= 60  # 76 of 120 at the time of writing


@pytest.mark.parametrize("path", REAL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_histories_round_trip(path):
    loaded = read_histories(path)
    done = 0
    for history in loaded.hands:
        try:
            played = replay(history)
        except HistoryError:
            continue  # the files of hands that are meant not to replay
        text = phh.dumps(played)
        back = replay(phh.loads(text))
        assert back.history.cards == history.cards  # unseen cards stay unknown ("??")
        assert back.hand.payoffs == played.hand.payoffs
        assert back.names == played.names
        assert back.history.scale == history.scale
        stacks = pokerkit_replays(text)
        if not played.hand.community_cards:
            assert [Decimal(s) * history.scale for s in stacks] == played.hand.stacks
        done += 1
    if not done:
        pytest.skip("no hand of this file replays (a file of known failures)")


def pokerkit_written_hand(rng: random.Random, players: int) -> tuple[str, list[int]]:
    """A razz hand played in pokerkit with random cards and actions, as
    pokerkit itself writes it (``HandHistory.from_game_state``)."""
    game = pokerkit.FixedLimitRazz(
        (
            pokerkit.Automation.ANTE_POSTING,
            pokerkit.Automation.BET_COLLECTION,
            pokerkit.Automation.CARD_BURNING,
            pokerkit.Automation.HOLE_DEALING,
            pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
            pokerkit.Automation.HAND_KILLING,
            pokerkit.Automation.CHIPS_PUSHING,
            pokerkit.Automation.CHIPS_PULLING,
        ),
        True,
        1,
        2,
        4,
        8,
        mode=pokerkit.Mode.CASH_GAME,
    )
    # Deep stacks: no short all-in wager, so both rule books agree.
    state = game([200] * players, players)
    cards = list(pokerkit.Deck.STANDARD)
    rng.shuffle(cards)  # a seeded shuffle instead of pokerkit's own
    dealt = {card for hole in state.hole_cards for card in hole}  # third street, dealt already
    state.deck_cards = deque(card for card in cards if card not in dealt)
    while state.status:
        choices = []
        if state.can_post_bring_in():
            choices.append(state.post_bring_in)
        if state.can_complete_bet_or_raise_to():
            choices.append(state.complete_bet_or_raise_to)
        if state.can_check_or_call():
            choices += [state.check_or_call] * 3
        if state.can_fold() and state.checking_or_calling_amount:
            choices.append(state.fold)
        assert choices
        rng.choice(choices)()
    text = pokerkit.HandHistory.from_game_state(game, state).dumps()
    return text, list(state.stacks)


def test_pokerkits_own_razz_hands_replay():
    rng = random.Random(17)
    for _ in range(40):
        text, stacks = pokerkit_written_hand(rng, rng.randint(2, 7))
        history = phh.loads(text)
        played = replay(history)
        starting = [seat.stack for seat in history.seats]
        payoffs = [b - a for a, b in zip(starting, stacks)]
        if any(len(pot.winners) > 1 for pot in played.hand.pots):
            continue  # pokerkit splits pots its own way (test_pokerkit_razz.py)
        assert played.hand.payoffs == payoffs


def short_bring_in_called(hand) -> bool:
    """A bring-in posted all-in for less than the bring-in, then called."""
    for index, event in enumerate(hand.history):
        if event.kind == "bring_in" and event.amount < hand.rules.bring_in:
            for later in hand.history[index + 1 :]:
                if later.seat is None or later.kind.startswith("deal"):
                    return False  # third street is over
                if later.kind == "call":
                    return True
    return False


@pytest.mark.parametrize("preset", razz_fast.Rules.PRESETS)
def test_recorded_hands_with_short_all_in_bring_ins_round_trip(impl, preset):
    """Tiny stacks: bring-ins posted all-in for less, which under
    short_bring_in="full" (wsop, wsop_live, tda) the others must call in
    full. Every recorded hand of every preset reads back from the PHH text
    razz_fast writes and replays, by the rules the file states, to its
    payoffs."""
    rules = impl.Rules.preset(preset, 1, 3, 4, 8)
    result = impl.simulate(
        60,
        players=4,
        strategies=["check_call", "tight", "random", "random"],
        rules=rules,
        stacks=[2, 3, 12, 30],
        seed=1,
        record=60,
    )
    called = 0
    for hand in result.records:
        back = replay(phh.loads(phh.dumps(hand)), engine=impl)
        assert back.rules == hand.rules
        assert back.hand.payoffs == hand.payoffs
        called += short_bring_in_called(hand)
    assert called >= 10  # not only the easy hands: 26 of 60 at the time of writing


#: The razz example of the PHH specification's style, as pokerkit reads it.
EXAMPLE = """\
variant = 'FR'
ante_trimming_status = true
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = [
  # Third street
  'd dh p1 Ac2d3h',
  'd dh p2 5c6d8s',
  'd dh p3 9c7dKh',
  'p3 pb',
  'p1 cbr 2',
  'p2 f',
  'p3 cc',
  'd dh p1 4s',
  'd dh p3 Qs',
  'p1 cbr 2',
  'p3 f',
]
players = ['Alice', 'Bob', 'Carol']
finishing_stacks = [54, 49, 47]
"""


def test_written_by_hand_example():
    assert pokerkit_replays(EXAMPLE) == [54, 49, 47]
    played = replay(phh.loads(EXAMPLE))
    assert played.hand.payoffs == [4, -1, -3]
    assert played.history.plays[4].line == 14  # 'p1 cbr 2' on third street


def test_wrong_finishing_stack_is_a_mismatch():
    text = EXAMPLE.replace("[54, 49, 47]", "[53, 50, 47]")
    with pytest.raises(HistoryError, match="ends with a different stack"):
        replay(phh.loads(text))


@pytest.mark.parametrize(
    "change, message",
    [
        (("'FR'", "'F7S'"), "not razz"),
        (("'p1 cbr 2',\n  'p2 f'", "'p1 cbr 3',\n  'p2 f'"), "moves"),
        (("'p3 pb'", "'p2 pb'"), "to act"),
        (("Ac2d3h", "Ac2d3X"), "is not a card"),
        (("'d dh p2 5c6d8s'", "'d dh p2 Ac6d8s'"), "dealt to"),
        (("antes = [1, 1, 1]", "antes = [1, 2, 1]"), "different antes"),
        (("starting_stacks = [50, 50, 50]\n", ""), "'starting_stacks' is missing"),
        (("'p1 cbr 2',\n  'p3 f'", "'p1 sd'"), "cannot read the action"),
        (("variant = 'FR'", "variant = 'FR"), "not valid TOML"),
        (("'p3 f',\n]", "'p3 f',\n  'p1 sm 2c2d3h4s',\n]"), "where Ac was dealt"),
        (("bring_in = 1\n", "bring_in = 'one'\n"), "not a number"),
        (("'p3 pb'", "'p9 pb'"), "not a player"),
        (("'p3 pb'", "'p\u00b3 pb'"), "not a player"),
    ],
)
def test_bad_files_are_clear_errors(change, message):
    text = EXAMPLE.replace(*change)
    assert text != EXAMPLE
    with pytest.raises(HistoryError, match=message):
        replay(phh.loads(text))


#: Malformed values, each with the field its error must name and that
#: field's line in EXAMPLE with the settings appended (SETTINGS_EXAMPLE).
MALFORMED = [
    (("bring_in = 1", "bring_in = inf"), "bring_in: Infinity is not a finite number", 4),
    (("small_bet = 2", "small_bet = 1e400"), "small_bet: 1E.400 is past the chip limit", 5),
    (("big_bet = 4", "big_bet = nan"), "big_bet: NaN is not a finite number", 6),
    (("big_bet = 4", "big_bet = 4.0000001"), "big_bet: 4.0000001 has more than 6 dec", 6),
    (("[50, 50, 50]", "[inf, 50, 50]"), "starting_stacks: Infinity is not a finite", 7),
    (("[50, 50, 50]", f"[50, {2**64}, 50]"), "starting_stacks: 18446744073709551616 is past", 7),
    (("antes = [1, 1, 1]", "antes = [1, {}, 1]"), "antes: {} is not a number", 3),
    (("antes = [1, 1, 1]", "antes = [1, [1], 1]"), r"antes: \[1\] is not a number", 3),
    (("[54, 49, 47]", "[54, 49, -inf]"), "finishing_stacks: -Infinity is not a finite", 23),
    (("'p1 cbr 2',\n  'p2 f'", "'p1 cbr inf',\n  'p2 f'"), "the amount 'inf' is not a fin", 14),
    (("'p1 cbr 2',\n  'p2 f'", "'p1 cbr 1e400',\n  'p2 f'"), "the amount '1e400' is past", 14),
    (("'p1 cbr 2',\n  'p2 f'", "'p1 cbr sNaN',\n  'p2 f'"), "the amount 'sNaN' is not a", 14),
    # (10 ** 99999999 hung the reader before the decimals were counted.)
    (("'p1 cbr 2',\n  'p2 f'", "'p1 cbr 1e-99999999',\n  'p2 f'"), "more than 6 decimals", 14),
    (("_cap = 4", '_cap = "x"'), "_cap = 'x': cap must be an int, got str", 24),
    (("_cap = 4", "_cap = -1"), "_cap = -1: cap must be None or 1", 24),
    (("_cap = 4", "_cap = true"), "_cap = True: cap must be an int, got bool", 24),
    (('_heads_up = "capped"', "_heads_up = 5"), "_heads_up = 5: heads_up must be a str", 25),
    (("_burn_cards = false", '_burn_cards = "yes"'), "_burn_cards = 'yes': burn_cards must be", 26),
    (('_odd_chip = "seat"', '_odd_chip = "x"'), "_odd_chip = 'x': odd_chip must be one of", 26),
    (("players = ['Alice', 'Bob', 'Carol']", "players = 'ABC'"), "players must be 3", 22),
    (("players = ['Alice', 'Bob', 'Carol']", "players = 3"), "players must be 3", 22),
    (("players = ['Alice', 'Bob', 'Carol']", "seats = 3"), "seats must be 3", 22),
    (("players = ['Alice', 'Bob', 'Carol']", "seats = [true, 2, 3]"), "seats must be 3", 22),
    (("players = ['Alice', 'Bob', 'Carol']", "currency_symbol = 5"), "currency_symbol must", 22),
]
SETTINGS_EXAMPLE = EXAMPLE + '_cap = 4\n_heads_up = "capped"\n'


@pytest.mark.parametrize("change, message, line", MALFORMED, ids=lambda x: str(x)[:30])
def test_malformed_values_are_errors_naming_the_field(change, message, line):
    """Every malformed value is a HistoryError naming the field and its line,
    never another exception (inf or 1e400 broke the Decimal arithmetic; a
    bad setting was a bare TypeError from replay); in a collection the
    other hands still load and replay."""
    text = SETTINGS_EXAMPLE.replace(*change)
    if change[0].startswith(("_burn", "_odd")):  # settings the example does not state
        text = SETTINGS_EXAMPLE + change[1] + "\n"
    assert text != SETTINGS_EXAMPLE
    with pytest.raises(HistoryError, match=message) as caught:
        replay(phh.loads(text))
    assert caught.value.line == line
    before = f"[1]\n{EXAMPLE}\n[2]\n"
    loaded = phh.loads_all(f"{before}{text}\n[3]\n{EXAMPLE}")
    assert [h.hand_id for h in loaded.hands] == ["1", "3"]
    assert [(e.hand_id, e.line) for e in loaded.errors] == [("2", line + before.count("\n"))]
    for history in loaded.hands:
        assert replay(history).hand.payoffs == [4, -1, -3]


def test_bad_rules_a_history_states_are_its_error_and_the_callers_a_type_error():
    history = phh.loads(EXAMPLE)
    history.settings["cap"] = "x"  # as a reader that did not check them would leave it
    with pytest.raises(HistoryError, match="the history's rules: cap must be an int"):
        replay(history)
    assert replay(history, cap=4).hand.payoffs == [4, -1, -3]  # the caller's cap stands
    with pytest.raises(TypeError, match="cap must be an int"):
        replay(phh.loads(EXAMPLE), cap="x")
    # The caller's other mistakes are theirs too, not "cannot replay the hand".
    for engine in (razz_fast, reference):
        with pytest.raises(ValueError, match="preset") as caught:
            replay(phh.loads(EXAMPLE), preset="x", engine=engine)
        assert not isinstance(caught.value, HistoryError)
        with pytest.raises(ValueError, match="cap must be None or 1") as caught:
            replay(phh.loads(EXAMPLE), cap=-1, engine=engine)
        assert not isinstance(caught.value, HistoryError)
    with pytest.raises(TypeError, match=r"engine must be razz_fast or razz_fast\.reference"):
        replay(phh.loads(EXAMPLE), engine=5)


def test_cli_replay_goes_on_past_malformed_hands(tmp_path, capsys):
    """A hand with bring_in = inf, another with _cap = "x": each is reported
    as unreadable and every other hand of every file still replays."""
    from razz_fast.cli import main

    bad_amount = EXAMPLE.replace("bring_in = 1", "bring_in = inf")
    bad_cap = EXAMPLE + '_cap = "x"\n'
    mixed = tmp_path / "mix.phhs"
    text = f"[1]\n{bad_amount}\n[2]\n{EXAMPLE}\n[3]\n{bad_cap}"
    mixed.write_text(text)
    cap_line = text.splitlines().index('_cap = "x"') + 1
    good = tmp_path / "ok.phh"
    good.write_text(EXAMPLE)
    # the rest are checked, and the unreadable hand fails the run
    assert main(["replay", "--no-equity", os.fspath(mixed), os.fspath(good)]) == 1
    out = capsys.readouterr().out
    assert "hand 1, line 5: bring_in: Infinity is not a finite number" in out
    assert f"hand 3, line {cap_line}: _cap = 'x': cap must be an int, got str" in out
    assert out.count(": ok,") == 2
    assert "2 of 2 razz hands replayed, 0 mismatched" in out
    assert "2 unreadable hands or files" in out


def test_collections_and_files(tmp_path):
    hands = []
    for seed in range(5):
        hand = razz_fast.Hand(razz_fast.Rules(1, 2, 4, 8), [60] * 4, seed=seed)
        while not hand.is_over:
            hand.act(hand.legal_actions()[seed % len(hand.legal_actions())])
        hands.append(hand)
    text = phh.dumps_all(hands)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theirs = list(pokerkit.HandHistory.loads_all(text))
    assert len(theirs) == 5
    path = tmp_path / "hands.phhs"
    path.write_text(text + "\n[6]\n" + EXAMPLE.replace("'FR'", "'F7S'"))
    loaded = phh.read_phh(path)
    assert len(loaded.hands) == 5 and loaded.skipped == 1 and not loaded.errors
    for hand, history in zip(hands, loaded.hands):
        assert replay(history).hand.payoffs == hand.payoffs
    # each hand holds its own lines, numbered as in the file
    third = loaded.hands[2]
    assert third.hand_id == "3" and third.lines[0] == "[3]"
    assert text.splitlines()[third.first_line - 1] == "[3]"
    assert "[4]" not in third.lines
    one = tmp_path / "one.phh"
    one.write_text(EXAMPLE)
    assert phh.is_phh_path(one) and not phh.is_phh_path(tmp_path / "x.txt")
    assert [h.players for h in phh.read_phh(one).hands] == [["Alice", "Bob", "Carol"]]
    with pytest.raises(HistoryError, match="collection"):
        phh.loads(text)
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b"variant = 'FR'\nantes = [\n")
    assert phh.read_phh(bad).errors


def test_dumps_refuses_unfinished_and_other_objects():
    hand = razz_fast.Hand(razz_fast.Rules(1, 2, 4, 8), [100] * 3, seed=1)
    with pytest.raises(ValueError, match="finished"):
        phh.dumps(hand)
    for value in ("not a hand", None, hand.view(0)):
        with pytest.raises(TypeError, match="expected a Hand or a Replay"):
            phh.dumps(value)
    with pytest.raises(TypeError):
        phh.loads(b"variant = 'FR'")


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        # loads refuses a file whose players are not distinct: never written.
        ({"names": ["a", "a", "c"]}, ValueError, "'a' is given twice"),
        ({"names": ["a", "b"]}, ValueError, "names must be 3 names"),
        ({"names": "abc"}, TypeError, "names must be a list of str"),
        ({"hand_id": True}, TypeError, "hand_id must be a str or an int, not bool"),
        ({"hand_id": 1.5}, TypeError, "hand_id must be a str or an int, not float"),
        ({"table": 5}, TypeError, "table must be a str, not int"),
        ({"currency_symbol": 5}, TypeError, "currency_symbol must be a str, not int"),
        ({"scale": "x"}, TypeError, "scale must be an int, not str"),
        ({"scale": 50}, ValueError, "scale must be 1, 10, 100"),
    ],
)
def test_dumps_names_the_bad_argument(arguments, error, message):
    hand = razz_fast.Hand(razz_fast.Rules(1, 2, 4, 8), [100] * 3, seed=1)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    with pytest.raises(error, match=re.escape(message)):
        phh.dumps(hand, **arguments)


def test_cli_replay_and_convert(tmp_path, capsys):
    from razz_fast.cli import main

    source = next(p for p in REAL if p.parent.name == "Stars")
    out = tmp_path / "out.phhs"
    assert main(["convert", os.fspath(source), os.fspath(out)]) == 0
    assert main(["replay", "--no-equity", os.fspath(out)]) == 0
    text_out = tmp_path / "back.txt"
    assert main(["convert", os.fspath(out), os.fspath(text_out)]) == 0
    again = read_histories(text_out)
    assert again.hands and not again.errors
    assert [replay(h).hand.payoffs for h in again.hands] == [
        replay(h).hand.payoffs for h in phh.read_phh(out).hands
    ]
    capsys.readouterr()


@pytest.mark.parametrize(
    "source, target, message",
    [
        ("missing.txt", "out.phhs", "missing.txt: cannot read: No such file or directory"),
        (".", "out.phhs", ".: cannot read: Is a directory"),
        ("ok.phhs", ".", ".: cannot write: Is a directory"),
        ("ok.phhs", "no/out.phhs", "no/out.phhs: cannot write: No such file or directory"),
    ],
)
def test_cli_convert_files_it_cannot_read_or_write(tmp_path, monkeypatch, capsys, source, target,
                                                   message):  # fmt: skip
    """As replay: a message and status 2, not a traceback; nothing written."""
    from razz_fast.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.phhs").write_text(f"[1]\n{EXAMPLE}")
    assert main(["convert", source, target]) == 2
    assert capsys.readouterr().err == f"razz-fast: {message}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ok.phhs"]


def test_cli_convert_leaves_out_a_hand_pokerstars_text_cannot_hold(tmp_path, capsys):
    from razz_fast.cli import main

    two_lines = EXAMPLE + 'table = "a\\nb"\n'  # a TOML escape: a line break
    source = tmp_path / "in.phhs"
    source.write_text(f"[1]\n{two_lines}\n[2]\n{EXAMPLE}")
    target = tmp_path / "out.txt"
    target.write_text("the user's own file\n")
    # a failed run writes nothing: OUT stays as it was
    assert main(["convert", os.fspath(source), os.fspath(target)]) == 1
    captured = capsys.readouterr()
    assert "hand 1: cannot be written as PokerStars text: table must be one line" in captured.err
    assert "1 left out: nothing written" in captured.err and "--partial" in captured.err
    assert target.read_text() == "the user's own file\n"
    # --partial writes the hands that convert, and the status still says one failed
    assert main(["convert", "--partial", os.fspath(source), os.fspath(target)]) == 1
    captured = capsys.readouterr()
    assert "1 hands written, 1 left out" in captured.out
    assert [h.players for h in read_histories(target).hands] == [["Alice", "Bob", "Carol"]]


def test_recorded_hands_export_to_phh(impl):
    """simulate's recorded hands (record=N) written as PHH: pokerkit reads
    them, and they replay through our reader to their payoffs."""
    result = impl.simulate(
        40,
        players=5,
        strategies=["tight", "check_call", "random", "tight", "random"],
        seed=9,
        record=40,
    )
    assert len(result.records) == 40
    text = phh.dumps_all(result.records)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(list(pokerkit.HandHistory.loads_all(text))) == 40
    loaded = phh.loads_all(text)
    assert not loaded.errors
    for hand, history in zip(result.records, loaded.hands):
        assert replay(history, engine=impl).hand.payoffs == hand.payoffs
        if not hand.community_cards and not short_wager(hand):
            assert pokerkit_replays(phh.dumps(hand)) == pokerkit_final_stacks(impl, hand)
