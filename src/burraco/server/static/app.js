// The burraco page: a lobby to create tables, and a table seen from one seat.
// Plain JavaScript, no library: everything it shows comes from the server's messages, which
// are built from this seat's view (see the "Run the server" how-to for the protocol).
"use strict";

const $ = (id) => document.getElementById(id);
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUITS = ["S", "H", "D", "C"];
const SUIT_NAMES = { S: "♠", H: "♥", D: "♦", C: "♣" };
const KIND_NAMES = {
  clean: "clean burraco", "semi-clean": "semi-clean burraco", dirty: "dirty burraco",
};

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value; // the CSP allows no style attribute
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

const cards = (text) => (text ? text.split(" ").filter(Boolean) : []);
const baseOf = (token) => token.split("=")[0];
const suitOf = (code) => (code === "JK" || !SUITS.includes(code.slice(-1)) ? "" : code.slice(-1));
const rankOf = (code) => (code === "JK" ? "JK" : suitOf(code) ? code.slice(0, -1) : code);
const pretty = (token) =>
  token.split("=").map((c) => (c === "JK" ? "JK" : rankOf(c) + (SUIT_NAMES[suitOf(c)] ?? ""))).join(" as ");

function cardImage(token, extra = "") {
  return el("img", {
    src: `/cards/${encodeURIComponent(token)}.svg`, alt: token, class: `card ${extra}`,
    draggable: "false",
  });
}

// --- the lobby -------------------------------------------------------------------------------

async function lobby() {
  $("lobby").hidden = false;
  const options = await (await fetch("/api/options")).json();
  for (const name of options.rules) $("rules").append(el("option", { text: name }));
  const drawSeats = () => {
    const box = $("seat-kinds");
    box.querySelectorAll("label").forEach((node) => node.remove());
    const players = Number($("players").value);
    for (let seat = 0; seat < players; seat += 1) {
      const select = el("select", { name: `seat${seat}` });
      for (const kind of options.seats) {
        select.append(el("option", { value: kind, text: options.seat_titles[kind] ?? kind }));
      }
      select.value = seat === 0 ? "human" : "greedy";
      box.append(el("label", { text: `Seat ${seat} ` }, select));
    }
  };
  $("players").addEventListener("change", drawSeats);
  $("players").addEventListener("change", () => {
    const players = Number($("players").value);
    $("seats-legend").textContent = players === 4 || players === 6
      ? "Seats (partners sit opposite)" : "Seats (each plays alone)";
  });
  drawSeats();
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = Number($("players").value);
    const seats = [];
    for (let seat = 0; seat < players; seat += 1) {
      seats.push(document.querySelector(`[name=seat${seat}]`).value);
    }
    const clock = $("clock").value ? Number($("clock").value) : null;
    const body = { rules: $("rules").value, players, seats, match: $("match").checked, clock };
    const answer = await fetch("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    const links = $("links");
    links.replaceChildren();
    if (!answer.ok) {
      links.append(el("li", { class: "error", text: data.message }));
    } else {
      for (const seat of data.seats) {
        links.append(el("li", {}, `Seat ${seat.seat}: `,
          el("a", { href: seat.url, class: "seat-link", text: seat.url })));
      }
      links.append(el("li", {}, "Spectators: ", el("a", { href: data.spectate, text: data.spectate })));
    }
    $("created").hidden = false;
  });
}

// --- the table -------------------------------------------------------------------------------

const game = {
  table: null, token: null, socket: null, event: 0, message: null, info: null, sent: null,
  selected: new Set(), sortBy: "suit", retry: 500, over: null, notice: "",
  clockTimer: null, infoTimer: null,
};

function seatName(seat) {
  const me = game.message && game.message.view.seat;
  if (seat === me) return "you";
  const kind = game.info ? game.info.seats[seat].player : "";
  const players = game.message.view.hand_sizes.length;
  const teams = game.message.view.melds.length;
  const partner = me !== null && seat !== me && seat % teams === me % teams;
  const who = kind === "human" ? `seat ${seat}` : `${kind} (seat ${seat})`;
  return partner && players > 2 ? `partner, ${who}` : who;
}

function meldName(seat, index) {
  // "the queens" or "the ♥ run": melds are not numbered on the table
  const view = game.message.view;
  const meld = cards(teamMelds(view, seat)[index] || "");
  const kind = meldKind(meld);
  if (!kind) return `meld ${index + 1}`;
  return kind.run ? `the ${SUIT_NAMES[kind.suit]} run` : `the ${kind.rank}s`;
}

