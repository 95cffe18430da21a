// Knight Control at the table: the board as SVG, the letter bid, orders
// composed by clicks (spawn, moves with bonus landings, exchanges) with the
// chip cost asked of the server before submitting, item choices, trades,
// communal garnets, gifts and votes, and the player's private panel.
// Everything drawn comes from this viewer's own state; costs and refusals
// come from the server (POST .../check), never computed here.
"use strict";

const KC = {
  draft: null,      // orders being composed: { exchange, spawn, moves }
  key: "",          // round and stage the draft belongs to
  picked: null,     // a knight chosen for a move: { knight, landings }
  cost: "",         // the server's answer about the draft
  checking: 0,
  // What the player typed or picked, kept as they enter it (see the input
  // listener below) and drawn back into every redraw.
  inputs: { "kc-bid": "", "kc-movement": "1x2", "kc-offer-to": "", "kc-offer-chips": "1", "kc-typed": "" },
  // A bid waiting for the player to confirm it: { text, reason }.
  confirm: null,
};

// Mirrored as typed, in one listener that no redraw replaces.
document.addEventListener("input", (e) => {
  if (e.target.id in KC.inputs) KC.inputs[e.target.id] = e.target.value;
  if (e.target.id === "kc-bid") {
    // Typing again answers the question: the bid is being changed.
    if (KC.confirm && state) { KC.confirm = null; render(state); }
    const preview = document.getElementById("kc-bid-preview");
    if (preview && state) preview.textContent = kcBidPreview(state);
  }
  if (e.target.id === "kc-exchange" && state) {
    KC.draft.exchange = Math.max(0, Number(e.target.value) || 0);
    kcChanged(state);
  }
});

// The claimable zone letters a bid may name.
function kcClaimable(s) {
  const geo = s.hints && s.hints.geometry;
  return geo ? geo.zones.filter((z) => z.claimable).map((z) => z.letter) : [];
}

// Why the letters typed are not a valid bid (spaces are ignored by the
// rules), or null when they are one: as many different claimable letters
// as the layout has, up to five.
function kcBidProblem(s, typed) {
  const letters = typed.replace(/\s+/g, "");
  if (!letters) return "the bid is empty, which counts as no bid";
  const claimable = kcClaimable(s);
  const need = Math.min(5, claimable.length);
  const bad = [...letters].filter((c) => !claimable.includes(c));
  if (bad.length) return `${bad.join("")} ${bad.length === 1 ? "is not a zone letter" : "are not zone letters"} (capitals: ${claimable.join("")}), so it counts as no bid`;
  if (new Set(letters).size !== letters.length) return "a letter is repeated, so it counts as no bid";
  if (letters.length !== need) return `a bid names ${need} letters, not ${letters.length}, so it counts as no bid`;
  return null;
}

// The action the bid box would send.
function kcBidAction(typed) {
  const letters = typed.replace(/\s+/g, "");
  return letters ? "bid " + letters : "bid pass";
}

function kcBidPreview(s) {
  const typed = KC.inputs["kc-bid"];
  const problem = kcBidProblem(s, typed);
  return `Will send: ${kcBidAction(typed)}` + (problem ? ` (${problem})` : "");
}

const KC_ITEM_NAMES = { "garnet": "a garnet", "tol-piece": "a ToL piece", "extra-move": "an extra move", "extra-spawn": "an extra spawn",
  "portal": "a portal", "modify": "a modify", "chips 1": "1 chip", "chips 2": "2 chips", "chips 3": "3 chips" };
const KC_ITEM_MARKS = { "garnet": "◆", "tol-piece": "T", "extra-move": "M+", "extra-spawn": "S+", "portal": "◎", "modify": "±" };

// A player's colour ("P3"), from the scene's sides.
function kcColour(s, player) {
  const side = s.scene && s.scene.sides[Number(String(player).slice(1)) - 1];
  return side ? side.fill : "#000";
}

function kcMe(s) { return s.view && s.view.me; }

function kcFresh() { return { exchange: 0, spawn: null, moves: [] }; }

// The orders in notation, as the game reads them.
// The draft as Submit would send it: with a move whose landings are being
// clicked counted as it stands, since Submit finishes it.
function kcSendable() {
  const p = KC.picked;
  const d = KC.draft || kcFresh();
  return p && p.landings.length ? { ...d, moves: [...d.moves, { knight: p.knight, landings: p.landings }] } : d;
}

