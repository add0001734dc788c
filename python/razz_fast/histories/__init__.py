"""Real razz hand histories: read them, replay them through the engine, write
simulated hands back out.

``read_histories(path)`` reads a PokerStars, Full Tilt, Winamax, KingsClub
or Merge file (UTF-8, UTF-8 with a byte-order mark, or UTF-16) into
``HandHistory`` objects, skipping other games in mixed-game files;
``replay(history)`` plays a hand through the engine and checks every logged
amount; ``to_pokerstars`` writes a ``Replay`` (what the site showed, and
nothing it did not) or a ``Hand`` as PokerStars text that
``parse_histories`` reads back, and ``phh`` reads and writes PHH.
[Hand histories](HISTORIES.md) has the details and each site's conventions.
"""

from razz_fast.histories.model import HandHistory, HistoryError, Payout, Play, Seat, Show
from razz_fast.histories.reader import HistoryFile, decode, parse_histories, read_histories
from razz_fast.histories.replay import Replay, replay

__all__ = [
    "HandHistory",
    "HistoryError",
    "HistoryFile",
    "Payout",
    "Play",
    "Replay",
    "Seat",
    "Show",
    "decode",
    "parse_histories",
    "read_histories",
    "replay",
]
