"""The words and phrases of a claim's statement in each language (Laws 68C, 70B1), as
data for ``claim_statements``: suits, ranks, hands, numbers, the little words, the words
that chain a line, and the phrases, each a pattern on the phrase lower-cased without
accents (``{suit}``, ``{card}``, ``{cards}``, ``{rank}``, ``{seat}``, ``{hand}``,
``{num}``, ``{suits}`` stand for the words of the language) and the step of the short
grammar it reads as (``[...]``: left out when its field was not said).

The words are the federations' (and the table's): es triunfo, fallar / fallo, impasse /
expás, caída, ceder, el muerto, la mano, valet; fr atout, couper, coupe croisée,
impasse, chute, rendre / concéder, le mort, la main, tout est maître; pt trunfo, cortar,
corte cruzado, passagem / impasse / finesse, queda, ceder, o morto, a mão, valete.
"""

from __future__ import annotations

import re

CARD_TOKEN = re.compile(r"^[shdc\u2660\u2665\u2666\u2663](?:10|[akqjt98765432rdv])$",
                        re.IGNORECASE)

SUITS: dict[str, dict[str, str]] = {
    "en": {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D",
           "diamonds": "D", "club": "C", "clubs": "C", "s": "S", "h": "H", "d": "D", "c": "C",
           "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"},
    "es": {"pica": "S", "picas": "S", "espada": "S", "espadas": "S", "corazon": "H",
           "corazones": "H", "diamante": "D", "diamantes": "D", "trebol": "C",
           "treboles": "C"},
    "fr": {"pique": "S", "piques": "S", "coeur": "H", "coeurs": "H", "carreau": "D",
           "carreaux": "D", "trefle": "C", "trefles": "C"},
    "pt": {"espada": "S", "espadas": "S", "copa": "H", "copas": "H", "ouro": "D",
           "ouros": "D", "pau": "C", "paus": "C"},
}
RANKS: dict[str, dict[str, str]] = {
    "en": {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "knave": "J", "ten": "T",
           "nine": "9", "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4",
           "three": "3", "two": "2", "deuce": "2"},
    "es": {"as": "A", "rey": "K", "dama": "Q", "valet": "J", "jota": "J", "diez": "T",
           "nueve": "9", "ocho": "8", "siete": "7", "seis": "6", "cinco": "5",
           "cuatro": "4", "tres": "3", "dos": "2"},
    "fr": {"as": "A", "roi": "K", "dame": "Q", "valet": "J", "dix": "T", "neuf": "9",
           "huit": "8", "sept": "7", "six": "6", "cinq": "5", "quatre": "4", "trois": "3",
           "deux": "2"},
    "pt": {"as": "A", "rei": "K", "dama": "Q", "valete": "J", "dez": "T", "nove": "9",
           "oito": "8", "sete": "7", "seis": "6", "cinco": "5", "quatro": "4", "tres": "3",
           "dois": "2"},
}
HANDS: dict[str, dict[str, str]] = {
    "en": {"dummy": "dummy", "the dummy": "dummy", "table": "dummy", "the table": "dummy",
           "board": "dummy", "hand": "hand", "my hand": "hand", "the hand": "hand"},
    "es": {"muerto": "dummy", "el muerto": "dummy", "la mano del muerto": "dummy",
           "mano del muerto": "dummy", "mesa": "dummy", "la mesa": "dummy", "mano": "hand",
           "mi mano": "hand", "la mano": "hand"},
    "fr": {"mort": "dummy", "le mort": "dummy", "main": "hand", "ma main": "hand",
           "la main": "hand"},
    "pt": {"morto": "dummy", "o morto": "dummy", "mesa": "dummy", "a mesa": "dummy",
           "mao": "hand", "minha mao": "hand", "a mao": "hand", "a minha mao": "hand"},
}
NUMBERS: dict[str, dict[str, int]] = {
    "en": {"one": 1, "a": 1, "an": 1, "two": 2, "three": 3, "four": 4},
    "es": {"una": 1, "uno": 1, "un": 1, "dos": 2, "tres": 3, "cuatro": 4},
    "fr": {"une": 1, "un": 1, "deux": 2, "trois": 3, "quatre": 4},
    "pt": {"uma": 1, "um": 1, "duas": 2, "dois": 2, "tres": 3, "quatro": 4},
}
# The little words around the phrases: never a step, never a word not understood.
FILLERS: dict[str, frozenset[str]] = {
    "en": frozenset([
        "i", "i'", "ll", "i'll", "we", "will", "shall", "then", "now", "first", "and", "the", "a",
        "an", "my", "just", "simply", "also", "afterwards", "finally", "next", "ok", "so"
    ]),
    "es": frozenset([
        "yo", "y", "luego", "despues", "entonces", "primero", "el", "la", "los", "las", "un",
        "una", "mi", "mis", "ya", "al", "del", "de", "que", "finalmente", "ahora"
    ]),
    "fr": frozenset([
        "je", "j'", "puis", "ensuite", "et", "d'", "abord", "le", "la", "les", "l'", "un", "une",
        "mon", "ma", "mes", "alors", "enfin", "apres", "de", "du"
    ]),
    "pt": frozenset([
        "eu", "e", "depois", "entao", "primeiro", "o", "a", "os", "as", "um", "uma", "meu",
        "minha", "meus", "minhas", "ja", "agora", "de", "do", "da", "finalmente"
    ]),
}
# The words that chain the steps of a line (the statement is cut there as at a comma).
CONNECTORS: dict[str, tuple[str, ...]] = {
    "en": ("and then", "then", "after that", "followed by", "and"),
    "es": ("y luego", "y después", "y despues", "luego", "después", "despues", "entonces",
           "y"),
    "fr": ("et puis", "et ensuite", "puis", "ensuite", "et"),
    "pt": ("e depois", "e então", "e entao", "depois", "então", "entao", "em seguida", "e"),
}

