"""``dupbridge claim``: a claim adjudicated under Law 70, or every claim of a file reported.
Parsing and printing only; the work is ``dupbridge.app.ruling_session.claim_adjudication``."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table as RichTable

from dupbridge.cli.failure import error_line

LANGUAGES = ("en", "es", "fr", "pt")


def run_claim(console: Console, *, source: Path | None, board: int | None, trick: int,
              hands: str | None, trump: str | None, leader: str | None, declarer: str | None,
              claimer: str | None, statement: str, tricks: int | None, answers: list[str],
              edition: str, order: str | None, as_json: bool, language: str,
              strict: bool = False) -> int:
    """0 on an adjudication; 2 on bad input (one line naming what was wrong)."""
    from dupbridge.app.ruling_session.claim_adjudication import (
        STATEMENT_CONFIRMED,
        ClaimInputError,
        ClaimRequest,
        adjudicate_request,
        adjudication_json,
        claim_from_board,
        position_heading,
        read_claim_statement,
        reading_json,
        typed_position,
    )
    from dupbridge.core.cards import Suit
    from dupbridge.core.edition import Edition
    from dupbridge.core.errors import ParseError, reason_of
    from dupbridge.core.messages import msg
    from dupbridge.core.seats import Seat
    from dupbridge.i18n.catalogues import render
    from dupbridge.laws.claims.normal_lines import SuitOrder

    if language not in LANGUAGES:
        return error_line(f"--lang is one of {', '.join(LANGUAGES)}, not {language!r}")
    try:
        chosen = Edition.parse(edition)
        seat_claimer = Seat.parse(claimer) if claimer else None
        suit_order = SuitOrder.from_profile(order) if order else SuitOrder.NONE
        shown: frozenset[tuple[Seat, Suit]] = frozenset()
        if source is not None:
            if board is None:
                return error_line("--board is needed with a file")
            from dupbridge.formats.registry import file_format

            records = [r for r in file_format(None, source).read(source) if r.board == board]
            if not records:
                return error_line(f"{source}: no board {board}")
            repairs: list[str] | None = None if strict else []
            position, seat_declarer, who, ending = claim_from_board(
                records[0], trick, seat_claimer, repairs=repairs)
            shown = ending.shown_out
            for line in repairs or ():
                console.print(f"warning: {source.name}: {line}", highlight=False,
                              markup=False, soft_wrap=True)
        else:
            if not (hands and trump and leader and declarer):
                return error_line("give a file and --board, or --hands, --trump, --leader and "
                            "--declarer")
            position = typed_position(hands, trump, leader)
            seat_declarer = Seat.parse(declarer)
            who = seat_declarer if seat_claimer is None else seat_claimer
        parsed = dict(_answer(text) for text in answers)
        reading = read_claim_statement(statement, language)  # --lang's words (68C, 70B1)
        table_answers = {k: v for k, v in parsed.items() if k != STATEMENT_CONFIRMED}
        found = adjudicate_request(ClaimRequest(position, seat_declarer, who, reading.grammar,
                                                tricks, table_answers, chosen, suit_order,
                                                shown, said=statement))
    except (ClaimInputError, ParseError, ValueError, OSError) as error:
        return error_line(render(reason_of(error), language))
    shown_reading = reading_json(reading, language, parsed)
    if as_json:
        document = adjudication_json(found, language)
        document["reading"] = shown_reading
        print(json.dumps(document, ensure_ascii=False, indent=2))
        return 0
    console.print(render(position_heading(position), language), highlight=False,
                  markup=False)
    lines = shown_reading["lines"]
    assert isinstance(lines, list)
    for line in lines:  # the reading, phrase by phrase (70B1)
        console.print(str(line), highlight=False, markup=False, soft_wrap=True)
    if reading.unread and not shown_reading["confirmed"]:
        console.print("warning: " + render(msg(
            "statement: not understood: {words}; rephrase it, or confirm the reading with "
            "--answer {question}=yes", words=", ".join(reading.unread),
            question=STATEMENT_CONFIRMED), language), highlight=False, markup=False,
                      soft_wrap=True)
    for line in found.adjudication.explain():
        console.print(render(line, language), highlight=False, markup=False)
    console.print(f"DD: {found.double_dummy}", highlight=False, markup=False)
    return 0


def _answer(text: str) -> tuple[str, bool | int | str]:
    """``trump-forgotten=no``, ``claim-tricks=3``, ``suit-order=none``."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise ValueError(f"--answer takes QUESTION=VALUE, not {text!r}")
    word = value.strip().lower()
    if word in ("yes", "true"):
        return key.strip(), True
    if word in ("no", "false"):
        return key.strip(), False
    return key.strip(), int(word) if word.isdigit() else word


def run_claim_report(console: Console, source: Path, as_json: bool,
                     strict: bool = False) -> int:
    from dupbridge.app.ruling_session.claim_adjudication import claims_report, decided_share

    try:
        report = claims_report(source, strict=strict)
    except (ValueError, OSError) as problem:
        return error_line(str(getattr(problem, "reason", None) or problem))
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
        return 0 if not report.errors else 1
    out = RichTable(title=f"Claims in {source.name}")
    for column in ("board", "room", "contract", "trick", "claimed", "Law 70", "DD",
                   "exceeds"):
        out.add_column(column)
    for claim in report.claims:
        law70 = str(claim.law70_total) if claim.decided else \
            f"{claim.law70_lower}-{claim.law70_total}"  # bounds: the worst line found above
        out.add_row(str(claim.board), claim.room, claim.contract, str(claim.trick),
                    str(claim.claimed_total), law70, str(claim.dd_total),
                    "yes" if claim.exceeds else "")
    console.print(out)
    decided, adjudicated = decided_share([report])
    if adjudicated:
        console.print(f"decided: {decided} of {adjudicated} claims "
                      f"({100 * decided / adjudicated:.1f} %); the others are given with "
                      f"bounds, the worst normal line found proposed", highlight=False,
                      markup=False, soft_wrap=True)
    for warning in report.warnings:  # one line each, however narrow the terminal
        console.print(f"warning: {warning}", markup=False, highlight=False, soft_wrap=True)
    for error in report.errors:
        console.print(error, markup=False, highlight=False, soft_wrap=True)
    return 0 if not report.errors else 1