function kcOrdersText(d) {
  const parts = [];
  if (d.exchange > 0) parts.push(`exchange ${d.exchange}`);
  if (d.spawn) parts.push(`spawn ${d.spawn.cell} ${d.spawn.movement}`);
  for (const m of d.moves) parts.push(`move ${m.knight} ${m.landings.join(" ")}`);
  return parts.length ? "orders " + parts.join("; ") : "orders pass";
}

// Cell names from frame coordinates and back (hints.geometry).
function kcCells(geo) {
  const byXY = new Map();
  const byName = new Map();
  for (let x = 1; x <= geo.files; x++) for (let y = 1; y <= geo.ranks; y++) {
    const name = String.fromCharCode(96 + x) + y;
    const c = { name, x, y, zone: null };
    byXY.set(`${x},${y}`, c); byName.set(name, c);
  }
  for (const z of geo.zones) for (const c of z.cells) {
    const cell = { name: c.name, x: c.x, y: c.y, zone: z.letter };
    byXY.set(`${c.x},${c.y}`, cell); byName.set(c.name, cell);
  }
  return { byXY, byName };
}

// Where a knight with movement `mv` ("MxN") may land from `from`: the grid
// or its owner's zone. The server checks again when the orders are sent.
function kcLeaps(cells, from, mv, ownZone) {
  const [m, n] = mv.split("x").map(Number);
  const c = cells.byName.get(from);
  if (!c) return [];
  const out = new Set();
  for (const [dx, dy] of [[m, n], [n, m], [n, -m], [m, -n], [-m, -n], [-n, -m], [-n, m], [-m, n]]) {
    const t = cells.byXY.get(`${c.x + dx},${c.y + dy}`);
    if (t && (t.zone === null || t.zone === ownZone)) out.add(t.name);
  }
  return [...out];
}

function kcOwnZone(s) {
  const me = kcMe(s);
  if (!me) return null;
  const z = s.view.board.zones.find((z) => z.owner === me.player);
  return z ? z.letter : null;
}

// The knights as this viewer knows them now: the published board, with the
// player's own knights as they stand mid-round.
function kcKnights(s) {
  const me = kcMe(s);
  const others = s.view.board.knights.filter((k) => !me || k.owner !== me.player);
  return me ? others.concat(me.knights_now) : others;
}

// The board: the scene (the published board, this player's knights as
// they stand now, the last round's marks), with what only this page knows
// drawn over it: the orders being composed, the picked knight's landings
// and this player's bonus cells.
function kcRenderBoard(s, flip) {
  const geo = s.hints && s.hints.geometry;
  if (!geo || !s.scene) return "";
  const cells = kcCells(geo);
  const me = kcMe(s);
  const d = KC.draft || kcFresh();
  const ownZone = kcOwnZone(s);
  const bonus = new Set((s.hints.bonus_cells) || []);
  // Targets of the picked knight from its last landing.
  let targets = new Set();
  if (KC.picked && s.view.stage === "orders") {
    const path = KC.picked.landings;
    const at = path.length ? path[path.length - 1] : KC.picked.knight;
    if (path.length === 0 || (path.length < 3 && bonus.has(at))) targets = new Set(kcLeaps(cells, at, KC.picked.movement, ownZone));
  }
  const cell = (c, base) => {
    let cls = `kc-cell ${base}`;
    if (targets.has(c.key)) cls += " target";
    if (KC.picked && (KC.picked.knight === c.key || KC.picked.landings.includes(c.key))) cls += " chosen";
    return `id="kc-cell-${esc(c.key)}" class="${cls}" data-cell="${esc(c.key)}"`;
  };
  const overlay = (centre, S) => {
    let svg = "";
    if (me) for (const name of bonus) { const p = centre(name); if (p) svg += `<circle cx="${p[0] + S / 2 - 5}" cy="${p[1] - S / 2 + 5}" r="2.5" fill="#7b1fa2" pointer-events="none"/>`; }
    for (const m of d.moves) {
      let from = centre(m.knight);
      for (const l of m.landings) {
        const to = centre(l);
        if (from && to) svg += `<line x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}" stroke="#000" stroke-width="2" pointer-events="none"/>`;
        from = to;
      }
    }
    const spawn = d.spawn && centre(d.spawn.cell);
    if (spawn) svg += `<circle cx="${spawn[0]}" cy="${spawn[1]}" r="${S * 0.36}" fill="none" stroke="${me ? kcColour(s, me.player) : "#000"}" stroke-width="3" stroke-dasharray="4" pointer-events="none"/>`;
    return svg;
  };
  return drawScene(s.scene, { chosen: [], next: new Set(), first: new Set(), flip }, { id: "kc-board", cell, overlay });
}

