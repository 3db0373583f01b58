"""Law 21: a call based on misinformation (both editions).

The Director is called when a side corrects its explanation of a call, or alerts it late
(Law 20F4, 20F5: a failure to alert is a mistaken explanation). He first decides whether the
explanation was mistaken or the call was (21B1(b): without evidence to the contrary, a
mistaken explanation). A mistaken call is no infraction, and a player who acted on his own
misunderstanding has no redress (21A).

After a mistaken explanation, and until the end of the auction period (the Clarification
Period included), the non-offending player whose partner has not called since his last call
may change that call if the Director judges the misinformation could well have influenced
it (21B1(a)), with no other rectification for his side. If he changes it, his left-hand
opponent may then in turn change any call he made after it (21B2: 2007, Law 16D only if the
Director finds at the end that the withdrawn call conveyed damaging information; 2017, Law
16C applies). When it is too late to change a call, the Director adjusts the score if the
offending side gained through the irregularity (21B3): a review item.

A changed final pass reopens the auction (the catalogue's D-55): the new call replaces the
pass, and the auction goes on from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction.law40_system import card_supports_explanation
from dupbridge.laws.irregularities.law16_information import withdrawn_call_information
from dupbridge.laws.machinery.clauses import ref, withdrawn_information
from dupbridge.laws.machinery.rectification import (
    LaterCallContext,
    Rectification,
    no_call_before_ruling,
)
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    CancelCalls,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    Option,
    Question,
    Review,
    Watch,
    Watched,
)

MISTAKEN_EXPLANATION = "mistaken-explanation"
"""Question id: J-MI-VS-MISBID, was the explanation mistaken (not the call)?"""
COULD_INFLUENCE = "could-influence"
"""Question id: J-MI-INFLUENCE, could the misinformation well have influenced the call?"""

Placed = tuple[Seat, Call, int]


@dataclass(frozen=True, slots=True)
class MisinformationMatter(Irregularity):
    """The misinformation with its evidence (Law 40): the explanations given of the call,
    in order, and what the explaining side's system card says of it (None: no card)."""

    explanations: tuple[str, ...] = ()
    card_meaning: str | None = None


@law("20F4(b)", editions=(Edition.LAWS_2017,), title="The Director applies Law 21B")
def misinformation(
    edition: Edition,
    explainer: Seat,
    call: Call,
    record: int,
    calls: Sequence[Placed],
    auction_period_over: bool,
    declaring_side: Side | None = None,
    explanations: tuple[str, ...] = (),
    card_meaning: str | None = None,
) -> Irregularity:
    """The irregularity the Director rules on when ``explainer``'s side corrects its
    explanation of ``call``: with the non-offending call that may still be changed, and the
    calls after it (``changeable``), while the auction period lasts."""
    changeable: tuple[Placed, ...] = ()
    if not auction_period_over:
        last = max((i for i, (seat, _, _) in enumerate(calls) if seat.is_opponent_of(explainer)),
                   default=None)
        if last is not None:
            changeable = tuple(calls[last:])
    return MisinformationMatter(
        IrregularityKind.MISINFORMATION, edition, explainer, call, record, None,
        declaring_side=declaring_side, auction_period_over=auction_period_over,
        changeable=changeable, explanations=explanations, card_meaning=card_meaning)


@law("21B1(b)", title="Presume a mistaken explanation, not a mistaken call")
def mistaken_explanation_question(irregularity: Irregularity) -> Question:
    """21B1(b): without evidence to the contrary, the Director presumes a mistaken
    explanation rather than a mistaken call (default yes)."""
    who = irregularity.offender
    prompt = msg("Was {who}'s side's explanation of {action} mistaken (their agreement differs "
                 "from it), rather than the call itself (a mistaken call: no infraction)?",
                 who=who, action=irregularity.action)
    default = True
    if isinstance(irregularity, MisinformationMatter) and irregularity.card_meaning is not None:
        supports = card_supports_explanation(irregularity.card_meaning,
                                             irregularity.explanations)
        default = supports is not False  # the card as evidence to the contrary (75C)
        prompt = msg("{question} Their system card says: {meaning}.", question=prompt,
                     meaning=irregularity.card_meaning or msg("nothing about this call"))
    finding = ref(irregularity.edition, "21B1(b)")
    # Either answer is the Director's finding under 21B1(b): the ruling cites it.
    return Question(MISTAKEN_EXPLANATION, prompt, finding, default=default,
                    cites=((True, finding), (False, finding)))


def influence_question(irregularity: Irregularity, seat: Seat, call: Call) -> Question:
    """21B1(a): could the decision to make ``call`` well have been influenced by the
    misinformation? Default no (the catalogue's)."""
    return Question(
        COULD_INFLUENCE,
        msg("Could {seat}'s decision to call {call} well have been influenced by the "
            "misinformation?", seat=seat, call=call),
        ref(irregularity.edition, "21B1(a)"),
        default=False,
    )


