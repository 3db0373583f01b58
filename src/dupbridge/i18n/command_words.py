"""The words of the action grammar (``docs/ruling-cases.md``) in the Director's language:
each command (the first word of a line: ``play``, ``ui``, ``lead-face-down``...) and the
words that may follow it (how a card was exposed, what conveyed the information, ``by``,
``Director``...), shown and typed in his words, the English ones accepted everywhere.

Commands and the words after them are two vocabularies: a word may be a command in one
place and something else in the other (es ``pregunta``: the command ``ask``, or the
``question`` that conveyed information after ``transmite``).
"""

from __future__ import annotations

from collections.abc import Mapping

# The first word of a line; the first word listed is the one shown, the others are also read.
_COMMANDS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "es": {
        "play": ("juega", "jugar"), "revoke": ("renuncio", "renuncia"),
        "choose": ("elige",), "result": ("resultado",), "score": ("marca",),
        "claim": ("reclama",), "concede": ("concede",), "agree": ("acepta",),
        "object": ("objeta",), "face-hand": ("muestra-mano",), "announce": ("anuncia",),
        "after-claim": ("tras-reclamación", "tras-reclamacion"),
        "withdraw-agreement": ("retira-acuerdo",),
        "cancel-concession": ("anula-concesión", "anula-concesion"),
        "lead-face-down": ("salida-boca-abajo",), "face": ("descubre",),
        "withdraw-lead": ("retira-salida",), "tell-turn": ("dice-turno",),
        "expose": ("expone",), "hold": ("sostiene",), "touch": ("toca",),
        "attention": ("atención", "atencion"), "point": ("señala", "senala"),
        "inspect": ("examina",), "mix": ("mezcla",), "omit": ("omite",),
        "extra": ("carta-de-más", "carta-de-mas"), "replay": ("rejuega",),
        "designate": ("designa",), "change-designation": ("cambia-designación",
                                                          "cambia-designacion"),
        "misplaced": ("mal-colocada",), "dummy": ("muerto",),
        "take-hand": ("saca-mano",), "alert": ("alerta",), "explain": ("explica",),
        "review": ("repasa",), "ask": ("pregunta",), "clarify": ("aclara",),
        "whose-lead": ("quién-sale", "quien-sale"), "restate": ("repite",),
        "reserve": ("reserva",), "consult": ("consulta",),
        "wrong-board": ("estuche-equivocado",), "ask-revoke": ("pregunta-renuncio",),
        "ask-contract": ("pregunta-contrato",), "convey": ("transmite",),
        "ui": ("ino",), "false-inference": ("inferencia-falsa",),
        "extraneous": ("ajena",), "system": ("sistema",),
        "consult-opponents": ("consulta-rivales",),
        "count": ("cuenta",), "found": ("encontrada",),
        "wrong-board-played": ("juega-estuche-equivocado",),
    },
    "fr": {
        "play": ("joue", "jouer"), "revoke": ("renonce",), "choose": ("choisit",),
        "result": ("résultat", "resultat"), "score": ("marque",),
        "claim": ("revendique",), "concede": ("concède", "concede"),
        "agree": ("accepte",), "object": ("conteste",), "face-hand": ("étale-main",
                                                                      "etale-main"),
        "announce": ("annonce",), "after-claim": ("après-revendication",
                                                  "apres-revendication"),
        "withdraw-agreement": ("retire-accord",), "cancel-concession": ("annule-concession",),
        "lead-face-down": ("entame-face-cachée", "entame-face-cachee"),
        "face": ("retourne",), "withdraw-lead": ("retire-entame",),
        "tell-turn": ("dit-tour",), "expose": ("expose",), "hold": ("tient",),
        "touch": ("touche",), "attention": ("attire-attention",), "point": ("oriente",),
        "inspect": ("examine",), "mix": ("mélange", "melange"), "omit": ("omet",),
        "extra": ("carte-en-trop",), "replay": ("rejoue",), "designate": ("désigne",
                                                                          "designe"),
        "change-designation": ("change-désignation", "change-designation"),
        "misplaced": ("mal-placée", "mal-placee"), "dummy": ("mort",),
        "take-hand": ("sort-main",), "alert": ("alerte",), "explain": ("explique",),
        "review": ("rappel",), "ask": ("demande",), "clarify": ("précise", "precise"),
        "whose-lead": ("qui-entame",), "restate": ("répète", "repete"),
        "reserve": ("réserve", "reserve"), "consult": ("consulte",),
        "wrong-board": ("mauvais-étui", "mauvais-etui"),
        "ask-revoke": ("demande-renonce",), "ask-contract": ("demande-contrat",),
        "convey": ("transmet",), "ui": ("ina",),
        "false-inference": ("fausse-inférence", "fausse-inference"),
        "extraneous": ("étrangère", "etrangere"), "system": ("système", "systeme"),
        "consult-opponents": ("consulte-adversaires",),
        "count": ("compte",), "found": ("trouvée", "trouvee"),
        "wrong-board-played": ("joue-mauvais-étui", "joue-mauvais-etui"),
    },
    "pt": {
        "play": ("joga", "jogar"), "revoke": ("renúncia", "renuncia"),
        "choose": ("escolhe",), "result": ("resultado",), "score": ("marcação",
                                                                    "marcacao"),
        "claim": ("reclama",), "concede": ("concede",), "agree": ("aceita",),
        "object": ("contesta",), "face-hand": ("mostra-mão", "mostra-mao"),
        "announce": ("anuncia",), "after-claim": ("após-reclamação", "apos-reclamacao"),
        "withdraw-agreement": ("retira-acordo",),
        "cancel-concession": ("anula-concessão", "anula-concessao"),
        "lead-face-down": ("saída-face-para-baixo", "saida-face-para-baixo"),
        "face": ("vira",), "withdraw-lead": ("retira-saída", "retira-saida"),
        "tell-turn": ("diz-vez",), "expose": ("expõe", "expoe"), "hold": ("segura",),
        "touch": ("toca",), "attention": ("atenção", "atencao"), "point": ("aponta",),
        "inspect": ("examina",), "mix": ("mistura",), "omit": ("omite",),
        "extra": ("carta-a-mais",), "replay": ("rejoga",), "designate": ("designa",),
        "change-designation": ("muda-designação", "muda-designacao"),
        "misplaced": ("mal-colocada",), "dummy": ("morto",),
        "take-hand": ("tira-mão", "tira-mao"), "alert": ("alerta",),
        "explain": ("explica",), "review": ("revisão", "revisao"),
        "ask": ("pergunta",), "clarify": ("esclarece",), "whose-lead": ("quem-sai",),
        "restate": ("repete",), "reserve": ("reserva",), "consult": ("consulta",),
        "wrong-board": ("bolsa-errada",), "ask-revoke": ("pergunta-renúncia",
                                                         "pergunta-renuncia"),
        "ask-contract": ("pergunta-contrato",), "convey": ("transmite",),
        "ui": ("ina",), "false-inference": ("inferência-falsa", "inferencia-falsa"),
        "extraneous": ("alheia",), "system": ("sistema",),
        "consult-opponents": ("consulta-adversários", "consulta-adversarios"),
        "count": ("conta",), "found": ("encontrada",),
        "wrong-board-played": ("joga-bolsa-errada",),
    },
}