// A click on the board while composing orders.
function kcClick(s, name) {
  if (s.view.stage !== "orders" || !kcMe(s)) return;
  const me = kcMe(s);
  const d = KC.draft;
  const geo = s.hints.geometry;
  const cells = kcCells(geo);
  const ownZone = kcOwnZone(s);
  const bonus = new Set(s.hints.bonus_cells || []);
  if (KC.picked) {
    const p = KC.picked;
    const at = p.landings.length ? p.landings[p.landings.length - 1] : p.knight;
    const may = p.landings.length === 0 || (p.landings.length < 3 && bonus.has(at));
    if (may && kcLeaps(cells, at, p.movement, ownZone).includes(name)) {
      p.landings.push(name);
      // A landing without a further bonus leap ends the move.
      if (p.landings.length === 3 || !bonus.has(name)) kcFinishMove();
      kcChanged(s);
      return;
    }
    if (p.landings.length) kcFinishMove(); else KC.picked = null;
  }
  const own = me.knights_now.find((k) => k.cell === name);
  const spawned = d.spawn && d.spawn.cell === name ? { cell: name, movement: d.spawn.movement } : null;
  const knight = own || spawned;
  if (knight) {
    d.moves = d.moves.filter((m) => m.knight !== name);
    KC.picked = { knight: name, movement: knight.movement, landings: [] };
  } else {
    const c = cells.byName.get(name);
    if (c && c.zone && c.zone === ownZone && !kcKnights(s).some((k) => k.cell === name)) {
      d.spawn = d.spawn && d.spawn.cell === name ? null : { cell: name, movement: KC.inputs["kc-movement"].trim() || "1x2" };
    }
  }
  kcChanged(s);
}

function kcFinishMove() {
  const p = KC.picked;
  KC.picked = null;
  if (p && p.landings.length) KC.draft.moves.push({ knight: p.knight, landings: p.landings });
}

// The draft changed: redraw, and ask the server what it would cost.
async function kcChanged(s) {
  render(state);
  if (s.view.stage !== "orders") return;
  const text = kcOrdersText(kcSendable());
  const n = ++KC.checking;
  try {
    const r = await api("/check", { action: text });
    if (n !== KC.checking) return;
    const c = r.preview.cost;
    KC.cost = c ? kcCostText(s, c) : "";
  } catch (e) {
    if (n !== KC.checking) return;
    KC.cost = "Refused: " + e.message;
  }
  const el = document.getElementById("kc-cost");
  if (el) { el.textContent = KC.cost; el.className = /^You cannot/.test(KC.cost) ? "kc-cost-bad" : ""; }
}

// The server's price of the draft, and whether the purse can pay it: the
// round voids orders whose cost is more than the chips plus every garnet
// exchanged (docs/rules/knight-control.md, "Costs and void submissions").
function kcCostText(s, c) {
  const me = kcMe(s);
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  if (me) {
    const p = me.purse;
    const rate = s.view.rules.garnet_rate;
    if (c.chips > p.chips + p.garnets * rate)
      return `You cannot afford this: it costs ${plural(c.chips, "chip", "chips")}, you have ${plural(p.chips, "chip", "chips")} and ${plural(p.garnets, "garnet", "garnets")}`;
  }
  return `Cost: ${plural(c.chips, "chip", "chips")}` + (c.exchange ? `, exchanging ${c.exchange} garnet(s)` : "");
}

