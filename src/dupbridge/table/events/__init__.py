"""What can happen at a table. The event log is the undo, the replay and the audit trail.

One module per topic; every event and every group of them (``TALK_EVENTS``...) is read from
here, ``dupbridge.table.events``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dupbridge.table.events.actions import (
        CallMade,
        CardPlayed,
        DirectorAnswered,
        OptionChosen,
    )
    from dupbridge.table.events.boards import (
        BOARD_EVENTS,
        BoardEvent,
        CardCountReported,
        CardFound,
        WrongBoardPlayed,
    )
    from dupbridge.table.events.claims import (
        CLAIM_EVENTS,
        AgreementWithdrawn,
        ClaimAgreed,
        ClaimContested,
        Claimed,
        ClaimEvent,
        Conceded,
        ConcessionCancelled,
        HandFaced,
        PlayAnnounced,
        PlayedAfterClaim,
        TrickClaimed,
    )
    from dupbridge.table.events.information import (
        INFORMATION_EVENTS,
        AgreementFields,
        ExtraneousInformationReported,
        FalseInferenceReported,
        InformationConveyed,
        InformationEvent,
        OpponentsCardConsulted,
        SystemCardLodged,
        UnauthorisedInformationReported,
    )
    from dupbridge.table.events.play import (
        DEFECT_EVENTS,
        DUMMY_ACTIONS,
        LEAD_EVENTS,
        AttentionDrawn,
        CardDesignated,
        CardExposed,
        CardOmitted,
        CardPointed,
        CardReplayed,
        DefectEvent,
        DesignationChanged,
        DummyAction,
        DummyMisplaced,
        ExtraCardPlayed,
        FaceDownLeadWithdrawn,
        LeadEvent,
        OpeningLeadFaced,
        OpeningLeadFaceDown,
        PlayedCardsMixed,
        PlayEvent,
        RevokeAsked,
        TrickInspected,
    )
    from dupbridge.table.events.talk import (
        TALK_EVENTS,
        Alerted,
        AuctionRestated,
        ClarificationRequested,
        ContractAsked,
        Explained,
        ExplanationRequested,
        HandTakenOut,
        OpeningLeadAsked,
        ReviewRequested,
        RightsReserved,
        SystemCardConsulted,
        TalkEvent,
        TurnStated,
        WrongBoardReported,
    )

    Event = (CallMade | CardPlayed | DirectorAnswered | OptionChosen | TalkEvent | PlayEvent
             | BoardEvent | LeadEvent | DefectEvent | ClaimEvent | InformationEvent)

# Each name is read from its module on first use (PEP 562): a regular table (calls and
# cards) reads ``CallMade`` and ``CardPlayed`` only, and loads none of the other topics'
# classes, which import the laws their fields name (start-up, benchmarks/startup.py).
_MODULES: dict[str, str] = {
    "BOARD_EVENTS": "boards",
    "CLAIM_EVENTS": "claims",
    "DEFECT_EVENTS": "play",
    "DUMMY_ACTIONS": "play",
    "INFORMATION_EVENTS": "information",
    "LEAD_EVENTS": "play",
    "TALK_EVENTS": "talk",
    "AgreementFields": "information",
    "AgreementWithdrawn": "claims",
    "Alerted": "talk",
    "AttentionDrawn": "play",
    "AuctionRestated": "talk",
    "BoardEvent": "boards",
    "CallMade": "actions",
    "CardCountReported": "boards",
    "CardDesignated": "play",
    "CardExposed": "play",
    "CardFound": "boards",
    "CardOmitted": "play",
    "CardPlayed": "actions",
    "CardPointed": "play",
    "CardReplayed": "play",
    "ClaimAgreed": "claims",
    "ClaimContested": "claims",
    "ClaimEvent": "claims",
    "Claimed": "claims",
    "ClarificationRequested": "talk",
    "Conceded": "claims",
    "ConcessionCancelled": "claims",
    "ContractAsked": "talk",
    "DefectEvent": "play",
    "DesignationChanged": "play",
    "DirectorAnswered": "actions",
    "DummyAction": "play",
    "DummyMisplaced": "play",
    "Explained": "talk",
    "ExplanationRequested": "talk",
    "ExtraCardPlayed": "play",
    "ExtraneousInformationReported": "information",
    "FaceDownLeadWithdrawn": "play",
    "FalseInferenceReported": "information",
    "HandFaced": "claims",
    "HandTakenOut": "talk",
    "InformationConveyed": "information",
    "InformationEvent": "information",
    "LeadEvent": "play",
    "OpeningLeadAsked": "talk",
    "OpeningLeadFaceDown": "play",
    "OpeningLeadFaced": "play",
    "OpponentsCardConsulted": "information",
    "OptionChosen": "actions",
    "PlayAnnounced": "claims",
    "PlayEvent": "play",
    "PlayedAfterClaim": "claims",
    "PlayedCardsMixed": "play",
    "ReviewRequested": "talk",
    "RevokeAsked": "play",
    "RightsReserved": "talk",
    "SystemCardConsulted": "talk",
    "SystemCardLodged": "information",
    "TalkEvent": "talk",
    "TrickClaimed": "claims",
    "TrickInspected": "play",
    "TurnStated": "talk",
    "UnauthorisedInformationReported": "information",
    "WrongBoardPlayed": "boards",
    "WrongBoardReported": "talk",
}


__all__ = [
    "BOARD_EVENTS",
    "CLAIM_EVENTS",
    "DEFECT_EVENTS",
    "DUMMY_ACTIONS",
    "INFORMATION_EVENTS",
    "LEAD_EVENTS",
    "TALK_EVENTS",
    "AgreementFields",
    "AgreementWithdrawn",
    "Alerted",
    "AttentionDrawn",
    "AuctionRestated",
    "BoardEvent",
    "CallMade",
    "CardCountReported",
    "CardDesignated",
    "CardExposed",
    "CardFound",
    "CardOmitted",
    "CardPlayed",
    "CardPointed",
    "CardReplayed",
    "ClaimAgreed",
    "ClaimContested",
    "ClaimEvent",
    "Claimed",
    "ClarificationRequested",
    "Conceded",
    "ConcessionCancelled",
    "ContractAsked",
    "DefectEvent",
    "DesignationChanged",
    "DirectorAnswered",
    "DummyAction",
    "DummyMisplaced",
    "Event",
    "Explained",
    "ExplanationRequested",
    "ExtraCardPlayed",
    "ExtraneousInformationReported",
    "FaceDownLeadWithdrawn",
    "FalseInferenceReported",
    "HandFaced",
    "HandTakenOut",
    "InformationConveyed",
    "InformationEvent",
    "LeadEvent",
    "OpeningLeadAsked",
    "OpeningLeadFaceDown",
    "OpeningLeadFaced",
    "OpponentsCardConsulted",
    "OptionChosen",
    "PlayAnnounced",
    "PlayEvent",
    "PlayedAfterClaim",
    "PlayedCardsMixed",
    "ReviewRequested",
    "RevokeAsked",
    "RightsReserved",
    "SystemCardConsulted",
    "SystemCardLodged",
    "TalkEvent",
    "TrickClaimed",
    "TrickInspected",
    "TurnStated",
    "UnauthorisedInformationReported",
    "WrongBoardPlayed",
    "WrongBoardReported",
]


def __getattr__(name: str) -> Any:
    import importlib

    if name == "Event":  # every event class: all the topics
        value: Any = _event_union()
    else:
        topic = _MODULES.get(name)
        if topic is None:
            raise AttributeError(f"module 'dupbridge.table.events' has no attribute {name!r}")
        value = getattr(importlib.import_module(f"dupbridge.table.events.{topic}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def _event_union() -> Any:
    from dupbridge.table.events.actions import (
        CallMade,
        CardPlayed,
        DirectorAnswered,
        OptionChosen,
    )
    from dupbridge.table.events.boards import BoardEvent
    from dupbridge.table.events.claims import ClaimEvent
    from dupbridge.table.events.information import InformationEvent
    from dupbridge.table.events.play import DefectEvent, LeadEvent, PlayEvent
    from dupbridge.table.events.talk import TalkEvent

    return (CallMade | CardPlayed | DirectorAnswered | OptionChosen | TalkEvent | PlayEvent
            | BoardEvent | LeadEvent | DefectEvent | ClaimEvent | InformationEvent)


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULES, "Event"})