_EN = (
    (r"{seat} (?:is|gets|will be) squeezed", "squeeze"),
    (r"(?:after |once )?(?:draw|draws|drawing|pull|pulls|pulling|clear|clearing|drew) "
     r"(?:the |their |his |her )?(?:last |remaining |outstanding |missing )?trumps?"
     r"(?: {count}| in {num} rounds?)?", "draw trumps[ {num}][ {count}]"),
    (r"(?:the )?trumps? (?:are |is |being )?drawn", "draw trumps"),
    (r"(?:on |by |with )?(?:a )?(?:cross-ruff|crossruff|cross ruff|crossruffing|"
     r"cross-ruffing|cross ruffing|crossruffs)(?: the rest)?", "crossruff"),
    (r"(?:ruff|ruffs|ruffing|trump|trumping) (?:a |the |my )?{suit} (?:in|with) {hand}",
     "ruff {suit} in {hand}"),
    (r"(?:ruff|ruffs|ruffing) (?:a |the |my )?{suit}", "ruff {suit}"),
    (r"{suit} (?:ruffed|trumped) in {hand}", "ruff {suit} in {hand}"),
    (r"(?:(?:cross|crossing|go|going|get|getting|over|come|coming) )?(?:over )?to {hand} "
     r"(?:with|by|via|on) (?:a |the )?{suit}", "entry {suit} {hand}"),
    (r"(?:a |the )?{suit} to {hand}", "entry {suit} {hand}"),
    (r"(?:finesse|finesses|finessing|take|taking|takes) against (?:the )?{card}"
     r"(?: (?:with|in|on|through|held by) {seat})?", "finesse against {card}[ with {seat}]"),
    (r"(?:finesse|finesses|finessing) against (?:the )?{rank}", "finesse against {rank}"),
    (r"(?:(?:take|taking|takes) )?(?:the |a )?{suit} finesse", "finesse {suit}"),
    (r"(?:finesse|finesses|finessing) (?:with )?(?:the )?{card}", "finesse {card}"),
    (r"(?:finesse|finesses|finessing) (?:with )?(?:the )?{rank}", "finesse {rank}"),
    (r"(?:finesse|finesses|finessing) (?:in )?(?:the )?{suit}", "finesse {suit}"),
    (r"(?:(?:take|taking|takes) )?(?:the |a )?finesse", "finesse"),
    (r"(?:play|playing|plays) for (?:the )?drop(?: of (?:the )?{card})?", "drop[ {card}]"),
    (r"(?:drop|dropping|drops) (?:the )?{card}", "drop {card}"),
    (r"(?:the )?{card} (?:drops|will drop|falls|will fall)", "drop {card}"),
    (r"(?:lose|loses|losing|concede|concedes|conceding|give up|giving up|gives up) "
     r"(?:a trick |one trick )?(?:to )?(?:the )?{card}", "lose {card}"),
    (r"(?:lose|loses|losing|concede|concedes|conceding|give up|giving up|gives up) {num}"
     r"(?: tricks?)?", "concede {num}"),
    (r"(?:lose|loses|losing|concede|concedes|conceding) (?:a |one )?(?:trick|loser)",
     "concede 1"),
    (r"(?:keep|keeping|keeps|holding) (?:the )?{cards}(?: (?:for|as) (?:the )?"
     r"(?:squeeze|threats?))?", "squeeze {cards}"),
    (r"(?:(?:play|playing|execute|executing) )?(?:a |the )?(?:squeeze|squeezing|squeezes)"
     r"(?: (?:on |against )?{seat})?(?: (?:in|on) {suits})?", "squeeze"),
    (r"(?:cash|cashes|cashing|run|runs|running|play|playing|take|taking) "
     r"(?:all |the |my |of )?(?:the )?(?:rest|everything|remainder|winners|all|tricks)"
     r"(?: of (?:the |my )?(?:cards|tricks|winners))?", "all high"),
    (r"(?:cash|cashes|cashing|run|runs|running|play|playing|take|taking) (?:the |my |off )?"
     r"(?:off )?(?:the )?{suit}(?: tricks| winners)?", "cash {suit}"),
    (r"{suit} first", "cash {suit}"),
    (r"(?:the )?{suit} (?:are|is) (?:good|high|established|winners|running|all good)",
     "cash {suit}"),
    (r"(?:cash|cashes|cashing) (?:the |my )?{cards}", "cash {cards}"),
    (r"(?:all|everything|the rest|rest|remainder|the remainder|the others|others|they|"
     r"all the rest|all my cards|my cards|all cards|all the cards|all the tricks|"
     r"all tricks|the remaining tricks)(?: (?:is|are|will be))? (?:high|good|winners|"
     r"mine|established|masters?|tops?|top tricks|winning|making)", "all high"),
    (r"(?:the )?(?:dummy|table|hand|my hand)(?:'s cards)?(?: (?:is|are))? (?:high|good|"
     r"established|all high|winners)", "dummy is good"),
    (r"(?:all|claiming|claim|claims) (?:the rest|rest|all|everything|the remaining tricks)",
     "all high"),
    (r"(?:all high|all good|high|good|no statement|rest|the rest)", "all high"),
    (r"(?:order|in the order) {suits}", "order {suits}"),
    (r"{suit} (?:in|with) {hand}", "ruff {suit} in {hand}"),
)

