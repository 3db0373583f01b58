"""The static results site of a team or an individual event (issue 28), as
``site_pages`` writes a pairs session's: the standings (a team's VPs, IMPs and roster,
and every match; or each player's matchpoints and percentage), each board's tables and
each contestant's card (a team's matches; a player's boards with partner and opponents).
The values are the app layer's (``app.club_night.kind_exports``); this lays them out."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dupbridge.app.club_night.kind_exports import (
    IndividualPublished,
    TableLine,
    TeamsPublished,
)
from dupbridge.app.publication.site import Played
from dupbridge.web.site import _page
from dupbridge.web.templating import environment
from dupbridge.web.views import line_text, number


def _text(line: TableLine, language: str) -> str:
    if isinstance(line.score, str):  # an adjusted score: its code
        return line.score
    if line.contract is None:  # a score-only traveller: the score says it all
        return ""
    return line_text(Played(line.contract, line.declarer or "", line.lead or "",
                            line.tricks), language)


def _side(players: tuple[int, ...]) -> str:
    return "-".join(map(str, players))


def _boards(lines: tuple[TableLine, ...], language: str, places: int
            ) -> list[tuple[int, list[dict[str, Any]]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for line in lines:
        out.setdefault(line.board, []).append({
            "round": line.round, "table": line.table, "ns": _side(line.ns),
            "ew": _side(line.ew), "text": _text(line, language),
            "score": line.score if isinstance(line.score, int) else "",
            "ns_points": number(line.ns_points, places),
            "ew_points": number(line.ew_points, places)})
    return sorted(out.items())


def _signed(value: Fraction) -> str:
    return f"{float(value):+g}"


def teams_site_pages(published: TeamsPublished, language: str = "en") -> dict[str, str]:
    """A team event's pages: file name -> the page, in ``language``."""
    templates = environment()
    result = published.result
    standings = [{"place": s.place, "team": s.team, "name": s.name,
                  "players": ", ".join(s.players), "vp": f"{s.vp:.2f}",
                  "imps": _signed(s.imps), "matches": s.matches} for s in result.standings]
    matches = [{"round": m.round, "home": m.home, "away": m.away, "boards": m.match.boards,
                "home_imps": f"{float(m.match.home_imps):g}",
                "away_imps": f"{float(m.match.away_imps):g}",
                "home_vp": "" if m.match.home_vp is None else f"{m.match.home_vp:.2f}",
                "away_vp": "" if m.match.away_vp is None else f"{m.match.away_vp:.2f}"}
               for m in result.matches]
    cards = [{"team": s.team, "name": s.name, "rows": [
        {"round": m["round"], "opponent": m["away"] if m["home"] == s.team else m["home"],
         "imps_for": m["home_imps"] if m["home"] == s.team else m["away_imps"],
         "imps_against": m["away_imps"] if m["home"] == s.team else m["home_imps"],
         "vp": m["home_vp"] if m["home"] == s.team else m["away_vp"]}
        for m in matches if s.team in (m["home"], m["away"])]} for s in result.standings]
    common = {"kind": "teams"}
    return {
        "index.html": _page(templates, "site_kinds.html", language, published.title,
                            page="ranking", teams=standings, matches=matches, **common),
        "travellers.html": _page(templates, "site_kinds.html", language, published.title,
                                 page="boards", boards=_boards(published.lines, language, 0),
                                 **common),
        "cards.html": _page(templates, "site_kinds.html", language, published.title,
                            page="cards", team_cards=sorted(cards, key=lambda c: c["team"]),
                            **common),
    }


def individual_site_pages(published: IndividualPublished, language: str = "en"
                          ) -> dict[str, str]:
    """An individual event's pages: file name -> the page, in ``language``."""
    templates = environment()
    players = [{"place": s.place, "player": s.player, "name": s.name,
                "total": number(s.total), "percentage": number(s.percentage),
                "boards": s.boards} for s in published.standings]
    cards = []
    for s in sorted(published.standings, key=lambda s: s.player):
        rows = []
        for line in sorted(published.lines, key=lambda line: (line.round, line.board)):
            side = line.ns if s.player in line.ns else line.ew if s.player in line.ew \
                else None
            if side is None:
                continue
            mine = line.ns_points if side is line.ns else line.ew_points
            rows.append({"round": line.round, "board": line.board,
                         "partner": _side(tuple(p for p in side if p != s.player)),
                         "opponents": _side(line.ew if side is line.ns else line.ns),
                         "direction": "NS" if side is line.ns else "EW",
                         "text": _text(line, language),
                         "score": line.score if isinstance(line.score, int) else "",
                         "points": number(mine)})
        cards.append({"player": s.player, "name": s.name, "rows": rows})
    common = {"kind": "individual"}
    return {
        "index.html": _page(templates, "site_kinds.html", language, published.title,
                            page="ranking", players=players, **common),
        "travellers.html": _page(templates, "site_kinds.html", language, published.title,
                                 page="boards", boards=_boards(published.lines, language, 2),
                                 **common),
        "cards.html": _page(templates, "site_kinds.html", language, published.title,
                            page="cards", player_cards=cards, **common),
    }
