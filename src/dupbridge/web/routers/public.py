"""Pages anyone may read (the live ranking, travellers, score cards, hand records once the
scores are official), and the Director's login."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, StreamingResponse
from markupsafe import Markup

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import handicaps, kind_views, visibility
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.hand_record import HandRecordProgress, stored_hand_record
from dupbridge.app.club_night.progress import running_percentages_of
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.errors import AppError, NotFound
from dupbridge.app.publication.hand_record_page import (
    HAND_RECORD_WEB_STYLE,
    hand_record_boards,
    side_letters,
)
from dupbridge.app.ruling_session.texts import vulnerability_text
from dupbridge.core.cards import Suit
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat, Side
from dupbridge.i18n.catalogues import parameter
from dupbridge.lawbook.installed import installed_books
from dupbridge.web import hand_records, ruling_views, views
from dupbridge.web.chart import running_chart
from dupbridge.web.deps import PagesDep
from dupbridge.web.live import LiveRankings
from dupbridge.web.pages import Pages, client_address
from dupbridge.web.security import check_password

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
def home(request: Request, pages: PagesDep) -> HTMLResponse:
    return pages.render(request, "home.html", events=club.list_events(pages.store))


def known(pages: Pages, request: Request, event_id: str) -> ClubState:
    """The event's state, read once for the whole page; 404 if there is none."""
    try:
        return club.state_of(pages.store, event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None


@router.get("/events/{event_id}", response_class=HTMLResponse)
def event(request: Request, event_id: str, pages: PagesDep) -> HTMLResponse:
    state = known(pages, request, event_id)
    return pages.render(request, "event_public.html",
                        public=_public(pages, request, state))


@router.get("/events/{event_id}/ranking", response_class=HTMLResponse)
def ranking(request: Request, event_id: str, pages: PagesDep) -> HTMLResponse:
    state = known(pages, request, event_id)
    # The live page refreshes the fragment (htmx); opened directly, the whole page.
    name = "ranking.html" if request.headers.get("hx-request") == "true" else \
        "ranking_page.html"
    return pages.render(request, name, public=_public(pages, request, state))


@router.get("/events/{event_id}/live", response_model=None)
async def live(request: Request, event_id: str, pages: PagesDep) -> StreamingResponse:
    """The public ranking pushed to a spectator's page as it changes (``web.live``)."""
    try:  # an event's record is kept once read: no thread, no query for a room arriving
        pages.store.event(event_id)
    except NotFound as error:
        raise HTTPException(404, pages.message(request, error.message)) from None
    rankings: LiveRankings = request.app.state.live
    return StreamingResponse(rankings.stream(event_id, pages.language(request)),
                             media_type="text/event-stream",
                             headers={"cache-control": "no-cache",
                                      "x-accel-buffering": "no"})


def ranking_fragment(pages: Pages, event_id: str, language: str) -> str:
    """The ranking's fragment as the public reads it in ``language``: what the polled
    address answers the page's htmx, rendered by the same route."""
    request = Request({"type": "http", "method": "GET", "scheme": "http",
                       "path": f"/events/{event_id}/ranking", "root_path": "",
                       "query_string": f"lang={language}".encode(), "server": None,
                       "headers": [(b"hx-request", b"true")], "app": None,
                       "state": {"session": {}}})
    body = ranking(request, event_id, pages).body
    return bytes(body).decode("utf-8")


@router.get("/events/{event_id}/boards/{board}", response_class=HTMLResponse)
def traveller(request: Request, event_id: str, board: int, pages: PagesDep) -> HTMLResponse:
    state = known(pages, request, event_id)
    view = club_views.event_view_of(state)
    language = pages.language(request)
    if board < 1:  # Law 2 numbers boards from 1; Board(0) cannot exist
        raise HTTPException(404, pages.message(request, msg(
            "a board number is 1 or more, not {text}", text=str(board))))
    if board not in view.boards:
        raise HTTPException(404, pages.message(request, msg(
            "board {board} is not played in this event", board=board)))
    the_board = state.board(board)
    sight = _sight(pages, request, state)
    rows = [
        {"ns": views.pair_list(line.ns), "ew": views.pair_list(line.ew),
         "text": views.line_text(line, language),
         "score": "" if line.score is None else line.score}
        for line in club_views.results_of(sight.state).lines if line.board == board]
    withheld = sight.withheld(board)
    hands: list[tuple[str, str, list[tuple[str, str]]]] = []
    # A hidden card reaches no one but the Director before the scores are official.
    if sight.shows_deal(board) and the_board.deal is not None:
        for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
            hand = the_board.deal.hand(seat)
            hands.append((seat.name.lower(), parameter(seat, language), [
                (suit.symbol, " ".join(parameter(c, language)[1:] for c in sorted(
                    (c for c in hand if c.suit is suit), key=lambda c: -c.rank.value)))
                for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]))
    # The rulings (what was ruled and the law, never a hand) as the regulations let
    # the public see them (80B2(f)), of a board the viewer may see; the Director's at once.
    rulings = ruling_views.traveller_rulings(sight.state, board, language, installed_books()) \
        if sight.director or (withheld is None and club_rulings.public_may_see(state)) else []
    return pages.render(request, "traveller.html", traveller={
        "id": event_id, "name": view.name, "board": board,
        "dealer": parameter(the_board.dealer, language),
        "vulnerability": pages.message(request, vulnerability_text(the_board.vulnerability)),
        "rows": rows, "hands": hands, "rulings": rulings,
        "withheld": "" if withheld is None else pages.message(request, withheld)})


@router.get("/events/{event_id}/handrecord", response_class=HTMLResponse)
def hand_record(request: Request, event_id: str, pages: PagesDep) -> HTMLResponse:
    """The printable hand record (diagrams, double-dummy tables, par) once the scores
    are official; before, a page saying when it comes."""
    state = known(pages, request, event_id)
    view = club_views.event_view_of(state)
    found = stored_hand_record(state, hand_records.records_of(pages))
    if found is None:
        return pages.render(request, "message.html", status_code=404, id=event_id,
                            event_name=view.name, message=pages.message(request, msg(
                                "The hands are shown once the scores are official.")))
    language = pages.language(request)
    if isinstance(found, HandRecordProgress):
        # Not analysed yet (an event from before the analysis was kept, or a failed run):
        # started now, the page says how far it has gone and reloads itself.
        hand_records.start_analysis(pages, event_id)
        return pages.render(request, "hand_record.html", status_code=202, record={
            "id": event_id, "name": view.name, "progress": pages.message(request, msg(
                "Computing the double-dummy tables: {done} of {total} boards done.",
                done=found.done, total=found.total))})
    return pages.render(request, "hand_record.html", record={
        "id": event_id, "name": view.name, "progress": "", "style": HAND_RECORD_WEB_STYLE,
        "boards": Markup(hand_record_boards(found, language))})


@router.get("/events/{event_id}/pairs/{pair}", response_class=HTMLResponse)
def scorecard(request: Request, event_id: str, pair: int, pages: PagesDep) -> HTMLResponse:
    state = known(pages, request, event_id)
    view = club_views.event_view_of(state)
    if pair not in view.pairs:
        raise HTTPException(404, pages.message(request, msg(
            "pair {pair} does not play in this event", pair=pair)))
    language = pages.language(request)
    sight = _sight(pages, request, state)
    rows = [
        {"round": line.round, "board": line.board,
         "opponents": views.pair_list(line.ew if pair in line.ns else line.ns),
         "direction": side_letters(Side.NS if pair in line.ns else Side.EW, language),
         "text": views.line_text(line, language)}
        for line in club_views.results_of(sight.state).lines if pair in line.ns + line.ew]
    # The boards this pair has played whose results the viewer may not see yet.
    withheld = sorted({line.board for line in club_views.results_of(state).lines
                       if pair in line.ns + line.ew} - {row["board"] for row in rows})
    return pages.render(request, "scorecard.html", card={
        "id": event_id, "event": view.name, "pair": pair,
        "name": view.names.get(pair, ""), "rows": rows,
        "withheld": pages.message(request, msg(
            "The results of boards {boards} are not shown yet.",
            boards=", ".join(map(str, withheld)))) if withheld else ""})


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, pages: PagesDep) -> HTMLResponse:
    return pages.render(request, "login.html", error="")


