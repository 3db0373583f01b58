"""The project ships none of the official law texts (issue 7): the importer reads the
federations' books from a path the user gives, at run time. This test looks for any run
of ten words shared by a file of the project and a seed law book."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from shared_paths import SEEDS

ROOT = Path(__file__).resolve().parents[1]
RUN = 10  # words: long enough that a shared run is a copied sentence, not a common phrase
_WORD = re.compile(r"\w+", re.UNICODE)


def _runs(text: str) -> set[int]:
    words = _WORD.findall(text.lower())
    return {hash(tuple(words[i:i + RUN])) for i in range(len(words) - RUN + 1)}


def _project_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def _text(path: Path) -> str | None:
    data = path.read_bytes()
    if b"\0" in data[:4096]:
        return None  # binary: cannot hold a sentence of the law books
    return data.decode("utf-8", errors="replace")


def test_the_project_ships_no_run_of_ten_words_from_the_law_books() -> None:
    official: set[int] = set()
    for seed in sorted(SEEDS.glob("*.txt")):
        official |= _runs(seed.read_text(encoding="utf-8"))
    assert len(official) > 50_000  # the five seeds were read
    copied = []
    for path in _project_files():
        text = _text(path)
        if text is not None and _runs(text) & official:
            copied.append(str(path.relative_to(ROOT)))
    assert copied == []


def test_the_check_finds_a_sentence_copied_from_a_seed(tmp_path: Path) -> None:
    seed = next(iter(sorted(SEEDS.glob("000_*.txt")))).read_text(encoding="utf-8")
    words = _WORD.findall(seed.lower())
    sample = " ".join(words[5000:5000 + RUN])
    assert _runs(sample) & _runs(seed)
