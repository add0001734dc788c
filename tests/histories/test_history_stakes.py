"""Limits read off a hand's wagers (razz_fast/histories/stakes.py) for
Merge tournament files whose header gives no stakes: the real HORSE
tournament file's razz hands load with the limits their bets show and
replay (tests/histories/test_histories.py replays every hand), a tournament's stacks
carry from hand to hand once the ante is added back, every real hand that
does state its stakes gives the same limits when read off its wagers, and
a hand that shows too little or does not fit one limit is refused naming
the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from razz_fast.histories import HistoryError, parse_histories, read_histories, replay
from razz_fast.histories.stakes import infer_limits

DATA = Path(__file__).parents[1] / "data" / "hand-histories"
TOURNAMENT = DATA / "Merge" / "HORSE-Tournament-Freeroll.201107.xml"
CASH = DATA / "Merge" / "Razz-USD-0.50-1.00-201111.allIn.txt"
#: Hands whose log does not fit one limit (tests/histories/test_histories.py says why).
MISLOGGED = {("KingsClub", "3537921")}


def test_the_tournament_file_without_stakes_loads_with_the_limits_its_bets_show():
    text = TOURNAMENT.read_text()
    assert '<description type="HORSE Tournament" stakes="Limit"/>' in text
    loaded = read_histories(TOURNAMENT)
    assert loaded.errors == []
    assert [h.hand_id for h in loaded.hands] == [f"36487050-{n}" for n in (12, 13, 14, 15)]
    for hand in loaded.hands:
        # Antes 5, bring-in 15, completions and fourth-street bets 50,
        # fifth- to seventh-street bets 100.
        assert (hand.small_bet, hand.big_bet, hand.bring_in) == (50, 100, 15)
        assert (hand.tournament, hand.currency, hand.scale) == (True, None, 1)


def test_a_tournament_stack_is_the_balance_plus_the_ante_and_carries_to_the_next_hand():
    hands = read_histories(TOURNAMENT).hands
    # Player5's balance is 0.00 in the last hand, where an ante of 5 puts him all in.
    last = {seat.name: seat.stack for seat in hands[-1].seats}
    assert last["Player5"] == 5
    assert [p.all_in for p in hands[-1].plays if p.player == "Player5"] == [False]
    for before, after in zip(hands, hands[1:]):
        replayed = replay(before)
        ended = dict(zip(replayed.names, replayed.hand.stacks))
        assert ended == {seat.name: seat.stack for seat in after.seats}, after.hand_id


def _stated_hands():
    """Every real hand whose header states its stakes."""
    for path in sorted(DATA.rglob("*")):
        if path.suffix not in (".txt", ".xml") or path == TOURNAMENT:
            continue
        for history in read_histories(path).hands:
            yield pytest.param(history, id=f"{history.site}-{history.hand_id}")


@pytest.mark.parametrize("history", list(_stated_hands()))
def test_limits_read_off_the_wagers_equal_the_stated_stakes(history):
    try:
        inferred = infer_limits(history)
    except HistoryError as error:
        assert error.hand_id == history.hand_id
        if (history.site, history.hand_id) in MISLOGGED:
            assert "do not fit one limit" in str(error)
        else:  # nobody completed, bet or raised: nothing to read
            assert "nobody completed, bet or raised" in str(error)
            wagers = [p for p in history.plays if p.kind in ("complete", "bet", "raise")]
            assert all(p.all_in for p in wagers)
        return
    assert inferred == (history.small_bet, history.big_bet)


def test_most_real_hands_show_their_limits():
    """Guard against the property above passing on refusals alone."""
    shown = 0
    for param in _stated_hands():
        try:
            infer_limits(param.values[0])
            shown += 1
        except HistoryError:
            pass
    assert shown >= 40  # 42 of the 48 stated hands when written


def test_a_merge_header_stripped_of_its_stakes_gives_the_same_limits():
    stated = read_histories(CASH).hands[0]
    text = CASH.read_text().replace(
        'type="Razz" stakes="Limit $0.50/$1"', 'type="Razz Tournament" stakes="Limit"'
    )
    stripped = parse_histories(text).hands[0]
    assert (stripped.scale, stated.scale) == (100, 100)
    assert (stripped.small_bet, stripped.big_bet) == (stated.small_bet, stated.big_bet) == (50, 100)


def test_a_tournament_header_with_stakes_gives_the_limits_the_bets_show():
    text = TOURNAMENT.read_text().replace('stakes="Limit"', 'stakes="Limit 50/100"')
    stated = parse_histories(text).hands
    inferred = read_histories(TOURNAMENT).hands
    assert [(h.small_bet, h.big_bet) for h in stated] == [(50, 100)] * 4
    assert [h.seats for h in stated] == [h.seats for h in inferred]


def _game(third_street: str, fourth_street: str = "", winner: tuple = (0, 25)) -> str:
    """A two-player Merge tournament razz game with no stakes in the header."""
    return f"""<description type="Razz Tournament" stakes="Limit"/>
