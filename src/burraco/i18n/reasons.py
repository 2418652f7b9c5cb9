"""One sentence per error reason, in English, Italian and Brazilian Portuguese: the rules'
:class:`~burraco.Reason` codes (the English is the library's own fixed sentence, its
``public_message``) and the server's :class:`~burraco.server.protocol.ServerReason` codes.
Keys are ``reason.<code>``; a test checks that every code has one.
"""

from __future__ import annotations

from typing import Final

__all__ = ["REASONS"]

_RULES: Final[dict[str, tuple[str, str, str]]] = {
    "bad-card": (
        "a token is not a card in the notation",
        "un simbolo non è una carta nella notazione",
        "um símbolo não é uma carta na notação",
    ),
    "bad-action": (
        "the text is not an action in the notation",
        "il testo non è una mossa nella notazione",
        "o texto não é uma jogada na notação",
    ),
    "bad-meld-notation": (
        "a wild placement with '=' is malformed",
        "la posizione di una matta con '=' è scritta male",
        "a posição de um coringa com '=' está mal escrita",
    ),
    "no-cards": (
        "no cards were given to add to the meld",
        "nessuna carta indicata da attaccare alla combinazione",
        "nenhuma carta indicada para juntar ao jogo",
    ),
    "too-few-cards": (
        "a meld needs at least three cards",
        "una combinazione richiede almeno tre carte",
        "um jogo precisa de pelo menos três cartas",
    ),
    "too-many-wilds": (
        "a meld holds at most one wild card",
        "una combinazione ha al massimo una matta (jolly o pinella)",
        "um jogo tem no máximo um coringa",
    ),
    "only-wilds": (
        "a meld needs a natural card other than a two",
        "una combinazione richiede una carta naturale che non sia un due",
        "um jogo precisa de uma carta natural que não seja um dois",
    ),
    "mixed-ranks": (
        "the natural cards of a set must all have one rank",
        "le carte naturali di un tris devono avere tutte lo stesso valore",
        "as cartas naturais de uma trinca devem ter todas o mesmo valor",
    ),
    "mixed-suits": (
        "the natural cards of a sequence must all have one suit",
        "le carte naturali di una scala devono essere tutte dello stesso seme",
        "as cartas naturais de uma sequência devem ser todas do mesmo naipe",
    ),
    "duplicate-rank": (
        "a sequence cannot hold two natural cards of the same rank",
        "una scala non può avere due carte naturali dello stesso valore",
        "uma sequência não pode ter duas cartas naturais do mesmo valor",
    ),
    "gap": (
        "the sequence has more missing ranks than its wild card can fill",
        "alla scala mancano più carte di quante la matta ne possa sostituire",
        "faltam à sequência mais cartas do que o coringa pode substituir",
    ),
    "wrap-around": (
        "a sequence cannot run from king through ace to two",
        "una scala non può passare dal re all'asso e poi al due",
        "uma sequência não pode ir do rei ao ás e depois ao dois",
    ),
    "two-aces": (
        "a sequence holds at most one natural ace",
        "una scala ha al massimo un asso naturale",
        "uma sequência tem no máximo um ás natural",
    ),
    "no-jokers": (
        "these rules play without jokers",
        "queste regole si giocano senza jolly",
        "estas regras são jogadas sem coringas (jokers)",
    ),
    "set-rank-not-allowed": (
        "the rules do not allow sets of this rank",
        "le regole non ammettono tris di questo valore",
        "as regras não permitem trincas deste valor",
    ),
    "too-many-copies": (
        "more copies of a card than the packs in play hold",
        "più copie di una carta di quante ne abbiano i mazzi in gioco",
        "mais cópias de uma carta do que os baralhos em jogo têm",
    ),
    "wild-as-not-possible": (
        "the wild card cannot stand for that rank",
        "la matta non può sostituire quel valore",
        "o coringa não pode substituir esse valor",
    ),
    "not-an-action": (
        "the value is not an action",
        "il valore non è una mossa",
        "o valor não é uma jogada",
    ),
    "game-over": (
        "the hand is over; no action is possible",
        "la smazzata è finita: nessuna mossa è possibile",
        "a mão terminou: nenhuma jogada é possível",
    ),
    "wrong-phase": (
        "the action belongs to the other phase of the turn",
        "la mossa appartiene all'altra fase del turno",
        "a jogada pertence à outra fase da vez",
    ),
    "card-not-in-hand": (
        "the player does not hold the cards named",
        "il giocatore non ha in mano le carte indicate",
        "o jogador não tem na mão as cartas indicadas",
    ),
    "empty-discard-pile": (
        "there is no discard pile to take",
        "non c'è un pozzo da raccogliere",
        "não há lixo para pegar",
    ),
    "no-such-meld": (
        "the team has no meld with that number",
        "la squadra non ha una combinazione con quel numero",
        "a dupla não tem um jogo com esse número",
    ),
    "not-your-meld": (
        "cards are only added to the player's own team's melds",
        "si attacca solo alle combinazioni della propria squadra",
        "só se junta aos jogos da própria dupla",
    ),
    "set-rank-taken": (
        "the team already has a set of that rank",
        "la squadra ha già un tris di quel valore",
        "a dupla já tem uma trinca desse valor",
    ),
    "must-keep-a-card": (
        "the player must keep a card that can be discarded legally",
        "il giocatore deve tenere una carta che si possa scartare",
        "o jogador deve ficar com uma carta que possa ser descartada",
    ),
    "closing-needs-pozzetto": (
        "a team closes only after taking its pozzetto",
        "si va in chiusura solo dopo aver preso il pozzetto",
        "só se bate depois de pegar o morto",
    ),
    "closing-needs-burraco": (
        "a team closes only with a burraco laid",
        "si va in chiusura solo con un burraco in tavola",
        "só se bate com uma canastra na mesa",
    ),
    "closing-needs-clean-burraco": (
        "these rules let a team close only with a clean burraco",
        "con queste regole si va in chiusura solo con un burraco pulito",
        "com estas regras só se bate com uma canastra limpa",
    ),
    "closing-discard-wild": (
        "a player may not close by discarding a wild card",
        "non si chiude scartando una matta (jolly o pinella)",
        "não se bate descartando um coringa",
    ),
    "pile-requires-meld": (
        "taking the discard pile obliges a meld in the same turn",
        "chi raccoglie il pozzo deve calare nello stesso turno",
        "quem pega o lixo deve baixar um jogo na mesma vez",
    ),
    "agent-failed": (
        "the agent raised an exception instead of choosing an action",
        "il bot ha avuto un errore invece di scegliere una mossa",
        "o robô teve um erro em vez de escolher uma jogada",
    ),
    "pile-card-returned": (
        "a one-card discard pile taken may not be discarded again this turn",
        "la sola carta del pozzo raccolta non si può riscartare in questo turno",
        "a única carta do lixo pegada não pode ser descartada de novo nesta vez",
    ),
    "bad-json": (
        "the text is not valid JSON",
        "il testo non è JSON valido",
        "o texto não é um JSON válido",
    ),
    "unsupported-format": (
        "the document's format or type is not one this version reads",
        "il formato o il tipo del documento non è uno che questa versione legge",
        "o formato ou o tipo do documento não é um que esta versão lê",
    ),
    "wrong-type": (
        "a value has the wrong type",
        "un valore è del tipo sbagliato",
        "um valor tem o tipo errado",
    ),
    "missing-field": (
        "a required field is absent",
        "manca un campo obbligatorio",
        "falta um campo obrigatório",
    ),
    "unknown-field": (
        "a field is not part of the format",
        "un campo non fa parte del formato",
        "um campo não faz parte do formato",
    ),
    "out-of-range": (
        "a number or a size is outside what the rules allow",
        "un numero o una dimensione è fuori da quanto ammettono le regole",
        "um número ou um tamanho está fora do que as regras permitem",
    ),
    "cards-not-conserved": (
        "the cards are not exactly the cards of the packs",
        "le carte non sono esattamente quelle dei mazzi",
        "as cartas não são exatamente as dos baralhos",
    ),
    "illegal-meld": (
        "a meld is not legal under the rules",
        "una combinazione non è valida per le regole",
        "um jogo não é válido pelas regras",
    ),
    "inconsistent-state": (
        "fields contradict each other: no play reaches this",
        "i campi si contraddicono: nessuna partita arriva qui",
        "os campos se contradizem: nenhuma partida chega aqui",
    ),
    "bad-record": (
        "a line of the game record is not a header or a turn that can be played",
        "una riga del resoconto non è un'intestazione né un turno giocabile",
        "uma linha do registro não é um cabeçalho nem uma vez que possa ser jogada",
    ),
    "bad-csv": (
        "a csv file lacks a required column or a row has the wrong number of fields",
        "a un file csv manca una colonna obbligatoria o una riga ha un numero di campi sbagliato",
        "falta uma coluna obrigatória a um arquivo csv ou uma linha tem o número errado de campos",
    ),
    "not-in-tournament": (
        "the tournament has no such entrant, round or table",
        "il torneo non ha questo iscritto, turno o tavolo",
        "o torneio não tem esse inscrito, rodada ou mesa",
    ),
    "out-of-order": (
        "the tournament step is out of its order",
        "il passo del torneo è fuori ordine",
        "a etapa do torneio está fora de ordem",
    ),
    "no-pairing": (
        "no round can be paired under the movement and the forbidden pairings",
        "nessun turno si può abbinare con il movimento e gli abbinamenti vietati",
        "nenhuma rodada pode ser emparelhada com o movimento e os emparelhamentos proibidos",
    ),
}

