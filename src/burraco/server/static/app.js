// The burraco page: a lobby to create tables, and a table seen from one seat.
// Plain JavaScript, no library: everything it shows comes from the server's messages, which
// are built from this seat's view (see the "Run the server" how-to for the protocol), and
// every word from the server's message catalogue (/api/messages), in the page's language.
"use strict";

const $ = (id) => document.getElementById(id);
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUITS = ["S", "H", "D", "C"];
const SUIT_NAMES = { S: "♠", H: "♥", D: "♦", C: "♣" };
const LANGUAGE_KEY = "burraco-language";

// --- words ---------------------------------------------------------------------------------

const i18n = { locale: "en", messages: {}, locales: [], plural: null, number: null };

function t(key, fields = {}) {
  // the catalogue's text for key, its {fields} filled in (a test checks every key exists)
  const text = i18n.messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

function tn(key, count, fields = {}) {
  // a text that depends on a number: key.one or key.other, as the language's plural rules say
  const form = i18n.plural ? i18n.plural.select(count) : count === 1 ? "one" : "other";
  const chosen = `${key}.${form}` in i18n.messages ? `${key}.${form}` : `${key}.other`;
  return t(chosen, { n: num(count), ...fields });
}

const num = (value) => (i18n.number ? i18n.number.format(value) : String(value));

async function loadMessages() {
  let saved = null;
  try { saved = localStorage.getItem(LANGUAGE_KEY); } catch { saved = null; }
  const query = saved ? `?lang=${encodeURIComponent(saved)}` : "";
  const data = await (await fetch(`/api/messages${query}`)).json();
  i18n.locale = data.locale;
  i18n.messages = data.messages;
  i18n.locales = data.locales;
  i18n.plural = new Intl.PluralRules(data.locale);
  i18n.number = new Intl.NumberFormat(data.locale);
  document.documentElement.lang = data.locale;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) {
    node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  }
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
    node.setAttribute("placeholder", t(node.dataset.i18nPlaceholder));
  }
  const select = $("language");
  select.replaceChildren(...data.locales.map(([code, name]) => el("option", { value: code, text: name, lang: code })));
  select.value = data.locale;
}

function chooseLanguage(code) {
  try { localStorage.setItem(LANGUAGE_KEY, code); } catch { /* private mode: this page only */ }
  location.reload();
}

// --- cards -----------------------------------------------------------------------------------

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
const short = (code) => (code === "JK" ? "JK" : rankOf(code) + (SUIT_NAMES[suitOf(code)] ?? ""));
const pretty = (token) => {
  // "7♥", or "JK as 8♥" for a wild placed in a meld, with symbols in the page's words
  const [card, stands] = token.split("=");
  return stands === undefined ? short(card) : t("card.as_short", { card: short(card), stands: short(stands) });
};

function cardName(code) {
  // the words a screen reader says: "sette di cuori", "jolly"
  if (code === "JK") return t("card.joker");
  const suit = suitOf(code);
  if (!suit) return t(`rank.${rankOf(code)}`);
  return t("card.name", { rank: t(`rank.${rankOf(code)}`), suit: t(`suit.${suit}`) });
}

function tokenName(token) {
  // a card as it lies in a meld: "pinella di fiori come tre di quadri"
  const [card, stands] = token.split("=");
  if (stands === undefined) return cardName(card);
  const wild = card === "JK" ? cardName(card) : t("card.wild_two", { suit: t(`suit.${suitOf(card)}`) });
  return t("card.as", { card: wild, stands: cardName(stands) });
}

function cardImage(token, extra = "") {
  return el("img", {
    src: `/cards/${encodeURIComponent(token)}.svg`, alt: "", class: `card ${extra}`,
    draggable: "false",
  });
}

function cardList(tokens, extra = "mini") {
  // cards shown small, with their names for a screen reader
  return el("span", { class: "cards", role: "img", "aria-label": tokens.map(tokenName).join(", ") },
    ...tokens.map((c) => cardImage(c, extra)));
}

// --- the lobby -------------------------------------------------------------------------------