function kcPanel(s) {
  const me = kcMe(s);
  const v = s.view;
  const stageKey = `${v.round}:${v.stage}`;
  if (KC.key !== stageKey) { KC.key = stageKey; KC.draft = kcFresh(); KC.picked = null; KC.cost = ""; KC.confirm = null; KC.error = null; }
  let html = `<div class="kc-phase">Round ${v.round} of ${v.rules.rounds} · ${v.stage.replace("_", " ")}`;
  // Sealed steps: a player is told only whether the step waits for them.
  if (v.waiting_for.length) {
    if (me) html += v.waiting_for.includes(me.player) ? " · waiting for you" : " · you are done with this step";
    else html += ` · waiting for ${v.waiting_for.join(", ")}`;
  }
  html += ` <span id="kc-deadline"></span></div>`;
  if (me) {
    const p = me.purse;
    html += `<div id="kc-private" class="kc-private"><b>${esc(me.player)}</b> (only you see this): ` +
      `<span id="kc-chips">Chips: ${p.chips}</span> · Garnets: ${p.garnets} · Chips gained: ${p.gained} · ToL pieces: ${p.tol_pieces}` +
      (me.submission ? `<br>Your submission: <code>${esc(me.submission)}</code>` : "") +
      (me.tols_to_place ? `<br>ToLs to place: ${me.tols_to_place}` : "") +
      me.notices.map((n) => `<br><i>Round ${n.round}: ${esc(n.text)}</i>`).join("") +
      me.trades.map((t) => `<br>Trade round ${t.round}: ${esc(t.from)} → ${esc(t.to)} ${t.chips} chips (after: ${t.from_chips_after} / ${t.to_chips_after})`).join("") +
      `</div>`;
  }
  // A sealed bid, orders, ToL placements or vote may be sent again until
  // the step closes, the last one counting (docs/server.md, "Sealed
  // submissions"): the step's controls stay, saying so.
  const awaited = s.you.role === "seat" && s.to_act.includes(s.you.seat);
  const revising = !awaited && !!(me && me.submission);
  const mine = s.status === "playing" && (awaited || revising);
  const again = revising ? `<p class="kc-again" id="kc-again">Yours is in: you may send it again until the step closes; the last one counts.</p>` : "";
  if (me && s.status === "playing") {
    if (v.stage === "bidding" && mine) {
      html += `<div class="kc-step">${again}Bid five zone letters in order: <input id="kc-bid" size="8" aria-label="Your bid: zone letters in order" placeholder="CAJKE" autocomplete="off" value="${esc(KC.inputs["kc-bid"])}">` +
        `<button id="kc-bid-go">Bid</button><button id="kc-bid-pass">No bid</button>` +
        (KC.confirm ? "" : `<br><small id="kc-bid-preview">${esc(kcBidPreview(s))}</small>`);
      if (KC.confirm) {
        html += `<div id="kc-confirm" class="kc-confirm" role="alertdialog">Send <code>${esc(KC.confirm.text)}</code>? ` +
          `It is not a valid bid: ${esc(KC.confirm.reason)}. <button id="kc-confirm-go">Send it anyway</button><button id="kc-confirm-cancel">Change the bid</button></div>`;
      }
      html += kcError("bid") + `</div>`;
    }
    if (v.stage === "orders" && mine) {
      html += `<div class="kc-step">${again}Orders: click your knight, then its landings (a purple dot earns a bonus leap); ` +
        `click an empty cell of your zone to spawn a <input id="kc-movement" size="4" aria-label="Movement of the knight to spawn, like 1x2" value="${esc(KC.inputs["kc-movement"])}"> knight. ` +
        `Exchange <input id="kc-exchange" type="number" aria-label="Garnets to exchange" min="0" max="${me.purse.garnets}" value="${KC.draft.exchange}" style="width:3em"> garnets.` +
        `<br>Will send: <code id="kc-orders">${esc(kcOrdersText(kcSendable()))}</code> <span id="kc-cost" class="${/^You cannot/.test(KC.cost) ? "kc-cost-bad" : ""}" role="status">${esc(KC.cost)}</span>` +
        `<br><button id="kc-submit">Submit orders</button><button id="kc-clear">Clear</button><button id="kc-pass">Pass</button>${kcError("orders")}</div>`;
    }
    if (["items", "final_exchange", "piece_gifts", "chip_gifts", "vote"].includes(v.stage) && mine) {
      if (me.items_to_use) {
        const h = me.items_to_use;
        html += `<div>Items to use: extra moves ${h.extra_moves.join(", ") || "-"}, portals ${h.portals.join(", ") || "-"}, ` +
          `modifies ${h.modifies.join(", ") || "-"}, extra spawns ${h.extra_spawns}</div>`;
      }
      if (v.stage === "vote") html += `<div>Tied EC candidates: ${v.vote_candidates.join(", ")}</div>`;
      if (v.stage === "final_exchange") html += `<div>After the last round: exchange garnets, trade or spend communal garnets, then ` +
        `<button class="kc-act" id="kc-done" data-action="done" data-where="items">I'm done</button></div>`;
      // "I'm done" above already ends the final exchange: no second button for it.
      const choices = v.stage === "final_exchange" ? s.legal.filter((a) => a !== "done") : s.legal;
      html += `<div class="kc-step">${again}` + choices.slice(0, 60).map((a) => `<button id="${esc(actionId("kc-legal", a))}" class="kc-legal" data-action="${esc(a)}">${esc(a)}</button>`).join("") +
        `<br><input id="kc-typed" size="40" aria-label="Type a choice" placeholder="or type e.g. items extra i10 j12" value="${esc(KC.inputs["kc-typed"])}"><button id="kc-typed-go">Submit</button>${kcError("items")}</div>`;
    }
    // Trades, communal garnets and exchanges between rounds.
    if (["bidding", "orders", "final_exchange"].includes(v.stage)) {
      const others = Array.from({ length: v.players }, (_, i) => `P${i + 1}`).filter((p) => p !== me.player);
      const to = others.includes(KC.inputs["kc-offer-to"]) ? KC.inputs["kc-offer-to"] : others[0];
      html += `<div class="kc-trade">Offer <select id="kc-offer-to" aria-label="Offer chips to">${others.map((p) => `<option ${p === to ? "selected" : ""}>${p}</option>`).join("")}</select>` +
        ` <input id="kc-offer-chips" type="number" aria-label="Chips to offer" min="1" value="${esc(KC.inputs["kc-offer-chips"])}" style="width:3em"> chips <button id="kc-offer">Offer</button>`;
      const act = (action, label) => ` <button id="${esc(actionId("kc-act", action))}" class="kc-act" data-action="${esc(action)}">${esc(label)}</button>`;
      for (const o of me.offers.filter((o) => o.to === me.player)) html += act(`accept ${o.from}`, `Accept ${o.chips} from ${o.from}`);
      for (const o of me.offers.filter((o) => o.from === me.player)) html += ` <span>offered ${o.chips} to ${esc(o.to)}</span>`;
      for (const c of me.communal.filter((c) => !c.spent && !c.my_consent)) html += act(`communal ${c.number}`, `Spend communal garnet ${c.number} with ${c.partner}`);
      if (["orders", "final_exchange"].includes(v.stage) && me.purse.garnets > 0) html += act("exchange 1", "Exchange a garnet now");
      html += kcError("trade") + `</div>`;
    }
  }
  if (v.awards) {
    html += `<div>ToLs: ${v.awards.tols.map((t, i) => `P${i + 1} ${t}`).join(", ")}; EC: ${v.awards.ec || "none"}</div>`;
  }
  // The game's own words for each round (hints.log, as the chat gets
  // them): a heading, then a line per player.
  html += `<details id="kc-log"><summary>Public log</summary>` + ((s.hints && s.hints.log) || []).map(([heading, ...lines]) =>
    `<div><b>${esc(heading)}</b>` + (lines.length ? `<ul class="kc-log-round">${lines.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>` : "") + `</div>`,
  ).join("") + `</details>`;
  return html;
}