_ES = (
    (r"{seat} (?:queda |esta )?(?:squeezado|comprimido|apretado)", "squeeze"),
    (r"(?:despues de |tras )?(?:sacar|saco|sacando|quitar|quito|quitando|barrer|barro|"
     r"barriendo|arrastrar|arrastro|arrastrando|tirar|tiro|tirando|sacado) (?:los |el |sus )?"
     r"(?:ultimos? |restantes? )?triunfos?(?: restantes)?(?: {count}| en {num} vueltas?)?",
     "draw trumps[ {num}][ {count}]"),
    (r"(?:los )?triunfos? (?:fuera|sacados|quitados)", "draw trumps"),
    (r"(?:a |en |con )?(?:fallos? cruzados?|fallo cruzado|doble fallo|fallando cruzado|"
     r"fallar cruzado)", "crossruff"),
    (r"(?:fallar|fallo|fallando|fallamos|cortar|corto|cortando) (?:un |una |los |las |el |la )?"
     r"{suit} (?:en|con) (?:el |la |mi )?{hand}", "ruff {suit} in {hand}"),
    (r"(?:fallar|fallo|fallando|cortar|corto|cortando) (?:un |una |los |las |el |la )?{suit}",
     "ruff {suit}"),
    (r"(?:(?:paso|pasar|pasando|entro|entrar|entrando|voy|ir|yendo|subo|subir) )"
     r"(?:a la |al |a |en el |en la )?{hand} (?:con|por|mediante) (?:un |una |el |la )?{suit}",
     "entry {suit} {hand}"),
    (r"(?:un |una |el )?{suit} (?:a la|al|a|hacia el|hacia la|para el|para la) {hand}",
     "entry {suit} {hand}"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando|jugar|juego|jugando) )?"
     r"(?:el |un |la )?(?:impasse|expas|expass|impas) (?:contra|al|a la|a|contra el|"
     r"contra la) (?:el |la )?{card}(?: (?:en|a|con|de|del) (?:el |la )?{seat})?",
     "finesse against {card}[ with {seat}]"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando|jugar|juego|jugando) )?"
     r"(?:el |un |la )?(?:impasse|expas|expass|impas) (?:contra|al|a la|a|contra el|"
     r"contra la) (?:el |la )?{rank}", "finesse against {rank}"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando|jugar|juego|jugando) )?"
     r"(?:el |un |la )?(?:impasse|expas|expass|impas) (?:con|de) (?:el |la )?{card}",
     "finesse {card}"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando|jugar|juego|jugando) )?"
     r"(?:el |un |la )?(?:impasse|expas|expass|impas) (?:con|de) (?:el |la )?{rank}",
     "finesse {rank}"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando|jugar|juego|jugando) )?"
     r"(?:el |un |la )?(?:impasse|expas|expass|impas) (?:a |en |de |del |al )?{suit}",
     "finesse {suit}"),
    (r"(?:jugar|juego|jugando) (?:el |la )?{card} (?:en )?(?:impasse|expas)",
     "finesse {card}"),
    (r"(?:(?:hacer|hago|haciendo|tomar|tomo|tomando) )?(?:el |un |la )?"
     r"(?:impasse|expas|expass|impas)", "finesse"),
    (r"(?:(?:jugar|juego|jugando) (?:a|por|para) )?(?:la )?caida(?: (?:de|del) "
     r"(?:la |el )?{card})?", "drop[ {card}]"),
    (r"(?:el |la )?{card} cae", "drop {card}"),
    (r"(?:pierdo|perder|perdiendo|cedo|ceder|cediendo|entrego|entregar|doy|dar|concedo|"
     r"conceder) (?:una baza |la baza )?(?:a|al|a la|ante|con)? ?(?:el |la )?{card}",
     "lose {card}"),
    (r"(?:pierdo|perder|perdiendo|cedo|ceder|cediendo|entrego|doy|dar|concedo|conceder) "
     r"{num}(?: bazas?)?", "concede {num}"),
    (r"(?:guardo|guardando|conservo|conservando|me quedo con|quedandome con) "
     r"(?:el |la |los |las )?{cards}", "squeeze {cards}"),
    (r"(?:(?:hacer|hago|haciendo|jugar|juego) )?(?:un |el |una )?(?:squeeze|compresion|"
     r"apreton|estrujon)(?: (?:a|contra|sobre) {seat})?(?: (?:en|a) {suits})?", "squeeze"),
    (r"(?:cobro|cobrar|cobrando) (?:todo|todas|el resto|las demas|lo demas|mis ganadoras)",
     "all high"),
    (r"(?:cobrar|cobro|cobrando|correr|corro|corriendo|jugar|juego|jugando|hacer|hago|"
     r"haciendo|tirar|tiro|tirando|pasar|paso|pasando) (?:los |las |mis )?{suit}"
     r"(?: restantes| ganadores| ganadoras)?", "cash {suit}"),
    (r"(?:primero )?(?:los |las )?{suit} (?:primero|antes)", "cash {suit}"),
    (r"primero (?:los |las )?{suit}", "cash {suit}"),
    (r"(?:los |las )?{suit} (?:son|estan) (?:buenos|buenas|altos|altas|firmes|ganadores|"
     r"ganadoras|maestros)", "cash {suit}"),
    (r"(?:cobrar|cobro|cobrando) (?:el |la |los |las )?{cards}", "cash {cards}"),
    (r"(?:son |estan )?(?:todas|todo|todos|el resto|las demas|las restantes|las otras|"
     r"lo demas)(?: (?:son|es|estan|esta|mis cartas))? (?:buenas?|altas?|altos?|buenos?|"
     r"ganadoras?|mias|firmes|maestras?|de la mano|cartas buenas|seguras)", "all high"),
    (r"(?:el |mi |la )?(?:muerto|mano)(?: (?:esta|es))? (?:bueno|buena|alto|alta|ganador|"
     r"ganadora|firme|maestro|maestra)", "dummy is good"),
    (r"(?:reclamo|reclamar) (?:todas|todo|el resto|las demas)", "all high"),
    (r"(?:orden|en orden) {suits}", "order {suits}"),
    (r"(?:los |las )?{suit} (?:en|con) (?:el |la |mi )?{hand}", "ruff {suit} in {hand}"),
)