async function lobby() {
  $("lobby").hidden = false;
  document.title = t("page.title");
  const options = await (await fetch("/api/options")).json();
  for (const name of options.rules) {
    $("rules").append(el("option", { value: name, text: i18n.messages[`rules.${name}`] ?? name }));
  }
  const drawSeats = () => {
    const box = $("seat-kinds");
    box.querySelectorAll("label").forEach((node) => node.remove());
    const players = Number($("players").value);
    $("seats-legend").textContent = players === 4 || players === 6
      ? t("lobby.seats_partners") : t("lobby.seats_alone");
    for (let seat = 0; seat < players; seat += 1) {
      const select = el("select", { name: `seat${seat}` });
      for (const kind of options.seats) select.append(el("option", { value: kind, text: t(`kind.${kind}`) }));
      select.value = seat === 0 ? "human" : "greedy";
      box.append(el("label", { text: `${t("seat.n", { n: seat })} ` }, select));
    }
  };
  $("players").addEventListener("change", drawSeats);
  for (const name of options.rules) {
    $("quick-rules").append(el("option", { value: name, text: i18n.messages[`rules.${name}`] ?? name }));
  }
  // each preset seats its own numbers of players (fibur3 three, fibur5 five): the others are
  // disabled, and a count the preset does not seat becomes its own
  const fitPlayers = (rules, players) => {
    const counts = options.counts?.[rules.value] ?? options.players;
    for (const option of players.options) option.disabled = !counts.includes(Number(option.value));
    if (!counts.includes(Number(players.value))) players.value = String(counts[0]);
  };
  $("rules").addEventListener("change", () => { fitPlayers($("rules"), $("players")); drawSeats(); });
  $("quick-rules").addEventListener("change", () => fitPlayers($("quick-rules"), $("quick-players")));
  fitPlayers($("rules"), $("players"));
  fitPlayers($("quick-rules"), $("quick-players"));
  drawSeats();
  showPlayer();
  openTables(options);
  setInterval(() => openTables(options), 5000);
  $("quick").addEventListener("submit", (event) => {
    event.preventDefault();
    const body = {
      rules: $("quick-rules").value, players: Number($("quick-players").value),
      language: i18n.locale, rated: $("quick-rated").checked,
    };
    joinTable("/api/quick", body, body.rated);
  });
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = Number($("players").value);
    const seats = [];
    for (let seat = 0; seat < players; seat += 1) {
      seats.push(document.querySelector(`[name=seat${seat}]`).value);
    }
    const clock = $("clock").value ? Number($("clock").value) : null;
    const body = {
      rules: $("rules").value, players, seats, match: $("match").checked, clock,
      listed: $("listed").checked, spectators: $("spectators").checked, rated: $("rated").checked,
      language: i18n.locale,
    };
    if (body.rated) {
      body.player = await ensurePlayer();
      if (!body.player) return;
    }
    const answer = await fetch("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await answer.json();
    const links = $("links");
    links.replaceChildren();
    if (!answer.ok) {
      links.append(el("li", { class: "error", text: reasonText(data) }));
    } else {
      for (const seat of data.seats) {
        links.append(el("li", {}, `${t("seat.n", { n: seat.seat })}: `,
          el("a", { href: seat.url, class: "seat-link", text: seat.url })));
      }
      links.append(el("li", {}, `${t("lobby.spectators")}: `, el("a", { href: data.spectate, text: data.spectate })));
    }
    $("created").hidden = false;
  });
}

const PLAYER_KEY = "burraco-player";

function savedPlayer() {
  try { return JSON.parse(localStorage.getItem(PLAYER_KEY) || "null"); } catch { return null; }
}

async function ensurePlayer() {
  // a rated table needs a player: the token kept here, or a new one for the name typed
  const saved = savedPlayer();
  if (saved) return saved.token;
  const name = $("player-name").value.trim();
  if (!name) {
    $("player-error").textContent = t("lobby.name_needed");
    $("player-name").focus();
    return null;
  }
  const answer = await fetch("/api/players", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
  });
  const data = await answer.json();
  if (!answer.ok) { $("player-error").textContent = reasonText(data); return null; }
  try { localStorage.setItem(PLAYER_KEY, JSON.stringify(data)); } catch { /* this page only */ }
  showPlayer();
  return data.token;
}

function showPlayer() {
  const saved = savedPlayer();
  $("player-name").hidden = Boolean(saved);
  $("player-known").hidden = !saved;
  $("player-known").textContent = saved ? t("lobby.playing_as", { name: saved.name }) : "";
  $("player-error").textContent = "";
}

async function openTables(options) {
  // the lobby's list of open tables, read again every few seconds
  let tables = [];
  try { tables = await (await fetch("/api/tables")).json(); } catch { return; }
  const list = $("open-tables");
  list.replaceChildren();
  if (!tables.length) list.append(el("li", { class: "empty", text: t("lobby.no_open") }));
  for (const table of tables) {
    const bots = table.seats.filter((s) => s.player !== "human").length;
    const language = (i18n.locales.find(([code]) => code === table.language) || [table.language, table.language])[1];
    const facts = [
      i18n.messages[`rules.${table.rules}`] ?? table.rules,
      tn("lobby.players_n", table.players),
      tn("lobby.free_n", table.free.length),
      tn("lobby.bots_n", bots),
      language,
    ];
    if (table.rated) facts.push(t("lobby.rated"));
    if (table.match) facts.push(t("lobby.a_match"));
    const join = el("button", {
      type: "button", class: "primary", text: t("lobby.join"),
      onclick: () => joinTable(`/api/tables/${table.table}/join`, {}, table.rated),
    });
    list.append(el("li", { class: "open-table", "data-table": table.table }, el("span", { text: facts.join(" · ") }), " ", join));
  }
  void options;
}

async function joinTable(url, body, rated) {
  if (rated) {
    body.player = await ensurePlayer();
    if (!body.player) return;
  }
  const answer = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) { $("lobby-error").textContent = reasonText(data); return; }
  location.assign(data.url);
}

