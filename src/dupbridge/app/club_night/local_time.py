"""The times of an event as the clock on the club's wall reads them: every moment is kept
in UTC and shown in the event's time zone (``EventConfig.timezone``, an IANA name such as
Europe/Madrid), on every page, printout, export and in the command line's lines."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

UTC_NAME = "UTC"


def local(moment: datetime, zone: str) -> datetime:
    """``moment`` in ``zone`` (a naive moment is taken as UTC, as the stores keep it; an
    unknown zone, from an event stored before zones were checked, leaves it in UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(UTC_NAME))
    try:
        return moment.astimezone(ZoneInfo(zone))
    except (ValueError, ZoneInfoNotFoundError):
        return moment.astimezone(ZoneInfo(UTC_NAME))


def clock_time(moment: datetime, zone: str) -> str:
    """Hours and minutes on the club's clock: ``21:40``."""
    return local(moment, zone).strftime("%H:%M")


def zone_of(config: Mapping[str, Any]) -> str:
    """The zone kept in an event's stored configuration (UTC for an event stored before
    zones were kept)."""
    return str(config.get("timezone") or UTC_NAME)


def day_and_time(moment: datetime, zone: str) -> str:
    """The day and the time on the club's clock: ``2026-11-29 21:40``."""
    return local(moment, zone).strftime("%Y-%m-%d %H:%M")
