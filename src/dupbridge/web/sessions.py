"""Sessions and login attempts kept on the server (in the club's database, through
``adapters.sql.web_store``), so that they hold for every worker and across restarts.

* A logged-in session (the Director's, a table device's) is a row as well as its signed
  cookie: a logout revokes the row, so a copied cookie is refused after it; it expires at
  the end of the day it was opened (at least ``session_hours`` later, so an evening
  session running past midnight is not cut short).
* Login attempts are counted before the password or code is checked, per address and, for
  the Director, per account: a burst of simultaneous guesses gets no more tries than the
  limit; the Director's success clears her counts, a device's gives back its own attempt.
  The Director's login and the devices' joins count apart."""

from __future__ import annotations

from datetime import datetime, timedelta

from dupbridge.adapters.sql.web_store import WebStore
from dupbridge.web.config import WebConfig
from dupbridge.web.security import RateLimit

LOGGED_IN = ("director", "device")


class Sessions:
    def __init__(self, store: WebStore, config: WebConfig) -> None:
        self.store = store
        self.config = config

    def expiry(self, now: float) -> float:
        """The end of the local day of ``now``, or ``session_hours`` later if that is
        later."""
        moment = datetime.fromtimestamp(now).astimezone()
        midnight = (moment + timedelta(days=1)).replace(hour=0, minute=0, second=0,
                                                        microsecond=0)
        return max(midnight.timestamp(), now + self.config.session_hours * 3600)

    def open(self, sid: str, role: str) -> float:
        """Keep a new session; its lifetime in seconds."""
        now = self.config.wall_clock()
        expires = self.expiry(now)
        self.store.open_session(sid, role, now, expires)
        return expires - now

    def alive(self, session: dict[str, object]) -> bool:
        """An anonymous session needs nothing; a logged-in one must be kept and current."""
        role = session.get("role")
        if role not in LOGGED_IN:
            return True
        return self.store.session_alive(str(session.get("sid", "")), str(role),
                                        self.config.wall_clock())

    def revoke(self, sid: str) -> None:
        self.store.revoke(sid, self.config.wall_clock())

    def attempt(self, kind: str, address: str) -> bool:
        """Count a login (``director``) or join (``device``) attempt from ``address``;
        False when a limit is reached (the attempt must not be checked at all)."""
        config = self.config
        limits: list[tuple[str, RateLimit]] = [
            (f"{kind}:address:{address}",
             config.login_limit if kind == "director" else config.join_limit)]
        if kind == "director":
            limits.append(("director:account", config.account_limit))
        now = config.wall_clock()
        return all(self.store.take_attempt(key, limit.attempts, limit.window, now)
                   for key, limit in limits)

    def succeeded(self, kind: str, address: str) -> None:
        """The Director's right password clears her counts; a device's right code gives
        back only its own attempt (a player's good code must not wipe out the failures
        counted against the other tables' codes from his address)."""
        if kind == "director":
            self.store.clear_attempts(f"director:address:{address}", "director:account")
        else:
            self.store.release_attempt(f"{kind}:address:{address}")
