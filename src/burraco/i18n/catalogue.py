"""The page's words: each key with its English, Italian and Brazilian Portuguese text, in that
order (read by :mod:`burraco.i18n`, which checks that all three are there).

Italian uses the table's words: tallone (the stock), pozzo (the discard pile), pozzetto,
calare (open a meld), attaccare (add to one), pinella (a two played as a wild), jolly,
chiusura, burraco pulito, semipulito and sporco. Brazilian Portuguese uses those of Buraco:
monte (the stock), lixo (the discard pile), morto (the pozzetto), baixar, juntar, coringa,
bater (close), canastra limpa and suja.
"""

from __future__ import annotations

from typing import Final

__all__ = ["PAGE"]

_RANKS: Final = {
    "3": (("three", "threes"), ("tre", "tre"), ("três", "três")),
    "4": (("four", "fours"), ("quattro", "quattro"), ("quatro", "quatros")),
    "5": (("five", "fives"), ("cinque", "cinque"), ("cinco", "cincos")),
    "6": (("six", "sixes"), ("sei", "sei"), ("seis", "seis")),
    "7": (("seven", "sevens"), ("sette", "sette"), ("sete", "setes")),
    "8": (("eight", "eights"), ("otto", "otto"), ("oito", "oitos")),
    "9": (("nine", "nines"), ("nove", "nove"), ("nove", "noves")),
    "10": (("ten", "tens"), ("dieci", "dieci"), ("dez", "dez")),
    "J": (("jack", "jacks"), ("fante", "fanti"), ("valete", "valetes")),
    "Q": (("queen", "queens"), ("donna", "donne"), ("dama", "damas")),
    "K": (("king", "kings"), ("re", "re"), ("rei", "reis")),
    "A": (("ace", "aces"), ("asso", "assi"), ("ás", "ases")),
    "2": (("two", "twos"), ("due", "due"), ("dois", "dois")),
}

_SUITS: Final = {
    "S": ("spades", "picche", "espadas"),
    "H": ("hearts", "cuori", "copas"),
    "D": ("diamonds", "quadri", "ouros"),
    "C": ("clubs", "fiori", "paus"),
}