@law("21A", title="No redress for one's own misunderstanding")
def own_misunderstanding(edition: Edition) -> tuple[Effect, ...]:
    """21A (with 75C): the explanation was right and the call mistaken: no infraction; a
    player who acted on his own misunderstanding has no rectification or redress."""
    return (Cite(ref(edition, "21B1(b)")), Cite(ref(edition, "21A")))


@law("21B3", title="Too late to change: adjusted score")
def too_late_review(irregularity: Irregularity) -> Review:
    """21B3: a call it is too late to change (partner has called, or the auction period is
    over): the Director adjusts if the offending side gained through the irregularity."""
    return Review(ref(irregularity.edition, "21B3"),
                  msg("21B3: was a call of the non-offending side that can no longer be "
                      "changed based on the misinformation about {action}, and did the "
                      "offending side gain through it? Then an adjusted score",
                      action=irregularity.action))


@law("21B1(a)", title="Change allowed if misinformation could well influence")
def change_call(irregularity: Irregularity) -> tuple[Effect, ...]:
    """21B1(a): the non-offending player's call is withdrawn (its information authorised to
    his side, unauthorised to the offenders, 2007 16D / 2017 16C) and he calls again; any
    call his left-hand opponent made after it is withdrawn as well, for him to call again in
    turn (21B2)."""
    edition = irregularity.edition
    (_, _, record), *after = irregularity.changeable
    effects: list[Effect] = [
        CancelCalls(ref(edition, "21B1(a)"), (record,)),
        withdrawn_call_information(edition, record, irregularity.offender.side),
    ]
    if after:
        effects.append(CancelCalls(ref(edition, "21B2"), tuple(r for _, _, r in after)))
        effects.append(Watch(ref(edition, "21B2"), irregularity))
    effects.append(too_late_review(irregularity))
    return tuple(effects)


@law("21", title="Call based on misinformation")
@law("21B", title="Call based on the opponents' misinformation")
@law("21B1", title="Changing a call after misinformation")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    edition = irregularity.edition
    clauses = (ref(edition, "20F6"), ref(edition, "21"), ref(edition, "21B"),
               ref(edition, "21B1"))
    questions = [mistaken_explanation_question(irregularity)]
    if irregularity.changeable:
        seat, call, _ = irregularity.changeable[0]
        questions.append(influence_question(irregularity, seat, call))
    mistaken = answers.get(MISTAKEN_EXPLANATION, True) is True
    influenced = answers.get(COULD_INFLUENCE, False) is True
    options: tuple[Option, ...]
    if not mistaken:
        options = (Option("no-rectification", msg("Law 21A: a mistaken call, not a mistaken "
                                                  "explanation: no rectification, no redress"),
                          DIRECTOR,
                          own_misunderstanding(edition)),)
    elif irregularity.changeable and influenced:
        seat = irregularity.changeable[0][0]
        options = (
            Option("change", msg("Law 21B1(a): {seat} changes his call", seat=seat), seat,
                   change_call(irregularity)),
            Option("keep", msg("{seat} keeps his call", seat=seat), seat,
                   (Cite(ref(edition, "21B1(a)")), too_late_review(irregularity))),
        )
    else:
        options = (Option("continue", msg("No call may be changed; the Director reviews the "
                                          "result at the end of play (21B3)"), DIRECTOR,
                          (too_late_review(irregularity),)),)
    return Decision(decision_id, irregularity, clauses, tuple(questions), answers, options)


@law("21B2", title="The left-hand opponent may then change his later call")
def lho_calls_again(context: LaterCallContext) -> Watched | None:
    """21B2: after the change, the left-hand opponent calls again in turn; a call different
    from the one he had made withdraws it. 2017: Law 16C applies to it. 2007: no further
    rectification unless at the end the Director finds the withdrawn call conveyed
    information damaging to the non-offending side (then Law 16D): a review item."""
    irregularity = context.irregularity
    changer = irregularity.changeable[0][0]
    if context.seat is not changer.lho:
        return None
    edition = irregularity.edition
    old = [(call, record) for seat, call, record in irregularity.changeable[1:]
           if seat is changer.lho]
    if not old or old[0][0] == context.call:
        return Watched(effects=(Cite(ref(edition, "21B2")),))
    record = old[0][1]
    effects: list[Effect] = [
        Cite(ref(edition, "21B2")),
        withdrawn_call_information(edition, record, irregularity.offender.side),
    ]
    if edition is Edition.LAWS_2007:
        effects.append(Review(withdrawn_information(edition),
                              msg("21B2: did the withdrawn call convey information damaging to "
                                  "the non-offending side? Then Law 16D applies")))
    return Watched(effects=tuple(effects))


RECTIFICATION = Rectification(decide, no_call_before_ruling, lho_calls_again)