# The words after a command: what conveyed information (convey), how a card was exposed,
# the flags of inspect, point, found, count, claim, mix, attention, system and ``by``.
_ARGUMENTS: Mapping[str, Mapping[str, tuple[str, ...]]] = {
    "es": {
        "by": ("por",), "Director": ("director", "árbitro", "arbitro"),
        "hesitation": ("vacilación", "vacilacion"), "speed": ("rapidez",),
        "remark": ("comentario",), "gesture": ("gesto",), "manner": ("actitud",),
        "question": ("pregunta",), "alert": ("alerta",),
        "explanation": ("explicación", "explicacion"),
        "dropped": ("caída", "caida"), "shown": ("mostrada",), "named": ("nombrada",),
        "with": ("con",), "fifth": ("quinta",), "position": ("posición", "posicion"),
        "next-board": ("estuche-siguiente",), "round-ended": ("ronda-acabada",),
        "won": ("ganada",), "lost": ("perdida",), "own": ("propia",),
        "turned": ("vuelta",), "instructed": ("indicado",), "revoke": ("renuncio",),
        "tricks": ("bazas",), "after-claim": ("tras-reclamación", "tras-reclamacion"),
        "total": ("total",), "trick": ("baza",), "late": ("tarde",),
        "surplus": ("sobrante",), "elsewhere": ("en-otro-lugar",),
        "exposed": ("expuesta",), "artificial": ("artificial",), "after": ("después",
                                                                          "despues"),
    },
    "fr": {
        "by": ("par",), "Director": ("arbitre", "directeur"),
        "hesitation": ("hésitation", "hesitation"), "speed": ("rapidité", "rapidite"),
        "remark": ("remarque",), "gesture": ("geste",), "manner": ("attitude",),
        "question": ("question",), "alert": ("alerte",), "explanation": ("explication",),
        "dropped": ("tombée", "tombee"), "shown": ("montrée", "montree"),
        "named": ("nommée", "nommee"), "with": ("avec",), "fifth": ("cinquième",
                                                                    "cinquieme"),
        "position": ("position",), "next-board": ("étui-suivant", "etui-suivant"),
        "round-ended": ("tour-fini",), "won": ("gagnée", "gagnee"),
        "lost": ("perdue",), "own": ("propre",), "turned": ("retournée", "retournee"),
        "instructed": ("sur-instruction",), "revoke": ("renonce",), "tricks": ("levées",
                                                                               "levees"),
        "after-claim": ("après-revendication", "apres-revendication"), "total": ("total",),
        "trick": ("levée", "levee"), "late": ("tard",), "surplus": ("en-trop",),
        "elsewhere": ("ailleurs",), "exposed": ("exposée", "exposee"),
        "artificial": ("artificielle",), "after": ("après", "apres"),
    },
    "pt": {
        "by": ("por",), "Director": ("diretor", "árbitro", "arbitro"),
        "hesitation": ("hesitação", "hesitacao"), "speed": ("rapidez",),
        "remark": ("comentário", "comentario"), "gesture": ("gesto",),
        "manner": ("atitude",), "question": ("pergunta",), "alert": ("alerta",),
        "explanation": ("explicação", "explicacao"), "dropped": ("caída", "caida"),
        "shown": ("mostrada",), "named": ("nomeada",), "with": ("com",),
        "fifth": ("quinta",), "position": ("posição", "posicao"),
        "next-board": ("bolsa-seguinte",), "round-ended": ("volta-acabada",),
        "won": ("ganha",), "lost": ("perdida",), "own": ("própria", "propria"),
        "turned": ("virada",), "instructed": ("instruído", "instruido"),
        "revoke": ("renúncia", "renuncia"), "tricks": ("vazas",),
        "after-claim": ("após-reclamação", "apos-reclamacao"), "total": ("total",),
        "trick": ("vaza",), "late": ("tarde",), "surplus": ("a-mais",),
        "elsewhere": ("noutro-lugar",), "exposed": ("exposta",),
        "artificial": ("artificial",), "after": ("após", "apos"),
    },
}