_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    # the page
    "page.title": ("Burraco", "Burraco", "Buraco"),
    "page.your_turn": ("Your turn", "Tocca a te", "Sua vez"),
    "page.skip": ("Skip to your hand", "Vai alla tua mano", "Ir para a sua mão"),
    "page.language": ("Language", "Lingua", "Idioma"),
    # the lobby
    "lobby.title": ("A table of Burraco", "Un tavolo di Burraco", "Uma mesa de Buraco"),
    "lobby.rules": ("Rules", "Regole", "Regras"),
    "lobby.players": ("Players", "Giocatori", "Jogadores"),
    "lobby.seats_partners": (
        "Seats (partners sit opposite)",
        "Posti (i compagni siedono di fronte)",
        "Lugares (os parceiros sentam frente a frente)",
    ),
    "lobby.seats_alone": (
        "Seats (each plays alone)",
        "Posti (ognuno gioca per sé)",
        "Lugares (cada um joga sozinho)",
    ),
    "lobby.match": (
        "A match to the target (otherwise one hand)",
        "Una partita fino al punteggio finale (altrimenti una sola smazzata)",
        "Uma partida até a meta (senão, uma só mão)",
    ),
    "lobby.clock": (
        "Turn clock (seconds)",
        "Tempo per turno (secondi)",
        "Tempo por vez (segundos)",
    ),
    "lobby.no_clock": ("none", "nessuno", "nenhum"),
    "lobby.create": ("Create the table", "Crea il tavolo", "Criar a mesa"),
    "lobby.your_table": ("Your table", "Il tuo tavolo", "Sua mesa"),
    "lobby.links": (
        "Each person's link is their seat: send it to them and keep yours. Anyone with the "
        "spectator link watches without seeing any hand.",
        "Il link di ciascuno è il suo posto: mandalo a chi deve sedersi e tieni il tuo. Chi ha "
        "il link per gli spettatori guarda senza vedere nessuna mano.",
        "O link de cada pessoa é o lugar dela: envie a cada um o seu e guarde o seu. Quem tem o "
        "link de espectador assiste sem ver nenhuma mão.",
    ),
    "lobby.spectators": ("Spectators", "Spettatori", "Espectadores"),
    "lobby.your_name": (
        "Your name, for rated tables",
        "Il tuo nome, per i tavoli con classifica",
        "Seu nome, para as mesas valendo ranking",
    ),
    "lobby.name_needed": (
        "Choose a name first: a rated table needs one.",
        "Scegli prima un nome: un tavolo con classifica lo richiede.",
        "Escolha primeiro um nome: uma mesa valendo ranking precisa de um.",
    ),
    "lobby.playing_as": ("You play as {name}.", "Giochi come {name}.", "Você joga como {name}."),
    "lobby.open": ("Open tables", "Tavoli aperti", "Mesas abertas"),
    "lobby.no_open": (
        "No open table right now: start one with a quick match.",
        "Nessun tavolo aperto ora: aprine uno con una partita veloce.",
        "Nenhuma mesa aberta agora: abra uma com uma partida rápida.",
    ),
    "lobby.players_n.one": ("{n} player", "{n} giocatore", "{n} jogador"),
    "lobby.players_n.other": ("{n} players", "{n} giocatori", "{n} jogadores"),
    "lobby.free_n.one": ("{n} free seat", "{n} posto libero", "{n} lugar livre"),
    "lobby.free_n.other": ("{n} free seats", "{n} posti liberi", "{n} lugares livres"),
    "lobby.bots_n.one": ("{n} bot", "{n} bot", "{n} robô"),
    "lobby.bots_n.other": ("{n} bots", "{n} bot", "{n} robôs"),
    "lobby.rated": ("rated", "con classifica", "valendo ranking"),
    "lobby.a_match": ("a match", "una partita", "uma partida"),
    "lobby.join": ("Join", "Siediti", "Sentar"),
    "lobby.rated_table": ("Rated", "Con classifica", "Valendo ranking"),
    "lobby.quick": ("Quick match", "Partita veloce", "Partida rápida"),
    "lobby.new": ("A new table", "Un nuovo tavolo", "Uma nova mesa"),
    "lobby.listed": (
        "Listed in the lobby: free seats open to anyone",
        "Elencato tra i tavoli aperti: i posti liberi sono per chiunque",
        "Listada entre as mesas abertas: lugares livres para qualquer um",
    ),
    "lobby.spectators_allowed": (
        "Spectators allowed",
        "Spettatori ammessi",
        "Espectadores permitidos",
    ),
    "leaders.title": ("Leaderboard", "Classifica", "Ranking"),
    "leaders.about": (
        "Ratings from rated tables (openskill): a player's rating is a skill they very likely "
        "have at least, mu - 3 sigma. The bots' levels are rated at the same tables.",
        "Valutazioni dai tavoli con classifica (openskill): la valutazione di un giocatore è "
        "un'abilità che molto probabilmente ha almeno, mu - 3 sigma. I livelli dei bot sono "
        "valutati agli stessi tavoli.",
        "Notas das mesas valendo ranking (openskill): a nota de um jogador é uma habilidade que "
        "ele muito provavelmente tem no mínimo, mu - 3 sigma. Os níveis dos robôs são avaliados "
        "nas mesmas mesas.",
    ),
    "leaders.player": ("Player", "Giocatore", "Jogador"),
    "leaders.rating": ("Rating", "Valutazione", "Nota"),
    "leaders.games": ("Games", "Partite", "Partidas"),
    "leaders.empty": (
        "Nobody has played a rated table yet.",
        "Nessuno ha ancora giocato a un tavolo con classifica.",
        "Ninguém jogou ainda numa mesa valendo ranking.",
    ),
    "leaders.bot": ("{name} (bot)", "{name} (bot)", "{name} (robô)"),
    "table.watchers.one": ("{n} watching", "{n} spettatore", "{n} assistindo"),
    "table.watchers.other": ("{n} watching", "{n} spettatori", "{n} assistindo"),
    "table.no_spectators": ("no spectators", "niente spettatori", "sem espectadores"),
    "sheet.again": ("Play again", "Gioca ancora", "Jogar de novo"),
    "sheet.again_ready": (
        "Play again: the new table is ready, join it",
        "Si gioca ancora: il nuovo tavolo è pronto, siediti",
        "Jogar de novo: a nova mesa está pronta, sente-se",
    ),
    "missing.title": ("No table here", "Nessun tavolo qui", "Nenhuma mesa aqui"),
    "missing.text": (
        "No table has this link: it may have been mistyped.",
        "Nessun tavolo ha questo link: forse è stato scritto male.",
        "Nenhuma mesa tem este link: talvez tenha sido digitado errado.",
    ),
    "missing.lobby": (
        "Find or create a table",
        "Trova o crea un tavolo",
        "Encontre ou crie uma mesa",
    ),
    # the table
    "table.title": ("The table", "Il tavolo", "A mesa"),
    "table.practice": (
        "practice (seed {seed})",
        "allenamento (seme {seed})",
        "treino (semente {seed})",
    ),
    "seat.you": ("you", "tu", "você"),
    "seat.n": ("seat {n}", "posto {n}", "lugar {n}"),
    "seat.bot": ("{bot} (seat {n})", "{bot} (posto {n})", "{bot} (lugar {n})"),
    "seat.partner": ("partner, {who}", "compagno, {who}", "parceiro, {who}"),
    "seat.away": ("disconnected", "disconnesso", "desconectado"),
    "seat.to_act": ("to act", "di turno", "da vez"),
    "seat.known": ("known:", "carte note:", "cartas conhecidas:"),
    "kind.human": ("a person", "una persona", "uma pessoa"),
    "kind.random": ("random bot", "bot casuale", "robô aleatório"),
    "kind.greedy": ("greedy bot", "bot goloso", "robô guloso"),
    "kind.search": ("search bot", "bot che calcola", "robô que calcula"),
    "kind.level1": ("level1: beginner", "level1: principiante", "level1: iniciante"),
    "kind.level2": ("level2: casual", "level2: occasionale", "level2: casual"),
    "kind.level3": ("level3: intermediate", "level3: intermedio", "level3: intermediário"),
    "kind.level4": ("level4: advanced", "level4: avanzato", "level4: avançado"),
    "kind.level5": ("level5: expert", "level5: esperto", "level5: especialista"),
    "kind.level6": ("level6: experimental", "level6: sperimentale", "level6: experimental"),
    "count.cards.one": ("{n} card", "{n} carta", "{n} carta"),
    "count.cards.other": ("{n} cards", "{n} carte", "{n} cartas"),
    "list.and": (" and ", " e ", " e "),
    "team.yours": ("Your team ({names})", "La tua squadra ({names})", "Sua dupla ({names})"),
    "team.n": ("Team {n} ({names})", "Squadra {n} ({names})", "Dupla {n} ({names})"),
    "team.points": ("{points} on the table", "{points} in tavola", "{points} na mesa"),
    "team.pozzetto_taken": ("pozzetto taken", "pozzetto preso", "morto pego"),
    "team.melds": ("Melds of {team}", "Combinazioni: {team}", "Jogos: {team}"),
    "team.no_melds": ("no melds yet", "ancora nessuna combinazione", "nenhum jogo ainda"),
    "meld.n": ("meld {n}", "combinazione {n}", "jogo {n}"),
    "meld.run": ("the {suit} run", "scala di {suit}", "sequência de {suit}"),
    "meld.set": ("the {rank}", "tris di {rank}", "trinca de {rank}"),
    "card.name": ("{rank} of {suit}", "{rank} di {suit}", "{rank} de {suit}"),
    "card.joker": ("joker", "jolly", "coringa"),
    "card.wild_two": (
        "two of {suit} as a wild",
        "pinella di {suit}",
        "dois de {suit} como coringa",
    ),
    "card.as": ("{card} as {stands}", "{card} come {stands}", "{card} como {stands}"),
    "card.as_short": ("{card} as {stands}", "{card} come {stands}", "{card} como {stands}"),
    "kind.burraco.clean": ("clean burraco", "burraco pulito", "canastra limpa"),
    "kind.burraco.semi-clean": ("semi-clean burraco", "burraco semipulito", "canastra semilimpa"),
    "kind.burraco.dirty": ("dirty burraco", "burraco sporco", "canastra suja"),
    "kind.burraco.super-clean": (
        "super-clean burraco",
        "burraco superpulito",
        "canastra superlimpa",
    ),
    "kind.burraco.over-the-top": ("over-the-top burraco", "burraco oltre", "canastra além"),
    "kind.burraco.nobile": ("noble burraco", "burraco nobile", "canastra nobre"),
    "kind.burraco.reale": ("royal burraco", "burraco reale", "canastra real"),
    # what seats did
    "act.drew": ("drew", "ha pescato", "comprou"),
    "act.drew.you": ("you drew", "hai pescato", "você comprou"),
    "act.picked": ("took the pile", "ha raccolto il pozzo", "pegou o lixo"),
    "act.picked.you": ("you took the pile", "hai raccolto il pozzo", "você pegou o lixo"),
    "act.opened": ("opened {cards}", "ha calato {cards}", "baixou {cards}"),
    "act.opened.you": ("you opened {cards}", "hai calato {cards}", "você baixou {cards}"),
    "act.added": (
        "added {cards} to {meld}",
        "ha attaccato {cards} ({meld})",
        "juntou {cards} ({meld})",
    ),
    "act.added.you": (
        "you added {cards} to {meld}",
        "hai attaccato {cards} ({meld})",
        "você juntou {cards} ({meld})",
    ),
    "act.wild_moved": (
        " (the wild as {card})",
        " (la matta come {card})",
        " (o coringa como {card})",
    ),
    "act.discarded": ("discarded {card}", "ha scartato {card}", "descartou {card}"),
    "act.discarded.you": ("you discarded {card}", "hai scartato {card}", "você descartou {card}"),
    "turn.pile": (" (the pile: {cards})", " (il pozzo: {cards})", " (o lixo: {cards})"),
    "turn.pozzetto": (", took the pozzetto", ", ha preso il pozzetto", ", pegou o morto"),
    "turn.closed": (", and closed", ", e ha chiuso", ", e bateu"),
    "turn.clock": (
        " — time ran out, a bot played this turn",
        " — tempo scaduto, un bot ha giocato il turno",
        " — o tempo acabou, um robô jogou a vez",
    ),
    # the piles
    "pile.stock.one": ("stock: {n} card", "tallone: {n} carta", "monte: {n} carta"),
    "pile.stock.other": ("stock: {n} cards", "tallone: {n} carte", "monte: {n} cartas"),
    "pile.title": ("Discard pile", "Pozzo", "Lixo"),
    "pile.empty": ("empty", "vuoto", "vazio"),
    "pile.discards": ("discard pile: {cards}", "pozzo: {cards}", "lixo: {cards}"),
    "pile.discards_empty": ("discard pile, empty", "pozzo vuoto", "lixo vazio"),
    "pile.pozzetti": ("Pozzetti left: {n}", "Pozzetti rimasti: {n}", "Mortos restantes: {n}"),
    # the hand
    "hand.watching": (
        "You are watching: no hand is shown.",
        "Stai guardando: nessuna mano è mostrata.",
        "Você está assistindo: nenhuma mão é mostrada.",
    ),
    "hand.unseen_pozzetto": (
        "Your pozzetto: you may look at it on your next turn.",
        "Il tuo pozzetto: potrai guardarlo al tuo prossimo turno.",
        "Seu morto: você poderá vê-lo na sua próxima vez.",
    ),
    "hand.label.one": ("Your hand: {n} card", "La tua mano: {n} carta", "Sua mão: {n} carta"),
    "hand.label.other": ("Your hand: {n} cards", "La tua mano: {n} carte", "Sua mão: {n} cartas"),
    "hand.sort_rank": ("Sort by rank", "Ordina per valore", "Ordenar por valor"),
    "hand.sort_suit": ("Sort by suit", "Ordina per seme", "Ordenar por naipe"),
    "hand.clear": ("Clear selection", "Annulla la selezione", "Limpar a seleção"),
    "hand.new": ("new", "nuova", "nova"),
    "notice.not_connected": (
        "Not connected: wait a moment, the page reconnects by itself.",
        "Non connesso: attendi un momento, la pagina si riconnette da sola.",
        "Sem conexão: aguarde um momento, a página se reconecta sozinha.",
    ),
    "hint.select_then_meld": (
        "Select cards of your hand first, then click the meld to add them to.",
        "Seleziona prima le carte della tua mano, poi la combinazione a cui attaccarle.",
        "Selecione primeiro as cartas da sua mão, depois o jogo onde juntá-las.",
    ),
    "hint.choose_wild": (
        "Choose what the wild card stands for, below.",
        "Scegli qui sotto quale carta sostituisce la matta.",
        "Escolha abaixo qual carta o coringa substitui.",
    ),
    "hint.select": (
        "Select cards: to open a meld, to add to a meld (then click the meld), or one card to "
        "discard.",
        "Seleziona le carte: per calare una combinazione, per attaccarle a una combinazione "
        "(poi scegli la combinazione), o una carta da scartare.",
        "Selecione cartas: para baixar um jogo, para juntar a um jogo (depois escolha o jogo) "
        "ou uma carta para descartar.",
    ),
    # the actions
    "actions.draw": ("Draw from the stock", "Pesca dal tallone", "Comprar do monte"),
    "actions.pick.one": (
        "Take the pile ({n} card)",
        "Raccogli il pozzo ({n} carta)",
        "Pegar o lixo ({n} carta)",
    ),
    "actions.pick.other": (
        "Take the pile ({n} cards)",
        "Raccogli il pozzo ({n} carte)",
        "Pegar o lixo ({n} cartas)",
    ),
    "actions.open": ("Open {cards}", "Cala {cards}", "Baixar {cards}"),
    "actions.add": ("Add {cards} to {meld}", "Attacca {cards} ({meld})", "Juntar {cards} ({meld})"),
    "actions.wild": (", {wild} as {stands}", ", {wild} come {stands}", ", {wild} como {stands}"),
    "actions.discard": ("Discard {card}", "Scarta {card}", "Descartar {card}"),
    "actions.try_open": ("Open with these", "Cala queste", "Baixar estas"),
    # where the hand stands
    "status.over_reason": (
        "The hand is over ({reason}).",
        "La smazzata è finita ({reason}).",
        "A mão terminou ({reason}).",
    ),
    "status.over_closed": (
        "The hand is over: {who} closed.",
        "La smazzata è finita: chiusura di {who}.",
        "A mão terminou: {who} bateu.",
    ),
    "status.over_you_closed": (
        "The hand is over: you closed.",
        "La smazzata è finita: hai chiuso tu.",
        "A mão terminou: você bateu.",
    ),
    "status.your_draw": (
        "Your turn: draw from the stock or take the pile.",
        "Tocca a te: pesca dal tallone o raccogli il pozzo.",
        "Sua vez: compre do monte ou pegue o lixo.",
    ),
    "status.your_play": (
        "Your turn: meld, then discard.",
        "Tocca a te: cala o attacca, poi scarta.",
        "Sua vez: baixe ou junte jogos, depois descarte.",
    ),
    "status.their_draw": ("{who} to draw.", "Tocca a {who}: pesca.", "Vez de {who}: comprar."),
    "status.their_play": ("{who} to play.", "Tocca a {who}: gioca.", "Vez de {who}: jogar."),
    "status.you_drew": ("You drew {card}.", "Hai pescato {card}.", "Você comprou {card}."),
    "status.pile_gave": (
        "The pile added {cards} to your hand.",
        "Il pozzo ti ha dato {cards}.",
        "O lixo lhe deu {cards}.",
    ),
    "status.your_pozzetto": (
        "You took your pozzetto.",
        "Hai preso il tuo pozzetto.",
        "Você pegou o seu morto.",
    ),
    "status.your_last": (
        "Your last turn: {turn}.",
        "Il tuo ultimo turno: {turn}.",
        "Sua última vez: {turn}.",
    ),
    "end.closed": ("closed", "chiusura", "batida"),
    "end.stock-exhausted": ("the stock ran out", "il tallone è finito", "o monte acabou"),
    "end.stalemate": ("a stalemate", "stallo", "impasse"),
    "end.time-out": ("time ran out", "tempo scaduto", "tempo esgotado"),
    "score.label": ("Score", "Punteggio", "Placar"),
    "score.us": ("us", "noi", "nós"),
    "score.team": ("team {n}", "squadra {n}", "dupla {n}"),
    "score.target": ("(to {target})", "(a {target})", "(até {target})"),
    "clock.left": ("{n} s left", "{n} s rimasti", "{n} s restantes"),
    "clock.yours": (
        "({n} s left, then a bot plays your turn)",
        "({n} s rimasti, poi un bot gioca il tuo turno)",
        "({n} s restantes, depois um robô joga a sua vez)",
    ),
    "announce.your_turn": ("Your turn.", "Tocca a te.", "Sua vez."),
    # the score sheet
    "sheet.melded": ("cards melded", "carte calate", "cartas baixadas"),
    "sheet.burracos": ("burracos", "burraco", "canastras"),
    "sheet.closing": ("closing", "chiusura", "batida"),
    "sheet.in_hand": ("cards in hand", "carte in mano", "cartas na mão"),
    "sheet.pozzetto": ("pozzetto not taken", "pozzetto non preso", "morto não pego"),
    "sheet.total": ("hand total", "totale della smazzata", "total da mão"),
    "sheet.closed": ("{who} closed.", "Chiusura di {who}.", "{who} bateu."),
    "sheet.you_closed": ("You closed.", "Hai chiuso tu.", "Você bateu."),
    "sheet.left": ("Cards left in hand", "Carte rimaste in mano", "Cartas que sobraram na mão"),
    "sheet.close": ("Close", "Chiudi", "Fechar"),
    "sheet.next": ("Next hand", "Prossima smazzata", "Próxima mão"),
    "sheet.match.one": (
        "Match: {totals} after {n} hand, to {target}.",
        "Partita: {totals} dopo {n} smazzata, a {target}.",
        "Partida: {totals} depois de {n} mão, até {target}.",
    ),
    "sheet.match.other": (
        "Match: {totals} after {n} hands, to {target}.",
        "Partita: {totals} dopo {n} smazzate, a {target}.",
        "Partida: {totals} depois de {n} mãos, até {target}.",
    ),
    "sheet.we_win": (
        "Your team wins the match!",
        "La tua squadra vince la partita!",
        "Sua dupla venceu a partida!",
    ),
    "sheet.team_wins": (
        "Team {n} wins the match.",
        "La squadra {n} vince la partita.",
        "A dupla {n} venceu a partida.",
    ),
    "sheet.match_over": ("The match is over.", "La partita è finita.", "A partida terminou."),
    "sheet.title": ("End of the hand", "Fine della smazzata", "Fim da mão"),
    "sheet.title_n": ("End of hand {n}", "Fine della smazzata {n}", "Fim da mão {n}"),
    "connection.connecting": ("connecting…", "connessione…", "conectando…"),
    "connection.watching": ("watching", "spettatore", "assistindo"),
    "connection.not_a_table": (
        "this link is not a table",
        "questo link non è un tavolo",
        "este link não é uma mesa",
    ),
    "connection.reconnecting": ("reconnecting…", "riconnessione…", "reconectando…"),
    # the presets
    "rules.classic": ("classic", "classico", "clássico"),
    "rules.fibur": ("FIBUR", "FIBUR", "FIBUR"),
    "rules.fibur3": ("FIBUR, 3 players", "FIBUR a 3", "FIBUR, 3 jogadores"),
    "rules.fibur5": ("FIBUR, 5 players", "FIBUR a 5", "FIBUR, 5 jogadores"),
    "rules.international": ("international", "internazionale", "internacional"),
    "rules.feburit": ("FEBURIT", "FEBURIT", "FEBURIT"),
    "rules.reale": ("burraco reale", "burraco reale", "buraco real"),
}

PAGE: Final[dict[str, tuple[str, str, str]]] = {
    **_TEXTS,
    **{f"rank.{rank}": (en[0], it[0], pt[0]) for rank, (en, it, pt) in _RANKS.items()},
    **{f"ranks.{rank}": (en[1], it[1], pt[1]) for rank, (en, it, pt) in _RANKS.items()},
    **{f"suit.{suit}": names for suit, names in _SUITS.items()},
}
"""The page's texts by key: English, Italian, Brazilian Portuguese."""
