"""Replaying a parsed history through the hand engine, checking every amount.

The engine is given the site's stakes and stacks and a deck that deals each
player the cards the site showed (cards nobody saw are filled from the
unseen ones, which cannot change any logged amount); then every logged
action is played and the engine's amounts are compared with the site's:
antes, each bring-in, completion, bet, raise and call, uncalled returns,
the rake and what each player collected, and the site's low descriptions.
The first difference is raised as a ``HistoryError`` naming the hand and
the line.

Site conventions the comparison knows about (see [hand histories](HISTORIES.md)):

- Rake is taken from what the winners collect. When several players collect
  and a rake was taken, the rake must account for the whole difference
  between what they won and what they collected; a site that logs no rake
  (Merge) is taken to have raked exactly that difference.
- An ante larger than every other player's contribution is returned by some
  sites as an "uncalled bet"; the engine awards it back as a pot only that
  player contributed to. Both count as a return.
- Winamax logs no uncalled bet and counts it in the winner's collected sum.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import razz_fast
import razz_fast.reference
from razz_fast.errors import RazzError
from razz_fast.events import Action
from razz_fast.histories import sites
from razz_fast.histories.engine import EngineRules, PlayedHand, seat_of
from razz_fast.histories.model import SLOTS, HandHistory, HistoryError, Play

__all__ = ["Replay", "replay", "deck_for", "site_description"]

_AGGRESSIVE = (Action.COMPLETE, Action.BET, Action.RAISE)
#: A site that logs no rake (Merge) is taken to have raked what the winners
#: were short, but never more than this share of the pot: more is a missing
#: or wrong collect line, not a rake.
MAX_INFERRED_RAKE_PERCENT = 10
#: Sites whose summary lists every player who collected.
SUMMARY_COLLECTS = ("PokerStars", "Full Tilt")
_ACTION = {
    "bring_in": (Action.BRING_IN,),
    "call": (Action.CALL,),
    "check": (Action.CHECK,),
    "fold": (Action.FOLD,),
    "complete": _AGGRESSIVE,
    "bet": _AGGRESSIVE,
    "raise": _AGGRESSIVE,
    "all_in": (Action.BRING_IN, Action.CALL) + _AGGRESSIVE,
}


@dataclass
class Replay:
    """A history played through the engine: the finished ``hand``, the
    player name of each engine seat, the rules and deck used, and the rake
    and amounts collected per seat as the site logged them."""

    history: HandHistory
    """The history replayed."""
    hand: PlayedHand
    """The finished engine hand."""
    names: list[str]
    """The player name of each engine seat."""
    rules: EngineRules
    """The engine rules the hand was played by."""
    deck: list[int]
    """The deck the engine dealt from (the history's known cards, the rest filled in)."""
    rake: int
    """The rake the site took, in the hand's units."""
    collected: list[int]
    """What each seat collected, as the site logged it."""
    rake_paid: list[int]
    """The rake each seat paid: what the engine awarded it less what it collected."""
    preset: str = "pokerstars"
    """The preset the hand replayed under (``Rules.PRESETS``)."""
    note: str = ""
    """Why the preset is not the site's own, when it is not; else empty."""

    @property
    def net(self) -> list[int]:
        """Each seat's result after rake, as the site paid it."""
        return [pay - rake for pay, rake in zip(self.hand.payoffs, self.rake_paid)]


def _stakes(history: HandHistory) -> tuple[int, int]:
    """The ante and bring-in: a site's header may give the ante; otherwise
    the largest full ante posted. The bring-in is the one posted in full; a
    short all-in bring-in plays the same as a full one of its size; a
    bring-in never posted (the player completed, or nobody could bet)
    changes no amount, so the smallest unit stands in for it, which lets a
    short stack complete as it did at the table."""
    antes = [p.amount for p in history.plays if p.kind == "ante"]
    full = [p.amount for p in history.plays if p.kind == "ante" and not p.all_in]
    ante = history.ante or (max(full) if full else max(antes, default=0))
    if history.bring_in is not None:
        return ante, history.bring_in
    posted = [p.amount for p in history.plays if p.kind == "bring_in"]
    return ante, max(posted, default=1)


_BURN, _BOARD = (-2, 0), (-1, 6)


def deck_for(history: HandHistory, names: list[str], burn_cards: bool = False) -> list[int]:
    """A deck that deals every player the cards the site showed.

    The engine deals third street round by round in seat order, then one
    card a street to each seat still in, in seat order, after a burn if
    ``burn_cards`` ([the hand engine](ENGINE.md#3-cards-and-dealing)); who is
    still in follows from the logged folds. A community card is the next card, or, when the burns
    emptied the deck, the first burn (an explicit deck's burns come back in
    burn order). Unknown cards are filled in from the cards nobody saw,
    lowest index first."""
    n = len(names)
    folded_on: dict[str, int] = {}
    for play in history.plays:
        if play.kind == "fold":
            folded_on.setdefault(play.player, play.street)
    order = [(seat, slot) for slot in (0, 1, 2) for seat in range(n)]
    for street in (4, 5, 6):
        if burn_cards:
            order.append(_BURN)
        staying = [seat for seat in range(n) if folded_on.get(names[seat], 8) >= street]
        order += [(seat, street - 1) for seat in staying]
    staying = [seat for seat in range(n) if folded_on.get(names[seat], 8) >= 7]
    # Seventh street (with burns and the short deck): the deck positions it deals from,
    # which after a reshuffle of an explicit deck are the stub, then the
    # burns in burn order.
    stub = list(range(len(order), 52))
    needed = len(staying) + 2 if burn_cards else len(staying)
    if burn_cards and len(stub) < needed:
        stub += [i for i, tag in enumerate(order) if tag == _BURN]
    slots: list[tuple[int, int] | None] = [*order, *[None] * (52 - len(order))]
    tags = [_BURN] if burn_cards else []
    tags += [(seat, 6) for seat in staying] if len(stub) >= needed else [_BOARD]
    for position, tag in zip(stub, tags):
        slots[position] = tag
    order = [tag if tag is not None else _BURN for tag in slots]
    wanted: list[int | None] = []
    seen: dict[int, tuple[str, int]] = {}

    def note(text: str, owner: str, slot: int) -> int:
        card = razz_fast.parse_cards(text)[0]
        if seen.setdefault(card, (owner, slot)) != (owner, slot):
            line = history.card_lines.get(owner, [None] * SLOTS)[slot]
            raise history.error(f"{text} is dealt to {seen[card][0]} and {owner}", line)
        return card

    for seat, slot in order:
        if (seat, slot) == _BURN:
            wanted.append(None)
            continue
        if seat < 0:
            text = history.community
            wanted.append(note(text, "the board", 6) if text else None)
            continue
        text = history.cards[names[seat]][slot]
        wanted.append(note(text, names[seat], slot) if text else None)
    community = seen.get(razz_fast.parse_cards(history.community)[0]) if history.community else None
    dealt = set(order)
    for seat, name in enumerate(names):
        for slot, text in enumerate(history.cards[name]):
            if text is not None and not (slot == 6 and community and text == history.community):
                note(text, name, slot)
                # A card the deal never gives (after the player's fold, or
                # a seventh card where the deck ran short) has no place in
                # the deck.
                if (seat, slot) not in dealt:
                    line = history.card_lines.get(name, [None] * SLOTS)[slot]
                    street = slot + 1 if slot >= 2 else 3
                    why = (
                        f"after folding on street {folded_on[name]}"
                        if folded_on.get(name, 8) < street
                        else "where the deck ran short and the board card is dealt"
                    )
                    raise history.error(f"{text} is dealt to {name} on street {street} {why}", line)
    unseen = iter(sorted(set(range(52)) - set(seen)))
    deck = [card if card is not None else next(unseen) for card in wanted]
    return deck + list(unseen)


def site_description(site: str, cards: tuple[str, ...]) -> str:
    """The site's words for the best low of ``cards``."""
    parsed = razz_fast.parse_cards(" ".join(cards))
    best = razz_fast.best_five(parsed) if len(parsed) >= 5 else parsed
    # Highest rank first, ace low (card index 4 × rank + suit, ace = 0).
    ordered = sorted(best, key=lambda card: -card)
    describe = sites.module(site).describe
    if describe is None:  # callers ask only sites that describe hands
        raise ValueError(f"internal error: {site} has no words for a hand")
    return describe(razz_fast.format_cards(ordered).split())


def replay(
    history: HandHistory,
    *,
    preset: str | None = None,
    engine: ModuleType | None = None,
    **settings: Any,
) -> Replay:
    """Play ``history`` through the engine and check every logged amount;
    the first difference raises ``HistoryError`` with the hand and line.
    ``engine`` is the module whose ``Rules`` and ``Hand`` play the hand:
    ``razz_fast`` (the default) or ``razz_fast.reference``.

    The rules are ``Rules.preset(preset, ...)`` at the hand's stakes with
    ``settings`` (``cap``, ``odd_chip``, ... as ``Rules`` takes them)
    changed (stakes given there override the history's). With no
    ``preset``, the site's own (its module's ``PRESET``); if that cannot
    explain the logged action and exactly one other preset can, the hand
    replays under that one and ``Replay.note`` says so. A bad ``preset``,
    setting or ``engine`` is the caller's ValueError or TypeError."""
    if not isinstance(history, HandHistory):
        raise TypeError(f"history must be a HandHistory, not {type(history).__name__}")
    engine = razz_fast if engine is None else engine
    _check_arguments(preset, engine, settings)
    try:
        return _replay_preset(history, preset, settings, engine)
    except (HistoryError, TypeError):  # (a TypeError: the caller's settings)
        raise
    except Exception as error:  # a replay bug: still this hand's error, not the file's
        raise history.error(
            f"cannot replay the hand ({type(error).__name__}: {error})", history.first_line
        ) from error


_STAKE_NAMES = ("ante", "bring_in", "small_bet", "big_bet")


def _check_arguments(preset: str | None, engine: Any, settings: dict[str, Any]) -> None:
    """The caller's own mistakes raise here, as TypeError or ValueError:
    inside the replay they would read as the hand's error. (Stakes given
    are checked with the hand's, which they must fit.)"""
    if engine is not razz_fast and engine is not razz_fast.reference:
        raise TypeError(
            "engine must be razz_fast or razz_fast.reference, not"
            f" {getattr(engine, '__name__', type(engine).__name__)}"
        )
    rules = engine.Rules.preset(engine.Rules.PRESETS[0] if preset is None else preset)
    rules.replace(**_without_stakes(settings))


def _without_stakes(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k not in _STAKE_NAMES}


def _replay_preset(
    history: HandHistory, preset: str | None, settings: dict[str, Any], engine: ModuleType
) -> Replay:
    """The replay under ``preset``, or with none under the site's own or the
    one other preset that explains the hand."""
    if preset is not None:
        return _replay(history, preset, settings, engine)
    # A PHH file states its rules (``_preset`` and settings): those, not a site's.
    own = history.settings.get("preset") or sites.module(history.site).PRESET
    try:
        return _replay(history, own, settings, engine)
    except HistoryError as error:
        explained = []
        for other in engine.Rules.PRESETS:
            if other != own:
                with contextlib.suppress(HistoryError):
                    explained.append(_replay(history, other, settings, engine))
        if len(explained) != 1:
            raise error from None
        result = explained[0]
        result.note = (
            f"replayed under the {result.preset!r} preset: the {own!r} preset of"
            f" {history.site} cannot explain it ({error.message})"
        )
        return result


def _replay(
    history: HandHistory, preset: str, settings: dict[str, Any], engine: ModuleType
) -> Replay:
    stated = {k: v for k, v in history.settings.items() if k != "preset"}
    seats = sorted(history.seats, key=lambda seat: seat.number)
    names = [seat.name for seat in seats]
    index = {name: seat for seat, name in enumerate(names)}
    ante, bring_in = _stakes(history)
    # (The engine module is chosen at run time: its Rules and Hand are typed here.)
    rules: EngineRules = engine.Rules.preset(preset)
    try:  # bad settings a history states are its error
        rules = rules.replace(
            **{k: v for k, v in _without_stakes(stated).items() if k not in settings}
        )
    except (TypeError, ValueError) as error:
        raise history.error(f"the history's rules: {error}", history.first_line) from None
    rules = rules.replace(**_without_stakes(settings))  # (checked by _check_arguments)
    settings = {**stated, **settings}  # the caller's settings override the file's
    try:
        # The history's stakes, unless given (a text may not carry the
        # bring-in when it was posted short).
        stakes = dict(ante=ante, bring_in=bring_in, small_bet=history.small_bet)
        stakes = {**stakes, "big_bet": history.big_bet, **settings}
        rules = rules.replace(**stakes)
        deck = deck_for(history, names, rules.burn_cards)
        hand: PlayedHand = engine.Hand(rules, [seat.stack for seat in seats], deck=deck)
    except HistoryError:  # the deal's own error names its line
        raise
    except (RazzError, ValueError) as error:  # stakes or stacks the engine refuses
        raise history.error(f"cannot set up the hand: {error}", history.first_line) from None

    _check_antes(history, hand, names)
    for play in history.plays:
        if play.kind != "ante":
            _apply(history, hand, index, names, play)
    if hand.actor is not None:
        last = history.plays[-1].line if history.plays else history.first_line
        raise history.error(f"the history ends while {names[hand.actor]} is to act", last)
    _check_cards(history, hand, names)
    result = Replay(
        history, hand, names, rules, deck, 0, [0] * len(names), [0] * len(names), preset
    )
    _check_payouts(history, result, index)
    _check_descriptions(history)
    return result


def _check_antes(history: HandHistory, hand: PlayedHand, names: list[str]) -> None:
    engine = {names[seat_of(e)]: e.amount for e in hand.history if e.kind == "ante"}
    for play in history.plays:
        if play.kind == "ante":
            if engine.get(play.player) != play.amount:
                raise history.error(
                    f"the engine posts an ante of {engine.get(play.player, 0)} for {play.player}",
                    play.line,
                )
            del engine[play.player]
            all_in = hand.all_in[names.index(play.player)]
            if history.marks_all_in and play.all_in != all_in:
                raise history.error(_all_in_words(play.all_in, all_in), play.line)
    for name, amount in engine.items():
        if amount:
            raise history.error(f"{name} posts no ante in the history", history.first_line)


def _apply(
    history: HandHistory, hand: PlayedHand, index: dict[str, int], names: list[str], play: Play
) -> None:
    seat = index[play.player]
    if hand.actor is None:
        raise history.error("nobody can act in the engine here", play.line)
    if hand.actor != seat:
        raise history.error(f"the engine has {names[hand.actor]} to act", play.line)
    legal = hand.legal_actions()
    choices = [action for action in _ACTION[play.kind] if action in legal]
    if play.kind == "all_in" and play.amount > hand.to_call:
        # A site that says only "all in": more than a call is a wager.
        choices = [action for action in choices if action in _AGGRESSIVE]
    if play.kind == "call" and not choices and play.amount == 0 and Action.CHECK in legal:
        choices = [Action.CHECK]  # a site calling nothing "calls 0"
    if not choices:
        wanted = " or ".join(a.name for a in _ACTION[play.kind])
        allowed = ", ".join(a.name for a in legal)
        raise history.error(f"{wanted} is not legal here (legal: {allowed})", play.line)
    done, behind = len(hand.history), hand.stacks[seat]
    hand.act(choices[0])
    # The action's own event comes first; returns and awards may follow.
    moved = hand.history[done].amount
    if moved != play.amount:
        raise history.error(
            f"the engine's {choices[0].name.lower()} moves {history.text_of(moved)},"
            f" the history {history.text_of(play.amount)}",
            play.line,
        )
    # All-in as the action left the player: a part returned at once (a call
    # of a full bring-in over a short one) does not undo it.
    all_in = moved == behind
    if play.all_in and not all_in or (history.marks_all_in and not play.all_in and all_in):
        raise history.error(_all_in_words(play.all_in, all_in), play.line)


def _all_in_words(site: bool, engine: bool) -> str:
    if site:
        return "the history says all-in but chips are left"
    return "the player is all-in but the history does not say so"


def _check_cards(history: HandHistory, hand: PlayedHand, names: list[str]) -> None:
    for seat, name in enumerate(names):
        down, up = hand.down_cards(seat), hand.up_cards(seat)
        engine = down[:2] + up + down[2:] + list(hand.community_cards)
        for slot in range(SLOTS):
            text = history.cards[name][slot]
            if text is None:
                continue
            line = history.card_lines.get(name, [None] * SLOTS)[slot]
            if slot >= len(engine):
                raise history.error(
                    f"the site shows {name}'s card {slot + 1}; the engine dealt none", line
                )
            if razz_fast.format_cards([engine[slot]]) != text:
                raise history.error(f"{name}'s card {slot + 1} differs from the deal", line)


def uncontested_excess(hand: PlayedHand) -> tuple[int, int]:
    """(seat, chips) of a last pot only one player put chips in (an ante or
    all-in excess nobody could match), else (-1, 0). Sites log it as an
    uncalled bet returned; the engine awards it as a pot."""
    contributed = [0] * len(hand.stacks)
    for event in hand.history:
        if event.kind in ("ante", "bring_in", "complete", "bet", "raise", "call"):
            contributed[seat_of(event)] += event.amount
        elif event.kind == "return":
            contributed[seat_of(event)] -= event.amount
    pots = hand.pots
    if not pots or len(pots[-1].eligible) != 1 or not hand.is_over:
        return -1, 0
    seat = pots[-1].eligible[0]
    others = max(c for s, c in enumerate(contributed) if s != seat)
    if contributed[seat] - others == pots[-1].amount:
        return seat, pots[-1].amount
    return -1, 0


def _check_payouts(history: HandHistory, result: Replay, index: dict[str, int]) -> None:
    """What the engine returned and awarded against what the site logged:
    returns, collections and the rake, the total pot, then the summary's
    own account (nets, final stacks, collections, fold streets)."""
    returned, award = _engine_payouts(history, result)
    site_returned, collected = _site_payouts(history, index, len(result.names))
    if not history.logs_payouts:
        collected = list(award)  # nothing to compare: the finishing stacks are checked
        if history.rake:
            collected = _raked(history, collected)
    _check_returns(history, result.names, returned, site_returned)
    rake, shortfall = _check_collected(history, result.names, award, collected)
    result.rake, result.collected, result.rake_paid = rake, collected, shortfall
    _check_nets(history, result, index)
    _check_summary(history, result, index)


def _raked(history: HandHistory, award: list[int]) -> list[int]:
    """What the winners collected of ``award`` after a rake when the
    history says only the rake (a PHH file with ``_rake`` but no
    ``winnings``): all of it from the one winner; with several, whose
    winnings paid it is not known, which is the hand's error."""
    winners = [seat for seat, chips in enumerate(award) if chips]
    if len(winners) != 1:
        raise history.error(
            "the rake is given but not who paid it (several players won and the"
            " file gives no winnings)",
            history.first_line,
        )
    collected = list(award)
    collected[winners[0]] -= history.rake or 0
    return collected


def _engine_payouts(history: HandHistory, result: Replay) -> tuple[list[int], list[int]]:
    """Per seat, the chips the engine returned and awarded, counted as the
    site counts them: an uncontested last pot is a return, and a site whose
    collect lines include returns gets them added to the awards."""
    hand, n = result.hand, len(result.names)
    returned, award = [0] * n, [0] * n
    for event in hand.history:
        if event.seat is None:
            continue
        if event.kind == "return":
            returned[event.seat] += event.amount
        elif event.kind == "award":
            award[event.seat] += event.amount
    seat, chips = uncontested_excess(hand)
    if chips:
        award[seat] -= chips
        returned[seat] += chips
    if history.collect_includes_return:
        award = [a + r for a, r in zip(award, returned)]
        returned = [0] * n
    return returned, award


def _site_payouts(
    history: HandHistory, index: dict[str, int], n: int
) -> tuple[list[int], list[int]]:
    """Per seat, the chips the site logged as returned and as collected."""
    site_returned, collected = [0] * n, [0] * n
    for payout in history.payouts:
        target = site_returned if payout.kind == "return" else collected
        target[index[payout.player]] += payout.amount
    return site_returned, collected


def _end_line(history: HandHistory) -> int:
    return history.first_line + len(history.lines) - 1


def _check_returns(
    history: HandHistory, names: list[str], returned: list[int], site_returned: list[int]
) -> None:
    if not history.logs_returns:
        return
    for s, name in enumerate(names):
        if site_returned[s] != returned[s]:
            line = next((p.line for p in history.payouts if p.kind == "return"), _end_line(history))
            raise history.error(
                f"the engine returns {history.text_of(returned[s])} to {name},"
                f" the history {history.text_of(site_returned[s])}",
                line,
            )


def _check_collected(
    history: HandHistory, names: list[str], award: list[int], collected: list[int]
) -> tuple[int, list[int]]:
    """The rake (the site's, or inferred) and each seat's part of it: what
    the engine awarded less what the seat collected, which only a rake may
    explain; and the total pot."""
    end, text = _end_line(history), history.text_of
    if (
        history.logs_payouts
        and sum(award) > 0
        and not any(p.kind == "collect" for p in history.payouts)
    ):
        raise history.error("nobody collects the pot: the hand is incomplete", end)
    shortfall = [a - c for a, c in zip(award, collected)]
    rake = history.rake if history.rake is not None else sum(shortfall)
    if history.rake is None and rake * 100 > MAX_INFERRED_RAKE_PERCENT * sum(award):
        raise history.error(
            f"winners collected {text(sum(collected))} of {text(sum(award))}:"
            f" more than {MAX_INFERRED_RAKE_PERCENT}% short",
            next((p.line for p in history.payouts if p.kind == "collect"), end),
        )
    line_of = {p.player: p.line for p in history.payouts if p.kind == "collect"}
    for s, name in enumerate(names):
        if shortfall[s] < 0 or (shortfall[s] and not rake):
            raise history.error(
                f"the engine awards {text(award[s])} to {name}, the history {text(collected[s])}",
                line_of.get(name, end),
            )
    if sum(shortfall) != rake:
        short = [s for s, part in enumerate(shortfall) if part]
        line = line_of.get(names[short[0]], end) if short else end
        raise history.error(
            f"winners won {text(sum(award))} and collected {text(sum(collected))},"
            f" which a rake of {text(rake)} does not explain",
            line,
        )
    if history.total_pot is not None:
        pot = sum(award) - (rake if history.total_pot_after_rake else 0)
        if pot != history.total_pot:
            raise history.error(
                f"the engine's pot is {text(pot)}, the history's {text(history.total_pot)}", end
            )
    return rake, shortfall


def _check_nets(history: HandHistory, result: Replay, index: dict[str, int]) -> None:
    """The site's net results and final stacks (KingsClub prints them)."""
    net, end = result.net, _end_line(history)
    for name, value in history.net.items():
        if net[index[name]] != value:
            raise history.error(
                f"{name} nets {history.text_of(net[index[name]])} in the engine,"
                f" {history.text_of(value)} in the history",
                end,
            )
    starts = {seat.name: seat.stack for seat in history.seats}
    # (PHH's finishing stacks are before the rake, as pokerkit plays a hand.)
    ends = result.hand.payoffs if history.final_stacks_before_rake else net
    for name, value in history.final_stacks.items():
        if starts[name] + ends[index[name]] != value:
            raise history.error(f"{name} ends with a different stack", history.summary_line or end)


def _check_summary(history: HandHistory, result: Replay, index: dict[str, int]) -> None:
    """The summary's seat lines: what each player collected, and the
    street each folded on, as the hand has them."""
    summary = history.summary_line or _end_line(history)
    collected = result.collected
    for name, value in history.summary_collected.items():
        if value != collected[index[name]]:
            raise history.error(
                f"the summary has {name} collect {history.text_of(value)}, the hand"
                f" {history.text_of(collected[index[name]])}",
                history.summary_lines.get(name, summary),
            )
    if history.summary_line and history.site in SUMMARY_COLLECTS:
        for name in result.names:
            if collected[index[name]] and name not in history.summary_collected:
                raise history.error(f"the summary does not have {name} collect", summary)
    folds: dict[str, int] = {}
    for play in history.plays:
        if play.kind == "fold":
            folds.setdefault(play.player, play.street)
    for name, street in history.summary_folds.items():
        if folds.get(name) != street:
            raise history.error(
                f"the summary has {name} fold on street {street}",
                history.summary_lines.get(name, summary),
            )


def _check_descriptions(history: HandHistory) -> None:
    checks = [(show.cards, show.description, show.line) for show in history.shows]
    checks += history.descriptions
    if not any(text for _, text, _ in checks) or sites.module(history.site).describe is None:
        return
    for cards, text, line in checks:
        if text is None or len(cards) < 1:
            continue
        ours = site_description(history.site, cards)
        if ours != text:
            raise history.error(f"the site describes the hand as {text!r}, we as {ours!r}", line)