async function leaderboard() {
  $("leaders").hidden = false;
  document.title = `${t("leaders.title")} · ${t("page.title")}`;
  const rows = await (await fetch("/api/leaderboard")).json();
  const body = $("leaders-body");
  body.replaceChildren();
  rows.forEach((row, index) => {
    const who = row.bot ? t("leaders.bot", { name: t(`kind.${row.name}`) }) : row.name;
    body.append(el("tr", {}, el("td", { text: num(index + 1) }), el("th", { scope: "row", text: who }),
      el("td", { text: new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(row.rating) }),
      el("td", { text: num(row.games) })));
  });
  $("leaders-empty").hidden = rows.length > 0;
}

function reasonText(error) {
  // an error in the page's language: the reason's sentence (English keeps the server's detail)
  const key = `reason.${error.reason}`;
  if (i18n.locale === "en" || !(key in i18n.messages)) return error.message;
  return t(key);
}

// --- the table -------------------------------------------------------------------------------

const game = {
  table: null, token: null, socket: null, event: 0, message: null, info: null, sent: null,
  again: null, selected: new Set(), sortBy: "suit", retry: 500, over: null, clockTimer: null, infoTimer: null,
  legal: [], announceTimer: null,
};

function seatName(seat) {
  const me = game.message && game.message.view.seat;
  if (seat === me) return t("seat.you");
  const kind = game.info ? game.info.seats[seat].player : "human";
  const players = game.message.view.hand_sizes.length;
  const partner = me !== null && seat !== me && sameTeam(seat, me);
  const who = kind === "human" ? t("seat.n", { n: seat }) : t("seat.bot", { bot: t(`kind.${kind}`), n: seat });
  return partner && players > 2 ? t("seat.partner", { who }) : who;
}

// The team of a seat: seat % teams, unless the view lists the teams in `partners` (fibur3,
// fibur5: the pairs form during the hand, rules §14).
function teamOf(view, seat) {
  if (view.partners) return view.partners.findIndex((seats) => seats.includes(seat));
  return seat % view.melds.length;
}

function seatsOf(view, team) {
  if (view.partners) return view.partners[team];
  const seats = [];
  for (let seat = team; seat < view.hand_sizes.length; seat += view.melds.length) seats.push(seat);
  return seats;
}

function sameTeam(a, b) {
  const view = game.message.view;
  return teamOf(view, a) === teamOf(view, b);
}

function teamMelds(view, seat) {
  return view.melds[teamOf(view, seat)] || [];
}

function meldKind(meld) {
  // a set or a run, read from its cards: natural cards of two ranks (a natural two included)
  // or a wild standing for a card of a suit make a run
  const naturals = meld.filter((token) => !token.includes("=") && token !== "JK");
  if (!naturals.length) return null;
  const ranks = new Set(naturals.map(rankOf));
  const placedInSuit = meld.some((token) => token.includes("=") && SUITS.includes(token.slice(-1)));
  const plain = naturals.find((c) => rankOf(c) !== "2") || naturals[0];
  return { run: ranks.size > 1 || placedInSuit, suit: suitOf(plain), rank: rankOf(plain) };
}

function meldTitle(meld, index) {
  // "the ♥ run" or "the sevens": melds are not numbered on the table
  const kind = meldKind(meld);
  if (!kind) return t("meld.n", { n: index + 1 });
  return kind.run ? t("meld.run", { suit: t(`suit.${kind.suit}`) }) : t("meld.set", { rank: t(`ranks.${kind.rank}`) });
}

function meldName(seat, index) {
  return meldTitle(cards(teamMelds(game.message.view, seat)[index] || ""), index);
}

function describeAction(text, seat) {
  const words = text.split(" ");
  const you = seat === (game.message && game.message.view.seat) ? ".you" : "";
  const list = (tokens) => tokens.map(pretty).join(" ");
  switch (words[0]) {
    case "draw": return t(`act.drew${you}`);
    case "pick": return t(`act.picked${you}`);
    case "open": return t(`act.opened${you}`, { cards: list(words.slice(1)) });
    case "add": {
      const added = words.slice(2).filter((w) => !w.startsWith("="));
      const moved = words.slice(2).find((w) => w.startsWith("="));
      const wild = moved ? t("act.wild_moved", { card: pretty(moved.slice(1)) }) : "";
      return t(`act.added${you}`, { cards: list(added), meld: meldName(seat, Number(words[1])) }) + wild;
    }
    case "discard": return t(`act.discarded${you}`, { card: pretty(words[1]) });
    default: return text;
  }
}