def _reader(table: Mapping[str, tuple[str, ...]]) -> dict[str, str]:
    return {word: english for english, words in table.items() for word in words}


_READ_COMMANDS = {language: _reader(table) for language, table in _COMMANDS.items()}
_READ_ARGUMENTS = {language: _reader(table) for language, table in _ARGUMENTS.items()}


def command_word(command: str, language: str) -> str:
    """How the Director types the grammar's ``command`` in ``language`` (``ui``: fr
    ``ina``); the command itself in English or where the language has no word."""
    words = _COMMANDS.get(language, {}).get(command)
    return words[0] if words else command


def argument_word(argument: str, language: str) -> str:
    """A word after a command (``hesitation``, ``by``, ``dropped``) in ``language``."""
    words = _ARGUMENTS.get(language, {}).get(argument)
    return words[0] if words else argument


def read_command(word: str, language: str) -> str | None:
    """The grammar's command that ``word`` names in ``language`` (the English command
    names itself and is read by the grammar); None when it names none."""
    return _READ_COMMANDS.get(language, {}).get(word.lower())


def read_argument(word: str, language: str) -> str | None:
    return _READ_ARGUMENTS.get(language, {}).get(word.lower())


def commands(language: str) -> Mapping[str, tuple[str, ...]]:
    """Every command with its words in ``language`` (for the tests that no English is
    left)."""
    return _COMMANDS.get(language, {})


__all__ = ["argument_word", "command_word", "commands", "read_argument", "read_command"]