function teamMelds(view, seat) {
  return view.melds[seat % view.melds.length] || [];
}

function meldKind(meld) {
  // a set or a run, read from its cards: natural cards of two ranks (a natural two included)
  // or a wild standing for a card of a suit make a run
  const naturals = meld.filter((token) => !token.includes("=") && token !== "JK");
  if (!naturals.length) return null;
  const ranks = new Set(naturals.map(rankOf));
  const placedInSuit = meld.some((token) => token.includes("=") && SUITS.includes(token.slice(-1)));
  const plain = naturals.find((c) => rankOf(c) !== "2") || naturals[0];
  const run = ranks.size > 1 || placedInSuit;
  return { run, suit: suitOf(plain), rank: rankOf(plain) };
}

function describeAction(text, seat) {
  const words = text.split(" ");
  const you = seat === (game.message && game.message.view.seat);
  switch (words[0]) {
    case "draw": return you ? "you drew" : "drew";
    case "pick": return you ? "you took the pile" : "took the pile";
    case "open": return `opened ${words.slice(1).map(pretty).join(" ")}`;
    case "add": {
      const added = words.slice(2).filter((w) => !w.startsWith("="));
      const moved = words.slice(2).find((w) => w.startsWith("="));
      const wild = moved ? ` (the wild as ${pretty(moved.slice(1))})` : "";
      return `added ${added.map(pretty).join(" ")} to ${meldName(seat, Number(words[1]))}${wild}`;
    }
    case "discard": return `discarded ${pretty(words[1])}`;
    default: return text;
  }
}

function lastTurnText(entry) {
  if (!entry) return "";
  let text = entry.actions.map((a) => describeAction(a, entry.seat)).join(", ");
  if (entry.took) text += ` (the pile: ${cards(entry.took).map(pretty).join(" ")})`;
  if (entry.pozzetto) text += ", took the pozzetto";
  const outcome = game.message && game.message.view.outcome;
  if (outcome && outcome.closer === entry.seat) text += ", and closed";
  if (entry.clock) text += " — time ran out, a bot played this turn";
  return text;
}

function rankIndex(code) { return code === "JK" ? 99 : RANKS.indexOf(rankOf(code)); }
function suitIndex(code) { return code === "JK" ? 9 : SUITS.indexOf(suitOf(code)); }

function sortedHand(hand) {
  const wild = (c) => (c === "JK" || rankOf(c) === "2" ? 1 : 0);
  const key = game.sortBy === "suit"
    ? (c) => [wild(c), suitIndex(c), rankIndex(c)]
    : (c) => [wild(c), rankIndex(c), suitIndex(c)];
  return [...hand].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
  });
}

function parseLegal(text) {
  // "add 0 JK =A": the last token, when it starts with "=", says where the wild goes
  const words = text.split(" ");
  const kind = words[0];
  const all = kind === "add" ? words.slice(2) : words.slice(1);
  const tokens = all.filter((t) => !t.startsWith("="));
  return {
    text, kind, meld: kind === "add" ? Number(words[1]) : null, tokens,
    key: tokens.map(baseOf).sort().join(" "),
  };
}

function selectedCards() {
  const hand = sortedHand(cards(game.message.view.hand));
  return [...game.selected].sort((a, b) => a - b).map((i) => hand[i]);
}

function send(action) {
  if (!game.socket || game.socket.readyState !== WebSocket.OPEN) {
    showNotice("Not connected: wait a moment, the page reconnects by itself.");
    return;
  }
  game.sent = { event: game.event, action };
  game.socket.send(JSON.stringify({ type: "action", event: game.event, action }));
}

function showNotice(text, kind = "error") {
  const box = $("notice");
  box.textContent = text;
  box.className = `notice ${kind}`;
  box.hidden = !text;
}