// Sends through table.js's submit, which shows what is sent and then the
// server's acknowledgement.
// A refusal is told in plain words next to the control that sent it
// (`where`: the bid, orders, items, trade or final step's own line), not
// only at the foot of the page.
async function kcPlay(text, where) {
  KC.confirm = null;
  KC.error = null;
  const done = await submit(text);
  if (!done && where) {
    KC.error = { where, text: document.getElementById("error").textContent };
    document.getElementById("error").textContent = "";
    render(state);
  }
}

// The error line of one part of the panel, when its last action was refused.
function kcError(where) {
  return KC.error && KC.error.where === where ? `<p class="error" id="kc-error-${where}" role="alert">${esc(KC.error.text)}</p>` : "";
}

// The acknowledgement, in the words of the step, naming the round the
// orders were for so that it does not read as news in the next round.
function kcAck(action, from) {
  const m = /^bid\s+(.*)$/.exec(action);
  if (m) return m[1] === "pass" ? "Your bid is in: no bid" : `Your bid ${m[1]} is in`;
  if (/^orders\b/.test(action)) return `Your orders for round ${from.view.round} are in: ${action}`;
  if (action === "done") return "You are done with the final exchange: that is in";
  return `Your ${action} is in`;
}

// The Bid button: a valid bid goes at once; an empty or invalid one asks
// first, in the page, saying what it would send and why it counts as no bid.
function kcBid() {
  const typed = document.getElementById("kc-bid").value;
  KC.inputs["kc-bid"] = typed;
  const text = kcBidAction(typed);
  const problem = kcBidProblem(state, typed);
  if (!problem) { kcPlay(text, "bid"); return; }
  KC.confirm = { text, reason: problem };
  render(state);
}

