"""What double-dummy analysis answers, as values: the 20-cell table and par."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from dupbridge.core.calls import Denomination, Doubled
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat, Side

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer in each denomination (5 x 4 = 20 cells),
    the opening lead made by declarer's left-hand opponent. ``counts`` holds them
    denomination by denomination (clubs, diamonds, hearts, spades, notrump), each for
    North, East, South, West."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.counts) != 20 or not all(0 <= count <= 13 for count in self.counts):
            raise ValueError(f"a double-dummy table has 20 counts 0-13, got {self.counts}")

    def tricks(self, denomination: Denomination, declarer: Seat) -> int:
        return self.counts[4 * denomination + declarer]

    def __getitem__(self, cell: tuple[Denomination, Seat]) -> int:
        return self.tricks(*cell)

    def cells(self) -> Iterator[tuple[Denomination, Seat, int]]:
        for denomination in Denomination:
            for seat in _SEATS:
                yield denomination, seat, self.tricks(denomination, seat)

    def makes(self, contract: Contract, declarer: Seat) -> int:
        """Tricks over (+) or under (-) the contract, double dummy."""
        return self.tricks(contract.denomination, declarer) - contract.tricks_needed


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract: level, denomination and doubled state; the declarers who reach the
    par score in it (one seat, or both of a side); and the tricks it makes over (+) or
    under (-) the contract."""

    contract: Contract
    declarers: tuple[Seat, ...]
    result: int

    @property
    def side(self) -> Side:
        return self.declarers[0].side

    def __str__(self) -> str:
        """BridgeComposer's spelling: ``NS 4S=``, ``N 5HX-2``, ``EW 3N+1``."""
        who = self.side.value if len(self.declarers) == 2 else self.declarers[0].letter
        denomination = "N" if self.contract.denomination is Denomination.NOTRUMP else (
            self.contract.denomination.letter)
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{who} {self.contract.level}{denomination}{self.contract.doubled.suffix}{result}"


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: the score when both sides bid to the best double-dummy result,
    from North-South's side (``score``), and the contracts that reach it.

    Convention (DDS's ``DealerPar``, which BridgeComposer's tags follow): the dealer's side
    is the first to bid, so when both sides could reach the same par it is the dealer's;
    a contract is bid at the lowest level that gives the par score; every denomination
    reaching it is listed; both partners are named (the side) when both can declare it;
    a sacrifice is doubled. No contract (``contracts == ()``) means the deal is passed out.
    """

    score: int
    contracts: tuple[ParContract, ...]

    @property
    def side(self) -> Side | None:
        """The side that declares the par contract (None when passed out)."""
        return self.contracts[0].side if self.contracts else None

    def side_score(self) -> int:
        """The score from the declaring side's point of view (0 when passed out)."""
        return -self.score if self.side is Side.EW else self.score

    def __str__(self) -> str:
        if not self.contracts:
            return "Pass"
        return "; ".join(str(contract) for contract in self.contracts)


def par_contract(level: int, denomination: Denomination, declarers: tuple[Seat, ...],
                 result: int) -> ParContract:
    doubled = Doubled.DOUBLED if result < 0 else Doubled.UNDOUBLED
    return ParContract(Contract(level, denomination, doubled), declarers, result)
