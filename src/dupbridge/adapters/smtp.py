"""The ``Mailer`` port on SMTP (``smtplib``), set up from the environment:

- ``DUPBRIDGE_SMTP_HOST`` (no host: no email), ``DUPBRIDGE_SMTP_PORT`` (25; 465 is SMTPS),
- ``DUPBRIDGE_SMTP_USER`` and ``DUPBRIDGE_SMTP_PASSWORD`` (log in when a user is given),
- ``DUPBRIDGE_SMTP_STARTTLS`` (``1``: STARTTLS before logging in),
- ``DUPBRIDGE_SMTP_FROM`` (the sender; the user, else ``dupbridge@localhost``)."""

from __future__ import annotations

import logging
import os
import smtplib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage

from dupbridge.app.publication.mail import Letter, MailError
from dupbridge.core.messages import msg

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class SmtpMailer:
    host: str
    port: int = 25
    user: str = ""
    password: str = ""
    starttls: bool = False
    sender: str = "dupbridge@localhost"
    timeout: float = 30.0

    def send(self, letters: Sequence[Letter]) -> int:
        try:
            client = (smtplib.SMTP_SSL if self.port == 465 else smtplib.SMTP)(
                self.host, self.port, timeout=self.timeout)
            with client:
                if self.starttls:
                    client.starttls()
                if self.user:
                    client.login(self.user, self.password)
                for letter in letters:
                    client.send_message(self._message(letter))
        except (OSError, smtplib.SMTPException) as error:
            # The server's own words go to the log, the reader gets a translated line.
            _log.warning("SMTP %s:%s: %s", self.host, self.port, error)
            raise MailError(msg("the mail server {host}:{port} could not be reached or "
                                "refused the letters", host=self.host,
                                port=self.port)) from None
        return len(letters)

    def _message(self, letter: Letter) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = ", ".join(letter.to)
        message["Subject"] = letter.subject
        message.set_content(letter.text)
        message.add_alternative(letter.html, subtype="html")
        return message


def mailer_from_environment(environ: Mapping[str, str] | None = None) -> SmtpMailer | None:
    """The SMTP mailer the environment sets up; None without ``DUPBRIDGE_SMTP_HOST``."""
    env = os.environ if environ is None else environ
    host = env.get("DUPBRIDGE_SMTP_HOST", "").strip()
    if not host:
        return None
    user = env.get("DUPBRIDGE_SMTP_USER", "")
    port = env.get("DUPBRIDGE_SMTP_PORT", "25").strip()
    return SmtpMailer(host, int(port) if port.isdigit() else 25, user,
                      env.get("DUPBRIDGE_SMTP_PASSWORD", ""),
                      env.get("DUPBRIDGE_SMTP_STARTTLS", "") in ("1", "true", "yes"),
                      env.get("DUPBRIDGE_SMTP_FROM", "") or user or "dupbridge@localhost")
