"""The static results site ``dupbridge event publish`` writes: the rankings, travellers,
score cards and running-percentage chart of a scored session drawn by the same templates
as the live pages (``results_macros.html``), and the hand record with double-dummy tables
and par. The values are the app layer's (``app.publication.site``); this only lays them
out and writes the files. Every page is UTF-8 with its style inline, relative links and
no script: the site works offline, from a folder or a USB stick."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment

from dupbridge.analysis.batch import Batch
from dupbridge.app.errors import translated
from dupbridge.app.publication import site as values
from dupbridge.app.publication.hand_record import analyse as analyse_boards
from dupbridge.app.publication.hand_record_page import hand_record_html
from dupbridge.app.publication.scored_session import ScoredSession
from dupbridge.core.messages import Msg, msg
from dupbridge.formats.record import BoardRecord
from dupbridge.web.chart import running_chart
from dupbridge.web.language import gettext_for, text
from dupbridge.web.templating import environment
from dupbridge.web.views import line_text, number


def chart_svg(session: ScoredSession) -> str:
    """The running-percentage chart of the session, as the inline SVG the live ranking
    shows."""
    macros = environment().get_template("results_macros.html").module
    return str(macros.chart_svg(running_chart(session.running)))  # type: ignore[attr-defined]


def site_pages(session: ScoredSession, language: str = "en") -> dict[str, str]:
    """The results pages (not the hand record), file name -> the page, in ``language``."""
    templates = environment()
    return {
        "index.html": _page(templates, "site_rankings.html", language, session.title,
                            rankings=_rankings(session, language)),
        "travellers.html": _page(templates, "site_travellers.html", language,
                                 msg("Travellers"), boards=_travellers(session, language)),
        "cards.html": _page(templates, "site_cards.html", language, msg("Score cards"),
                            cards=_cards(session, language)),
        "chart.html": _page(templates, "site_chart.html", language,
                            msg("Running percentage"), chart=running_chart(session.running)),
    }


@translated  # the command line catches the app's errors only
def write_site(session: ScoredSession, folder: Path, *, language: str = "en",
               analyse: bool = True, batch: Batch | None = None) -> list[Path]:
    """Write the site into ``folder`` (created if needed); the hand record only when the
    deals are known and ``analyse`` (the double-dummy solver) is wanted. Returns the
    files written."""
    folder.mkdir(parents=True, exist_ok=True)
    pages = site_pages(session, language)
    records = [BoardRecord(b.number, b.dealer, b.vulnerability, b.deal, event=session.title)
               for _, b in sorted(session.boards.items())
               if b.deal is not None and b.deal.is_complete]
    if records and analyse:
        pages["handrecord.html"] = hand_record_html(
            analyse_boards(records, batch, title=session.title), language)
    written = []
    for name, page in pages.items():
        path = folder / name
        path.write_text(page, encoding="utf-8")
        written.append(path)
    return written


def _page(templates: Environment, name: str, language: str, title: str | Msg,
          **context: Any) -> str:
    """A page of the site: the template with ``_`` in ``language``, and its title (a
    session's own title is printed as it is, never looked up as a message)."""
    # A Msg is a str too: only a plain str (the session's own title) is printed as it is.
    shown = text(title, language) if isinstance(title, Msg) else title
    return templates.get_template(name).render(_=gettext_for(language), lang=language,
                                               title=shown, **context) + "\n"


def _rankings(session: ScoredSession, language: str) -> list[dict[str, Any]]:
    return [{"title": text(group.title, language), "rows": [
        {"place": r.place, "contestant": r.contestant, "name": r.name,
         "total": number(r.total), "percentage": number(r.percentage)} for r in group.rows]}
            for group in values.rankings(session)]


def _result(played: values.Played | None, language: str) -> str:
    return "" if played is None else line_text(played, language)


def _travellers(session: ScoredSession, language: str
                ) -> list[tuple[int, list[dict[str, Any]]]]:
    return [(board, [
        {"ns": row.ns, "ew": row.ew, "text": _result(row.played, language),
         "score": "" if row.score is None else row.score,
         "ns_points": number(row.ns_points), "ew_points": number(row.ew_points),
         "ns_percentage": number(row.ns_percentage, 1),
         "ew_percentage": number(row.ew_percentage, 1)} for row in rows])
            for board, rows in values.board_travellers(session).items()]


def _cards(session: ScoredSession, language: str) -> list[dict[str, Any]]:
    return [{"contestant": card.contestant, "label": card.label, "rows": [
        {"round": "" if row.round is None else row.round, "board": row.board,
         "opponents": row.opponents, "direction": row.direction,
         "text": _result(row.played, language),
         "score": "" if row.score is None else row.score, "points": number(row.points),
         "percentage": number(row.percentage, 1), "total": number(row.total)}
        for row in card.rows]} for card in values.score_cards(session)]
