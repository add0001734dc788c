"""Reading history files: bytes to text, text to hands, hands to sites.

A file may mix sites' games (a mixed-game session holds stud, hold'em and
razz); only razz hands are parsed, the rest are counted and skipped. A hand
that cannot be read becomes an error naming it and its line, and the file's
other hands still load.
"""

from __future__ import annotations

import codecs
import os
from functools import partial

from razz_fast.histories import sites
from razz_fast.histories.model import (
    HistoryError,
    HistoryFile,
    undecoded_line,
    unexpected,
)
from razz_fast.histories.sites import merge_network
from razz_fast.histories.sites._text import HandCancelled, read_in_units

__all__ = ["HistoryFile", "read_histories", "parse_histories", "decode"]


def decode(
    data: bytes, source: str | None = None, encoding: str | None = None, *, lenient: bool = False
) -> str:
    """Sites write UTF-8 (with or without a byte-order mark) or UTF-16 (Full
    Tilt, with a mark). Anything else is refused with the offending offset:
    guessing a code page would silently garble player names. ``lenient``
    keeps bytes that are not UTF-8 as lone surrogates (``surrogateescape``)
    so the reader can refuse just the hands that hold them."""
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    if encoding is not None:
        try:
            return data.decode(encoding)
        except (LookupError, UnicodeDecodeError) as error:
            raise HistoryError(f"cannot decode as {encoding}: {error}", source=source) from None
    for bom, name in (
        (codecs.BOM_UTF8, "utf-8"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be"),
    ):
        if data.startswith(bom):
            body = data[len(bom) :]
            if name != "utf-8" and len(body) % 2:
                # Some Full Tilt files end in one stray newline byte.
                if body[-1:] not in (b"\n", b"\r", b"\x00"):
                    raise HistoryError("UTF-16 file with an odd number of bytes", source=source)
                body = body[:-1]
            break
    else:
        name, body = "utf-8", data
        # UTF-16 without a mark: every other byte of ASCII text is zero.
        if len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] and data[2]:
            name = "utf-16-le"
            body = data[: len(data) - len(data) % 2]
    try:
        return body.decode(name)
    except UnicodeDecodeError as error:
        if lenient and name == "utf-8":
            return body.decode(name, "surrogateescape")
        raise HistoryError(
            f"not {name.upper()} text (byte {body[error.start]:#04x} at offset {error.start});"
            " pass encoding= if the file uses another encoding",
            source=source,
        ) from None


def read_histories(path: str | os.PathLike[str], *, encoding: str | None = None) -> HistoryFile:
    """Read one hand-history file (any supported site, encoding detected)."""
    source = os.fspath(path)
    with open(source, "rb") as stream:
        data = stream.read()
    try:
        text = decode(data, source, encoding, lenient=encoding is None)
    except HistoryError as error:
        return HistoryFile(source, errors=[error])
    return parse_histories(text, source=source)


def parse_histories(text: str, *, source: str | None = None) -> HistoryFile:
    """Parse every hand in ``text``."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    result = HistoryFile(source)
    text = text.lstrip("\ufeff")
    if text.lstrip().startswith("<"):
        merge_network.parse_file(text, source, result)
        return result
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    starts = [
        (index, site)
        for index, line in enumerate(lines)
        for site in sites.TEXT
        if site.HEADER.match(line.lstrip("\ufeff"))
    ]
    if not starts and text.strip():
        result.errors.append(HistoryError("no hand of a known site in the file", source=source))
    leading = lines[: starts[0][0]] if starts else []
    if any(line.strip() for line in leading):
        result.errors.append(
            HistoryError("text before the first hand", line=1, text=leading[0], source=source)
        )
    for number, (index, site) in enumerate(starts):
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        block = lines[index:end]
        while block and not block[-1].strip():
            block.pop()
        if not site.is_razz(block[0]):
            result.skipped += 1
            continue
        undecoded = undecoded_line(block, index + 1, source)
        if undecoded:
            result.errors.append(undecoded)
            continue
        try:
            result.hands.append(read_in_units(partial(site.parse, block, index + 1, source)))
        except HandCancelled:
            result.skipped += 1
        except HistoryError as error:
            result.errors.append(error)
        except Exception as error:  # a reader bug must not lose the file's other hands
            result.errors.append(unexpected(error, block, index + 1, source))
    return result
