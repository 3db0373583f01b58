"""Regulating-Authority profiles: the options the Laws leave to a Regulating Authority (or
a Tournament Organizer), chosen per profile in a TOML file. Every option cites the clause
that grants it; an unknown key, a wrong type or an option the edition does not have is an
error that names the file and the key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from dupbridge.core.edition import Edition, LawRef

if TYPE_CHECKING:
    from pathlib import Path

OptionValue = bool | int | str
PROFILE_KEYS = ("name", "edition", "authority", "title", "options")  # a profile's own keys


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A Regulating-Authority option: its key, default, meaning and clause in each edition."""

    key: str
    default: OptionValue
    clauses: Mapping[Edition, str]  # the clause granting the option, in each edition having it
    meaning: str
    choices: tuple[str, ...] = ()  # for text options

    def law(self, edition: Edition) -> LawRef:
        return LawRef(edition, self.clauses[edition])


def _both(clause: str) -> dict[Edition, str]:
    return {Edition.LAWS_2007: clause, Edition.LAWS_2017: clause}


OPTIONS: dict[str, OptionSpec] = {
    spec.key: spec
    for spec in (
        OptionSpec("symmetrical_card_faces_required", False, {Edition.LAWS_2017: "1B"},
                   "card faces must be symmetrical"),
        OptionSpec("weighted_scores_allowed", True, {Edition.LAWS_2007: "12C1(c)"},
                   "the Director may weight an assigned adjusted score (2007 RA may forbid)"),
        OptionSpec("law_12c1e_applies", False, {Edition.LAWS_2007: "12C1(e)"},
                   "NOS gets the most favourable likely result, OS the least favourable "
                   "at all probable, instead of 12C1(c)"),
        OptionSpec("average_minus_percent", 40, _both("12C2(a)"),
                   "artificial adjusted score for a side directly at fault"),
        OptionSpec("average_plus_percent", 60, _both("12C2(a)"),
                   "artificial adjusted score for a side not at fault"),
        OptionSpec("artificial_imps", 3, {Edition.LAWS_2007: "86A", Edition.LAWS_2017: "12C2(b)"},
                   "IMPs of an artificial adjusted score at teams"),
        OptionSpec("reserve_rights_allowed", True, _both("16B2"),
                   "players may reserve their rights over unauthorised information"),
        OptionSpec("calling_method", "spoken", _both("18F"),
                   "how calls are made", ("spoken", "bidding-box", "written")),
        OptionSpec("screens", False, _both("80B2(e)"), "screens are in use"),
        OptionSpec("written_explanations", "never", _both("20F1"),
                   "when explanations are given in writing", ("never", "screens-only", "always")),
        OptionSpec("own_card_consultation", False,
                   {Edition.LAWS_2007: "20G2", Edition.LAWS_2017: "20G3"},
                   "a player may consult his own system card during the auction and play"),
        OptionSpec("system_card_required", False, _both("40B2(a)"),
                   "each partnership must have a system card"),
        OptionSpec("opponents_card_consultation", True, _both("40B2(c)"),
                   "a player may look at the opponents' system card in the windows of "
                   "40B2(c) (false: the Regulating Authority decides otherwise)"),
        OptionSpec("disallowed_understandings", "", _both("40B2(a)"),
                   "words naming special understandings the Regulating Authority does not "
                   "allow, comma-separated (e.g. 'brown sticker'); empty: none"),
        OptionSpec("opening_lead_face_down", True, _both("41A"),
                   "the opening lead is made face down"),
        OptionSpec("defenders_may_ask_each_other", True, {Edition.LAWS_2007: "61B3"},
                   "a defender may ask partner whether he has revoked"),
        OptionSpec("claim_suit_order", "none", _both("70E2"),
                   "the order in which a claimer is deemed to play a suit: top-down is "
                   "read as each hand from the top (T1, also 'top-down-each-hand') or the "
                   "leader from the top and partner low (T2, 'top-down-lead')",
                   ("none", "top-down", "top-down-each-hand", "top-down-lead")),
        OptionSpec("law_26a_candidate_suits", "unspecified", {Edition.LAWS_2007: "26A2"},
                   "which suits 2007 26A2 lets declarer require or prohibit: those of the "
                   "withdrawn call the offender did not specify legally (catalogue §19 Q8), "
                   "or all its suits", ("unspecified", "all-withdrawn-suits")),
        OptionSpec("spectator_may_view_several_hands", False, _both("76B1"),
                   "a spectator may look at more than one hand"),
        OptionSpec("correction_period_minutes", 30, _both("79C1"),
                   "minutes after the official scores during which a score may be corrected"),
        OptionSpec("appeal_period_minutes", 30, _both("92B"),
                   "minutes after the official scores during which a ruling may be requested "
                   "or appealed"),
        OptionSpec("public_rulings", "after-official", _both("80B2(f)"),
                   "when the public pages show the Director's rulings (what was ruled, the "
                   "clauses and their text, never a hand): once the scores are official, "
                   "at once, or never", ("after-official", "at-once", "never")),
        OptionSpec("late_corrections_allowed", False, {Edition.LAWS_2007: "79C2"},
                   "regulations allow a correction after the period when the Director and the "
                   "Tournament Organizer are satisfied beyond reasonable doubt"),
    )
}


