"""The Director's new-event form read as a ``NewEvent`` (issue 27): every field checked
here with a one-line reason in the reader's language (never Python's own text, such as
``int()``'s), so that the form comes back with its values and the reason; a Mitchell's
options (rounds, relay and bye stand or skip, arrow switches) and a Howell with an odd
number of pairs given its sit-out (a phantom pair) without the Director padding it;
sections on the same boards scored across the field; a cut (3/4) Howell played from the
published KoPS tables sent with the form (its table found by tables and rounds, or named);
the event kinds (issue 28): a
barometer, a teams round robin, a Swiss (its rounds), an individual on a published
movement sent with the form. The profiles offered are the installed ones and those of
the server's profile folder, read by name only (``profile_names``, ``profile_of``):
never a path the request wrote."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path

from dupbridge.app.club_night.commands import NewEvent
from dupbridge.app.club_night.event_kinds import KINDS, read_vp_text
from dupbridge.app.club_night.limits import MAX_BOARDS_PER_ROUND, MAX_SIZE, read_whole
from dupbridge.app.club_night.preparation import no_cut_howell
from dupbridge.app.club_night.state import SCORING_METHODS
from dupbridge.app.errors import BadInput
from dupbridge.core.messages import msg
from dupbridge.laws.machinery.profiles import PROFILE_NAMES
from dupbridge.tournament.sections import MAX_SECTIONS

MOVEMENTS = ("mitchell", "howell")
SWITCHES = ("none", "auto")
DEFAULT_PROFILE = "wbf-2017"  # as NewEvent's


def read_new_event(form: Mapping[str, str], profiles: Path | None = None,
                   upload: tuple[str, str] | None = None,
                   vp_upload: tuple[str, str] | None = None) -> NewEvent:
    """The event the form describes, its profile one of ``profile_names(profiles)``
    (``profiles``: the server's profile folder; ``upload``: the movement file sent, its
    name and text; ``vp_upload``: a team event's VP scale sent as a file); ``BadInput``
    with the first thing that is wrong."""
    profile = profile_of(form.get("profile") or DEFAULT_PROFILE, profiles)
    name = form.get("name", "").strip()
    if not name:
        raise BadInput(msg("an event needs a name"))
    scoring = form.get("scoring", "matchpoints")
    if scoring not in SCORING_METHODS:
        raise BadInput(msg("scoring: one of {choices}, not {text}",
                           choices=", ".join(SCORING_METHODS), text=scoring[:40]))
    event_kind = form.get("kind", "pairs") or "pairs"
    if event_kind not in KINDS:
        raise BadInput(msg("kind of event: one of {choices}, not {text}",
                           choices=", ".join(KINDS), text=event_kind[:40]))
    if event_kind != "pairs":
        return _other_kind(event_kind, name, profile, scoring, form, upload, vp_upload)
    kind = form.get("movement", "mitchell")
    if kind not in MOVEMENTS:
        raise BadInput(msg("movement: one of {choices}, not {text}",
                           choices=", ".join(MOVEMENTS), text=kind[:40]))
    size = read_whole(msg("Tables (Mitchell) or pairs (Howell)"), form.get("size", ""), 2, MAX_SIZE)
    boards = read_whole(msg("Boards per round"), form.get("boards_per_round", ""), 1,
                        MAX_BOARDS_PER_ROUND)
    absent = tuple(read_whole(msg("late pairs"), p)
                   for p in form.get("phantoms", "").replace(",", " ").split())
    relay = form.get("even", "skip") == "relay"
    rounds = None
    named = form.get("movement_name", "").strip()[:40] or None
    if kind == "mitchell":
        full = size if relay or size % 2 else size - 1
        if form.get("rounds", "").strip():
            rounds = read_whole(msg("rounds"), form["rounds"], 1, full)
        pairs = 2 * size
    else:
        if size < 5:  # four pairs (two tables) have no Howell: a relay or a Mitchell
            raise BadInput(msg("a Howell needs five pairs or more; two tables play a "
                               "Mitchell"))
        if size % 2:  # the sit-out: a phantom pair whose opponents sit out each round
            absent, size = (*absent, size + 1), size + 1
        pairs = size
        if form.get("rounds", "").strip():
            rounds = read_whole(msg("rounds"), form["rounds"], 1, size - 1)
            if rounds == size - 1:
                rounds = None  # the complete Howell
        if rounds is not None and upload is None:
            raise no_cut_howell(size, rounds, on_form=True)
        if rounds is not None and named is None:
            named = f"{size // 2}-{rounds}"  # the KoPS tables' name: tables-rounds
    if upload is not None:  # the movement is the file's (a cut Howell, rows by hand)
        rounds = None
    for pair in absent:
        if pair > pairs:
            raise BadInput(msg("pair {pair} is not in the movement (pairs 1 to {last})",
                               pair=pair, last=pairs))
    played = rounds or (size - 1 if kind == "howell" else size if relay or size % 2
                        else size - 1)
    sections = read_whole(msg("Sections on the same boards, scored across the field"),
                          form.get("sections", "").strip() or "1", 1, MAX_SECTIONS)
    return NewEvent(name, profile, scoring, kind, size, boards, relay=relay,
                    arrow_switches=_switches(form.get("arrow_switches", "none"), played),
                    absent=tuple(dict.fromkeys(absent)),
                    names=read_pair_names(form.get("names", "")),
                    deal=bool(form.get("deal")), rounds=rounds,
                    timezone=form.get("timezone", "").strip() or "UTC",
                    options=_pairs_options(sections, form), movement_upload=upload,
                    movement_name=named if upload is not None else None)


def _other_kind(kind: str, name: str, profile: str, scoring: str, form: Mapping[str, str],
                upload: tuple[str, str] | None, vp_upload: tuple[str, str] | None
                ) -> NewEvent:
    """A barometer (``size`` pairs, its rounds cut if asked), a teams round robin or a
    Swiss (``size`` teams; a Swiss's rounds), an individual (the movement sent)."""
    boards = read_whole(msg("Boards per round"), form.get("boards_per_round", ""), 1,
                        MAX_BOARDS_PER_ROUND)
    deal, names = bool(form.get("deal")), read_pair_names(form.get("names", ""))
    timezone = form.get("timezone", "").strip() or "UTC"
    if kind == "individual":
        if upload is None or not upload[1].strip():
            raise BadInput(msg("an individual is played on a published individual movement: "
                               "send its file"))
        return NewEvent(name, profile, scoring, "individual", 1, boards, names=names,
                        deal=deal, kind=kind, timezone=timezone, movement_upload=upload)
    size = read_whole(msg("Pairs (barometer) or teams"), form.get("size", ""), 2, MAX_SIZE)
    rounds = None
    if kind == "barometer":
        if size < 4:
            raise BadInput(msg("a barometer needs four pairs or more"))
        if form.get("rounds", "").strip():
            rounds = read_whole(msg("rounds"), form["rounds"], 1, size - 1 + size % 2)
    elif kind == "swiss":
        if not form.get("swiss_rounds", "").strip():
            raise BadInput(msg("a Swiss event needs its number of rounds"))
        rounds = read_whole(msg("Swiss rounds"), form.get("swiss_rounds", ""), 1,
                            size - 1 + size % 2)
    return NewEvent(name, profile, scoring, kind if kind == "barometer" else "teams", size,
                    boards, rounds=rounds, names=names, deal=deal, kind=kind,
                    timezone=timezone, options=None if kind == "barometer" else
                    _teams_options(kind, form, vp_upload))


def _teams_options(kind: str, form: Mapping[str, str], vp_upload: tuple[str, str] | None
                   ) -> dict[str, object]:
    """A team event's VP scale (WBF 2013, or a table sent as a file: rows of IMPs,
    winner's VPs, loser's VPs) and a Swiss bye's VPs."""
    options: dict[str, object] = {
        "vp_scale": "wbf2013" if vp_upload is None else read_vp_text(*vp_upload)}
    bye = form.get("bye_vp", "").strip().replace(",", ".")
    if bye and kind == "swiss":
        try:
            value = Decimal(bye)
        except InvalidOperation:
            value = Decimal(-1)
        if not Decimal(0) <= value <= Decimal(30):
            raise BadInput(msg("VPs for a bye: a number from 0 to 30 such as 12, not "
                               "{text}", text=bye[:40]))
        options["bye_vp"] = str(value)
    return options


def _pairs_options(sections: int, form: Mapping[str, str]) -> dict[str, object] | None:
    """Sections (more than one) and handicaps (``3 2.5``, one pair a line, in the unit
    chosen) as the event keeps them."""
    options: dict[str, object] = {}
    if sections > 1:
        options["sections"] = sections
    handicaps = {}
    for line in form.get("handicaps", "").splitlines():
        if line.strip():
            pair, _, value = line.strip().partition(" ")
            handicaps[pair] = value.strip()
    if handicaps:
        options["handicaps"] = handicaps
        options["handicap_unit"] = form.get("handicap_unit", "percent") or "percent"
    return options or None


def _switches(text: str, rounds: int) -> str:
    """none, auto, or the rounds where East-West sit North-South (``3,4``), each a
    round of the movement."""
    written = text.strip().lower() or "none"
    if written in SWITCHES:
        return written
    chosen = [read_whole(msg("arrow switch"), r, 1, rounds)
              for r in written.replace(" ", ",").split(",") if r]
    if not chosen:
        raise BadInput(msg("arrow switch: none, auto or rounds such as 3,4"))
    return ",".join(str(r) for r in chosen)


def read_pair_names(text: str) -> dict[int, str]:
    """``3 Ana & Luis``, one pair a line (the new-event form's and the console's names);
    a line not starting with a pair's number is refused naming it (a name typed without
    its pair would be lost)."""
    names = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        number, _, name = line.strip().partition(" ")
        names[read_whole(msg("pair names"), number)] = name.strip()
    return names


_PROFILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,59}")


def profile_names(folder: Path | None) -> tuple[str, ...]:
    """The profiles an event may be created with: the installed ones, then those of the
    server's profile folder (``WebConfig.profiles``), by name."""
    own = () if folder is None else tuple(sorted(
        path.stem for path in folder.glob("*.toml") if _PROFILE_NAME.fullmatch(path.stem)
        and path.stem not in PROFILE_NAMES))
    return (*PROFILE_NAMES, *own)


def profile_of(name: str, folder: Path | None) -> str:
    """What ``load_profile`` reads for the profile named ``name``: an installed profile's
    name, or a file of the server's profile folder; never a path the request wrote
    (``BadInput`` naming the profiles there are)."""
    if name in PROFILE_NAMES:
        return name
    if folder is not None and name in profile_names(folder):
        return str(folder / f"{name}.toml")
    raise BadInput(msg("profile: one of {profiles}, not {text}",
                       profiles=", ".join(profile_names(folder)), text=name[:40]))


__all__ = ["profile_names", "profile_of", "read_new_event", "read_pair_names"]