_FR = (
    (r"{seat} (?:est |sera )?(?:squeeze|comprime)", "squeeze"),
    (r"(?:apres avoir |une fois )?(?:tire|tirer|tirant|fais tomber|faire tomber|faisant "
     r"tomber|fait tomber|purge|purger|purgeant|enleve|enlever|prends|prendre|joue|jouer|"
     r"jouant) (?:les |l' |le |mes |ses )?(?:derniers? |dernier )?atouts?"
     r"(?: restants?| adverses?)?(?: {count}| en {num} tours?)?", "draw trumps[ {num}][ {count}]"),
    (r"(?:les )?atouts? (?:sont )?(?:tires|tombes|purges)", "draw trumps"),
    (r"(?:(?:jouer|joue|jouant|je joue) )?(?:en |par (?:la |une )?|a la )?"
     r"(?:coupes? croisees?|double coupe|doubles coupes)",
     "crossruff"),
    (r"(?:couper|coupe|coupant|je coupe) (?:un |une |les |le |la |l' |mes )?{suit} "
     r"(?:au|du|avec le|a la|de la|en|chez|dans la) (?:le |la )?{hand}",
     "ruff {suit} in {hand}"),
    (r"(?:couper|coupe|coupant) (?:un |une |les |le |la |l' |mes )?{suit}", "ruff {suit}"),
    (r"(?:(?:remonte|remonter|remontant|passe|passer|passant|rentre|rentrer|rentrant|vais|"
     r"aller|allant|monte|monter) )(?:au |a la |en |dans la |dans le )?{hand} "
     r"(?:par|avec|grace a|sur) (?:un |une |le |la |l' )?{suit}", "entry {suit} {hand}"),
    (r"(?:un |une |le |la )?{suit} (?:au|pour le|vers le|a la|pour la|vers la) {hand}",
     "entry {suit} {hand}"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse (?:au|a la|a l'|contre le|contre la|contre l'|contre|sur le|sur la|sur l'|"
     r"a) {card}(?: (?:chez|en|a|sur|avec) {seat})?", "finesse against {card}[ with {seat}]"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse (?:au|a la|a l'|contre le|contre la|contre l'|contre|sur le|sur la|sur l'|"
     r"a) {rank}", "finesse against {rank}"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse (?:avec|de|par) (?:le |la |l' )?{card}", "finesse {card}"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse (?:avec|de|par) (?:le |la |l' )?{rank}", "finesse {rank}"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse (?:a |en |a la |au )?{suit}", "finesse {suit}"),
    (r"(?:(?:faire|fais|faisant|fait|tenter|tente|prendre|prends) )?(?:l' |une |la )?"
     r"impasse", "finesse"),
    (r"(?:jouer|joue|jouant) (?:pour )?(?:la )?chute(?: (?:du|de la|de l') {card})?",
     "drop[ {card}]"),
    (r"(?:jouer|joue|jouant) {card} en tete", "drop {card}"),
    (r"(?:faire |fais )?tomber (?:le |la |l' )?{card}", "drop {card}"),
    (r"(?:le |la |l' )?{card} tombe", "drop {card}"),
    (r"(?:rends|rendre|rendant|perds|perdre|perdant|cede|ceder|cedant|concede|conceder|"
     r"abandonne|abandonner|donne|donner) (?:une levee |la levee )?(?:a|au|a la|a l')? ?"
     r"(?:le |la |l' )?{card}", "lose {card}"),
    (r"(?:rends|rendre|rendant|perds|perdre|perdant|cede|ceder|cedant|concede|conceder|"
     r"abandonne|abandonner|donne|donner) {num}(?: levees?)?", "concede {num}"),
    (r"(?:en )?(?:gardant|garde|garder|conservant|conserve|conserver) (?:le |la |les |l' )?"
     r"{cards}", "squeeze {cards}"),
    (r"(?:(?:faire|fais|jouer|joue) )?(?:un |le |une |la )?(?:squeeze|compression|"
     r"squeezer)(?: (?:sur|contre|a|de) {seat})?(?: (?:a|en) {suits})?", "squeeze"),
    (r"(?:encaisse|encaisser|encaissant|tire|tirer|tirant|joue|jouer) (?:tout|le reste|"
     r"mes levees|mes gagnantes)", "all high"),
    (r"(?:encaisser|encaisse|encaissant|derouler|deroule|deroulant|jouer|joue|jouant|"
     r"affranchir|affranchis|tirer|tire|tirant|faire|fais) (?:les |le |la |l' |mes )?{suit}"
     r"(?: maitres?| affranchis)?", "cash {suit}"),
    (r"(?:les |le )?{suit} (?:d' abord|en premier)", "cash {suit}"),
    (r"(?:les |le )?{suit} (?:sont|est) (?:maitres?|bons|affranchis|hauts)", "cash {suit}"),
    (r"(?:encaisser|encaisse|encaissant) (?:le |la |les |l' )?{cards}", "cash {cards}"),
    (r"(?:tout|le reste|tout le reste|les autres|toutes|mes cartes|toutes mes cartes)"
     r"(?: (?:est|sont|c' est))? (?:maitres?|maitresses?|bons?|bonnes|hauts?|affranchis?|"
     r"gagnantes?|a moi|pour moi)", "all high"),
    (r"(?:le |ma )?(?:mort|main)(?: (?:est|sont))? (?:maitres?|maitresse|bons?|bonne|"
     r"haute?|affranchie?)", "dummy is good"),
    (r"(?:revendique|revendiquer|reclame|reclamer) (?:tout|le reste|toutes les levees)",
     "all high"),
    (r"(?:ordre|dans l' ordre) {suits}", "order {suits}"),
    (r"(?:les )?{suit} (?:au|chez|dans la|en) (?:le |la )?{hand}", "ruff {suit} in {hand}"),
)

_PT = (
    (r"{seat} (?:fica |esta |e )?(?:espremido|comprimido|squeezado)", "squeeze"),
    (r"(?:depois de |apos )?(?:tirar|tiro|tirando|puxar|puxo|puxando|bater|bato|batendo|"
     r"limpar|limpo|limpando|arrastar|arrasto|arrastando|tirei) (?:os |o |seus )?"
     r"(?:ultimos? )?trunfos?(?: restantes)?(?: {count}| em {num} voltas?)?",
     "draw trumps[ {num}][ {count}]"),
    (r"(?:os )?trunfos? (?:tirados|puxados|batidos)", "draw trumps"),
    (r"(?:em |no |com |de )?(?:cortes? cruzados?|corte cruzado|cortando cruzado|"
     r"duplo corte)", "crossruff"),
    (r"(?:cortar|corto|cortando|trunfar|trunfando) (?:um |uma |os |as |o |a )?{suit} "
     r"(?:no|na|em|com o|com a|pelo|pela) (?:minha )?{hand}", "ruff {suit} in {hand}"),
    (r"(?:cortar|corto|cortando|trunfar|trunfando) (?:um |uma |os |as |o |a )?{suit}",
     "ruff {suit}"),
    (r"(?:(?:vou|ir|indo|passo|passar|passando|entro|entrar|entrando|chego|chegar) )"
     r"(?:ao |no |para o |para a |na |a |em )?{hand} (?:com|por|via|pelo|pela) "
     r"(?:um |uma |o |a )?{suit}", "entry {suit} {hand}"),
    (r"(?:um |uma |o |a )?{suit} (?:para o|para a|ao|pro|pra|a|para) {hand}",
     "entry {suit} {hand}"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse) (?:contra|ao|a|contra o|contra a) (?:o |a )?"
     r"{card}(?: (?:com|em|no|na) {seat})?", "finesse against {card}[ with {seat}]"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse) (?:contra|ao|a|contra o|contra a) (?:o |a )?"
     r"{rank}", "finesse against {rank}"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse) (?:com|de|da|do) (?:o |a )?{card}",
     "finesse {card}"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse) (?:com|de|da|do) (?:o |a )?{rank}",
     "finesse {rank}"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse) (?:a |em |de |no |na )?{suit}",
     "finesse {suit}"),
    (r"(?:(?:fazer|faco|fazendo|tomar|tomo|tomando|tentar|tento) )?(?:a |uma |o |um )?"
     r"(?:passagem|impasse|expasse|finesse)", "finesse"),
    (r"(?:(?:jogar|jogo|jogando) (?:pela|na|para a) )?queda(?: (?:da|do|de) (?:o |a )?"
     r"{card})?", "drop[ {card}]"),
    (r"(?:o |a )?{card} cai", "drop {card}"),
    (r"(?:perco|perder|perdendo|cedo|ceder|cedendo|entrego|entregar|dou|dar|concedo|"
     r"conceder) (?:uma vaza |a vaza )?(?:para|ao|a|pro)? ?(?:o |a )?{card}", "lose {card}"),
    (r"(?:perco|perder|perdendo|cedo|ceder|cedendo|entrego|dou|dar|concedo|conceder) "
     r"{num}(?: vazas?)?", "concede {num}"),
    (r"(?:guardando|mantendo|guardo|mantenho|conservando|conservo) (?:o |a |os |as )?"
     r"{cards}", "squeeze {cards}"),
    (r"(?:(?:fazer|faco|jogar|jogo) )?(?:um |o |uma |a )?(?:squeeze|compressao|aperto)"
     r"(?: (?:em|contra|sobre|no|na|a|ao) {seat})?(?: (?:em|a) {suits})?", "squeeze"),
    (r"(?:cobro|cobrar|cobrando|bato|bater) (?:tudo|todas|o resto|as demais)", "all high"),
    (r"(?:cobrar|cobro|cobrando|bater|bato|batendo|correr|corro|correndo|jogar|jogo|"
     r"jogando|tirar|tiro|tirando|descer|desco|descendo|fazer|faco|fazendo) "
     r"(?:os |as |meus |minhas )?{suit}(?: firmes| restantes)?", "cash {suit}"),
    (r"(?:os |as )?{suit} (?:primeiro|antes)", "cash {suit}"),
    (r"(?:os |as )?{suit} (?:estao|sao) (?:bons|boas|altos|altas|firmes|mestres)",
     "cash {suit}"),
    (r"(?:cobrar|cobro|cobrando|bater|bato) (?:o |a |os |as )?{cards}", "cash {cards}"),
    (r"(?:estao |sao )?(?:todas|tudo|todos|o resto|as restantes|as demais|as outras|"
     r"minhas cartas)(?: (?:estao|esta|sao|e))? (?:boas?|altas?|altos?|firmes?|"
     r"ganhadoras?|minhas?|meus?|bom|alto|firme|mestres?|vencedoras?)", "all high"),
    (r"(?:o |a )?(?:minha )?(?:morto|mao)(?: (?:esta|e))? (?:alto|alta|bom|boa|firme|"
     r"mestre|ganhador|ganhadora)", "dummy is good"),
    (r"(?:reivindico|reivindicar|reclamo|reclamar) (?:todas|tudo|o resto|as demais)",
     "all high"),
    (r"(?:ordem|na ordem) {suits}", "order {suits}"),
    (r"(?:os |as )?{suit} (?:no|na|em) (?:minha )?{hand}", "ruff {suit} in {hand}"),
)

# Every language: cards alone are those cards in that order.
_ANY = (
    (r"{cards}", "{cards}"),
)

PHRASES: dict[str, tuple[tuple[str, str], ...]] = {
    "en": _EN, "es": _ES, "fr": _FR, "pt": _PT, "*": _ANY,
}