_SERVER: Final[dict[str, tuple[str, str, str]]] = {
    "stale": (
        "the action answers an earlier moment of the table: look at the table again",
        "la mossa risponde a un momento precedente del tavolo: guarda di nuovo il tavolo",
        "a jogada responde a um momento anterior da mesa: olhe a mesa de novo",
    ),
    "not-your-turn": ("it is not your turn", "non tocca a te", "não é a sua vez"),
    "spectator": (
        "a spectator cannot act; open a seat's link",
        "uno spettatore non può giocare: apri il link di un posto",
        "um espectador não pode jogar: abra o link de um lugar",
    ),
    "hand-over": ("the table is over", "il tavolo è finito", "a mesa terminou"),
    "too-large": (
        "the message is too long",
        "il messaggio è troppo lungo",
        "a mensagem é longa demais",
    ),
    "too-deep": (
        "the JSON nests too deep",
        "il JSON è annidato troppo in profondità",
        "o JSON está aninhado fundo demais",
    ),
    "unknown-type": (
        "unknown message type: send 'action' or 'resume'",
        "tipo di messaggio sconosciuto: manda 'action' o 'resume'",
        "tipo de mensagem desconhecido: envie 'action' ou 'resume'",
    ),
    "bad-message": (
        "a field of the message is missing or has the wrong type",
        "un campo del messaggio manca o è del tipo sbagliato",
        "um campo da mensagem falta ou tem o tipo errado",
    ),
    "wrong-seat": (
        "the message names a seat that is not this connection's",
        "il messaggio nomina un posto che non è di questa connessione",
        "a mensagem cita um lugar que não é desta conexão",
    ),
    "rate-limited": (
        "too fast: this was not read; it is sent again in a moment",
        "troppo veloce: non è stato letto; viene rimandato tra un momento",
        "rápido demais: não foi lido; será reenviado em um instante",
    ),
    "no-table": (
        "no table has this link",
        "nessun tavolo ha questo link",
        "nenhuma mesa tem este link",
    ),
    "bad-token": (
        "this link's token is not a seat of the table",
        "il codice di questo link non è un posto del tavolo",
        "o código deste link não é um lugar da mesa",
    ),
    "bad-request": (
        "a setting of the table is wrong",
        "un'impostazione del tavolo è sbagliata",
        "uma configuração da mesa está errada",
    ),
    "bad-content-type": (
        "send the settings as application/json",
        "manda le impostazioni come application/json",
        "envie as configurações como application/json",
    ),
    "bad-origin": (
        "this table is played from this site's page only",
        "questo tavolo si gioca solo dalla pagina di questo sito",
        "esta mesa só é jogada pela página deste site",
    ),
    "server-busy": (
        "the server is busy: try again later, or sit a person at the table",
        "il server è occupato: riprova più tardi, o fai sedere una persona al tavolo",
        "o servidor está ocupado: tente mais tarde, ou coloque uma pessoa na mesa",
    ),
    "moved": (
        "the table is moving to another server: reconnecting in a moment",
        "il tavolo passa a un altro server: riconnessione tra un momento",
        "a mesa está passando para outro servidor: reconectando em um instante",
    ),
    "no-seat": (
        "this table has no free seat",
        "questo tavolo non ha posti liberi",
        "esta mesa não tem lugar livre",
    ),
    "no-spectators": (
        "this table allows no spectators",
        "questo tavolo non ammette spettatori",
        "esta mesa não aceita espectadores",
    ),
    "no-player": (
        "a rated table needs your player name",
        "un tavolo con classifica richiede il tuo nome di giocatore",
        "uma mesa valendo ranking precisa do seu nome de jogador",
    ),
    "bad-card": (
        "no card picture has this name",
        "nessuna immagine di carta ha questo nome",
        "nenhuma imagem de carta tem este nome",
    ),
}

REASONS: Final[dict[str, tuple[str, str, str]]] = {
    **{f"reason.{code}": texts for code, texts in _RULES.items()},
    **{f"reason.{code}": texts for code, texts in _SERVER.items() if code not in _RULES},
}
"""The sentence of each reason code, by key ``reason.<code>``: English, Italian, Portuguese.
(``bad-card`` and ``bad-json`` are codes of both enums, and keep the rules' sentence.)"""
