"""The static results site of a scored session: rankings (overall, or per direction for a
two-winner Mitchell), travellers with percentages, personal score cards, the hand record
with double-dummy tables and par (``app.handrecord``), and a chart of each pair's running
percentage drawn as inline SVG. Every page is UTF-8, HTML-escaped, with its style inline
and no script: the site works offline, from a folder or a USB stick."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from html import escape
from pathlib import Path

from dupbridge.analysis.batch import Batch
from dupbridge.app.errors import translated
from dupbridge.app.publication.scored_session import ScoredSession
from dupbridge.core.messages import Msg, msg
from dupbridge.i18n.catalogues import render
from dupbridge.scoring.results import Artificial, BoardResult
from dupbridge.scoring.session import score_card, travellers
from dupbridge.tournament.results import Entry, code_of

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1.5em; }
nav a { margin-right: 1em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
td, th { border: 1px solid #bbb; padding: 2px 8px; text-align: right; }
td.name, th.name { text-align: left; }
h2 { margin-top: 1.5em; }
svg text { font-size: 11px; }
@media print { nav { display: none; } }
"""

PAGES = ("index.html", "travellers.html", "cards.html", "chart.html")
_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf")


def _number(value: Fraction | None, places: int = 2) -> str:
    return "" if value is None else f"{float(value):.{places}f}"


def _label(session: ScoredSession, contestant: str) -> str:
    name = session.name_of(contestant)
    return f"{contestant} {name}".strip()


def page(title: str, body: str, language: str) -> str:
    """One page with the site's navigation; ``title`` and ``body`` already escaped."""
    say = _say(language)
    links = "".join(f'<a href="{href}">{escape(say(text))}</a>' for href, text in (
        ("index.html", msg("Rankings")), ("travellers.html", msg("Travellers")),
        ("cards.html", msg("Score cards")), ("chart.html", msg("Running percentage")),
        ("handrecord.html", msg("Hand record"))))
    return (f'<!DOCTYPE html>\n<html lang="{escape(language)}">\n<head>\n'
            f'<meta charset="utf-8">\n<title>{title}</title>\n<style>{STYLE}</style>\n'
            f"</head>\n<body>\n<nav>{links}</nav>\n<h1>{title}</h1>\n{body}\n"
            "</body>\n</html>\n")


def _say(language: str) -> Callable[[Msg | str], str]:
    return lambda text: render(text, language)


def _row(cells: Sequence[str], names: Sequence[int] = (), head: bool = False) -> str:
    tag = "th" if head else "td"
    name = ' class="name"'
    return "<tr>" + "".join(
        f"<{tag}{name if i in names else ''}>{escape(cell)}</{tag}>"
        for i, cell in enumerate(cells)) + "</tr>"


def rankings_html(session: ScoredSession, language: str = "en") -> str:
    """The ranking of each group the movement compares (two: North-South, East-West)."""
    say = _say(language)
    groups = session.score.rankings
    titles = [say(msg("Overall"))] if len(groups) == 1 else \
        [say(msg("North-South")), say(msg("East-West"))] if len(groups) == 2 else \
        [say(msg("Group {number}", number=i + 1)) for i in range(len(groups))]
    head = _row([say(msg("Place")), say(msg("Pair")), say(msg("Names")), say(msg("Total")),
                 "%"], names=(2,), head=True)
    parts = []
    for title, group in zip(titles, groups, strict=True):
        places = [r.place for r in group]
        rows = [_row([f"{r.place}{'=' if places.count(r.place) > 1 else ''}", r.contestant,
                      session.name_of(r.contestant), _number(r.total),
                      _number(r.percentage)], names=(2,)) for r in group]
        parts.append(f"<h2>{escape(title)}</h2>\n<table>{head}{''.join(rows)}</table>")
    return page(escape(session.title), "\n".join(parts), language)


def _played(session: ScoredSession) -> dict[tuple[int, str, str], Entry]:
    return {(e.board, "-".join(map(str, e.ns)), "-".join(map(str, e.ew))): e
            for e in session.book.entries.values()}


def _contract(entry: Entry | None, result: BoardResult) -> tuple[str, str, str]:
    """Contract, declarer and tricks as the traveller prints them (the adjusted-score
    code when the Director gave one)."""
    if isinstance(result.score, Artificial):
        return code_of(result.score), "", ""
    if entry is None or result.assigned:  # an assigned score: the score column says it
        return "", "", ""
    if entry.contract is None:
        return "Pass", "", ""
    declarer = "" if entry.declarer is None else entry.declarer.letter
    contract = replace(entry.contract, declarer=None)
    return str(contract), declarer, "" if entry.tricks is None else str(entry.tricks)


def _score_text(result: BoardResult) -> str:
    return str(result.score) if isinstance(result.score, int) else ""