@router.post("/login", response_model=None)
def login(request: Request, pages: PagesDep, password: Annotated[str, Form()] = ""
          ) -> HTMLResponse | RedirectResponse:
    """The Director's password against its argon2 hash. Each try is counted before the
    password is checked, per address and for the account, in the database: after a few,
    no more tries for a while (a right password included), whatever the worker."""
    who = client_address(request)
    if not pages.sessions.attempt("director", who):
        return pages.render(request, "login.html", status_code=429, error=pages.message(
            request, msg("Too many failed logins; wait a minute and try again.")))
    if not pages.config.director_hash or not check_password(pages.config.director_hash,
                                                            password):
        return pages.render(request, "login.html", status_code=401, error=pages.message(
            request, msg("Wrong password.")))
    pages.sessions.succeeded("director", who)
    response = pages.redirect("/director")
    pages.start_session(request, response, {"role": "director"})
    return response


@router.post("/logout")
def logout(request: Request, pages: PagesDep) -> RedirectResponse:
    """The session is revoked on the server: its cookie is refused from now on."""
    response = pages.redirect("/")
    pages.end_session(request, response)
    return response


def _sight(pages: Pages, request: Request, state: ClubState) -> visibility.Sight:
    """What this reader (the Director, a table's device, the public) may see now."""
    viewer = visibility.viewer_in(pages.store, request.state.session, state.record.id)
    return visibility.sight_in(pages.store, state, viewer)


