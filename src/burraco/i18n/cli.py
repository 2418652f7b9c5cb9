"""The command line's words: each key (``cli.``) with its English, Italian and Brazilian
Portuguese text, in that order (read by :mod:`burraco.i18n`, which checks that all three are
there). The English is what ``burraco demo`` and ``burraco play`` always printed, word for
word; card notation (``7H``, ``JK``) and the actions' notation (``draw``, ``open``) stay as
they are in every language.

Italian uses the table's words (pozzetto, pozzo, tallone, chiusura, burraco pulito and
sporco), Brazilian Portuguese those of Buraco (morto, lixo, monte, bater, canastra limpa and
suja).
"""

from __future__ import annotations

from typing import Final

__all__ = ["CLI"]

_PLAY_HELP: Final = (
    (
        "Type an action in notation: draw, pick, open 5H 6H JK, open 5H 6H JK=4H, add 0 7H, "
        "discard 9C.\n"
        "  ?  or  list    list the legal actions, numbered\n"
        "  a number       play the action of that number in the list\n"
        "  time           call time: the hand ends when every seat has played one more turn\n"
        "  help           this help\n"
        "  quit           stop (end of input stops too)"
    ),
    (
        "Scrivi una mossa in notazione: draw (pesca), pick (prendi il pozzo), open 5H 6H JK "
        "(cala), open 5H 6H JK=4H, add 0 7H (attacca), discard 9C (scarta).\n"
        "  ?  o  list     elenca le mosse legali, numerate\n"
        "  un numero      gioca la mossa con quel numero nell'elenco\n"
        "  time           chiama il tempo: la smazzata finisce quando ogni posto ha giocato "
        "un altro turno\n"
        "  help           questo aiuto\n"
        "  quit           smetti (anche la fine dell'input)"
    ),
    (
        "Digite uma jogada em notação: draw (comprar do monte), pick (pegar o lixo), "
        "open 5H 6H JK (baixar), open 5H 6H JK=4H, add 0 7H (juntar), discard 9C (descartar).\n"
        "  ?  ou  list    lista as jogadas válidas, numeradas\n"
        "  um número      faz a jogada desse número na lista\n"
        "  time           pede tempo: a mão termina quando cada lugar jogar mais uma vez\n"
        "  help           esta ajuda\n"
        "  quit           parar (o fim da entrada também para)"
    ),
)