function lastTurnText(entry) {
  if (!entry) return "";
  let text = entry.actions.map((a) => describeAction(a, entry.seat)).join(", ");
  if (entry.took) text += t("turn.pile", { cards: cards(entry.took).map(pretty).join(" ") });
  if (entry.pozzetto) text += t("turn.pozzetto");
  const outcome = game.message && game.message.view.outcome;
  if (outcome && outcome.closer === entry.seat) text += t("turn.closed");
  if (entry.clock) text += t("turn.clock");
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
  const tokens = all.filter((token) => !token.startsWith("="));
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
    showNotice(t("notice.not_connected"));
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

function announce(text) {
  // the live region a screen reader reads out: other seats' actions, and your turn
  // (set a moment after clearing, so that the same words twice are read twice; a newer
  // announcement replaces one not yet made)
  const box = $("announce");
  clearTimeout(game.announceTimer);
  box.textContent = "";
  if (text) game.announceTimer = setTimeout(() => { box.textContent = text; }, 50);
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
    const node = el("section", {
      class: `player ${places[i]}${turn ? " turn" : ""}`, "data-seat": seat, "aria-label": seatName(seat),
    },
      el("h2", { class: "name", text: seatName(seat) },
        away ? el("span", { class: "away", text: ` · ${t("seat.away")}` }) : null,
        turn ? el("span", { class: "visually-hidden", text: ` · ${t("seat.to_act")}` }) : null),
      el("div", { class: "backs" }, el("span", { class: "back", "aria-hidden": "true" }),
        el("span", { class: "count", text: tn("count.cards", view.hand_sizes[seat]) })),
    );
    if (known.length) {
      node.append(el("div", { class: "known" }, el("span", { class: "label", text: `${t("seat.known")} ` }),
        cardList(known)));
    }
    const entry = last.find((e) => e.seat === seat);
    node.append(el("div", { class: "last", text: entry ? lastTurnText(entry) : "" }));
    if (turn) node.append(el("div", { class: "clock", "data-clock": seat }));
    if (places[i] === "top") topRow.append(node);
    else box.append(node);
  });
  if (topRow.children.length) box.append(topRow);
}

function teamTitle(view, team) {
  const names = seatsOf(view, team).map(seatName).join(t("list.and"));
  const mine = view.seat !== null && team === teamOf(view, view.seat);
  return mine ? t("team.yours", { names }) : t("team.n", { n: team, names });
}

function drawTeams(view, burracos, additions) {
  const teams = view.melds.length;
  const mine = view.seat === null ? 0 : teamOf(view, view.seat);
  const top = $("teams-top");
  const bottom = $("teams-mine");
  top.replaceChildren();
  bottom.replaceChildren();
  for (let team = 0; team < teams; team += 1) {
    const title = teamTitle(view, team);
    const taken = view.pozzetto_taken[team] ? ` · ${t("team.pozzetto_taken")}` : "";
    const points = t("team.points", { points: num(view.table_points[team]) });
    const box = el("section", { class: "team", "data-team": team, "aria-label": title },
      el("h2", { class: "team-title", text: `${title}: ${points}${taken}` }));
    const melds = el("ul", { class: "melds", "aria-label": t("team.melds", { team: title }) });
    view.melds[team].forEach((meld, index) => {
      const kind = burracos[team][index];
      const tokens = cards(meld);
      const target = team === mine && additions.has(index);
      const name = meldTitle(tokens, index);
      const label = [name, kind ? t(`kind.burraco.${kind}`) : "", tokens.map(tokenName).join(", ")]
        .filter(Boolean).join(": ");
      const node = el("button", {
        type: "button", class: `meld${kind ? ` burraco ${kind}` : ""}${target ? " target" : ""}`,
        "data-team": team, "data-meld": index, "aria-label": label, "data-key": `meld:${team}:${index}`,
      }, ...tokens.map((c) => cardImage(c)));
      if (kind) node.append(el("span", { class: "mark", "aria-hidden": "true", text: t(`kind.burraco.${kind}`) }));
      if (view.seat !== null && team === mine) {
        node.addEventListener("click", () => addToMeld(index));
      } else {
        node.setAttribute("aria-disabled", "true");
        node.classList.add("theirs");
      }
      melds.append(el("li", {}, node));
    });
    box.append(melds);
    if (!view.melds[team].length) box.append(el("p", { class: "empty", text: t("team.no_melds") }));
    (view.seat !== null && team === mine ? bottom : top).append(box);
  }
}

function addToMeld(index) {
  const chosen = selectedCards();
  if (!chosen.length) {
    showNotice(t("hint.select_then_meld"), "hint");
    return;
  }
  const key = [...chosen].sort().join(" ");
  const options = game.legal.filter((a) => a.kind === "add" && a.meld === index && a.key === key);
  if (options.length === 1) send(options[0].text);
  else if (options.length > 1) showNotice(t("hint.choose_wild"), "hint");
  else send(`add ${index} ${chosen.join(" ")}`); // the server says why not
}

