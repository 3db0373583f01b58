"""What the ruling assistant says is in force once the Director has ruled, shared by the
terminal (``dialogue``) and the web's ruling screen: rulings, bars, lead restrictions,
penalty cards, information, the auction, the contract, and the board's score: the table's
result with Law 64's transfers, or the adjusted score that replaces it (the rulings'
assigned score, 12C1, or the one the Director gives each side, ``given_score``)."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.app.ruling_session.document import RulingSession
from dupbridge.app.ruling_session.given_score import (
    ARTIFICIAL,
    ASSIGNED,
    SPLIT,
    WEIGHTED,
    GivenScore,
)
from dupbridge.app.ruling_session.texts import (
    calls_text,
    chooser_text,
    contract_text,
    information_text,
    lead_restriction_lines,
    restrict_play_text,
    transfer_text,
)
from dupbridge.app.ruling_session.weighted_lines import (
    weighted_echo,
    weighted_lines,
    weighted_score_line,
)
from dupbridge.core.messages import Msg, msg
from dupbridge.laws.irregularities.assigned_score import AssignedScore
from dupbridge.table.result import Result
from dupbridge.table.table import Table

Line = tuple[str | Msg, str]  # a line to say and its style (bold, green, red, dim or "")



def outcome_lines(session: RulingSession, language: str) -> list[Line]:
    """What is in force: rulings, bars, lead restrictions, penalty cards, information,
    the auction, the contract, and the result with its transfers and review items (or
    whose turn it is)."""
    table = session.table
    state = table.state
    result = session.result()
    lines: list[Line] = [("", ""), (msg("Outcome"), "bold")]
    lines += section(msg("Rulings"), [msg("{ruling} (chosen by {chooser})",
                                          ruling=ruling.describe(),
                                          chooser=chooser_text(ruling.chosen_by))
                                      for ruling in state.rulings], msg("Rulings: none"))
    lines += section(msg("Bars"), [str(bar) for bar in state.bars])
    lines += section(msg("Lead restrictions"), [
        *lead_restriction_lines(state.lead_restrictions, state.lead_choices),
        *(restrict_play_text(restriction) for restriction in state.restrictions)])
    lines += section(msg("Penalty cards"), [msg("{seat}: {card}", seat=card.seat,
                                                card=card.card)
                                            for card in state.penalty_cards])
    lines += section(msg("Information"), [information_text(tag, table)
                                          for tag in state.information])
    auction = str(state.current_auction)
    calls = tuple(standing.call for standing in state.current_auction.calls)
    lines.append((msg("Auction: {auction}", auction=calls_text(calls, language) if auction
                      else msg("(no calls)")), ""))
    contract = state.contract if result is None else result.contract
    assigned = session.assigned()
    adjusted = session.adjustment()
    given = session.given
    if contract is not None and contract.declarer is not None:
        declarer = (state.play.declarer if state.play is not None else contract.declarer)
        if adjusted is not None or given is not None:
            # 12C: the table's contract no longer scores the board
            lines.append((msg("Contract at the table: {contract}; declarer {declarer} "
                              "(replaced by the adjusted score)",
                              contract=contract_text(contract), declarer=declarer), ""))
        else:
            lines.append((msg("Contract: {contract}; declarer {declarer}, dummy {dummy}",
                              contract=contract_text(contract), declarer=declarer,
                              dummy=declarer.partner), ""))
    elif state.current_auction.is_over:
        lines.append((msg("Passed out"), ""))
    if result is not None:
        lines += result_lines(result, replaced=given is not None)
    elif assigned is not None or adjusted is not None or given is not None:
        lines += section(msg("For the Director's review"), [
            msg("{law}: {note}", law=review.law, note=review.note) for review in state.reviews])
    else:
        lines += turn_lines(table, language)
    if given is not None:
        lines += given_lines(given, result, language)
    elif assigned is not None:
        lines += assigned_lines(assigned, result)
    elif adjusted is not None:
        lines.append((msg("Score of the board: adjusted score ({law}): {note}; the Director "
                          "gives each side its score (Law 12C)", law=adjusted.law,
                          note=adjusted.note), "bold"))
    return lines


def given_echo(given: GivenScore, language: str = "en") -> Msg:
    """The adjusted score the Director gave, read back before it is kept."""
    if given.kind == WEIGHTED:
        return weighted_echo(given, language)
    if given.kind == ARTIFICIAL:
        return msg("{ns}% to North-South, {ew}% to East-West ({law})", ns=given.ns,
                   ew=given.ew, law=given.law)
    if given.kind == ASSIGNED and given.contract is not None:
        return msg("{contract} by {declarer}, {tricks} tricks: {ns} to North-South, {ew} to "
                   "East-West ({law})", contract=contract_text(given.contract),
                   declarer=given.contract.declarer, tricks=given.tricks or 0,
                   ns=format(given.ns, "+d"), ew=format(given.ew, "+d"), law=given.law)
    return msg("{ns} to North-South, {ew} to East-West ({law})", ns=format(given.ns, "+d"),
               ew=format(given.ew, "+d"), law=given.law)


def given_lines(given: GivenScore, result: Result | None, language: str = "en"
                ) -> list[Line]:
    """The adjusted score the Director gave is the board's score, each side's own: an
    artificial score by fault (12C2), a split score (the sides need not balance), an
    assigned result (12C1(a)) or a weighted one (12C1(c))."""
    lines: list[Line] = weighted_lines(given, language) if given.kind == WEIGHTED else []
    if given.kind == ASSIGNED and given.contract is not None:
        lines.append((msg("Assigned adjusted score ({law}): {contract}, {tricks} tricks to "
                          "declarer; score {score} to North-South", law=given.law,
                          contract=contract_text(given.contract), tricks=given.tricks or 0,
                          score=format(given.ns, "+d")), "bold"))
        lines.append((msg("  declarer {declarer}", declarer=given.contract.declarer), ""))
    if result is None or result.tricks is None:
        lines.append((msg("Table result: none; the adjusted score replaces it"), ""))
    if given.kind == ARTIFICIAL:
        lines.append((msg("Score of the board: artificial adjusted score ({law}): {ns}% to "
                          "North-South, {ew}% to East-West", law=given.law, ns=given.ns,
                          ew=given.ew), "bold"))
    elif given.kind == WEIGHTED:
        lines.append(weighted_score_line(given, language))
    elif given.kind == SPLIT:
        lines.append((msg("Score of the board: {ns} to North-South, {ew} to East-West "
                          "({law}): each side is scored on its own score", law=given.law,
                          ns=format(given.ns, "+d"), ew=format(given.ew, "+d")), "bold"))
    else:
        lines.append((msg("Score of the board: {ns} to North-South, {ew} to East-West ({law})",
                          ns=format(given.ns, "+d"), ew=format(given.ew, "+d"),
                          law=given.law), "bold"))
    return lines


def result_lines(result: Result, replaced: bool = False) -> list[Line]:
    """The table's result: its transfers, tricks and Law 77 score (an assigned score, which
    replaces it, is said after it: ``assigned_lines``; ``replaced``: so does the adjusted
    score the Director gave, ``given_lines``)."""
    lines = section(msg("Law 64 transfers"), [transfer_text(t) for t in result.transfers])
    if result.contract is not None and result.tricks is None:
        if result.assigned is None and not replaced:
            lines.append((msg("Result: not entered (give 'result' and declarer's tricks)"),
                          "bold"))
    elif result.contract is not None and result.tricks is not None:
        score = format(result.score_ns, "+d")
        if replaced:
            lines.append((msg("Table result (replaced by the adjusted score): {tricks} tricks "
                              "to declarer; {score} to North-South", tricks=result.tricks,
                              score=score), ""))
        elif result.assigned is not None:
            lines.append((msg("Table result (replaced by the assigned score): {tricks} tricks "
                              "to declarer; {score} to North-South", tricks=result.tricks,
                              score=score), ""))
        else:
            lines.append((msg("Result: {tricks} tricks to declarer; score {score} to "
                              "North-South (Law 77)", tricks=result.tricks, score=score),
                           "bold"))
    elif result.assigned is None and not replaced:
        lines.append((msg("Result: passed out, 0 to both sides"), "bold"))
    lines += section(msg("For the Director's review"), [msg("{law}: {note}", law=review.law,
                                                            note=review.note)
                                                        for review in result.reviews])
    return lines


def assigned_lines(assigned: AssignedScore, result: Result | None) -> list[Line]:
    """12C1: the assigned adjusted score is the board's score, for both sides."""
    lines: list[Line] = [
        (msg("Assigned adjusted score ({law}): {contract}, {tricks} tricks to declarer; "
             "score {score} to North-South", law=assigned.law,
             contract=msg("passed out") if assigned.contract is None
             else contract_text(assigned.contract), tricks=assigned.tricks or 0,
             score=format(assigned.score_ns, "+d")), "bold")]
    if assigned.contract is not None and assigned.contract.declarer is not None:
        lines.append((msg("  declarer {declarer}", declarer=assigned.contract.declarer), ""))
    if result is None or result.tricks is None:
        lines.append((msg("Table result: none; the assigned score replaces it"), ""))
    lines.append((msg("Score of the board: {ns} to North-South, {ew} to East-West ({law})",
                      ns=format(assigned.score_ns, "+d"), ew=format(-assigned.score_ns, "+d"),
                      law=assigned.law), "bold"))
    return lines


def turn_lines(table: Table, language: str) -> list[Line]:
    state = table.state
    lines = section(msg("For the Director's review at the end of play"),
                    [msg("{law}: {note}", law=review.law, note=review.note)
                     for review in state.reviews])
    turn = table.turn
    if turn is None:
        lines.append((msg("Nobody is to act now"), ""))
    elif state.play is None:
        lines.append((msg("Turn: {seat}; legal calls: {calls}", seat=turn,
                          calls=calls_text(tuple(table.legal_calls()), language)), ""))
    else:
        lines.append((msg("Turn: {seat} to play", seat=turn), ""))
    return lines


def section(title: Msg, items: Sequence[str | Msg], empty: Msg | None = None) -> list[Line]:
    """``title`` and its items; ``empty`` says there are none where the language needs the
    title's own gender (es "Fallos: ninguno")."""
    if not items:
        return [(empty or msg("{title}: none", title=title), "")]
    return [(msg("{title}:", title=title), ""), *((msg("  {line}", line=line), "")
                                                   for line in items)]
