// The table page: draws this viewer's state, lets a seat click its legal
// moves (all computed by the server), and follows the game over WebSocket.
// Every redraw patches the page (web/patch.js) so that a live frame never
// takes away what the player is typing or clicking.
"use strict";
const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const auth = token ? { authorization: "Bearer " + token } : {};
let state = null;      // the newest snapshot for this viewer
let chosen = [];       // keys clicked so far
let replayPly = null;  // a history ply being shown, or null for live

async function api(path, body) {
  const res = await fetch(`/api/games/${gameId}${path}`, body === undefined
    ? { headers: auth }
    : { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function board() { return Boards[state.game]; }

// The legal moves with their click steps.
function moves() {
  return state.legal.map((text) => ({ text, steps: board().steps(text) }));
}

function startsWith(steps, prefix) { return prefix.every((k, i) => steps[i] === k); }

function clickModel() {
  const all = moves().filter((m) => m.steps);
  const first = new Set(all.map((m) => m.steps[0]));
  const next = new Set(all.filter((m) => m.steps.length > chosen.length && startsWith(m.steps, chosen)).map((m) => m.steps[chosen.length]));
  return { chosen, next, first };
}

// Tilechess joins: the colour and army arrangement the player set up.
function customise(text) {
  const m = /^([^:]+): join (\S+) (\S+)$/.exec(text);
  if (!m || $("join").hidden) return text;
  return `${$("colour").value.trim() || m[1]}: join ${m[2]} ${$("army").value.trim() || m[3]}`;
}

// Sends `text` as this seat's action. The page says what it is sending,
// then what the server recorded (or why it refused): a submission is never
// silently different from what the player entered.
async function submit(text) {
  $("error").textContent = "";
  const before = state ? state.history.length : 0;
  const from = state; // the step the action was made in
  showAck("sending", text, `Sending ${text}…`);
  try {
    const s = await api("/actions", { action: text });
    arrived(s);
    acknowledge(text, before, s, from);
    return s;
  } catch (e) {
    $("error").textContent = e.message;
    showAck("refused", text, `Refused: ${text} (${e.message}); nothing of it was played`);
    render(state);
    return null;
  }
}

// #ack's data-seq counts the submissions this page has made, data-state
// says where the newest stands ("sending", "in", "accepted", "refused"), data-action
// holds its text as the server recorded it.
let submissions = 0;
function showAck(kind, action, message) {
  const el = $("ack");
  if (kind === "sending") submissions++;
  el.dataset.seq = submissions;
  el.dataset.state = kind;
  el.dataset.action = action;
  el.className = "ack " + kind;
  el.textContent = message;
}

// The server's snapshot after the action holds it in this seat's own
// history: the first of this seat's entries past what the page had seen.
function acknowledge(sent, before, s, from) {
  const mine = s.history.slice(before).find((h) => h.seat === s.you.seat);
  if (!mine) { showAck("accepted", sent, `The server accepted ${sent}; its record here does not show it yet`); return; }
  showAck("in", mine.action, board().ack ? board().ack(mine.action, from || s) : `Your move ${mine.action} is in`);
}

async function play(text) {
  text = customise(text);
  chosen = [];
  await submit(text);
}

function onClick(key) {
  if (replayPly !== null) return;
  const all = moves().filter((m) => m.steps);
  const model = clickModel();
  if (chosen.length && model.next.has(key)) chosen = [...chosen, key];
  else if (model.first.has(key)) chosen = [key];
  else { chosen = []; render(state); return; }
  const complete = all.filter((m) => m.steps.length === chosen.length && startsWith(m.steps, chosen));
  const longer = all.filter((m) => m.steps.length > chosen.length && startsWith(m.steps, chosen));
  if (complete.length === 1 && longer.length === 0) { play(complete[0].text); return; }
  render(state);
}

// A snapshot from the server, by the live socket or as the answer to a
// request. The two race: the answer to this page's own request can come
// after a frame that is already newer (another seat acted in between), and
// drawing it then would leave the page behind the game with no further
// frame to catch up, waiting for an orders step that has begun. So a
// snapshot older than the one shown is dropped (versions only grow).
function arrived(s) {
  if (state && s.version < state.version) return;
  // Squares already clicked stay chosen while they still begin a legal move.
  state = s;
  if (chosen.length && !moves().some((m) => m.steps && m.steps.length >= chosen.length && startsWith(m.steps, chosen))) chosen = [];
  render(s);
}

function render(s) {
  state = s;
  const you = s.you.role === "seat" ? `seat ${s.you.seat + 1}` : s.you.role;
  $("title").textContent = `${s.game} · game ${s.id} · you are ${you}`;
  let status = s.status;
  if (s.outcome) {
    // Results are by game seat: a colour in Tilechess, the link's seat otherwise.
    const name = (i) => (s.view.colours ? s.view.colours[i] : `seat ${i + 1}`);
    const winners = s.outcome.results.map((r, i) => (r.rank === 1 ? name(i) : null)).filter((w) => w);
    const result = winners.length === s.outcome.results.length ? "a draw" : `won by ${winners.join(" and ")}`;
    status = `Game over: ${result} (${s.outcome.reason})`;
  }
  else if (s.to_act.length) status += ` · to act: ${s.to_act.map((k) => "seat " + (k + 1)).join(", ")}`;
  if (s.claim) status += ` · seat ${s.claim.seat + 1} has claimed the next turn for ${Math.max(0, Math.ceil((s.claim.until_ms - Date.now()) / 1000))} s`;
  if (s.you.role === "seat" && s.legal.length) status += " · your move";
  $("status").textContent = status;
  if (window.Clocks) Clocks.render(s);

  const view = replayPly === null ? s.view : replayView;
  const ui = replayPly === null ? clickModel() : { chosen: [], next: new Set(), first: new Set() };
  patch($("board"), board().render(view, ui));
  for (const el of $("board").querySelectorAll("[data-key]")) el.onclick = () => onClick(el.dataset.key);

  // Games with their own panel (Knight Control) draw and wire it themselves.
  const panel = board().panel;
  patch($("kc"), panel ? panel(s) : "");
  if (panel) board().wire(s);

  // Moves that are not clicks (pass, break) or that end a longer chain.
  let buttons = "";
  if (replayPly === null && !panel) {
    const b = board();
    for (const m of moves()) {
      const done = m.steps && chosen.length && m.steps.length === chosen.length && startsWith(m.steps, chosen);
      // Steps drawn as buttons (Progressive Chess raisings and upgrades)
      // offer every whole move that goes on from the chosen squares.
      const choice = b.isChoice && m.steps && chosen.length && m.steps.length > chosen.length &&
        startsWith(m.steps, chosen) && b.isChoice(m.steps[chosen.length]);
      const label = b.label ? b.label(m.text, chosen) : m.text;
      if (!m.steps || done || choice) buttons += `<button id="${esc(actionId("move", m.text))}" data-move="${esc(m.text)}">${esc(label)}</button>`;
    }
  }
  // Claim-based games: reserve the next turn before thinking.
  if (replayPly === null && s.phase && s.phase.kind === "claim" && s.claim_hold_secs > 0 &&
      s.you.role === "seat" && s.to_act.includes(s.you.seat) && !s.claim)
    buttons = `<button id="claim">Claim the next turn (${s.claim_hold_secs} s)</button>` + buttons;
  const join = replayPly === null ? s.legal.find((m) => / join /.test(m)) : undefined;
  if (join && $("join").hidden) {
    const m = /^([^:]+): join (\S+) (\S+)$/.exec(join);
    $("colour").value = m[1]; $("army").value = m[3];
  }
  $("join").hidden = !join;
  patch($("choices"), buttons);
  if ($("claim")) $("claim").onclick = async () => {
    showAck("sending", "claim", "Sending your claim of the next turn…");
    try { arrived(await api("/claim", {})); showAck("in", "claim", "Your claim of the next turn is in"); }
    catch (e) { $("error").textContent = e.message; showAck("refused", "claim", `Your claim was refused (${e.message})`); }
  };
  for (const el of $("choices").querySelectorAll("button[data-move]")) el.onclick = () => play(el.dataset.move);
  patch($("legal"), s.legal.slice(0, 500).map((m) => `<option value="${esc(m)}">`).join(""));
  $("typed").hidden = s.you.role !== "seat";

  patch($("seats"), "<h3>Seats</h3>" + s.seats.map((seat) => {
    const colour = s.view.colours && seat.game_seat !== null ? ` (${s.view.colours[seat.game_seat]})` : "";
    const who = seat.bot ? `bot level ${seat.bot}` : "person";
    const mark = seat.to_act ? " ◀" : "";
    const me = s.you.seat === seat.seat ? " <b>you</b>" : "";
    return `<div>Seat ${seat.seat + 1}${colour}: ${who}${me}${mark}</div>`;
  }).join(""));

  patch($("leaderboard"), s.view.leaderboard
    ? "<h3>Leaderboard</h3><ol>" + s.view.leaderboard.map((p) => `<li>${esc(p.colour)}: ${p.score} (${p.points} points, ${p.territory} territory)</li>`).join("") + "</ol>"
    : "");

  const list = $("history").querySelector("ol");
  // Each viewer's own history: others' secret submissions show only as
  // "submitted ..." (or not at all); deadlines and host actions have no seat.
  const who = (h) => h.seat === null ? "·" : board().name ? board().name(h.seat) : `seat ${h.seat + 1}`;
  patch(list, s.history.map((h, i) => `<li id="ply-${i + 1}" data-ply="${i + 1}" class="${replayPly === i + 1 ? "shown" : ""}">${esc(who(h))}: ${esc(h.action)}</li>`).join(""));
  for (const el of list.querySelectorAll("li")) el.onclick = () => showPly(Number(el.dataset.ply));

  $("host").hidden = s.you.role !== "host";
  if (s.you.role === "host") {
    patch($("host-seats"), s.seats.map((seat) => seat.bot
      ? `<button id="host-human-${seat.seat}" data-human="${seat.seat}">Seat ${seat.seat + 1}: back to its player</button>`
      : `<button id="host-bot-${seat.seat}" data-bot="${seat.seat}">Seat ${seat.seat + 1}: hand to a bot</button>`).join("<br>"));
    for (const el of $("host-seats").querySelectorAll("button")) {
      el.onclick = () => el.dataset.bot !== undefined
        ? hostCommand({ command: "bot", seat: Number(el.dataset.bot), level: 3 })
        : hostCommand({ command: "human", seat: Number(el.dataset.human) });
    }
    $("host-extend").hidden = !s.deadline_ms;
    // The two players picked stay picked across frames (hostPicks).
    const pick = (id) => `<select id="${id}">${s.seats.map((x) => `<option ${hostPicks[id] === `P${x.seat + 1}` ? "selected" : ""}>P${x.seat + 1}</option>`).join("")}</select>`;
    patch($("host-game"), s.game === "knight-control" && s.status === "playing"
      ? `Communal garnet for ${pick("cg-a")} and ${pick("cg-b")} <button id="cg-go">Grant</button>`
      : "");
    if ($("cg-go")) $("cg-go").onclick = () => hostCommand({ command: "game", action: `communal ${$("cg-a").value} ${$("cg-b").value}` });
  }
  $("seed").textContent = s.seed ? `Seed ${s.seed} (commitment ${s.commitment})` : `Seed commitment ${s.commitment}`;
}

const hostPicks = { "cg-a": "P1", "cg-b": "P2" };
document.addEventListener("change", (e) => { if (e.target.id in hostPicks) hostPicks[e.target.id] = e.target.value; });

let replayView = null;
async function showPly(ply) {
  try {
    const data = await api(`/replay/${ply}`);  // built for this viewer
    replayPly = ply; replayView = data.view;
    $("replaying").hidden = false; $("ply").textContent = `after move ${ply}`;
    render(state);
  } catch (e) { $("error").textContent = e.message; }
}
$("live").onclick = () => { replayPly = null; $("replaying").hidden = true; render(state); };

async function hostCommand(body) {
  $("error").textContent = "";
  try { arrived(await api("/host", body)); } catch (e) { $("error").textContent = e.message; }
}
for (const el of document.querySelectorAll("#host [data-cmd]")) el.onclick = () => hostCommand({ command: el.dataset.cmd });
$("host-extend").onclick = () => hostCommand({ command: "extend", seconds: 60 });

$("typed").onsubmit = (e) => { e.preventDefault(); const t = $("action").value.trim(); if (t) { $("action").value = ""; play(t); } };

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  const ws = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws${q}`);
  ws.onmessage = (e) => {
    arrived(JSON.parse(e.data));
  };
  ws.onclose = () => setTimeout(connect, 1000);
}

api("").then(arrived).catch((e) => { $("error").textContent = e.message; });
connect();
