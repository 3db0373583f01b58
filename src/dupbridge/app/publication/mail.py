"""The results and each pair's personal score card by email, at the end of a session: the
letters as values (``Letter``), sent through a ``Mailer`` port (the SMTP adapter of
``dupbridge.adapters.smtp``, set up from the environment). Which address belongs to which
pair is the Director's input (``read_addresses``); nothing is sent to anyone else."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.utils import parseaddr
from typing import Protocol

from dupbridge.app.errors import Refused, translated
from dupbridge.core.messages import Msg, msg

MAX_ADDRESSES = 400


@dataclass(frozen=True, slots=True)
class Letter:
    """One email: its addressees (a pair's players), subject and bodies."""

    to: tuple[str, ...]
    subject: str
    text: str
    html: str


class Mailer(Protocol):
    def send(self, letters: Sequence[Letter]) -> int:
        """Send every letter; the number sent. A ``MailError`` names what failed."""


class MailError(Refused):
    """The mail server refused or could not be reached, or none is set up; its message
    says which."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


@translated
def read_addresses(text: str, pairs: Sequence[int]) -> dict[int, tuple[str, ...]]:
    """``"3 ana@club.es, luis@club.es"`` a line: pair -> its addresses. A ValueError names
    a line whose pair is not in the event or whose address is not one."""
    found: dict[int, tuple[str, ...]] = {}
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        words = line.replace(";", ",").replace(",", " ").split()
        if not words:
            continue
        head, *addresses = words
        if not (head.isascii() and head.isdigit()) or int(head) not in pairs:
            raise ValueError(msg("line {line}: {word} is not a pair of this event",
                                 line=number, word=head[:20]))
        for address in addresses:
            if "@" not in parseaddr(address)[1] or len(address) > 254:
                raise ValueError(msg("line {line}: {word} is not an email address",
                                     line=number, word=address[:60]))
        count += len(addresses)
        if count > MAX_ADDRESSES:
            raise ValueError(msg("at most {count} addresses", count=MAX_ADDRESSES))
        if addresses:
            found[int(head)] = tuple(dict.fromkeys(found.get(int(head), ()) + tuple(addresses)))
    return found


def letters_for(addresses: Mapping[int, tuple[str, ...]], subject: str,
                bodies: Mapping[int, tuple[str, str]]) -> list[Letter]:
    """A letter per pair with addresses: its text and HTML bodies (``bodies``)."""
    return [Letter(to, subject, *bodies[pair]) for pair, to in sorted(addresses.items())
            if pair in bodies]
