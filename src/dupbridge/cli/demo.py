"""The demonstration board of ``dupbridge demo``: printing only; the table does the work."""

from __future__ import annotations

import random

from rich.console import Console

from dupbridge.core.board import Board
from dupbridge.core.calls import DOUBLE, PASS, Bid, Call, Denomination
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.table.table import Table


def _irregular_call(table: Table, rng: random.Random) -> Call:
    """One of the simplest irregularities: a bid above seven (38), or an inadmissible
    double (36) when there is nothing for this player to double."""
    seat = table.turn
    assert seat is not None
    if DOUBLE not in table.state.current_auction.legal_calls(seat) and rng.random() < 0.5:
        return DOUBLE
    return Bid(8, rng.choice(list(Denomination)))


def _lead_restriction(console: Console, table: Table, rng: random.Random) -> None:
    """Declarer's Law 26 options at the offender's partner's first turn to lead: the
    Director accepts his defaults and declarer picks one."""
    pending = table.pending
    assert pending is not None
    console.print(f"\n[yellow]Lead restriction[/yellow]: {pending.describe()}")
    table.accept_defaults()
    decision = table.pending
    assert decision is not None
    option = rng.choice(decision.options)
    console.print(f"  {option.description} (chosen by {option.chosen_by})\n")
    table.choose(option.id)


def play_demo(console: Console, rng: random.Random, edition_text: str) -> None:
    edition = Edition.parse(edition_text)
    board = Board(rng.randint(1, 16), Deal.random(rng))
    table = Table(board, edition=edition)
    assert board.deal is not None
    console.print(f"[bold]Board {board.number}[/bold], dealer {board.dealer.name.title()}, "
                  f"vulnerable {board.vulnerability.value}, Laws {edition.value}")
    console.print(f"Deal {board.deal.to_pbn()}", highlight=False)
    irregular_at = rng.randint(0, 3)
    calls = 0
    while table.turn is not None and table.state.play is None:
        seat = table.turn
        if calls == irregular_at:
            table.call(seat, _irregular_call(table, rng))
            pending = table.pending
            assert pending is not None
            console.print(f"\n[yellow]Irregularity[/yellow]: {pending.describe()}")
            option = pending.options[0]
            console.print(f"  Director: {option.description} (chosen by {option.chosen_by})")
            table.choose(option.id)
            ruling = table.rulings[-1]
            console.print("  Ruling cites " + ", ".join(str(ref) for ref in ruling.clauses))
            for bar in table.restrictions:
                console.print(f"  {bar}")
            console.print()
        else:
            choices = table.legal_calls().as_tuple()
            call = PASS if rng.random() < 0.55 or len(choices) == 1 else rng.choice(choices)
            table.call(seat, call)
        calls += 1
    console.print("Auction: " + str(table.state.current_auction))
    contract = table.state.contract
    if contract is None:
        console.print("Passed out.")
    else:
        console.print(f"Contract {contract}")
        while True:
            if table.pending is not None:
                _lead_restriction(console, table, rng)
            elif table.turn is not None:
                table.play(table.turn, rng.choice(list(table.legal_cards())))
            else:
                break
        play = table.state.play
        assert play is not None
        for number, trick in enumerate(play.tricks, 1):
            console.print(f"  trick {number:>2} {trick}  won by {trick.winner.letter}",
                          highlight=False)
    result = table.result()
    console.print(f"[bold]Result[/bold]: {result}")
    if result is not None:
        for review in result.reviews:
            console.print(f"  For the Director's review: {review.law}: {review.note}")