def travellers_html(session: ScoredSession, language: str = "en") -> str:
    """Per board, each table's result with both sides' values and percentages."""
    say = _say(language)
    played = _played(session)
    head = _row([say(msg("NS")), say(msg("EW")), say(msg("Contract")), say(msg("By")),
                 say(msg("Tricks")), say(msg("Score NS")), say(msg("NS")), say(msg("EW")),
                 "% NS", "% EW"], head=True)
    parts = []
    for board, lines in travellers(session.score.field).items():
        rows = []
        for line in lines:
            r = line.result
            contract, declarer, tricks = _contract(played.get((r.board, r.ns, r.ew)), r)
            rows.append(_row([r.ns, r.ew, contract, declarer, tricks, _score_text(r),
                              _number(line.ns), _number(line.ew),
                              _number(line.ns_percentage, 1), _number(line.ew_percentage, 1)]))
        heading = say(msg("Board {number}", number=board))  # the glossary word, lower case
        title = escape(heading[:1].upper() + heading[1:])
        parts.append(f'<h2 id="board-{board}">{title}</h2>\n<table>{head}{"".join(rows)}'
                     "</table>")
    return page(escape(say(msg("Travellers"))), "\n".join(parts), language)


def cards_html(session: ScoredSession, language: str = "en") -> str:
    """Each pair's personal score card: its boards with opponents, score, value,
    percentage and running total."""
    say = _say(language)
    played = _played(session)
    head = _row([say(msg("Board")), say(msg("Direction")), say(msg("Against")),
                 say(msg("Contract")), say(msg("By")), say(msg("Tricks")),
                 say(msg("Score NS")), say(msg("Points")), "%", say(msg("Total"))], head=True)
    parts = []
    for contestant in sorted(session.score.field.pairs, key=_order):
        rows = []
        for line in score_card(session.score.field, contestant):
            r = line.result
            contract, declarer, tricks = _contract(played.get((r.board, r.ns, r.ew)), r)
            rows.append(_row([str(line.board), line.direction, line.opponents, contract,
                              declarer, tricks, _score_text(r), _number(line.value),
                              _number(line.percentage, 1), _number(line.running_total)]))
        title = escape(say(msg("Pair {pair}", pair=_label(session, contestant))))
        parts.append(f'<h2 id="pair-{escape(contestant)}">{title}</h2>\n'
                     f'<table>{head}{"".join(rows)}</table>')
    return page(escape(say(msg("Score cards"))), "\n".join(parts), language)


def _order(contestant: str) -> tuple[int, str]:
    return (int(contestant) if contestant.isdigit() else 0, contestant)


def chart_svg(session: ScoredSession, width: int = 720, height: int = 360) -> str:
    """Each pair's running percentage round by round, one polyline per pair, with the
    50% line; the pair's number labels the end of its line."""
    rounds = max((len(v) for v in session.running.values()), default=0)
    left, right, top, bottom = 40, 60, 10, 30
    values = [float(p) for v in session.running.values() for p in v if p is not None]
    low = min([40.0, *values]) // 10 * 10
    high = -(-max([60.0, *values]) // 10) * 10

    def x(i: int) -> float:
        return left + (width - left - right) * (i / max(rounds - 1, 1))

    def y(p: float) -> float:
        return top + (height - top - bottom) * (high - p) / (high - low)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img">']
    for tick in range(int(low), int(high) + 1, 10):
        colour = "#888" if tick == 50 else "#ddd"
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" '
                   f'y2="{y(tick):.1f}" stroke="{colour}"/>'
                   f'<text x="2" y="{y(tick) + 4:.1f}">{tick}%</text>')
    for i in range(rounds):
        out.append(f'<text x="{x(i) - 4:.1f}" y="{height - 10}">{i + 1}</text>')
    for k, (pair, series) in enumerate(sorted(session.running.items())):
        points = [(x(i), y(float(p))) for i, p in enumerate(series) if p is not None]
        if not points:
            continue
        colour = _COLOURS[k % len(_COLOURS)]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" '
                   f'points="{path}"><title>{escape(_label(session, str(pair)))}</title>'
                   "</polyline>")
        end_x, end_y = points[-1]
        out.append(f'<text x="{end_x + 4:.1f}" y="{end_y + 4:.1f}" fill="{colour}">'
                   f"{escape(str(pair))}</text>")
    out.append("</svg>")
    return "".join(out)


def chart_html(session: ScoredSession, language: str = "en") -> str:
    say = _say(language)
    note = escape(say(msg("Each pair's percentage after each round; the grey line is 50%.")))
    return page(escape(say(msg("Running percentage"))),
                f"<p>{note}</p>\n{chart_svg(session)}", language)


@translated
def write_site(session: ScoredSession, folder: Path, *, language: str = "en",
               analyse: bool = True, batch: Batch | None = None) -> list[Path]:
    """Write the site into ``folder`` (created if needed); the hand record only when the
    deals are known and ``analyse`` (the double-dummy solver) is wanted. Returns the
    files written."""
    from dupbridge.app.publication.hand_record import analyse as analyse_boards
    from dupbridge.app.publication.hand_record_page import hand_record_html
    from dupbridge.formats.record import BoardRecord

    folder.mkdir(parents=True, exist_ok=True)
    pages = {"index.html": rankings_html(session, language),
             "travellers.html": travellers_html(session, language),
             "cards.html": cards_html(session, language),
             "chart.html": chart_html(session, language)}
    records = [BoardRecord(b.number, b.dealer, b.vulnerability, b.deal, event=session.title)
               for _, b in sorted(session.boards.items())
               if b.deal is not None and b.deal.is_complete]
    if records and analyse:
        pages["handrecord.html"] = hand_record_html(
            analyse_boards(records, batch, title=session.title), language)
    written = []
    for name, text in pages.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