function drawOthers(view, last) {
  const box = $("others");
  box.replaceChildren();
  const players = view.hand_sizes.length;
  const me = view.seat === null ? 0 : view.seat;
  // play goes to the left: the next seat sits on the left, the one before on the right
  const order = [];
  for (let step = 1; step < players; step += 1) order.push((me + step) % players);
  if (view.seat === null) order.unshift(me);
  const places = players === 2 || view.seat === null ? order.map(() => "top")
    : order.map((_, i) => (i === 0 ? "left" : i === order.length - 1 ? "right" : "top"));
  box.dataset.players = String(players);
  const topRow = el("div", { class: "top-row" });
  order.forEach((seat, i) => {
    const turn = seat === view.turn && !view.outcome;
    const known = cards(view.known_cards[seat]);
    const away = game.info && game.info.seats[seat] && !game.info.seats[seat].connected;
    const node = el("div", { class: `player ${places[i]}${turn ? " turn" : ""}`, "data-seat": seat },
      el("div", { class: "name", text: seatName(seat) },
        away ? el("span", { class: "away", text: " · disconnected" }) : null),
      el("div", { class: "backs" }, el("span", { class: "back" }),
        el("span", { class: "count", text: plural(view.hand_sizes[seat], "card") })),
    );
    if (known.length) {
      node.append(el("div", { class: "known" }, el("span", { class: "label", text: "known: " }),
        ...known.map((c) => cardImage(c, "mini"))));
    }
    const entry = last.find((e) => e.seat === seat);
    node.append(el("div", { class: "last", text: entry ? lastTurnText(entry) : "" }));
    if (turn) node.append(el("div", { class: "clock", "data-clock": seat }));
    if (places[i] === "top") topRow.append(node);
    else box.append(node);
  });
  if (topRow.children.length) box.append(topRow);
}

function drawTeams(view, burracos, additions) {
  const teams = view.melds.length;
  const players = view.hand_sizes.length;
  const mine = view.seat === null ? 0 : view.seat % teams;
  const top = $("teams-top");
  const bottom = $("teams-mine");
  top.replaceChildren();
  bottom.replaceChildren();
  for (let team = 0; team < teams; team += 1) {
    const seats = [];
    for (let seat = team; seat < players; seat += teams) seats.push(seat);
    const names = seats.map(seatName).join(" and ");
    const title = view.seat !== null && team === mine ? `Your team (${names})` : `Team ${team} (${names})`;
    const taken = view.pozzetto_taken[team] ? " · pozzetto taken" : "";
    const box = el("div", { class: "team", "data-team": team },
      el("div", { class: "team-title", text: `${title}: ${view.table_points[team]} on the table${taken}` }));
    const melds = el("div", { class: "melds" });
    view.melds[team].forEach((meld, index) => {
      const kind = burracos[team][index];
      const target = team === mine && additions.has(index);
      const node = el("button", {
        type: "button", class: `meld${kind ? ` burraco ${kind}` : ""}${target ? " target" : ""}`,
        "data-team": team, "data-meld": index, "aria-label": `meld ${index + 1}: ${meld}`,
      }, ...cards(meld).map((c) => cardImage(c)));
      if (kind) node.append(el("span", { class: "mark", text: KIND_NAMES[kind] || kind }));
      if (view.seat !== null && team === mine) {
        node.addEventListener("click", () => addToMeld(index));
      } else {
        node.disabled = true;
      }
      melds.append(node);
    });
    if (!view.melds[team].length) melds.append(el("span", { class: "empty", text: "no melds yet" }));
    box.append(melds);
    (view.seat !== null && team === mine ? bottom : top).append(box);
  }
}

function addToMeld(index) {
  const chosen = selectedCards();
  if (!chosen.length) {
    showNotice("Select cards of your hand first, then click the meld to add them to.", "hint");
    return;
  }
  const key = [...chosen].sort().join(" ");
  const options = game.legal.filter((a) => a.kind === "add" && a.meld === index && a.key === key);
  if (options.length === 1) send(options[0].text);
  else if (options.length > 1) showNotice("Choose what the wild card stands for, below.", "hint");
  else send(`add ${index} ${chosen.join(" ")}`); // the server says why not
}

function drawPiles(view) {
  $("stock-count").textContent = `${view.stock_size}`;
  const pile = $("pile");
  const discards = cards(view.discard_pile);
  pile.replaceChildren(...discards.map((c) => cardImage(c)));
  if (!discards.length) pile.append(el("span", { class: "empty", text: "empty" }));
  $("pile-count").textContent = `(${discards.length})`;
  const pozzetti = $("pozzetti");
  pozzetti.replaceChildren(el("span", { class: "label", text: `Pozzetti left: ${view.pozzetti_left}` }));
  const canDraw = view.seat === view.turn && view.phase === "draw" && !view.outcome;
  $("stock").disabled = !canDraw;
  pile.disabled = !canDraw;
}