def _side_title(pages: Pages, request: Request, side: Side | None) -> str:
    """A two-winner Mitchell's rankings are headed North-South and East-West."""
    if side is None:
        return ""
    return pages.message(request, msg("North-South") if side is Side.NS else msg("East-West"))


def _kind_rows(found: kind_views.KindStandings | None) -> dict[str, Any]:
    """A team event's standings (VPs, IMPs, the roster) and matches, or an individual's
    standings, laid out for ``ranking.html``."""
    if found is None:
        return {"kind_ranking": True, "teams": [], "matches": [], "players": []}
    teams = [] if found.teams is None else [
        {"place": s.place, "team": s.team, "name": s.name, "players": ", ".join(s.players),
         "vp": f"{s.vp:.2f}", "imps": f"{float(s.imps):+g}", "matches": s.matches}
        for s in found.teams.standings]
    matches = [] if found.teams is None else [
        {"round": m.round, "home": m.home, "away": m.away, "boards": m.match.boards,
         "home_imps": f"{float(m.match.home_imps):g}",
         "away_imps": f"{float(m.match.away_imps):g}",
         "home_vp": "" if m.match.home_vp is None else f"{m.match.home_vp:.2f}",
         "away_vp": "" if m.match.away_vp is None else f"{m.match.away_vp:.2f}"}
        for m in found.teams.matches]
    players = [{"place": s.place, "player": s.player, "name": s.name,
                "total": views.number(s.total), "percentage": views.number(s.percentage),
                "boards": s.boards} for s in found.players]
    return {"kind_ranking": True, "teams": teams, "matches": matches, "players": players}


def _handicap_rows(ranked: ClubState) -> list[list[dict[str, Any]]]:
    """The handicap rankings of a handicap pairs event, beside the scratch ones."""
    given, unit = handicaps.stored_handicaps(ranked)
    if not given:
        return []
    try:
        found = handicaps.handicap_standings_of(ranked, given, unit)
    except AppError:
        return []
    return [[{"place": h.place, "contestant": h.pair, "label": h.label, "name": h.name,
              "scratch": views.number(h.scratch), "handicap": f"{float(h.handicap):+.2f}",
              "handicapped": views.number(h.handicapped)} for h in group]
            for group in found]


def _public(pages: Pages, request: Request, state: ClubState) -> dict[str, Any]:
    view = club_views.event_view_of(state)
    sight = _sight(pages, request, state)
    hidden = sight.ranking_hidden
    ranked = sight.ranked  # the boards every table has played, unless the Director reads
    rankings: list[list[dict[str, Any]]] = []
    titles: list[str] = []
    if kind_views.ranked_by_kind(state):
        kind = None if hidden else kind_views.kind_standings_of(ranked)
        return {"id": view.id, "name": view.name, "hidden": hidden, "rankings": [],
                "titles": [], "chart": {"series": []}, "recorded": view.results,
                "official_at": views.when(view.official_at), "boards": view.boards,
                "pairs": view.pairs, **_kind_rows(kind)}
    if not hidden and ranked.book.entries:
        try:
            scored = club_views.score_of(ranked)
        except AppError:
            scored = None
        if scored is not None:
            rankings = [[{"place": s.place, "contestant": s.pair, "name": s.name,
                          "total": views.number(s.total),
                          "percentage": views.number(s.percentage)} for s in group]
                        for group in scored.rankings]
            titles = [_side_title(pages, request, side) for side in scored.directions]
    handicapped = _handicap_rows(ranked) if rankings else []
    chart = running_chart(running_percentages_of(ranked)) if rankings else {"series": []}
    return {"id": view.id, "name": view.name, "hidden": hidden, "rankings": rankings,
            "titles": titles,
            "chart": chart,
            "recorded": view.results,
            "official_at": views.when(view.official_at, state.config.timezone),
            "boards": view.boards, "pairs": view.pairs, "handicapped": handicapped}
