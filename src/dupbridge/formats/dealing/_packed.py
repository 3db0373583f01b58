"""The packed deal of CDS and RZD files: 13 bytes, one per rank (ace first), each holding
four 2-bit owners for ♠, ♥, ♦, ♣ (most significant bits first). ``shift`` is added to the
seat number modulo 4: 0 in RZD (N=0, E=1, S=2, W=3), 1 in CDS (W=0, N=1, E=2, S=3)."""

from __future__ import annotations

from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats.dealing._common import deal_from_owners, owners_of

PACKED_SIZE = 13


def pack(deal: Deal, shift: int) -> bytes:
    owners = owners_of(deal)
    packed = bytearray()
    for rank in range(13):
        byte = 0
        for suit in range(4):
            byte = byte * 4 + (owners[13 * suit + rank] + shift) % 4
        packed.append(byte)
    return bytes(packed)


def unpack_owners(data: bytes, start: int, shift: int) -> list[Seat]:
    owners: list[Seat] = [Seat.NORTH] * 52
    for rank in range(13):
        byte = data[start + rank]
        for suit in range(3, -1, -1):
            owners[13 * suit + rank] = Seat((byte % 4 - shift) % 4)
            byte //= 4
    return owners


def unpack(owners: list[Seat]) -> Deal:
    return deal_from_owners(owners)
