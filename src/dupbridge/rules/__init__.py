"""The correct procedure: the auction (Laws 17-22) and the play (Laws 41-47, 65-66)."""

from dupbridge.rules.auction import Auction, AuctionStatus, CallChoices, StandingCall
from dupbridge.rules.play import Play, Trick

__all__ = ["Auction", "AuctionStatus", "CallChoices", "Play", "StandingCall", "Trick"]
