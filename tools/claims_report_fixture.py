"""Rewrite ``tests/golden/claims_report.json``: the claims report of every real file the
fixture names, computed again (after a change to the Law 70 search or the report).

    PYTHONPATH=src .venv/bin/python tools/claims_report_fixture.py [--jobs N]

The biggest file (7,632 records) is cut into chunks done by ``--jobs`` worker processes
(the report goes record by record, so the chunks' reports put end to end are the file's);
the fixture is written in its own layout (a claim a line), so a diff shows what changed.
It takes minutes on a quiet machine and much longer on a shared one. ``--big-first N``: the
biggest file's first N records only (the start of its lists replaced, the rest kept as the
fixture has it), the other files whole: what the default test run compares, in less time.

Before writing, each claim is checked against the fixture's (``changes``): a claim decided in
both keeps its V(P); a claim newly decided has its V(P) within the bounds the fixture gave
(the old search's worst line met and bound proved); a claim no longer decided has bounds
holding the fixture's V(P). The counts are printed, and any claim breaking this is listed
and the tool fails (the fixture is still written, for the diff).
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "claims_report.json"
REALDATA = ROOT.parent / "shared" / "realdata"
Json = dict[str, object]


def _report(name: str, start: int, stop: int | None) -> Json:
    from dupbridge.app.ruling_session.claim_adjudication import report_of_records
    from dupbridge.formats.registry import file_format

    path = REALDATA / name
    records = file_format(None, path).read(path)
    found: Json = report_of_records(path.name, records[start:stop]).to_json()
    return found


def _chunks(name: str, jobs: int) -> list[tuple[str, int, int | None]]:
    from dupbridge.formats.registry import file_format

    path = REALDATA / name
    count = len(file_format(None, path).read(path))
    size = max(1, -(-count // jobs))
    return [(name, start, min(count, start + size)) for start in range(0, count, size)]


def layout(data: dict[str, Json]) -> str:
    """The fixture's layout: two spaces a level, a claim or a message a line."""
    out = ["{"]
    names = list(data)
    for i, name in enumerate(names):
        report = data[name]
        out += [f" {json.dumps(name)}: {{", f'  "source": {json.dumps(report["source"])},',
                '  "claims": [']
        claims = report["claims"]
        assert isinstance(claims, list)
        out += [f"   {json.dumps(c)}{',' if j < len(claims) - 1 else ''}"
                for j, c in enumerate(claims)]
        out.append("  ],")
        for key, end in (("errors", ","), ("warnings", "")):
            items = report[key]
            assert isinstance(items, list)
            if not items:
                out.append(f'  "{key}": []{end}')
                continue
            out.append(f'  "{key}": [')
            out += [f"   {json.dumps(e)}{',' if j < len(items) - 1 else ''}"
                    for j, e in enumerate(items)]
            out.append(f"  ]{end}")
        out.append(" }" + ("," if i < len(names) - 1 else ""))
    return "\n".join([*out, "}"]) + "\n"


def changes(old: dict[str, Json], new: dict[str, Json]) -> tuple[dict[str, int], list[str]]:
    """The claims newly decided, no longer decided and still decided or not between two
    reports of the same files, and the claims whose Law 70 values contradict each other
    (see the module's docstring)."""
    counts = {"newly decided": 0, "no longer decided": 0, "decided in both": 0,
              "decided in neither": 0}
    wrong: list[str] = []
    for name, report in new.items():
        before = old.get(name)
        if before is None:
            continue
        claims, was = report["claims"], before["claims"]
        assert isinstance(claims, list) and isinstance(was, list)
        for now, then in zip(claims, was, strict=False):
            where = f"{name}: board {now['board']} {now['room']} trick {now['trick']}"
            if (now["board"], now["room"], now["trick"]) != (
                    then["board"], then["room"], then["trick"]):
                wrong.append(f"{where}: the fixture has board {then['board']} here")
                continue
            if now["decided"] and then["decided"]:
                counts["decided in both"] += 1
                if now["law70"] != then["law70"]:
                    wrong.append(f"{where}: V(P) {then['law70']} became {now['law70']}")
            elif now["decided"]:
                counts["newly decided"] += 1
                if not then["law70_lower"] <= now["law70"] <= then["law70_upper"]:
                    wrong.append(f"{where}: V(P) {now['law70']} outside the fixture's "
                                 f"bounds {then['law70_lower']}..{then['law70_upper']}")
            elif then["decided"]:
                counts["no longer decided"] += 1
                if not now["law70_lower"] <= then["law70"] <= now["law70_upper"]:
                    wrong.append(f"{where}: bounds {now['law70_lower']}.."
                                 f"{now['law70_upper']} leave out the fixture's V(P) "
                                 f"{then['law70']}")
            else:
                counts["decided in neither"] += 1
                if max(now["law70_lower"], then["law70_lower"]) > min(
                        now["law70_upper"], then["law70_upper"]):
                    wrong.append(f"{where}: bounds {now['law70_lower']}.."
                                 f"{now['law70_upper']} and the fixture's "
                                 f"{then['law70_lower']}..{then['law70_upper']} do not meet")
    return counts, wrong


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--big-first", type=int, default=None, metavar="N")
    args = parser.parse_args()
    old: dict[str, Json] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    names = list(old)
    tasks: list[tuple[str, int, int | None]] = []
    for name in names:
        if not name.endswith("wc2012_rpbridge.pbn"):
            tasks.append((name, 0, None))
        elif args.big_first is not None:
            tasks.append((name, 0, args.big_first))
        else:
            tasks += _chunks(name, args.jobs)
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(_report, *zip(*tasks, strict=True)))
    data: dict[str, Json] = {}
    for (name, _start, _stop), part in zip(tasks, parts, strict=True):
        if name not in data:
            data[name] = part
            continue
        whole = data[name]
        for key in ("claims", "errors", "warnings"):
            items = whole[key]
            more = part[key]
            assert isinstance(items, list) and isinstance(more, list)
            items += more
    counts, wrong = changes(old, data)  # the claims computed again only
    if args.big_first is not None:  # the rest of the biggest file as the fixture has it
        for name in names:
            if name.endswith("wc2012_rpbridge.pbn"):
                for key in ("claims", "errors", "warnings"):
                    start, kept = data[name][key], old[name][key]
                    assert isinstance(start, list) and isinstance(kept, list)
                    start += kept[len(start):]
    GOLDEN.write_text(layout(data), encoding="utf-8")
    print(f"{GOLDEN}: {sum(len(r['claims']) for r in data.values())} claims")  # type: ignore[arg-type]
    print("; ".join(f"{label}: {count}" for label, count in counts.items()))
    for line in wrong:
        print(f"INCONSISTENT {line}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
