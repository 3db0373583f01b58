"""DDS test lists (``hands/list10.txt``, ``list100.txt`` of the DDS solver): a ``NUMBER``
line, then per deal ``PBN dealer vul trump first "deal"``, ``FUT`` (one board solved),
``TABLE`` (20 double-dummy trick counts), ``PAR`` (par scores and contracts by side),
``PAR2`` (par for the dealer), ``PLAY`` and ``TRACE``.

We keep the deal, its board markings, the DD table and both par lines: the vectors a
double-dummy and par implementation is checked against. FUT, PLAY and TRACE are kept as
their raw text."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from dupbridge.core.calls import Denomination
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability

# DDS orders: strains spades, hearts, diamonds, clubs, notrump; hands N, E, S, W; its
# vulnerability code 0 none, 1 both, 2 NS, 3 EW.
DDS_STRAINS = (Denomination.SPADES, Denomination.HEARTS, Denomination.DIAMONDS,
               Denomination.CLUBS, Denomination.NOTRUMP)
_VULNERABILITY = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)
_TAGS = ("PBN", "FUT", "TABLE", "PAR", "PAR2", "PLAY", "TRACE")


@dataclass(frozen=True, slots=True)
class DdsDeal:
    """One deal of a DDS list. ``tricks[(denomination, seat)]`` is the number of tricks
    ``seat`` takes as declarer in ``denomination``. ``par`` is DDS's ``Par`` output
    (North-South score, East-West score, North-South contracts, East-West contracts, as
    written); ``dealer_par`` is ``DealerPar``'s (score, then contracts)."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    tricks: dict[tuple[Denomination, Seat], int]
    par: tuple[str, str, str, str]
    dealer_par: tuple[str, ...]
    future: str = ""
    play: str = ""
    trace: str = ""

    def table(self) -> tuple[int, ...]:
        """The 20 counts in DDS order (strain by strain, N E S W within each)."""
        return tuple(self.tricks[(strain, seat)] for strain in DDS_STRAINS for seat in Seat)


def load(path: str | Path) -> list[DdsDeal]:
    file = Path(path)
    return loads(file.read_text(encoding="ascii"), source=str(file))


def loads(text: str, *, source: str = "<string>") -> list[DdsDeal]:
    lines = [(n, raw) for n, raw in enumerate(text.splitlines(), 1) if raw.strip()]
    if not lines or not lines[0][1].startswith("NUMBER"):
        raise ParseError("expected 'NUMBER n' first", lines[0][1] if lines else "", 0,
                         source=source, line=lines[0][0] if lines else 1, column=1)
    declared = _int(lines[0][1].split()[1:2], lines[0], source, "the number of deals")
    body = lines[1:]
    if len(body) != declared * len(_TAGS):
        raise ParseError(f"NUMBER says {declared} deals: expected {declared * len(_TAGS)} "
                         f"lines after it, found {len(body)}", lines[0][1], 0, source=source,
                         line=lines[0][0], column=1)
    return [_deal(body[i:i + len(_TAGS)], source) for i in range(0, len(body), len(_TAGS))]


def _deal(block: list[tuple[int, str]], source: str) -> DdsDeal:
    fields: dict[str, tuple[tuple[int, str], list[str]]] = {}
    for (number, raw), tag in zip(block, _TAGS, strict=True):
        parts = shlex.split(raw)
        if not parts or parts[0] != tag:
            raise ParseError(f"expected a {tag} line", raw, 0, source=source, line=number,
                             column=1)
        fields[tag] = ((number, raw), parts[1:])
    where, pbn = fields["PBN"]
    if len(pbn) != 5:
        raise ParseError("expected PBN dealer vul trump first \"deal\"", where[1], 0,
                         source=source, line=where[0], column=1)
    dealer = _int(pbn[0:1], where, source, "a dealer 0-3")
    vulnerability = _int(pbn[1:2], where, source, "a vulnerability 0-3")
    try:
        deal = Deal.from_pbn(pbn[4])
    except (ParseError, ValueError) as error:
        column = where[1].find('"') + 1
        raise ParseError(f"bad deal: {error}", where[1], column, source=source, line=where[0],
                         column=column + 1) from None
    where, counts = fields["TABLE"]
    if len(counts) != 20 or not all(c.isdigit() and int(c) <= 13 for c in counts):
        raise ParseError("expected 20 trick counts 0-13", where[1], 0, source=source,
                         line=where[0], column=1)
    values = iter(int(c) for c in counts)
    tricks = {(strain, seat): next(values) for strain in DDS_STRAINS for seat in Seat}
    where, par = fields["PAR"]
    if len(par) != 4:
        raise ParseError("expected 4 quoted PAR fields", where[1], 0, source=source,
                         line=where[0], column=1)
    if not 0 <= dealer <= 3 or not 0 <= vulnerability <= 3:
        raise ParseError("dealer and vulnerability are 0-3", where[1], 0, source=source,
                         line=fields["PBN"][0][0], column=1)
    return DdsDeal(
        deal=deal, dealer=Seat(dealer), vulnerability=_VULNERABILITY[vulnerability],
        tricks=tricks, par=(par[0], par[1], par[2], par[3]),
        dealer_par=tuple(fields["PAR2"][1]), future=fields["FUT"][0][1].strip(),
        play=fields["PLAY"][0][1].strip(), trace=fields["TRACE"][0][1].strip(),
    )


def _int(parts: list[str], where: tuple[int, str], source: str, what: str) -> int:
    if len(parts) != 1 or not parts[0].lstrip("-").isdigit():
        raise ParseError(f"expected {what}", where[1], 0, source=source, line=where[0],
                         column=1)
    return int(parts[0])
