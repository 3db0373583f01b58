"""Extraneous information from other sources (2007 Law 16C, 2017 Law 16D).

A player who accidentally learns something about a board he is playing or will play (he saw
a card at another table, overheard a result or a remark, looked at the wrong hand) should
have the Director told at once (16C1 / 16D1). Before any call is made the Director has four
options (16C2 / 16D2): (a) rearrange the seats so that the player with the information
holds that hand, where the type of contest and scoring allow; (b) have the board
reshuffled and redealt, where the form of competition allows (for teams, see Law 86);
(c) let play go on, ready to adjust the score if the information interfered with the
result; (d) award an artificial adjusted score. Once a call has been made only (c) remains
in 2007; 2017 16D3 allows (d) as well.

A redeal replaces the board: the ruling records it, and the new deal is played at a new
table (a new ``Table``). Whether the type of contest permits (a) or (b) is the Director's
knowledge of the event; both are offered and the option text says the condition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AdjustedScore,
    Answer,
    Cite,
    Decision,
    Irregularity,
    Option,
    Question,
    Review,
)

INTERFERES = "extraneous-interferes"
"""Question id: could the information interfere with normal play (2017: probably)?"""


@dataclass(frozen=True, slots=True)
class ExtraneousMatter(Irregularity):
    """``offender`` (the player who received it, at no fault of his own) learned ``what``;
    ``calls_made``: the auction had begun when the Director was told."""

    what: str = ""
    calls_made: bool = False


def _clause(edition: Edition, tail: str) -> LawRef:
    return ref(edition, ("16C" if edition is Edition.LAWS_2007 else "16D") + tail)


@law("16C1", editions=LAWS_2007, title="Director told of accidental information")
@law("16D1", editions=LAWS_2017, title="Director told of accidental information")
@law("16C2", editions=LAWS_2007, title="Director's options before the auction")
@law("16D2", editions=LAWS_2017, title="Director's options before the auction")
def interferes_question(matter: ExtraneousMatter) -> Question:
    """16C2 / 16D2: the options arise when the Director considers that the information could
    interfere with normal play (2017: could probably influence it)."""
    return Question(INTERFERES,
                    msg("Could what {seat} learned ({what}) interfere with the normal play of "
                        "the board?", seat=matter.offender, what=matter.what),
                    _clause(matter.edition, "2"), default=True)


@law("16C2(a)", editions=LAWS_2007, title="Rearranging seats so the player holds that hand")
@law("16D2(a)", editions=LAWS_2017, title="Rearranging seats so the player holds that hand")
@law("16C2(b)", editions=LAWS_2007, title="Reshuffle and redeal the board")
@law("16D2(b)", editions=LAWS_2017, title="Reshuffle and redeal the board")
def before_the_auction(matter: ExtraneousMatter) -> tuple[Option, ...]:
    edition = matter.edition
    return (
        Option("rotate-seats", msg("The players change seats so that {seat} holds the hand he "
                                   "has information about (where the type of contest and "
                                   "scoring allow)", seat=matter.offender), DIRECTOR,
               (Cite(_clause(edition, "2(a)")),)),
        Option("redeal", msg("The board is reshuffled and redealt (where the form of "
                             "competition allows; for teams see Law 86): the new deal is "
                             "played instead"), DIRECTOR,
               (Review(_clause(edition, "2(b)"), msg("the board was redealt: play the new "
                                                     "deal and score it in place of this "
                                                     "one")),)),
    )


@law("16C2(c)", editions=LAWS_2007, title="Play on, ready to adjust")
@law("16D2(c)", editions=LAWS_2017, title="Play on, ready to adjust")
@law("16C3", editions=LAWS_2007, title="Information received after the first call")
@law("16D3", editions=LAWS_2017, title="Information received after the first call")
def play_on(matter: ExtraneousMatter) -> Option:
    edition = matter.edition
    return Option("play-on", msg("Play goes on; the Director adjusts the score if the "
                                 "information interfered with the result"), DIRECTOR,
                  (Review(_clause(edition, "2(c)"),
                          msg("{seat} had extraneous information ({what}): adjust the score "
                              "if it interfered with the result", seat=matter.offender,
                              what=matter.what)),))


@law("16C2(d)", editions=LAWS_2007, title="Award an artificial adjusted score")
@law("16D2(d)", editions=LAWS_2017, title="Award an artificial adjusted score")
def artificial(matter: ExtraneousMatter) -> Option:
    return Option("artificial", msg("Artificial adjusted score: the board is not played "
                                    "here"), DIRECTOR,
                  (AdjustedScore(_clause(matter.edition, "2(d)"),
                                 msg("extraneous information made normal play impossible"),
                                 artificial=True),))


def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    assert isinstance(irregularity, ExtraneousMatter)
    matter = irregularity
    edition = matter.edition
    question = interferes_question(matter)
    clauses: tuple[LawRef, ...] = (_clause(edition, ""), _clause(edition, "1"),
                                   _clause(edition, "2"))
    if answers.get(INTERFERES, True) is False:
        options: tuple[Option, ...] = (Option(
            "play-on", msg("Play goes on normally: the information cannot interfere"),
            DIRECTOR, (Cite(_clause(edition, "1")),)),)
    elif not matter.calls_made:
        options = (*before_the_auction(matter), play_on(matter), artificial(matter))
    elif edition is Edition.LAWS_2007:
        options = (play_on(matter),)  # 16C3: only 16C2(c) once a call has been made
    else:
        options = (play_on(matter), artificial(matter))  # 16D3: (c) or (d)
    if matter.calls_made:
        clauses = (*clauses, _clause(edition, "3"))
    return Decision(decision_id, matter, clauses, (question,), answers, options)


RECTIFICATION = Rectification(decide, no_call_before_ruling)
