"""The ids of options and questions (docs/ruling-vocabulary.md) in the Director's words:
shown in his language and typed in it (``interdire-trèfle`` for ``prohibit-clubs``), the ids
themselves accepted in every language."""

from __future__ import annotations

from collections.abc import Mapping

# The words of the ids of options and questions (docs/ruling-vocabulary.md), part by part,
# so that the Director sees and may type them in his language; a part without a word here
# stays as the id has it.
_ID_PARTS: Mapping[str, Mapping[str, str]] = {
    "es": {"statement": "declaración", "confirmed": "confirmada",
           "clearly": "claramente", "convinced": "convencido",
           "accept": "aceptar", "decline": "rechazar", "refuse": "rehusar",
           "rectify": "rectificar", "adjust": "ajustar", "prohibit": "prohibir",
           "require": "exigir", "no": "sin", "restriction": "restricción",
           "return": "devolver", "to": "a", "hand": "mano", "keep": "mantener",
           "withdraw": "retirar", "replace": "sustituir", "cancel": "anular",
           "clubs": "tréboles", "diamonds": "diamantes", "hearts": "corazones",
           "spades": "picas", "unintended": "involuntaria", "without": "sin",
           "pause": "pausa", "ui": "ino", "conveyed": "transmitida",
           "alternative": "alternativa", "suggested": "sugerida", "damaged": "perjuicio",
           "assigned": "asignado", "contract": "contrato", "tricks": "bazas",
           "not": "no", "artificial": "artificial", "same": "mismo", "or": "o",
           "more": "más", "precise": "preciso", "saw": "vio", "dummy": "muerto",
           "is": "es", "penalty": "penalizada", "card": "carta", "lead": "salida",
           "play": "jugar", "on": "seguir", "unnoticed": "inadvertida",
           "adjudicate": "adjudicar", "adjusted": "ajustada", "after": "después",
           "again": "de-nuevo", "agreement": "acuerdo", "all": "todas", "as": "como",
           "at": "en", "aware": "consciente", "back": "atrás", "before": "antes",
           "board": "estuche", "bridge": "bridge", "call": "voz", "called": "declarada",
           "calls": "voces", "cancelled": "anulada", "change": "cambiar",
           "claim": "reclamación", "comparable": "comparable", "concession": "concesión",
           "continue": "continuar", "correct": "corregir", "correctable": "corregible",
           "could": "pudo", "current": "actual", "declarer": "declarante",
           "defective": "defectuosa", "deliberate": "deliberado",
           "denomination": "denominación", "denominations": "denominaciones",
           "designated": "designada", "differ": "difieren", "different": "distinto",
           "differs": "difiere", "doubted": "dudoso", "early": "anticipada",
           "elsewhere": "en-otro-lugar", "ended": "acabada", "explanation": "explicación",
           "extraneous": "ajena", "faced": "expuesta", "finesse": "impasse",
           "forfeit": "perder", "forfeited": "perdido", "forgotten": "olvidado",
           "held": "retenida", "important": "importante", "improper": "impropia",
           "incontrovertible": "indiscutible", "influence": "influir",
           "information": "información", "intention": "intención",
           "intentionally": "intencionadamente", "interferes": "interfiere",
           "irrational": "irracional", "know": "saber", "late": "tarde", "lho": "izquierda",
           "likely": "probable", "logical": "lógica", "losable": "perdible",
           "lost": "perdida", "meaning": "significado", "mistaken": "errónea",
           "next": "siguiente", "none": "ninguna", "normal": "normal", "noticed": "advertido",
           "order": "orden", "permitted": "permitido", "played": "jugada", "plays": "juega",
           "premature": "prematura", "prevention": "prevención", "purpose": "propósito",
           "question": "pregunta", "quitted": "cerrada", "reason": "razón",
           "rectification": "rectificación", "redeal": "redistribuir",
           "related": "relacionado", "repeat": "repetir", "replacement": "sustitución",
           "rescore": "recalcular", "restore": "restablecer", "result": "resultado",
           "retakes": "recoge", "retract": "retractar", "rotate": "rotar", "round": "ronda",
           "score": "marca", "seats": "puestos", "see": "ver", "seen": "vista",
           "simultaneous": "simultánea", "specified": "especificadas", "spread": "extender",
           "stands": "se-mantiene", "subset": "subconjunto", "substitute": "sustituir",
           "suit": "palo", "suits": "palos", "surplus": "sobrante", "take": "tomar",
           "touch": "tocar", "trick": "baza", "trump": "triunfo", "turn": "turno",
           "unspecified": "no-especificadas", "withdrawn": "retirada", "won": "ganada",
           "yes": "sí"},
    "fr": {"statement": "déclaration", "confirmed": "confirmée",
           "clearly": "clairement", "convinced": "convaincu",
           "accept": "accepter", "decline": "refuser", "refuse": "rejeter",
           "rectify": "rectifier", "adjust": "ajuster", "prohibit": "interdire",
           "require": "exiger", "no": "sans", "restriction": "restriction",
           "return": "reprendre", "to": "en", "hand": "main", "keep": "maintenir",
           "withdraw": "retirer", "replace": "remplacer", "cancel": "annuler",
           "clubs": "trèfle", "diamonds": "carreau", "hearts": "cœur", "spades": "pique",
           "unintended": "involontaire", "without": "sans", "pause": "pause",
           "ui": "ina", "conveyed": "transmise", "alternative": "alternative",
           "suggested": "suggérée", "damaged": "lésé", "assigned": "attribué",
           "contract": "contrat", "tricks": "levées", "not": "non",
           "artificial": "artificielle", "same": "même", "or": "ou", "more": "plus",
           "precise": "précis", "saw": "a-vu", "dummy": "mort", "is": "est",
           "penalty": "pénalisée", "card": "carte", "lead": "entame", "play": "jouer",
           "on": "suite", "unnoticed": "inaperçue",
           "adjudicate": "trancher", "adjusted": "ajustée", "after": "après",
           "again": "à-nouveau", "agreement": "accord", "all": "toutes", "as": "comme",
           "at": "à", "aware": "conscient", "back": "retour", "before": "avant",
           "board": "étui", "bridge": "bridge", "call": "annonce", "called": "annoncée",
           "calls": "annonces", "cancelled": "annulée", "change": "changer",
           "claim": "revendication", "comparable": "comparable", "concession": "concession",
           "continue": "continuer", "correct": "corriger", "correctable": "corrigeable",
           "could": "pouvait", "current": "en-cours", "declarer": "déclarant",
           "defective": "défectueuse", "deliberate": "délibéré",
           "denomination": "dénomination", "denominations": "dénominations",
           "designated": "désignée", "differ": "diffèrent", "different": "différent",
           "differs": "diffère", "doubted": "douteux", "early": "prématurée",
           "elsewhere": "ailleurs", "ended": "finie", "explanation": "explication",
           "extraneous": "étrangère", "faced": "étalée", "finesse": "impasse",
           "forfeit": "perdre", "forfeited": "perdu", "forgotten": "oublié", "held": "tenue",
           "important": "importante", "improper": "inappropriée",
           "incontrovertible": "incontestable", "influence": "influencer",
           "information": "information", "intention": "intention",
           "intentionally": "intentionnellement", "interferes": "interfère",
           "irrational": "irrationnelle", "know": "savoir", "late": "tardive",
           "lho": "gauche", "likely": "probable", "logical": "logique", "losable": "perdable",
           "lost": "perdue", "meaning": "sens", "mistaken": "erronée", "next": "suivant",
           "none": "aucune", "normal": "normale", "noticed": "remarqué", "order": "ordre",
           "permitted": "permis", "played": "jouée", "plays": "joue",
           "premature": "prématurée", "prevention": "prévention", "purpose": "but",
           "question": "question", "quitted": "retournée", "reason": "raison",
           "rectification": "rectification", "redeal": "redonner", "related": "liée",
           "repeat": "répéter", "replacement": "remplacement", "rescore": "recalculer",
           "restore": "rétablir", "result": "résultat", "retakes": "reprend",
           "retract": "rétracter", "rotate": "tourner", "round": "tour", "score": "marque",
           "seats": "places", "see": "voir", "seen": "vue", "simultaneous": "simultanée",
           "specified": "spécifiées", "spread": "étaler", "stands": "maintenu",
           "subset": "sous-ensemble", "substitute": "substituer", "suit": "couleur",
           "suits": "couleurs", "surplus": "excédentaire", "take": "prendre",
           "touch": "toucher", "trick": "levée", "trump": "atout", "turn": "tour",
           "unspecified": "non-spécifiées", "withdrawn": "retirée", "won": "gagnée",
           "yes": "oui"},
    "pt": {"statement": "declaração", "confirmed": "confirmada",
           "clearly": "claramente", "convinced": "convencido",
           "accept": "aceitar", "decline": "recusar", "refuse": "rejeitar",
           "rectify": "retificar", "adjust": "ajustar", "prohibit": "proibir",
           "require": "exigir", "no": "sem", "restriction": "restrição",
           "return": "devolver", "to": "à", "hand": "mão", "keep": "manter",
           "withdraw": "retirar", "replace": "substituir", "cancel": "anular",
           "clubs": "paus", "diamonds": "ouros", "hearts": "copas", "spades": "espadas",
           "unintended": "involuntária", "without": "sem", "pause": "pausa",
           "ui": "ina", "conveyed": "transmitida", "alternative": "alternativa",
           "suggested": "sugerida", "damaged": "prejuízo", "assigned": "atribuído",
           "contract": "contrato", "tricks": "vazas", "not": "não",
           "artificial": "artificial", "same": "mesmo", "or": "ou", "more": "mais",
           "precise": "preciso", "saw": "viu", "dummy": "morto", "is": "é",
           "penalty": "penalizada", "card": "carta", "lead": "saída", "play": "jogar",
           "on": "seguir", "unnoticed": "despercebida",
           "adjudicate": "adjudicar", "adjusted": "ajustado", "after": "depois",
           "again": "de-novo", "agreement": "acordo", "all": "todas", "as": "como",
           "at": "em", "aware": "ciente", "back": "atrás", "before": "antes",
           "board": "bolsa", "bridge": "bridge", "call": "voz", "called": "declarada",
           "calls": "vozes", "cancelled": "anulada", "change": "mudar", "claim": "reclamação",
           "comparable": "comparável", "concession": "concessão", "continue": "continuar",
           "correct": "corrigir", "correctable": "corrigível", "could": "podia",
           "current": "atual", "declarer": "declarante", "defective": "defeituosa",
           "deliberate": "deliberado", "denomination": "denominação",
           "denominations": "denominações", "designated": "designada", "differ": "diferem",
           "different": "diferente", "differs": "difere", "doubted": "duvidoso",
           "early": "antecipada", "elsewhere": "noutro-lugar", "ended": "acabada",
           "explanation": "explicação", "extraneous": "alheia", "faced": "exposta",
           "finesse": "expasse", "forfeit": "perder", "forfeited": "perdido",
           "forgotten": "esquecido", "held": "retida", "important": "importante",
           "improper": "imprópria", "incontrovertible": "incontestável",
           "influence": "influenciar", "information": "informação", "intention": "intenção",
           "intentionally": "intencionalmente", "interferes": "interfere",
           "irrational": "irracional", "know": "saber", "late": "tarde", "lho": "esquerda",
           "likely": "provável", "logical": "lógica", "losable": "perdível",
           "lost": "perdida", "meaning": "significado", "mistaken": "errada",
           "next": "seguinte", "none": "nenhuma", "normal": "normal", "noticed": "notado",
           "order": "ordem", "permitted": "permitido", "played": "jogada", "plays": "joga",
           "premature": "prematura", "prevention": "prevenção", "purpose": "propósito",
           "question": "pergunta", "quitted": "fechada", "reason": "razão",
           "rectification": "retificação", "redeal": "redistribuir", "related": "relacionado",
           "repeat": "repetir", "replacement": "substituição", "rescore": "recalcular",
           "restore": "restabelecer", "result": "resultado", "retakes": "recolhe",
           "retract": "retratar", "rotate": "rodar", "round": "volta", "score": "pontuação",
           "seats": "lugares", "see": "ver", "seen": "vista", "simultaneous": "simultânea",
           "specified": "especificadas", "spread": "estender", "stands": "mantém",
           "subset": "subconjunto", "substitute": "substituir", "suit": "naipe",
           "suits": "naipes", "surplus": "excedente", "take": "tomar", "touch": "tocar",
           "trick": "vaza", "trump": "trunfo", "turn": "vez",
           "unspecified": "não-especificadas", "withdrawn": "retirada", "won": "ganha",
           "yes": "sim"},
}


