"""Writing LIN text: every pair as it was read, one line per header pair, and a board's
pairs on lines that end after each ``pg||`` (page break), as BBO lays its files out."""

from __future__ import annotations

from dupbridge.formats.lin_model import LinFile, LinPair


def _pair(pair: LinPair) -> str:
    if "|" in pair.key or "|" in pair.value:
        raise ValueError(f"a LIN value cannot hold '|': {pair.key}|{pair.value}|")
    return f"{pair.key}|{pair.value}|"


def dumps(lin: LinFile) -> str:
    parts: list[str] = [_pair(pair) + "\n" for pair in lin.header]
    for board in lin.boards:
        line: list[str] = []
        for pair in board.pairs:
            line.append(_pair(pair))
            if pair.key.lower() == "pg":
                parts.append("".join(line) + "\n")
                line = []
        if line:
            parts.append("".join(line) + "\n")
    return "".join(parts)