CLI: Final[dict[str, tuple[str, str, str]]] = {
    # a line per turn (burraco demo and burraco play)
    "cli.turn": (
        "turn {n}  {who}: {actions}  [{left}]",
        "turno {n}  {who}: {actions}  [{left}]",
        "vez {n}  {who}: {actions}  [{left}]",
    ),
    "cli.you": ("you", "tu", "você"),
    "cli.seat_named": ("seat {seat} ({name})", "posto {seat} ({name})", "lugar {seat} ({name})"),
    "cli.left.one": ("{n} card left", "{n} carta rimasta", "{n} carta sobrando"),
    "cli.left.other": ("{n} cards left", "{n} carte rimaste", "{n} cartas sobrando"),
    "cli.takes_pozzetto": ("takes the pozzetto", "prende il pozzetto", "pega o morto"),
    "cli.plays_alone": (
        "plays alone; {pairs} are partners now",
        "gioca da solo; {pairs} ora sono compagni",
        "joga sozinho; {pairs} agora são parceiros",
    ),
    "cli.seat_pair": ("seats {a} and {b}", "i posti {a} e {b}", "os lugares {a} e {b}"),
    "cli.and": (" and ", " e ", " e "),
    "cli.closes": ("closes", "chiude", "bate"),
    "cli.hand_ends": (
        "the hand ends: {reason}",
        "la smazzata finisce: {reason}",
        "a mão termina: {reason}",
    ),
    # the score sheet
    "cli.sheet.cell": ("{n}", "{n}", "{n}"),
    "cli.sheet.team": ("team {n}", "squadra {n}", "dupla {n}"),
    "cli.sheet.melded": ("melded", "calate", "baixadas"),
    "cli.sheet.in_hand": ("in hand", "in mano", "na mão"),
    "cli.sheet.burracos": ("burracos", "burraco", "canastras"),
    "cli.sheet.closing": ("closing", "chiusura", "batida"),
    "cli.sheet.pozzetto": ("pozzetto", "pozzetto", "morto"),
    "cli.sheet.total": ("total", "totale", "total"),
    "cli.sheet.match_points": ("match points", "punti partita", "pontos da partida"),
    "cli.sheet.seat_points": (
        "seat {seat} {points}",
        "posto {seat} {points}",
        "lugar {seat} {points}",
    ),
    "cli.sheet.closed_by": (
        "closed by seat {seat}",
        "chiusura del posto {seat}",
        "o lugar {seat} bateu",
    ),
    "cli.sheet.ended": ("ended: {reason}", "finita: {reason}", "terminou: {reason}"),
    "cli.burraco.reale": ("reale", "reale", "real"),
    "cli.burraco.nobile": ("nobile", "nobile", "nobre"),
    "cli.burraco.over-the-top": ("over-the-top", "oltre", "além"),
    "cli.burraco.super-clean": ("super-clean", "superpulito", "superlimpa"),
    "cli.burraco.clean": ("clean", "pulito", "limpa"),
    "cli.burraco.semi-clean": ("semi-clean", "semipulito", "semilimpa"),
    "cli.burraco.dirty": ("dirty", "sporco", "suja"),
    # burraco play
    "cli.play.you_are": (
        "you are seat {seat}, {where}; type an action, ? to list the legal ones, a number to "
        "pick one, help, or quit",
        "sei il posto {seat}, {where}; scrivi una mossa, ? per elencare quelle legali, un "
        "numero per sceglierne una, help, o quit",
        "você é o lugar {seat}, {where}; digite uma jogada, ? para listar as válidas, um "
        "número para escolher uma, help, ou quit",
    ),
    "cli.play.team": ("team {n}", "squadra {n}", "dupla {n}"),
    "cli.play.alone": (
        "alone until a player runs out of cards: then that player plays alone and the others "
        "pair up (rules §14)",
        "da solo finché un giocatore non resta senza carte: allora quel giocatore gioca da solo "
        "e gli altri fanno coppia (regole §14)",
        "sozinho até um jogador ficar sem cartas: então esse jogador joga sozinho e os outros "
        "formam duplas (regras §14)",
    ),
    "cli.play.hand": (
        "hand {n}, dealer seat {dealer}",
        "smazzata {n}, mazziere il posto {dealer}",
        "mão {n}, o lugar {dealer} dá as cartas",
    ),
    "cli.play.unfinished": (
        "the game is left unfinished",
        "la partita resta incompiuta",
        "o jogo ficou inacabado",
    ),
    "cli.play.prompt": (
        "your action (? to list)> ",
        "la tua mossa (? per l'elenco)> ",
        "sua jogada (? para listar)> ",
    ),
    "cli.play.help": _PLAY_HELP,
    "cli.play.wild_as": (
        "  ({wild} as {card})",
        "  ({wild} come {card})",
        "  ({wild} como {card})",
    ),
    "cli.play.wild_as_a": (
        "  ({wild} as a {rank})",
        "  ({wild} come {rank})",
        "  ({wild} como {rank})",
    ),
    "cli.play.wild_as_an": (
        "  ({wild} as an {rank})",
        "  ({wild} come {rank})",
        "  ({wild} como {rank})",
    ),
    "cli.play.on_the_table": (
        "on the table: {scores}",
        "sul tavolo: {scores}",
        "na mesa: {scores}",
    ),
    "cli.play.match_so_far": (
        "; match so far: {scores}",
        "; partita finora: {scores}",
        "; partida até agora: {scores}",
    ),
    "cli.play.points": ("{who} {points}", "{who} {points}", "{who} {points}"),
    "cli.play.your_team": ("your team", "la tua squadra", "sua dupla"),
    "cli.play.your_seat": ("you", "tu", "você"),
    "cli.play.team_n": ("team {n}", "squadra {n}", "dupla {n}"),
    "cli.play.seat_n": ("seat {n}", "posto {n}", "lugar {n}"),
    "cli.play.you_drew": ("you drew {cards}", "hai pescato {cards}", "você comprou {cards}"),
    "cli.play.pile_added": (
        "the pile added {cards} to your hand",
        "il pozzo ha aggiunto {cards} alla tua mano",
        "o lixo pôs {cards} na sua mão",
    ),
    "cli.play.time_already": (
        "time was called already: {n} turns left",
        "il tempo è già stato chiamato: restano {n} turni",
        "o tempo já foi pedido: restam {n} vezes",
    ),
    "cli.play.no_action": (
        "there is no action {n}: choose from 1 to {last} (? lists them)",
        "non c'è la mossa {n}: scegli da 1 a {last} (? le elenca)",
        "não existe a jogada {n}: escolha de 1 a {last} (? lista todas)",
    ),
    "cli.play.try_list": (
        "{error}; type ? to list the legal actions",
        "{error}; scrivi ? per l'elenco delle mosse legali",
        "{error}; digite ? para listar as jogadas válidas",
    ),
    "cli.play.illegal": (
        "illegal action: {reason}",
        "mossa non valida: {reason}",
        "jogada inválida: {reason}",
    ),
    "cli.play.bad_action": (
        "bad action '{text}': {conflict}",
        "mossa sbagliata '{text}': {conflict}",
        "jogada errada '{text}': {conflict}",
    ),
    "cli.play.time_called": (
        "time called: {n} turns left, this one included",
        "tempo chiamato: restano {n} turni, compreso questo",
        "tempo pedido: restam {n} vezes, contando esta",
    ),
    # errors of other commands
    "cli.illegal_meld": (
        "illegal meld {meld}: {reason}",
        "combinazione non valida {meld}: {reason}",
        "jogo inválido {meld}: {reason}",
    ),
    "cli.standard_input": ("standard input", "standard input", "entrada padrão"),
    "cli.not_text": (
        "the file is not UTF-8 text",
        "il file non è testo UTF-8",
        "o arquivo não é texto UTF-8",
    ),
    # the match sheet (burraco play and burraco replay)
    "cli.match.hand": ("hand", "smazzata", "mão"),
    "cli.match.dealer": ("dealer", "mazziere", "dá as cartas"),
    "cli.match.victory_points": ("victory points", "punti vittoria", "pontos de vitória"),
    "cli.match.next_deal": (
        "deal {n} of {deals}; seat {dealer} deals next",
        "distribuzione {n} di {deals}; il prossimo mazziere è il posto {dealer}",
        "distribuição {n} de {deals}; o lugar {dealer} dá as cartas a seguir",
    ),
    "cli.match.draw": (
        "a draw after {deals} deals",
        "pareggio dopo {deals} distribuzioni",
        "empate depois de {deals} distribuições",
    ),
    "cli.match.team_wins_after": (
        "team {n} wins after {deals} deals",
        "la squadra {n} vince dopo {deals} distribuzioni",
        "a dupla {n} vence depois de {deals} distribuições",
    ),
    "cli.match.seat_wins_after": (
        "seat {n} wins after {deals} deals",
        "il posto {n} vince dopo {deals} distribuzioni",
        "o lugar {n} vence depois de {deals} distribuições",
    ),
    "cli.match.team_wins": (
        "team {n} wins (target {target})",
        "la squadra {n} vince (a {target})",
        "a dupla {n} vence (até {target})",
    ),
    "cli.match.seat_wins": (
        "seat {n} wins (target {target})",
        "il posto {n} vince (a {target})",
        "o lugar {n} vence (até {target})",
    ),
    "cli.match.target": (
        "target {target}; seat {dealer} deals next",
        "si gioca a {target}; il prossimo mazziere è il posto {dealer}",
        "até {target}; o lugar {dealer} dá as cartas a seguir",
    ),
    "cli.match.target_alone_now": (
        "target {target}; everyone alone now; seat {dealer} deals next",
        "si gioca a {target}; ora ognuno gioca da solo; il prossimo mazziere è il posto {dealer}",
        "até {target}; agora cada um joga sozinho; o lugar {dealer} dá as cartas a seguir",
    ),
    "cli.match.target_alone_at": (
        "target {target}; everyone alone at {at}; seat {dealer} deals next",
        "si gioca a {target}; ognuno da solo a {at}; il prossimo mazziere è il posto {dealer}",
        "até {target}; cada um sozinho a partir de {at}; o lugar {dealer} dá as cartas a seguir",
    ),
    # burraco validate
    "cli.validate.meld": ("meld", "combinazione", "jogo"),
    "cli.validate.kind": ("kind", "tipo", "tipo"),
    "cli.validate.class": ("class", "classe", "classe"),
    "cli.validate.points": ("points", "punti", "pontos"),
    "cli.validate.set": ("set of {ranks}", "tris di {ranks}", "trinca de {ranks}"),
    "cli.validate.sequence": ("sequence of {suit}", "scala di {suit}", "sequência de {suit}"),
    "cli.validate.clean": ("clean", "pulita", "limpo"),
    "cli.validate.dirty": ("dirty", "sporca", "sujo"),
    "cli.validate.burraco": (
        "{kind} burraco (bonus {bonus})",
        "burraco {kind} (bonus {bonus})",
        "canastra {kind} (bônus {bonus})",
    ),
    # burraco score
    "cli.score.rules": ("{rules} rules", "regole {rules}", "regras {rules}"),
    "cli.score.cannot_read": (
        "cannot read the file: {error}",
        "impossibile leggere il file: {error}",
        "não foi possível ler o arquivo: {error}",
    ),
    "cli.score.closed": ("team {n} closed", "la squadra {n} ha chiuso", "a dupla {n} bateu"),
    # burraco simulate
    "cli.simulate.header": (
        "{n} hands, {rules} rules, {players} players, seed {seed}",
        "{n} smazzate, regole {rules}, {players} giocatori, seme {seed}",
        "{n} mãos, regras {rules}, {players} jogadores, semente {seed}",
    ),
    "cli.simulate.agents": ("agents: {agents}", "bot: {agents}", "robôs: {agents}"),
    "cli.simulate.seat_agent": (
        "seat {seat} {name}",
        "posto {seat} {name}",
        "lugar {seat} {name}",
    ),
    "cli.simulate.ended": (
        "how the hands ended:",
        "come sono finite le smazzate:",
        "como as mãos terminaram:",
    ),
    "cli.simulate.closed": ("closed", "chiusura", "batida"),
    "cli.simulate.stock_exhausted": ("stock exhausted", "tallone finito", "monte acabou"),
    "cli.simulate.stalemate": ("stalemate", "stallo", "impasse"),
    "cli.simulate.closing_rate": (
        "closing rate: {rate}",
        "smazzate chiuse: {rate}",
        "mãos batidas: {rate}",
    ),
    "cli.simulate.seats": ("seats", "posti", "lugares"),
    "cli.simulate.agents_row": ("agents", "bot", "robôs"),
    "cli.simulate.average_score": ("average score", "punteggio medio", "pontuação média"),
    "cli.simulate.hands_won": ("hands won", "smazzate vinte", "mãos vencidas"),
    "cli.simulate.hands_closed": ("hands closed", "chiusure", "batidas"),
    "cli.simulate.burracos_row": (
        "burracos per hand",
        "burraco per smazzata",
        "canastras por mão",
    ),
    "cli.simulate.length": (
        "average hand length: {actions} actions, {turns} turns",
        "durata media di una smazzata: {actions} mosse, {turns} turni",
        "duração média de uma mão: {actions} jogadas, {turns} vezes",
    ),
    "cli.simulate.burracos": (
        "burracos per hand: {n}",
        "burraco per smazzata: {n}",
        "canastras por mão: {n}",
    ),
    "cli.simulate.timing": (
        "{hands} hands in {seconds} s with {jobs} job(s)",
        "{hands} smazzate in {seconds} s, processi: {jobs}",
        "{hands} mãos em {seconds} s, processos: {jobs}",
    ),
    # burraco replay
    "cli.replay.hand": ("== hand {n}", "== smazzata {n}", "== mão {n}"),
    "cli.replay.cannot_read": (
        "cannot read: {error}",
        "impossibile leggere: {error}",
        "não foi possível ler: {error}",
    ),
    "cli.replay.too_few_turns": (
        "the hand has {turns} turns, not {turn}",
        "la smazzata ha {turns} turni, non {turn}",
        "a mão tem {turns} vezes, não {turn}",
    ),
    "cli.replay.not_over": (
        "the hand is not over: {n} turns recorded",
        "la smazzata non è finita: {n} turni registrati",
        "a mão não terminou: {n} vezes registradas",
    ),
    # burraco verify-deal
    "cli.verify.cannot_read": (
        "cannot read {file}: {error}",
        "impossibile leggere {file}: {error}",
        "não foi possível ler {file}: {error}",
    ),
    "cli.verify.no_deal": (
        "expected an 'over' message or its 'deal'",
        "serve un messaggio 'over' o il suo 'deal'",
        "era esperada uma mensagem 'over' ou o seu 'deal'",
    ),
    "cli.verify.mismatch": (
        "the deal does not match: {error}",
        "la distribuzione non corrisponde: {error}",
        "a distribuição não confere: {error}",
    ),
    "cli.verify.matches": (
        "the deal matches its commitment {commitment}: {rules}, {players} players, dealer {dealer}",
        "la distribuzione corrisponde al suo impegno {commitment}: {rules}, {players} "
        "giocatori, mazziere il posto {dealer}",
        "a distribuição confere com o seu compromisso {commitment}: {rules}, {players} "
        "jogadores, o lugar {dealer} dá as cartas",
    ),
    # burraco duel
    "cli.duel.title": (
        "duel: A = {a}, B = {b}",
        "sfida: A = {a}, B = {b}",
        "duelo: A = {a}, B = {b}",
    ),
    "cli.duel.deal_pairs": (
        "{n} deal pairs ({hands} hands), {rules} rules, {players} players, seed {seed}",
        "{n} coppie di distribuzioni ({hands} smazzate), regole {rules}, {players} giocatori, "
        "seme {seed}",
        "{n} pares de distribuições ({hands} mãos), regras {rules}, {players} jogadores, "
        "semente {seed}",
    ),
    "cli.duel.deals": (
        "{n} deals ({hands} hands), {rules} rules, {players} players, seed {seed}",
        "{n} distribuzioni ({hands} smazzate), regole {rules}, {players} giocatori, seme {seed}",
        "{n} distribuições ({hands} mãos), regras {rules}, {players} jogadores, semente {seed}",
    ),
    "cli.duel.difference": (
        "A - B: {points} points per hand, 95% CI {interval}",
        "A - B: {points} punti per smazzata, IC 95% {interval}",
        "A - B: {points} pontos por mão, IC 95% {interval}",
    ),
    "cli.duel.no_interval": ("n/a", "n.d.", "n/d"),
    "cli.duel.won": (
        "hands won by A: {rate}",
        "smazzate vinte da A: {rate}",
        "mãos vencidas por A: {rate}",
    ),
    "cli.duel.score": ("score per hand", "punti per smazzata", "pontos por mão"),
    "cli.duel.closing": ("closing rate", "smazzate chiuse", "mãos batidas"),
    "cli.duel.burracos": ("burracos per hand", "burraco per smazzata", "canastras por mão"),
    "cli.duel.victory": (
        "victory points per deal pair",
        "punti vittoria per coppia di distribuzioni",
        "pontos de vitória por par de distribuições",
    ),
    "cli.duel.decisions": ("decisions per hand", "decisioni per smazzata", "decisões por mão"),
    "cli.duel.seconds": (
        "seconds per decision",
        "secondi per decisione",
        "segundos por decisão",
    ),
    "cli.duel.cpu_seconds": (
        "CPU seconds per decision",
        "secondi di CPU per decisione",
        "segundos de CPU por decisão",
    ),
    "cli.duel.elapsed": (
        "{seconds} s on {workers}",
        "{seconds} s su {workers}",
        "{seconds} s em {workers}",
    ),
    "cli.duel.processes.one": ("{n} process", "{n} processo", "{n} processo"),
    "cli.duel.processes.other": ("{n} processes", "{n} processi", "{n} processos"),
    "cli.duel.ray_at": ("ray at {address}", "ray su {address}", "ray em {address}"),
    "cli.duel.failed": (
        "an agent failed in {failed} of {deals} deals; {rest}",
        "distribuzioni con un bot in errore: {failed} su {deals}; {rest}",
        "distribuições com um robô em erro: {failed} de {deals}; {rest}",
    ),
    "cli.duel.others": (
        "the figures above are of the other {n}",
        "le cifre qui sopra sono delle altre {n}",
        "os números acima são das outras {n}",
    ),
    "cli.duel.none_ended": ("none ended", "nessuna è finita", "nenhuma terminou"),
}
"""The command line's texts by key: English, Italian, Brazilian Portuguese."""