@dataclass(frozen=True, slots=True)
class Regulations:
    """One Regulating Authority's choices for one edition of the Laws."""

    name: str
    edition: Edition
    authority: str
    title: str
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def option(self, key: str) -> OptionValue:
        """The profile's value for ``key``, or the Laws' default."""
        spec = OPTIONS.get(key)
        if spec is None or self.edition not in spec.clauses:
            raise KeyError(f"{key!r} is not a Regulating-Authority option of the "
                           f"{self.edition.value} Laws")
        return self.options.get(key, spec.default)

    @staticmethod
    def from_mapping(data: Mapping[str, object], source: str = "<profile>") -> Regulations:
        """The profile a mapping holds (a TOML file's tables, or the JSON a store or a
        ruling document kept), checked key by key: ``ValueError`` naming ``source`` and
        the key."""
        unknown = sorted(set(data) - set(PROFILE_KEYS))
        if unknown:
            raise ValueError(f"{source}: unknown key(s) {', '.join(unknown)}; allowed: "
                             f"{', '.join(sorted(PROFILE_KEYS))}")
        name, edition, authority, title = (_text(data, key, source) for key in
                                           ("name", "edition", "authority", "title"))
        law_edition = Edition.parse(edition)
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise ValueError(f"{source}: [options] must be a table")
        for key, value in options.items():
            _check_option(source, law_edition, str(key), value)
        return Regulations(name, law_edition, authority, title,
                           MappingProxyType({str(k): v for k, v in options.items()}))

    def to_mapping(self) -> dict[str, object]:
        """What ``from_mapping`` reads back: plain values a JSON column keeps."""
        return {"name": self.name, "edition": self.edition.value,
                "authority": self.authority, "title": self.title,
                "options": dict(self.options)}

    def choices(self) -> dict[str, tuple[OptionValue, LawRef]]:
        """Every option of this edition with its value and the clause that grants it."""
        return {
            key: (self.option(key), spec.law(self.edition))
            for key, spec in OPTIONS.items()
            if self.edition in spec.clauses
        }


PROFILE_NAMES = ("wbf-2007", "wbf-2017", "aeb-2007", "ffb-2007", "ffb-2017")


def load_profile(name_or_path: str | Path) -> Regulations:
    """A shipped profile by name (``wbf-2017``, ``aeb-2007``...) or a TOML file by path."""
    if isinstance(name_or_path, str) and name_or_path in PROFILE_NAMES:
        return _shipped_profile(name_or_path)
    from pathlib import Path  # on first use: every table imports this module, few read a file

    path = Path(name_or_path)
    if path.suffix == ".toml" and path.exists():
        return parse_profile(path.read_text(encoding="utf-8"), str(path))
    else:
        raise ValueError(f"no profile {str(name_or_path)!r}: use one of {', '.join(PROFILE_NAMES)} "
                         "or the path of a .toml file")


@cache
def _shipped_profile(name: str) -> Regulations:
    from importlib import resources  # with its zip and temporary-file support: on first use

    source = f"profiles/{name}.toml"
    text = resources.files("dupbridge.laws.machinery").joinpath(source).read_text(encoding="utf-8")
    return parse_profile(text, source)


def parse_profile(text: str, source: str = "<profile>") -> Regulations:
    import tomllib  # on first use: importing the engine parses no profile

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source}: {error}") from error
    return Regulations.from_mapping(data, source)


def _text(data: Mapping[str, object], key: str, source: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{source}: {key!r} must be a string")
    return value


def _check_option(source: str, edition: Edition, key: str, value: object) -> None:
    spec = OPTIONS.get(key)
    if spec is None:
        raise ValueError(f"{source}: unknown option {key!r}; known options: "
                         f"{', '.join(sorted(OPTIONS))}")
    if edition not in spec.clauses:
        have = ", ".join(e.value for e in spec.clauses)
        raise ValueError(f"{source}: option {key!r} exists only in the {have} Laws")
    if type(value) is not type(spec.default):
        raise ValueError(f"{source}: option {key!r} takes a {type(spec.default).__name__}, "
                         f"got {value!r}")
    if spec.choices and value not in spec.choices:
        raise ValueError(f"{source}: option {key!r} is one of {', '.join(spec.choices)}, "
                         f"got {value!r}")


def default_regulations(edition: Edition) -> Regulations:
    """The WBF profile of an edition: the Laws' own defaults (each table asks for it)."""
    regulations = _DEFAULTS.get(edition)
    if regulations is None:
        regulations = _DEFAULTS[edition] = load_profile(f"wbf-{edition.value}")
    return regulations


_DEFAULTS: dict[Edition, Regulations] = {}
