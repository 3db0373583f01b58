"""Games of a real PBN file for the replay and score tests: the package's ``loads`` once it
exists, else a minimal reader of tags, sections, comments and ``#`` inheritance (enough
for the Auction, Play and table tags these tests use)."""

from __future__ import annotations

import re
from pathlib import Path

from dupbridge.formats.pbn.model import Game, Tag

_TOKEN = re.compile(r'\{[^}]*\}|;[^\n]*|%[^\n]*|\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]|"[^"]*"|\S+|\n\s*\n')


def read_text(path: Path) -> str:
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_games(path: Path) -> list[Game]:
    try:
        from dupbridge.formats.pbn import load
    except ImportError:  # the reader is written at the same time as these tests
        return _read(read_text(path))
    return list(load(path, strict=False).games)


def _read(text: str) -> list[Game]:
    games: list[Game] = []
    tags: list[Tag] = []
    previous: dict[str, str] = {}
    line = 0

    def close() -> None:
        nonlocal tags
        if tags:
            games.append(Game(tuple(tags), line=line))
            previous.update({tag.name: tag.value for tag in tags})
        tags = []

    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token.startswith("\n"):
            close()
        elif token[0] in "{;%":
            continue
        elif match.group(1):
            if not tags:
                line = text.count("\n", 0, match.start()) + 1
            name, value = match.group(1), match.group(2)
            value = previous.get(name, "") if value == "#" else value
            tags.append(Tag(name, value))
        elif tags:
            last = tags[-1]
            tags[-1] = Tag(last.name, last.value, (*last.section, token))
    close()
    return games