function drawHand(view) {
  const box = $("hand");
  box.replaceChildren();
  if (view.seat === null) {
    $("my-label").textContent = "You are watching: no hand is shown.";
    $("sort").hidden = true;
    $("clear").hidden = true;
    return;
  }
  if (view.hand === null) {
    $("my-label").textContent = "Your pozzetto: you may look at it on your next turn.";
    return;
  }
  const hand = sortedHand(cards(view.hand));
  const fresh = freshCards(hand);
  $("my-label").textContent = `Your hand: ${plural(hand.length, "card")}`;
  hand.forEach((code, index) => {
    const node = el("button", {
      type: "button", class: `hand-card${game.selected.has(index) ? " selected" : ""}${fresh.has(index) ? " fresh" : ""}`,
      "aria-pressed": game.selected.has(index) ? "true" : "false", "data-card": code,
      "aria-label": code, style: `z-index: ${index + 1}`,
    }, cardImage(code));
    node.addEventListener("click", () => {
      if (game.selected.has(index)) game.selected.delete(index);
      else game.selected.add(index);
      render();
    });
    box.append(node);
  });
}

function freshCards(hand) {
  // the cards that came into the hand with this turn's draw or pick, marked until played:
  // the server says which card this seat drew ("drew") and what the pile gave ("took")
  const result = new Set();
  const message = game.message;
  const view = message.view;
  if (view.seat === null || view.seat !== view.turn || view.phase !== "play" || view.outcome) {
    return result;
  }
  const mine = message.last.find((e) => e.seat === view.seat);
  const came = [];
  if (message.drew) came.push(message.drew);
  if (mine && mine.took) came.push(...cards(mine.took));
  for (const code of came) {
    const index = hand.findIndex((c, i) => c === code && !result.has(i));
    if (index >= 0) result.add(index);
  }
  return result;
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function wildText(placed) {
  // "JK=5H" (in a run) or "JK=7" (in a set), from the server's "wilds"
  if (!placed) return "";
  const [wild, stands] = placed.split("=");
  const card = SUITS.includes(stands.slice(-1));
  return `, ${pretty(wild)} as ${card ? pretty(stands) : `${"8A".includes(stands[0]) ? "an" : "a"} ${stands}`}`;
}

function drawActions(view) {
  const box = $("actions");
  box.replaceChildren();
  if (view.seat === null || view.outcome) return;
  const mine = view.seat === view.turn;
  if (!mine) return;
  if (view.phase === "draw") {
    for (const action of game.legal) {
      const label = action.kind === "draw" ? "Draw from the stock"
        : `Take the pile (${plural(cards(view.discard_pile).length, "card")})`;
      box.append(el("button", { type: "button", class: "primary", text: label, "data-action": action.text, onclick: () => send(action.text) }));
    }
    return;
  }
  const chosen = selectedCards();
  if (!chosen.length) {
    box.append(el("span", { class: "hint", text: "Select cards: to open a meld, to add to a meld (then click the meld), or one card to discard." }));
    return;
  }
  const key = [...chosen].sort().join(" ");
  const matching = game.legal.filter((a) => a.key === key);
  for (const action of matching) {
    const shown = action.tokens.map((t) => pretty(baseOf(t))).join(" ");
    const wild = wildText((game.message.wilds || {})[action.text]);
    let label;
    if (action.kind === "open") label = `Open ${shown}${wild}`;
    else if (action.kind === "add") label = `Add ${shown} to ${meldName(view.seat, action.meld)}${wild}`;
    else label = `Discard ${pretty(action.tokens[0])}`;
    box.append(el("button", { type: "button", class: "primary", text: label, "data-action": action.text, onclick: () => send(action.text) }));
  }
  if (!matching.some((a) => a.kind === "open") && chosen.length >= 2) {
    box.append(el("button", { type: "button", class: "try", text: "Open with these", onclick: () => send(`open ${chosen.join(" ")}`) }));
  }
  if (!matching.some((a) => a.kind === "discard") && chosen.length === 1) {
    box.append(el("button", { type: "button", class: "try", text: `Discard ${pretty(chosen[0])}`, onclick: () => send(`discard ${chosen[0]}`) }));
  }
}

function statusText(view, last) {
  if (view.outcome) {
    const closer = view.outcome.closer;
    return closer === null ? `The hand is over (${view.outcome.reason}).`
      : `The hand is over: ${seatName(closer)} closed.`;
  }
  const phase = view.phase === "draw" ? "draw" : "play";
  let text = view.seat === view.turn ? `Your turn: ${phase === "draw" ? "draw from the stock or take the pile" : "meld, then discard"}.`
    : `${seatName(view.turn)} to ${phase}.`;
  const mine = last.find((e) => e.seat === view.seat);
  if (mine && view.seat === view.turn && view.phase === "play") { // this turn's draw or pick
    if (game.message.drew) text += ` You drew ${pretty(game.message.drew)}.`;
    if (mine.took) text += ` The pile added ${cards(mine.took).map(pretty).join(" ")} to your hand.`;
    if (mine.pozzetto) text += " You took your pozzetto.";
  } else if (mine) {
    text += ` Your last turn: ${lastTurnText(mine)}.`;
  }
  return text;
}

function drawScore(message) {
  const view = message.view;
  const teams = view.melds.length;
  const mine = view.seat === null ? null : view.seat % teams;
  const parts = message.score.map((total, team) => `${team === mine ? "us" : `team ${team}`} ${total}`);
  const target = typeof message.target === "number" ? ` (to ${message.target})` : "";
  $("score").textContent = `Score: ${parts.join(" · ")}${target}`;
}

function drawClock(message) {
  clearInterval(game.clockTimer);
  const clock = message.clock;
  if (!clock) return;
  const started = Date.now();
  const tick = () => {
    const left = Math.max(0, clock.left - (Date.now() - started) / 1000);
    document.querySelectorAll("[data-clock]").forEach((node) => {
      node.textContent = `${Math.ceil(left)} s left`;
    });
    const me = message.view.seat;
    if (clock.seat === me) {
      document.querySelector("#status .countdown").textContent = ` (${Math.ceil(left)} s left, then a bot plays your turn)`;
    }
  };
  tick();
  game.clockTimer = setInterval(tick, 500);
}

function render() {
  const message = game.message;
  if (!message) return;
  const view = message.view;
  game.legal = message.legal.map(parseLegal);
  const additions = new Set();
  if (view.seat === view.turn && view.phase === "play") {
    const chosen = selectedCards();
    const key = [...chosen].sort().join(" ");
    for (const a of game.legal) if (a.kind === "add" && a.key === key) additions.add(a.meld);
  }
  drawOthers(view, message.last);
  drawTeams(view, message.burracos, additions);
  drawPiles(view);
  drawHand(view);
  drawActions(view);
  drawScore(message);
  $("status").replaceChildren(statusText(view, message.last), el("span", { class: "countdown" }));
  $("status").className = `status${view.seat === view.turn && !view.outcome ? " your-turn" : ""}`;
  drawClock(message);
}

function onView(message) {
  const previous = game.message;
  const view = message.view;
  const changedHand = !previous || previous.view.hand !== view.hand;
  if (changedHand) game.selected.clear();
  game.message = message;
  game.event = message.event;
  if (previous && message.view.turn === message.view.seat && previous.view.turn !== message.view.seat) {
    document.title = "Your turn · Burraco";
  } else if (message.view.turn !== message.view.seat) {
    document.title = "Burraco";
  }
  showNotice("");
  render();
}

function teamRow(label, values) {
  return el("tr", {}, el("th", { text: label }), ...values.map((v) => el("td", { text: String(v) })));
}

function onOver(message) {
  game.over = message;
  const view = game.message.view;
  const teams = message.hand_score.teams;
  const mine = view.seat === null ? null : view.seat % teams.length;
  const header = el("tr", {}, el("th"), ...teams.map((_, team) => el("th", { text: team === mine ? "us" : `team ${team}` })));
  const field = (name) => teams.map((t) => t[name]);
  const totals = teams.map((t) => t.melded + t.in_hand + t.burraco_bonus + t.closing_bonus + t.pozzetto_penalty);
  const table = el("table", { class: "sheet" }, header,
    teamRow("cards melded", field("melded")), teamRow("burracos", field("burraco_bonus")),
    teamRow("closing", field("closing_bonus")), teamRow("cards in hand", field("in_hand")),
    teamRow("pozzetto not taken", field("pozzetto_penalty")), teamRow("hand total", totals));
  const body = $("sheet-body");
  body.replaceChildren(table);
  const outcome = message.hand_score.outcome;
  if (outcome) {
    body.prepend(el("p", { text: outcome.closer === null ? `The hand ended: ${outcome.reason}.` : `${seatName(outcome.closer)} closed.` }));
  }
  const left = el("div", { class: "left-hands" }, el("h3", { text: "Cards left in hand" }));
  message.hands.forEach((hand, seat) => {
    left.append(el("div", {}, el("span", { class: "label", text: `${seatName(seat)}: ` }),
      ...cards(hand).map((c) => cardImage(c, "mini"))));
  });
  body.append(left);
  let closing = "Close";
  if (message.match) {
    const hands = message.match.hands;
    const sums = message.totals;
    body.append(el("p", { class: "match", text: `Match: ${sums.map((s, t) => `${t === mine ? "us" : `team ${t}`} ${s}`).join(" · ")} after ${hands.length} hand(s), to ${message.target}.` }));
    const leader = message.winner;
    if (leader !== null) {
      body.append(el("p", { class: "winner", text: leader === mine ? "Your team wins the match!" : `Team ${leader} wins the match.` }));
    } else if (message.match_over) {
      body.append(el("p", { class: "winner", text: "The match is over." }));
    }
    if (!message.match_over) closing = "Next hand";
  }
  $("sheet-close").textContent = closing;
  $("sheet-title").textContent = message.match
    ? `End of hand ${message.match.hands.length}` : "End of the hand";
  if (!$("sheet").open) $("sheet").showModal();
}

function onMessage(event) {
  let message;
  try { message = JSON.parse(event.data); } catch { return; }
  if (message.type === "view") {
    if (game.message && message.event > game.event + 1 && message.event - game.event < 1000
        && game.message.view.outcome === null) {
      game.socket.send(JSON.stringify({ type: "resume", event: game.event }));
    }
    if (!game.message || message.event >= game.event) onView(message);
  } else if (message.type === "over") {
    refreshInfo().then(() => onOver(message));
  } else if (message.type === "error") {
    showNotice(message.message);
    if (message.reason === "stale") game.socket.send(JSON.stringify({ type: "resume", event: game.event }));
    if (message.reason === "rate-limited" && game.sent && game.sent.event === game.event) {
      const again = game.sent; // the server did not read it: send it again when allowed
      setTimeout(() => { if (game.event === again.event) send(again.action); }, message.retry_after * 1000);
    }
    if (["no-table", "bad-token", "bad-origin"].includes(message.reason)) game.retry = null;
    if (message.reason === "no-table") noTable();
  }
}

async function refreshInfo() {
  let answer;
  try { answer = await fetch(`/api/tables/${game.table}`); } catch { return; }
  if (answer.status === 404) { noTable(); return; }
  if (!answer.ok) return;
  const before = JSON.stringify(game.info && game.info.seats);
  game.info = await answer.json();
  if (game.message && JSON.stringify(game.info.seats) !== before) render();
  // a practice table's creator chose the seed, and so knows every hand: say so
  $("practice").hidden = !game.info.practice;
  $("practice").textContent = game.info.practice ? `practice (seed ${game.info.seed})` : "";
}

function noTable() {
  // an unknown link: say so instead of drawing an empty table
  game.retry = null;
  clearInterval(game.infoTimer);
  if (game.socket) game.socket.close();
  $("table").hidden = true;
  $("missing").hidden = false;
  $("connection").textContent = "";
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const params = new URLSearchParams();
  if (game.token) params.set("token", game.token);
  if (game.message) params.set("event", String(game.event)); // what was missed, not all again
  const query = params.toString() ? `?${params}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${game.table}${query}`);
  game.socket = socket;
  $("connection").textContent = "connecting…";
  socket.addEventListener("open", () => {
    $("connection").textContent = game.token ? "" : "watching";
    game.retry = 500;
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", () => {
    if (game.retry === null) { $("connection").textContent = "this link is not a table"; return; }
    $("connection").textContent = "reconnecting…";
    setTimeout(connect, game.retry);
    game.retry = Math.min(game.retry * 2, 5000);
  });
}

async function table(id) {
  $("table").hidden = false;
  game.table = id;
  const hash = new URLSearchParams(location.hash.slice(1));
  game.token = hash.get("token");
  $("sort").addEventListener("click", () => {
    game.sortBy = game.sortBy === "suit" ? "rank" : "suit";
    $("sort").textContent = game.sortBy === "suit" ? "Sort by rank" : "Sort by suit";
    game.selected.clear();
    render();
  });
  $("clear").addEventListener("click", () => { game.selected.clear(); render(); });
  $("stock").addEventListener("click", () => send("draw"));
  $("pile").addEventListener("click", () => send("pick"));
  await refreshInfo();
  if (game.retry === null) return;
  connect();
  game.infoTimer = setInterval(refreshInfo, 4000);
}

const match = location.pathname.match(/^\/t\/([\w-]+)$/);
if (match) table(match[1]); else lobby();
