"""Keep ``src/dupbridge/i18n/locale/<lang>/titles.po`` in step with the law index.

Every distinct English title of both editions (``laws/machinery/index/2007.toml`` and ``2017.toml``)
becomes a msgid, in index order; existing translations are kept, titles no longer in the
index are dropped, and new ones are written with an empty msgstr for a translator. Prints,
per language, how many titles are still untranslated (exit status 1 if any).

    .venv/bin/python tools/update_titles_po.py [--seed FILE.tsv]

``--seed`` fills translations from a tab-separated file ``english<TAB>es<TAB>fr<TAB>pt``
(an existing translation is overwritten by the seed).
"""

from __future__ import annotations

import argparse
import csv
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from dupbridge.core.edition import Edition
from dupbridge.i18n.catalogues import LOCALE_DIR, TRANSLATED
from dupbridge.laws.machinery.index import law_index

HEADER = (
    "# Our own short titles of the laws and clauses of both editions\n"
    "# (laws/machinery/index/*.toml),\n"
    "# translated; not the text of any law book. <Law> is the federation's word for a law.\n"
    "# Regenerate the msgid list with tools/update_titles_po.py."
)
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # a stable header: no diff on every run


def index_titles() -> list[str]:
    """Every distinct English title, 2007 index first, each in index order."""
    seen: dict[str, None] = {}
    for edition in Edition:
        for item in law_index(edition).all_clauses():
            seen.setdefault(item.title, None)
    return list(seen)


def existing(path: Path, language: str) -> dict[str, str]:
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=language)
    return {str(m.id): str(m.string) for m in po if m.id and isinstance(m.string, str)}


def seeded(seed: Path | None) -> dict[str, tuple[str, str, str]]:
    if seed is None:
        return {}
    with seed.open(encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        return {row[0]: (row[1], row[2], row[3]) for row in rows if row}


def write(path: Path, language: str, titles: list[str], strings: dict[str, str]) -> int:
    catalog = Catalog(locale=language, project="dupbridge", header_comment=HEADER,
                      fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for title in titles:
        catalog.add(title, strings.get(title, ""))
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=False)
    return sum(1 for title in titles if not strings.get(title))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=Path, default=None)
    args = parser.parse_args()
    titles = index_titles()
    seed = seeded(args.seed)
    missing_total = 0
    for column, language in enumerate(TRANSLATED):
        path = LOCALE_DIR / language / "titles.po"
        strings = existing(path, language)
        strings.update({title: row[column] for title, row in seed.items() if row[column]})
        missing = write(path, language, titles, strings)
        missing_total += missing
        print(f"{language}: {len(titles)} titles, {missing} untranslated")
    return 1 if missing_total else 0


if __name__ == "__main__":
    sys.exit(main())
