r"""The policy file format, version 1 ([the policy format](BOTS.md#the-policy-file)).

A file is, in order:

1. the magic bytes ``b"razzpol\n"``;
2. the header's length in bytes, a little-endian unsigned 32-bit integer;
3. the header, a JSON object in UTF-8 (``HEADER_KEYS``);
4. the weights: for each abstract information set in order, three
   little-endian unsigned 16-bit integers (fold, passive, aggressive),
   ``header["infosets"] * 6`` bytes and nothing after them.

Reading checks every part and names the file and the part in its error;
nothing is guessed.
"""

from __future__ import annotations

import json
import os
import struct
from typing import Any, Callable

MAGIC = b"razzpol\n"
#: The format version this library reads and writes.
FORMAT = 1
#: The header's keys, each required: the format version, the abstraction's
#: name and version and its information-set count, the player count, the
#: rules it was made for (``Rules``' fields), and how it was made (``by``:
#: ``"train"`` or ``"from_table"``; ``iterations`` and ``seed`` or null; the
#: library's version).
HEADER_KEYS = (
    "format",
    "abstraction",
    "abstraction_version",
    "infosets",
    "players",
    "rules",
    "made",
)
#: The built-in policies shipped in the package, by name: heads-up only.
SHIPPED = {"blueprint": "blueprint.pol"}


def shipped_path(name: str) -> str:
    """The path of the shipped policy ``name`` inside the installed package."""
    return os.path.join(os.path.dirname(__file__), "data", SHIPPED[name])


#: The most header bytes a reader accepts: a header is a few hundred bytes,
#: and a corrupt length must not allocate gigabytes.
MAX_HEADER = 1 << 20


def write_file(
    path: str | os.PathLike[str], magic: bytes, header: dict[str, Any], *parts: bytes
) -> None:
    """Writes ``magic``, the header's length, the header as JSON and
    ``parts`` beside ``path`` and moves the file there, so a failed write
    never leaves half a file under its name (policies and checkpoints)."""
    text = json.dumps(header, sort_keys=True).encode()
    tmp = f"{os.fspath(path)}.tmp{os.getpid()}"
    try:
        with open(tmp, "wb") as out:
            out.write(magic + struct.pack("<I", len(text)) + text)
            for part in parts:
                out.write(part)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def split_file(
    data: bytes, magic: bytes, bad: Callable[[str], ValueError]
) -> tuple[dict[str, Any], bytes]:
    """A file ``write_file`` wrote, as its header and the bytes after it;
    ``bad(what)`` makes the error for a file that is not one."""
    if data[: len(magic)] != magic:
        raise bad(f"it does not start with {magic!r}")
    if len(data) < len(magic) + 4:
        raise bad("it ends before the header's length")
    (length,) = struct.unpack_from("<I", data, len(magic))
    start = len(magic) + 4
    if length > MAX_HEADER or start + length > len(data):
        raise bad(f"its header length {length} runs past the file ({len(data)} bytes)")
    try:
        header = json.loads(data[start : start + length].decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise bad(f"its header is not JSON ({e})") from None
    if not isinstance(header, dict):
        raise bad("its header is not a JSON object")
    return header, data[start + length :]


def check_abstraction(
    header: dict[str, Any], where: str, name: str, version: int, infosets: int
) -> None:
    """A ValueError naming ``where`` unless the header's abstraction is
    ``name`` version ``version`` with ``infosets`` information sets."""
    if (header["abstraction"], header["abstraction_version"]) != (name, version):
        raise ValueError(
            f"{where} is a policy over the abstraction {header['abstraction']!r} version"
            f" {header['abstraction_version']!r}; this razz_fast plays {name!r} version {version}"
        )
    if header["infosets"] != infosets:
        raise ValueError(
            f"{where} has {header['infosets']} information sets; the abstraction has {infosets}"
        )


def write(path: str | os.PathLike[str], header: dict[str, Any], weights: bytes) -> None:
    """Writes a policy file: ``header`` (with every key of ``HEADER_KEYS``)
    and ``weights``."""
    write_file(path, MAGIC, header, weights)


def read(path: str | os.PathLike[str]) -> tuple[dict[str, Any], bytes]:
    """The header and weights of a policy file, checked as far as the file
    alone allows (the abstraction is checked by ``Policy``)."""
    with open(path, "rb") as f:
        data = f.read()
    return parse(data, os.fspath(path))


def parse(data: bytes, where: str) -> tuple[dict[str, Any], bytes]:
    """``read``'s work on the bytes of a file (``where`` names it in errors)."""

    def bad(what: str) -> ValueError:
        return ValueError(f"{where} is not a razz_fast policy file: {what}")

    header, weights = split_file(data, MAGIC, bad)
    missing = [k for k in HEADER_KEYS if k not in header]
    if missing:
        raise bad(f"its header lacks {', '.join(missing)}")
    if header["format"] != FORMAT:
        raise ValueError(
            f"{where} is a policy file of format {header['format']!r};"
            f" this razz_fast reads format {FORMAT}"
        )
    infosets = header["infosets"]
    if not isinstance(infosets, int) or isinstance(infosets, bool) or infosets < 0:
        raise bad(f"its header's infosets is {infosets!r}")
    if len(weights) != infosets * 6:
        raise bad(
            f"it holds {len(weights)} bytes of weights for {infosets} information sets"
            f" ({infosets * 6} expected)"
        )
    return header, weights
