"""Vocabulary of the Laws: cards, seats, calls, deals, boards, contracts, editions."""