function drawPiles(view) {
  $("stock-count").textContent = num(view.stock_size);
  $("stock").setAttribute("aria-label", tn("pile.stock", view.stock_size));
  const pile = $("pile");
  const discards = cards(view.discard_pile);
  pile.replaceChildren(...discards.map((c) => cardImage(c)));
  if (!discards.length) pile.append(el("span", { class: "empty", text: t("pile.empty") }));
  pile.setAttribute("aria-label", discards.length
    ? t("pile.discards", { cards: discards.map(cardName).join(", ") }) : t("pile.discards_empty"));
  $("pile-count").textContent = `(${num(discards.length)})`;
  $("pozzetti").replaceChildren(el("span", { class: "label", text: t("pile.pozzetti", { n: num(view.pozzetti_left) }) }));
  const canDraw = view.seat === view.turn && view.phase === "draw" && !view.outcome;
  $("stock").disabled = !canDraw || !game.legal.some((a) => a.kind === "draw");
  pile.disabled = !canDraw || !game.legal.some((a) => a.kind === "pick");
}

function drawHand(view) {
  const box = $("hand");
  box.replaceChildren();
  if (view.seat === null) {
    $("my-label").textContent = t("hand.watching");
    $("sort").hidden = true;
    $("clear").hidden = true;
    return;
  }
  if (view.hand === null) {
    $("my-label").textContent = t("hand.unseen_pozzetto");
    return;
  }
  const hand = sortedHand(cards(view.hand));
  const fresh = freshCards(hand);
  $("my-label").textContent = tn("hand.label", hand.length);
  $("sort").textContent = game.sortBy === "suit" ? t("hand.sort_rank") : t("hand.sort_suit");
  hand.forEach((code, index) => {
    const chosen = game.selected.has(index);
    const name = cardName(code) + (fresh.has(index) ? `, ${t("hand.new")}` : "");
    const node = el("button", {
      type: "button", class: `hand-card${chosen ? " selected" : ""}${fresh.has(index) ? " fresh" : ""}`,
      "aria-pressed": chosen ? "true" : "false", "data-card": code, "aria-label": name,
      "data-key": `card:${index}`, "data-index": index, style: `z-index: ${index + 1}`,
    }, cardImage(code));
    node.addEventListener("click", () => {
      if (game.selected.has(index)) game.selected.delete(index);
      else game.selected.add(index);
      render();
    });
    box.append(el("li", {}, node));
  });
}

// --- choosing cards by dragging across them ---------------------------------------------------
// Press on a card, move across its neighbours, let go: every card crossed is selected, or
// deselected when the press was on a selected card. Pointer events, so a mouse, a pen and a
// finger all work; a tap or click that does not leave its card still toggles that one card
// (its click handler), and the keyboard is untouched. The hand's cards take no touch panning
// (style.css), so a finger dragging across them neither scrolls the page nor selects text;
// the page still scrolls from anywhere else.

const drag = { pointer: null, last: null, select: true, moved: false, endedAt: -Infinity };

function handIndexAt(x, y) {
  // the hand's card under a point: a selected card is lifted, so its place (the list item)
  // still counts as that card
  const hit = document.elementFromPoint(x, y);
  const item = hit && hit.closest("#hand > li");
  const card = item && item.querySelector(".hand-card");
  return card ? Number(card.dataset.index) : null;
}

function showSelection() {
  // the selection shown without redrawing the hand (whose cards the pointer is on)
  for (const node of $("hand").querySelectorAll(".hand-card")) {
    const chosen = game.selected.has(Number(node.dataset.index));
    node.classList.toggle("selected", chosen);
    node.setAttribute("aria-pressed", chosen ? "true" : "false");
  }
  const view = game.message.view;
  drawTeams(view, game.message.burracos, additionsFor(view));
  drawActions(view);
}

function paintCards(from, to) {
  for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) {
    if (drag.select) game.selected.add(index);
    else game.selected.delete(index);
  }
}

function onHandPointerDown(event) {
  if (drag.pointer !== null || !event.isPrimary) return;
  if (event.pointerType === "mouse" && event.button !== 0) return;
  const index = handIndexAt(event.clientX, event.clientY);
  if (index === null) return;
  drag.pointer = event.pointerId;
  drag.last = index;
  drag.moved = false;
  drag.select = !game.selected.has(index);
}

function onHandPointerMove(event) {
  if (event.pointerId !== drag.pointer) return;
  const index = handIndexAt(event.clientX, event.clientY);
  if (index === null || index === drag.last) return;
  if (!drag.moved) {
    drag.moved = true;
    $("hand").classList.add("dragging");
  }
  paintCards(drag.last, index); // every card between, however fast the pointer went
  drag.last = index;
  showSelection();
}

function onHandPointerUp(event) {
  if (event.pointerId !== drag.pointer) return;
  if (!drag.moved && handIndexAt(event.clientX, event.clientY) === drag.last) {
    // a tap or click that stayed on its card toggles it here, by where the pointer is, not
    // by the click that follows: a view or a refresh that redraws the hand between the press
    // and the release gives the release another node, and the browser then sends no click
    if (drag.select) game.selected.add(drag.last);
    else game.selected.delete(drag.last);
    render();
  }
  drag.endedAt = performance.now(); // the click that follows (if any) is not toggled again
  endDrag();
}

function endDrag() {
  drag.pointer = null;
  drag.moved = false;
  $("hand").classList.remove("dragging");
}