function kcWire(s) {
  const on = (id, f) => { const el = document.getElementById(id); if (el) el.onclick = f; };
  for (const el of document.querySelectorAll("#kc-board [data-cell]")) el.onclick = () => kcClick(state, el.dataset.cell);
  on("kc-bid-go", kcBid);
  on("kc-confirm-go", () => kcPlay(KC.confirm.text, "bid"));
  on("kc-confirm-cancel", () => { KC.confirm = null; render(state); document.getElementById("kc-bid").focus(); });
  on("kc-bid-pass", () => kcPlay("bid pass", "bid"));
  on("kc-submit", () => { kcFinishMove(); kcPlay(kcOrdersText(KC.draft), "orders"); });
  on("kc-clear", () => { KC.draft = kcFresh(); KC.picked = null; kcChanged(state); });
  on("kc-pass", () => kcPlay("orders pass", "orders"));
  on("kc-offer", () => kcPlay(`offer ${document.getElementById("kc-offer-to").value} ${document.getElementById("kc-offer-chips").value}`, "trade"));
  on("kc-typed-go", () => kcPlay(document.getElementById("kc-typed").value.trim(), "items"));
  for (const el of document.querySelectorAll(".kc-legal")) el.onclick = () => kcPlay(el.dataset.action, "items");
  for (const el of document.querySelectorAll(".kc-act")) el.onclick = () => kcPlay(el.dataset.action, el.dataset.where || "trade");
  kcTick();
}

// The phase deadline, counted down each second from this viewer's clock.
function kcTick() {
  const el = document.getElementById("kc-deadline");
  if (!el || !state) return;
  if (state.status === "paused") { el.textContent = "· paused"; return; }
  if (!state.deadline_ms || state.status !== "playing") { el.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((state.deadline_ms - serverNow()) / 1000));
  el.textContent = `· deadline in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}
setInterval(kcTick, 1000);

Boards["knight-control"] = {
  zoomable: true,
  seatName(s, i) { return `P${i + 1}`; },
  // The board faces its player: turned round when their zone is in the top half.
  faces(s) {
    const zone = kcOwnZone(s);
    const geo = s.hints && s.hints.geometry;
    const z = zone && geo && geo.zones.find((q) => q.letter === zone);
    if (!z) return false;
    return z.cells.reduce((t, c) => t + c.y, 0) / z.cells.length > (geo.ranks + 1) / 2;
  },
  yourSide(s) {
    const me = kcMe(s);
    if (!me) return `seat ${s.you.seat + 1}`;
    const zone = kcOwnZone(s);
    return `${me.player}` + (zone ? `, zone ${zone}` : ", no zone yet (the bidding gives one)");
  },
  legend(s) {
    const me = kcMe(s);
    const items = Object.entries(KC_ITEM_MARKS).map(([k, m]) => `<span><b>${esc(m)}</b> ${esc(KC_ITEM_NAMES[k])}</span>`).join("") + "<span><b>¢N</b> N chips</span>";
    const players = Array.from({ length: s.view.players }, (_, i) => `P${i + 1}`)
      .map((p) => `<span><span class="swatch" style="background:${kcColour(s, p)}"></span> ${p}${me && me.player === p ? " (you)" : ""}</span>`).join("");
    return `<div>${players}</div><div>Knights: a disc in its player's colour with its movement (1x2 leaps like a chess knight). ` +
      `Zones: the lettered cells round the edge, tinted for their owner, grey while unclaimed. ` +
      (me ? `A purple dot: a bonus leap for you. ` : "") + `The last round, highlighted: a line in the mover's colour from where each knight started to where it ended, ` +
      `a dashed ring round a knight spawned, a red ✕ in a red ring where knights collided, a red ✕ beside a knight that captured.</div><div>${items}</div>`;
  },
  steps() { return null; },
  // Nothing is clicked through the generic model: see kcClick.
  render(view, ui, scene) { return view && state ? kcRenderBoard({ ...state, view, scene }, ui && ui.flip) : ""; },
  label(text) { return text; },
  ack: kcAck,
  panel: kcPanel,
  wire: kcWire,
  name(i) { return `P${i + 1}`; },
};