<game id="1-1" numholecards="7" gametype="77" realmoney="true" data="20110622|T|1-1|1-1|true">
\t<players dealer="1">
\t\t<player seat="0" nickname="Ann" balance="$995.00" dealtin="true" />
\t\t<player seat="1" nickname="Bob" balance="$995.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" timestamp="1" player="0" amount="5.00"/>
\t\t<event sequence="2" type="ANTE" timestamp="1" player="1" amount="5.00"/>
\t</round>
\t<round id="BRING_IN" sequence="2">
\t\t<event sequence="3" type="BRING_IN" timestamp="1" player="0" amount="15.00"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc" player="0"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c" player="1"/>
\t</round>
\t<round id="THIRD_STREET" sequence="3">
{third_street}
\t</round>
{fourth_street}
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<winner amount="{winner[1]}.00" uncalled="false" player="{winner[0]}" pottype="n"/>
\t</round>
</game>
"""


def test_a_hand_that_shows_no_wager_is_refused_naming_the_hand():
    folded = '\t\t<event sequence="4" type="FOLD" timestamp="1" player="1"/>'
    loaded = parse_histories(_game(folded))
    assert loaded.hands == []
    [error] = loaded.errors
    assert error.hand_id == "1-1" and error.line == 2
    assert "gives no stakes and nobody completed, bet or raised" in str(error)


def test_wagers_of_two_sizes_on_the_same_streets_are_refused():
    third = (
        '\t\t<event sequence="4" type="COMPLETE" timestamp="1" player="1" amount="50.00"/>\n'
        '\t\t<event sequence="5" type="CALL" timestamp="1" player="0" amount="35.00"/>'
    )
    fourth = (
        '\t<round id="FOURTH_STREET" sequence="4">\n'
        '\t\t<event sequence="6" type="BET" timestamp="1" player="1" amount="60.00"/>\n'
        '\t\t<event sequence="7" type="FOLD" timestamp="1" player="0"/>\n'
        '\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc,Qd" player="0"/>\n'
        '\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,3d" player="1"/>\n'
        "\t</round>"
    )
    loaded = parse_histories(_game(third, fourth, winner=(1, 170)))
    [error] = loaded.errors
    assert error.hand_id == "1-1" and error.line == 21
    assert "do not fit one limit: a small bet of 50 (line 17), then of 60" in str(error)
    # The same hand with a bet of one small bet loads, at 50/100, and replays.
    loaded = parse_histories(_game(third, fourth.replace("60.00", "50.00"), winner=(1, 160)))
    [hand] = loaded.hands
    assert (hand.small_bet, hand.big_bet) == (50, 100)
    assert replay(hand).hand.payoffs == [-55, 55]


@pytest.mark.parametrize(
    ("bet", "message"),
    [
        ("20.00", "a small bet of 10, not above the bring-in of 15"),
        ("25.00", "a big bet of 25 has no whole half for a small bet"),
    ],
)
def test_a_big_bet_alone_must_give_a_small_bet_above_the_bring_in(bet, message):
    call = '\t\t<event sequence="4" type="CALL" timestamp="1" player="1" amount="15.00"/>'
    later = (
        '\t<round id="FOURTH_STREET" sequence="4">\n'
        '\t\t<event sequence="5" type="CHECK" timestamp="1" player="1"/>\n'
        '\t\t<event sequence="6" type="CHECK" timestamp="1" player="0"/>\n'
        "\t</round>\n"
        '\t<round id="FIFTH_STREET" sequence="5">\n'
        f'\t\t<event sequence="7" type="BET" timestamp="1" player="1" amount="{bet}"/>\n'
        '\t\t<event sequence="8" type="FOLD" timestamp="1" player="0"/>\n'
        "\t</round>"
    )
    [error] = parse_histories(_game(call, later, winner=(1, 60))).errors
    assert error.hand_id == "1-1" and message in str(error)