function onHandClick(event) {
  // a pointer's click after its release was handled there (a tap toggled, a drag painted);
  // a key's click (detail 0), or a click with no pointer before it, toggles its card
  if (event.detail > 0 && performance.now() - drag.endedAt < 1000) {
    event.stopPropagation();
    event.preventDefault();
  }
}

function listenForDrags() {
  const hand = $("hand");
  hand.addEventListener("pointerdown", onHandPointerDown);
  hand.addEventListener("click", onHandClick, true);
  hand.addEventListener("contextmenu", (event) => { if (drag.moved) event.preventDefault(); });
  document.addEventListener("pointermove", onHandPointerMove);
  document.addEventListener("pointerup", onHandPointerUp);
  document.addEventListener("pointercancel", onHandPointerUp);
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

function wildText(placed) {
  // "JK=5H" (in a run) or "JK=7" (in a set), from the server's "wilds"
  if (!placed) return "";
  const [wild, stands] = placed.split("=");
  return t("actions.wild", { wild: short(wild), stands: short(stands) });
}

function actionButton(action, label) {
  return el("button", {
    type: "button", class: "primary", text: label, "data-action": action.text,
    "data-key": `action:${action.text}`, onclick: () => send(action.text),
  });
}

function drawActions(view) {
  const box = $("actions");
  box.replaceChildren();
  if (view.seat === null || view.outcome) return;
  if (view.seat !== view.turn) return;
  if (view.phase === "draw") {
    for (const action of game.legal) {
      const label = action.kind === "draw" ? t("actions.draw")
        : tn("actions.pick", cards(view.discard_pile).length);
      box.append(actionButton(action, label));
    }
    return;
  }
  const chosen = selectedCards();
  if (!chosen.length) {
    box.append(el("span", { class: "hint", text: t("hint.select") }));
    return;
  }
  const key = [...chosen].sort().join(" ");
  const matching = game.legal.filter((a) => a.key === key);
  for (const action of matching) {
    const shown = action.tokens.map((token) => pretty(baseOf(token))).join(" ");
    const wild = wildText((game.message.wilds || {})[action.text]);
    let label;
    if (action.kind === "open") label = t("actions.open", { cards: shown }) + wild;
    else if (action.kind === "add") label = t("actions.add", { cards: shown, meld: meldName(view.seat, action.meld) }) + wild;
    else label = t("actions.discard", { card: pretty(action.tokens[0]) });
    box.append(actionButton(action, label));
  }
  if (!matching.some((a) => a.kind === "open") && chosen.length >= 2) {
    box.append(el("button", {
      type: "button", class: "try", text: t("actions.try_open"), "data-key": "try:open",
      onclick: () => send(`open ${chosen.join(" ")}`),
    }));
  }
  if (!matching.some((a) => a.kind === "discard") && chosen.length === 1) {
    box.append(el("button", {
      type: "button", class: "try", text: t("actions.discard", { card: pretty(chosen[0]) }),
      "data-key": "try:discard", onclick: () => send(`discard ${chosen[0]}`),
    }));
  }
}

function statusText(view, last) {
  if (view.outcome) {
    const closer = view.outcome.closer;
    if (closer === null) return t("status.over_reason", { reason: t(`end.${view.outcome.reason}`) });
    return closer === view.seat ? t("status.over_you_closed") : t("status.over_closed", { who: seatName(closer) });
  }
  let text = view.seat === view.turn
    ? (view.phase === "draw" ? t("status.your_draw") : t("status.your_play"))
    : (view.phase === "draw" ? t("status.their_draw", { who: seatName(view.turn) })
      : t("status.their_play", { who: seatName(view.turn) }));
  const mine = last.find((e) => e.seat === view.seat);
  if (mine && view.seat === view.turn && view.phase === "play") { // this turn's draw or pick
    if (game.message.drew) text += ` ${t("status.you_drew", { card: pretty(game.message.drew) })}`;
    if (mine.took) text += ` ${t("status.pile_gave", { cards: cards(mine.took).map(pretty).join(" ") })}`;
    if (mine.pozzetto) text += ` ${t("status.your_pozzetto")}`;
  } else if (mine) {
    text += ` ${t("status.your_last", { turn: lastTurnText(mine) })}`;
  }
  return text;
}

function teamLabel(team, mine) {
  return team === mine ? t("score.us") : t("score.team", { n: team });
}

// Totals by team, or by seat when there is one per seat while the teams are fewer (a match of
// fibur3 or fibur5 keeps a total per player).
function totalLabels(view, totals, mine) {
  if (totals.length === view.hand_sizes.length && totals.length !== view.melds.length) {
    return totals.map((_, seat) => seatName(seat));
  }
  return totals.map((_, team) => teamLabel(team, mine));
}

function drawScore(message) {
  const view = message.view;
  const mine = view.seat === null ? null : teamOf(view, view.seat);
  const labels = totalLabels(view, message.score, mine);
  const parts = message.score.map((total, index) => `${labels[index]} ${num(total)}`);
  const target = typeof message.target === "number" ? ` ${t("score.target", { target: num(message.target) })}` : "";
  $("score").textContent = `${t("score.label")}: ${parts.join(" · ")}${target}`;
}

function drawClock(message) {
  clearInterval(game.clockTimer);
  const clock = message.clock;
  if (!clock) return;
  const started = Date.now();
  const tick = () => {
    const left = Math.ceil(Math.max(0, clock.left - (Date.now() - started) / 1000));
    document.querySelectorAll("[data-clock]").forEach((node) => {
      node.textContent = t("clock.left", { n: num(left) });
    });
    if (clock.seat === message.view.seat) {
      document.querySelector("#status .countdown").textContent = ` ${t("clock.yours", { n: num(left) })}`;
    }
  };
  tick();
  game.clockTimer = setInterval(tick, 1000);
}

function additionsFor(view) {
  // the melds the selected cards can be added to, outlined
  const additions = new Set();
  if (view.seat === view.turn && view.phase === "play") {
    const key = [...selectedCards()].sort().join(" ");
    for (const a of game.legal) if (a.kind === "add" && a.key === key) additions.add(a.meld);
  }
  return additions;
}

function render() {
  const message = game.message;
  if (!message) return;
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.key || document.activeElement.id : null;
  const view = message.view;
  game.legal = message.legal.map(parseLegal);
  drawOthers(view, message.last);
  drawTeams(view, message.burracos, additionsFor(view));
  drawPiles(view);
  drawHand(view);
  drawActions(view);
  drawScore(message);
  $("status").replaceChildren(statusText(view, message.last), el("span", { class: "countdown" }));
  $("status").className = `status${view.seat === view.turn && !view.outcome ? " your-turn" : ""}`;
  drawClock(message);
  if (focused) { // the keyboard's place survives the redraw
    const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`) || $(focused);
    if (again && again !== document.activeElement) again.focus();
  }
}

function announcement(previous, message) {
  // what a screen reader says when a view comes: the last seat's actions, then your turn
  const view = message.view;
  const parts = [];
  if (previous && message.event > previous.event) {
    const acted = previous.view.turn;
    const entry = message.last.find((e) => e.seat === acted);
    if (acted !== view.seat && entry) parts.push(`${seatName(acted)}: ${lastTurnText(entry)}.`);
  }
  if (view.outcome) parts.push(statusText(view, message.last));
  else if (view.seat === view.turn && (!previous || previous.view.turn !== view.seat)) {
    parts.push(t("announce.your_turn"));
  }
  return parts.join(" ");
}

function onView(message) {
  const previous = game.message;
  const view = message.view;
  const changedHand = !previous || previous.view.hand !== view.hand;
  if (changedHand) {
    game.selected.clear();
    if (drag.pointer !== null) endDrag(); // the cards under the pointer are others now
  }
  game.message = message;
  game.event = message.event;
  document.title = view.seat === view.turn && !view.outcome
    ? `${t("page.your_turn")} · ${t("page.title")}` : t("page.title");
  showNotice("");
  render();
  announce(announcement(previous, message));
}

function teamRow(label, values) {
  return el("tr", {}, el("th", { scope: "row", text: label }), ...values.map((v) => el("td", { text: num(v) })));
}

function onOver(message) {
  game.over = message;
  const view = game.message.view;
  const teams = message.hand_score.teams;
  const partners = message.hand_score.partners;  // written when the pairs formed (rules §14)
  const mine = view.seat === null ? null
    : partners ? partners.findIndex((seats) => seats.includes(view.seat)) : view.seat % teams.length;
  const header = el("tr", {}, el("td"), ...teams.map((_, team) => el("th", { scope: "col", text: teamLabel(team, mine) })));
  const field = (name) => teams.map((t) => t[name]);
  const totals = teams.map((x) => x.melded + x.in_hand + x.burraco_bonus + x.closing_bonus + x.pozzetto_penalty);
  const table = el("table", { class: "sheet" }, header,
    teamRow(t("sheet.melded"), field("melded")), teamRow(t("sheet.burracos"), field("burraco_bonus")),
    teamRow(t("sheet.closing"), field("closing_bonus")), teamRow(t("sheet.in_hand"), field("in_hand")),
    teamRow(t("sheet.pozzetto"), field("pozzetto_penalty")), teamRow(t("sheet.total"), totals));
  const body = $("sheet-body");
  body.replaceChildren(table);
  const outcome = message.hand_score.outcome;
  if (outcome) {
    body.prepend(el("p", { text: outcome.closer === null ? t("status.over_reason", { reason: t(`end.${outcome.reason}`) })
      : outcome.closer === view.seat ? t("sheet.you_closed") : t("sheet.closed", { who: seatName(outcome.closer) }) }));
  }
  const left = el("div", { class: "left-hands" }, el("h3", { text: t("sheet.left") }));
  message.hands.forEach((hand, seat) => {
    left.append(el("div", {}, el("span", { class: "label", text: `${seatName(seat)}: ` }), cardList(cards(hand))));
  });
  body.append(left);
  const done = !message.match || message.match_over;
  if (done && game.token) {
    body.append(el("button", {
      type: "button", class: "primary", id: "again", text: t("sheet.again"), onclick: playAgain,
    }));
  }
  if (game.again) body.append(againLink());
  let closing = t("sheet.close");
  if (message.match) {
    const hands = message.match.hands.length;
    const labels = totalLabels(view, message.totals, mine);
    const sums = message.totals.map((s, index) => `${labels[index]} ${num(s)}`).join(" · ");
    body.append(el("p", { class: "match", text: tn("sheet.match", hands, { totals: sums, target: num(message.target) }) }));
    const leader = message.winner;
    if (leader !== null) {
      const bySeat = message.totals.length !== view.melds.length;  // a seat's total (rules §14)
      const won = bySeat ? leader === view.seat : leader === mine;
      const other = bySeat ? `${seatName(leader)}: ${t("sheet.match_over")}` : t("sheet.team_wins", { n: leader });
      body.append(el("p", { class: "winner", text: won ? t("sheet.we_win") : other }));
    } else if (message.match_over) {
      body.append(el("p", { class: "winner", text: t("sheet.match_over") }));
    }
    if (!message.match_over) closing = t("sheet.next");
  }
  $("sheet-close").textContent = closing;
  $("sheet-title").textContent = message.match
    ? t("sheet.title_n", { n: num(message.match.hands.length) }) : t("sheet.title");
  if (!$("sheet").open) $("sheet").showModal();
}

async function playAgain() {
  // a new table with the same settings for the same seats: everyone is told its own link
  const answer = await fetch(`/api/tables/${game.table}/again`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: game.token }),
  });
  const data = await answer.json();
  if (!answer.ok) { showNotice(reasonText(data)); return; }
  location.assign(data.url);
}

function againLink() {
  return el("p", { class: "again" }, el("a", { href: game.again, id: "again-link", text: t("sheet.again_ready") }));
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
  } else if (message.type === "again") {
    game.again = message.url;
    announce(t("sheet.again_ready"));
    if ($("sheet").open && !$("again-link")) $("sheet-body").append(againLink());
    else if (!$("sheet").open) showNotice(t("sheet.again_ready"), "hint");
  } else if (message.type === "over") {
    refreshInfo().then(() => onOver(message));
  } else if (message.type === "error") {
    showNotice(reasonText(message));
    if (message.reason === "stale") game.socket.send(JSON.stringify({ type: "resume", event: game.event }));
    if (message.reason === "rate-limited" && game.sent && game.sent.event === game.event) {
      const again = game.sent; // the server did not read it: send it again when allowed
      setTimeout(() => { if (game.event === again.event) send(again.action); }, message.retry_after * 1000);
    }
    if (["no-table", "bad-token", "bad-origin", "no-spectators"].includes(message.reason)) game.retry = null;
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
  // a practice table's creator chose the seed, and so knows every hand: say so
  $("practice").hidden = !game.info.practice;
  $("practice").textContent = game.info.practice ? t("table.practice", { seed: game.info.seed }) : "";
  const watchers = game.info.watchers || 0;
  $("watchers").hidden = game.info.spectators && !watchers; // "0 watching" says nothing
  $("watchers").textContent = game.info.spectators ? tn("table.watchers", watchers) : t("table.no_spectators");
  if (game.message && JSON.stringify(game.info.seats) !== before) render();
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
  params.set("lang", i18n.locale);
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${game.table}?${params}`);
  game.socket = socket;
  $("connection").textContent = t("connection.connecting");
  socket.addEventListener("open", () => {
    $("connection").textContent = game.token ? "" : t("connection.watching");
    game.retry = 500;
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", () => {
    if (game.retry === null) { $("connection").textContent = t("connection.not_a_table"); return; }
    $("connection").textContent = t("connection.reconnecting");
    setTimeout(connect, game.retry);
    game.retry = Math.min(game.retry * 2, 5000);
  });
}

async function table(id) {
  $("table").hidden = false;
  document.title = t("page.title");
  game.table = id;
  const hash = new URLSearchParams(location.hash.slice(1));
  game.token = hash.get("token");
  $("sort").addEventListener("click", () => {
    game.sortBy = game.sortBy === "suit" ? "rank" : "suit";
    game.selected.clear();
    render();
  });
  $("clear").addEventListener("click", () => { game.selected.clear(); render(); });
  listenForDrags();
  $("stock").addEventListener("click", () => send("draw"));
  $("pile").addEventListener("click", () => send("pick"));
  await refreshInfo();
  if (game.retry === null) return;
  connect();
  game.infoTimer = setInterval(refreshInfo, 4000);
}

async function start() {
  await loadMessages();
  $("language").addEventListener("change", (event) => chooseLanguage(event.target.value));
  const match = location.pathname.match(/^\/t\/([\w-]+)$/);
  if (match) table(match[1]);
  else if (location.pathname === "/leaderboard") leaderboard();
  else lobby();
}

start();