# Whole ids whose words go in another order than the id's parts.
_ID_WHOLE: Mapping[str, Mapping[str, str]] = {
    "es": {"penalty-card": "carta-penalizada", "is-penalty-card": "es-carta-penalizada",
           "take-back": "deshacer", "ui-logical-alternative": "alternativa-lógica-ino"},
    "fr": {"penalty-card": "carte-pénalisée", "is-penalty-card": "est-carte-pénalisée",
           "take-back": "reprendre", "ui-logical-alternative": "alternative-logique-ina"},
    "pt": {"penalty-card": "carta-penalizada", "is-penalty-card": "é-carta-penalizada",
           "take-back": "desfazer", "ui-logical-alternative": "alternativa-lógica-ina"},
}


def id_word(identifier: str, language: str) -> str:
    """An option's or question's id (``prohibit-clubs``) in the Director's words
    (``interdire-trèfle``); the id itself in English or where no word is known."""
    parts = _ID_PARTS.get(language)
    if not parts:
        return identifier
    whole = _ID_WHOLE.get(language, {}).get(identifier)
    if whole is not None:
        return whole
    return "-".join(parts.get(part, part) for part in identifier.split("-"))


def id_parts_without_word(identifier: str, language: str) -> tuple[str, ...]:
    """The parts of ``identifier`` that ``language`` has no word for (for the tests that
    no English is left)."""
    if identifier in _ID_WHOLE.get(language, {}):
        return ()
    parts = _ID_PARTS.get(language, {})
    return tuple(part for part in identifier.split("-")
                 if part not in parts and not part.isdigit())


def id_typed(text: str, identifiers: tuple[str, ...], language: str) -> str | None:
    """The id among ``identifiers`` that ``text`` names: the id itself (the documented
    vocabulary, in every language) or its words in ``language``."""
    key = text.strip().lower()
    for identifier in identifiers:
        if key in (identifier, id_word(identifier, language).lower()):
            return identifier
    return None


__all__ = ["id_parts_without_word", "id_typed", "id_word"]
