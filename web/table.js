// The table page: draws this viewer's state, lets a seat click (or tap)
// its legal moves (all computed by the server), and follows the game over
// WebSocket. Every redraw patches the page (web/patch.js) so that a live
// frame never takes away what the player is typing or clicking.
"use strict";
const $ = (id) => document.getElementById(id);
const gameId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
// The token is the link's part after '#': another link to the same table
// pasted into this tab (the host's after a seat's) changes only that part,
// which browsers do not reload for, so the page reloads itself as that
// link's holder.
window.addEventListener("hashchange", () => location.reload());
const auth = token ? { authorization: "Bearer " + token } : {};
let state = null;      // the newest snapshot for this viewer
let chosen = [];       // keys clicked so far
let replayPly = null;  // a history ply being shown, or null for live
let flipped = null;    // the player's own choice of orientation, or null for the default
let zoom = 1;          // the zoom of the large boards
let kindNames = {};    // game id -> name, from /api/kinds

// The server's clock: every answer carries its time (x-server-now-ms), and
// the page keeps the difference to its own. Countdowns use serverNow(); the
// browser's clock only moves them on between answers.
let clockOffset = 0;
function serverNow() { return Date.now() + clockOffset; }
function syncClock(res, sentAt) {
  const at = Number(res.headers.get("x-server-now-ms"));
  if (at > 0) clockOffset = at - (sentAt + Date.now()) / 2;
}

// A failed request in plain words: the network, or what the server said.
function plainError(e, what) {
  if (e.network) return `${what}: the server cannot be reached (it may be restarting, or your connection is down). Try again in a moment.`;
  return `${what}: ${e.message}`;
}

async function api(path, body) {
  const sentAt = Date.now();
  let res;
  try {
    res = await fetch(`/api/games/${gameId}${path}`, body === undefined
      ? { headers: auth }
      : { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch (_) {
    throw Object.assign(new Error("the server cannot be reached"), { network: true });
  }
  syncClock(res, sentAt);
  let data;
  try { data = await res.json(); } catch (_) { data = { error: `the server answered ${res.status} ${res.statusText}` }; }
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
    // The reason once, in the error line; the acknowledgement only says
    // that nothing was played.
    $("error").textContent = plainError(e, `Your move ${text} was not played`);
    showAck("refused", text, `Refused: ${text}; nothing of it was played`);
    refusedAt = state ? state.version : 0;
    render(state);
    return null;
  }
}

// The version of the game a refusal was told at. Once the game moves on
// (the opponent moves, the step changes) the refusal is old news, and
// "White is to move" would contradict the turn line: it is cleared.
let refusedAt = null;
function forgetOldRefusal(s) {
  if (refusedAt === null || s.version <= refusedAt) return;
  refusedAt = null;
  $("error").textContent = "";
  const ack = $("ack");
  if (ack.dataset.state === "refused") { ack.textContent = ""; ack.className = "ack"; }
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
  const was = state;
  // Squares already clicked stay chosen while they still begin a legal move.
  state = s;
  forgetOldRefusal(s);
  if (chosen.length && !moves().some((m) => m.steps && m.steps.length >= chosen.length && startsWith(m.steps, chosen))) chosen = [];
  render(s);
  if (window.Signals) Signals.changed(was, s);
}

// ---- Who is who --------------------------------------------------------

// This viewer's game seat (a colour in Tilechess), or null.
function mySeat(s) {
  if (s.you.role !== "seat") return null;
  const seat = s.seats[s.you.seat];
  return seat ? seat.game_seat : null;
}

// The name of game seat `i` in the game's own words.
function seatName(s, i) {
  const b = Boards[s.game];
  return b.seatName ? b.seatName(s, i) : `seat ${i + 1}`;
}

// The name of server seat `k` (a link's seat) in the game's own words.
function serverSeatName(s, k) {
  const seat = s.seats[k];
  if (seat && seat.game_seat !== null && seat.game_seat !== undefined) return seatName(s, seat.game_seat);
  return Boards[s.game].name ? Boards[s.game].name(k) : `seat ${k + 1}`;
}

function youLine(s) {
  if (s.you.role === "host") return "You are the <b>host</b> of this game.";
  if (s.you.role === "spectator") return "You are <b>watching</b> this game.";
  const b = board();
  const side = b.yourSide ? b.yourSide(s) : serverSeatName(s, s.you.seat);
  return `You play <b>${esc(side)}</b>.`;
}

// Whether the board is drawn turned around: the player's choice, else
// facing the viewer's side.
function isFlipped(s) {
  if (flipped !== null) return flipped;
  const b = board();
  return b.faces ? b.faces(s) : false;
}

// The history without the "(time: …)" note.
function bare(action) { return action.replace(/ \(time: played for P\d+\)$/, ""); }

// ---- Time ---------------------------------------------------------------

function mmss(ms) {
  const t = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
  return (h ? `${h}:${String(m).padStart(2, "0")}` : `${m}`) + `:${String(sec).padStart(2, "0")}`;
}

// The deadline and the claim as countdowns, from the server's time.
function drawCountdown() {
  const s = state;
  const el = $("countdown");
  if (!s) return;
  const parts = [];
  if (s.status === "paused") parts.push("The host has paused the game: the clocks stand still.");
  else if (s.status === "playing") {
    if (s.deadline_ms) {
      const who = s.to_act.length && s.game !== "knight-control"
        ? (s.you.role === "seat" && s.to_act.includes(s.you.seat) ? "you" : s.to_act.map((k) => serverSeatName(s, k)).join(", "))
        : null;
      const per = s.game === "knight-control" ? "this step ends" : who === "you" ? "your time to move" : who ? `${who} to move within` : "deadline";
      parts.push(`<span id="deadline">${esc(per)}: <span class="t">${mmss(s.deadline_ms - serverNow())}</span></span>`);
    }
    if (s.claim) parts.push(`<span id="claim-left">${esc(serverSeatName(s, s.claim.seat))} holds the next turn for <span class="t">${mmss(s.claim.until_ms - serverNow())}</span></span>`);
  }
  patch(el, parts.join(" · "));
}
setInterval(drawCountdown, 250);

// ---- Drawing ------------------------------------------------------------

// esc(): boards.js.

// The result in this viewer's words: "You won", "You lost", "Draw", and why.
function resultText(s) {
  if (s.status === "ended" && !s.outcome) return { cls: "draw", text: "The host ended the game." };
  if (!s.outcome) return null;
  const results = s.outcome.results;
  const winners = results.map((r, i) => (r.rank === 1 ? i : null)).filter((i) => i !== null);
  const why = window.Social ? Social.why(s) : s.outcome.reason ? ` (${s.outcome.reason})` : "";
  const me = mySeat(s);
  if (winners.length === results.length) return { cls: "draw", text: `Draw${why}` };
  if (me !== null && me !== undefined && results[me]) {
    const r = results[me];
    if (r.rank === 1) return { cls: "won", text: `You won${why}` };
    if (results.length > 2) return { cls: "lost", text: `You lost: place ${r.rank} of ${results.length}${why}` };
    return { cls: "lost", text: `You lost${why}` };
  }
  const words = resultWords(s);
  return { cls: "draw", text: words[0].toUpperCase() + words.slice(1) };
}

// The result as the game's pictures and the chat webhooks say it: who
// came first, by game seat (a colour in Tilechess), and why ("Ohs wins by
// resignation", "draw by agreement", "P1 and P3 share first place: …"; a
// reason of more than one word after a colon).
function resultWords(s) {
  const winners = s.outcome.results.map((r, i) => (r.rank === 1 ? seatName(s, i) : null)).filter((w) => w !== null);
  const reason = s.outcome.reason;
  const why = (lead) => (reason.includes(" ") ? `${lead}: ${reason}` : `${lead} by ${reason}`);
  if (winners.length === s.outcome.results.length) return why("draw");
  if (winners.length === 1) return why(`${winners[0]} wins`);
  return `${winners.slice(0, -1).join(", ")} and ${winners[winners.length - 1]} share first place: ${reason}`;
}

function render(s) {
  state = s;
  const over = s.status === "over" || s.status === "ended";
  const name = kindNames[s.game] || s.game;
  $("title").textContent = name;
  $("rules-link").href = `/rules/${s.game}`;
  $("rules-link").textContent = "Rules";
  $("you").innerHTML = youLine(s);
  let status = s.status;
  if (s.outcome) status = `Game over: ${resultWords(s)}`;
  else if (s.status === "ended") status = "Game over: the host ended the game";
  if (s.claim) status += ` · ${serverSeatName(s, s.claim.seat)} has claimed the next turn`;
  if (s.you.role === "seat" && s.legal.length) status += " · your move";
  $("status").textContent = status;
  $("waiting").textContent = over ? "" : waitingLine(s);
  // A move's acknowledgement is news only while the game goes on; after
  // the end the banner says what happened. A refusal stays: it says why a
  // late click did nothing.
  $("ack").hidden = over && $("ack").dataset.state !== "refused";
  const result = resultText(s);
  $("result").hidden = !result;
  if (result) { $("result").textContent = result.text; $("result").className = `banner result ${result.cls}`; }
  // The analysis board, beside the banner (not inside it: the banner says
  // only the result).
  $("analyse").hidden = !over;
  if (over) $("analyse-game").href = analysisHref(s, s.history.length);
  $("over").hidden = !over;
  $("new-game").href = `/?game=${encodeURIComponent(s.game)}`;
  if (window.Clocks) Clocks.render(s);
  if (window.Social) Social.render(s);
  drawCountdown();

  // The board is drawn from the scene of the position shown (the live one,
  // or the replay's), which the server built for this viewer.
  const view = replayPly === null ? s.view : replayView;
  const scene = replayPly === null ? s.scene : replayScene;
  const ui = replayPly === null ? clickModel() : { chosen: [], next: new Set(), first: new Set() };
  ui.flip = isFlipped(s);
  const b = board();
  $("zoom").hidden = !b.zoomable;
  $("board").classList.toggle("zoomable", !!b.zoomable);
  patch($("board"), b.render(view, ui, scene));
  const svg = $("board").querySelector("svg");
  if (svg && b.zoomable) svg.style.width = `${zoom * 100}%`;
  for (const el of $("board").querySelectorAll("[data-key]")) el.onclick = () => onClick(el.dataset.key);
  patch($("legend"), b.legend ? b.legend(s) : "");

  // Games with their own panel (Knight Control) draw and wire it themselves.
  const panel = b.panel;
  patch($("kc"), panel ? panel(s) : "");
  if (panel) b.wire(s);

  // Moves that are not clicks (pass, break) or that end a longer chain.
  let buttons = "";
  if (replayPly === null && !panel) {
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
      s.you.role === "seat" && s.to_act.includes(s.you.seat) && !s.claim && s.legal.some((m) => !/ join /.test(m)))
    buttons = `<button id="claim">Claim the next turn (${s.claim_hold_secs} s)</button>` + buttons;
  fillJoin(replayPly === null ? s.legal.find((m) => / join /.test(m)) : undefined);
  patch($("choices"), over ? "" : buttons);
  if ($("claim")) $("claim").onclick = async () => {
    $("error").textContent = "";
    showAck("sending", "claim", "Sending your claim of the next turn…");
    try { arrived(await api("/claim", {})); showAck("in", "claim", "Your claim of the next turn is in"); }
    catch (e) { $("error").textContent = plainError(e, "Your claim was not made"); showAck("refused", "claim", "Your claim was refused"); refusedAt = state.version; }
  };
  for (const el of $("choices").querySelectorAll("button[data-move]")) el.onclick = () => play(el.dataset.move);
  patch($("legal"), s.legal.slice(0, 500).map((m) => `<option value="${esc(m)}">`).join(""));
  // A panel with its own typed box (Knight Control's item steps) needs no second one.
  $("typed").hidden = s.you.role !== "seat" || over || !!document.getElementById("kc-typed");

  // A seat as the lobby named it: its number and, once it has one, its side.
  const seatWords = (seat) => `Seat ${seat.seat + 1}` + (seat.game_seat !== null ? ` (${esc(seatName(s, seat.game_seat))})` : "");
  patch($("seats"), "<h3>Seats</h3>" + s.seats.map((seat) => {
    const who = seat.bot ? `bot level ${seat.bot}` : "person";
    // Knight Control's sealed steps: a player sees only their own mark.
    const sealed = s.game === "knight-control" && s.you.role === "seat" && s.you.seat !== seat.seat;
    const mark = seat.to_act && !over && !sealed ? ' <span aria-label="to act">◀</span>' : "";
    const me = s.you.seat === seat.seat ? " <b>you</b>" : "";
    return `<div>${seatWords(seat)}: ${who}${me}${mark}</div>`;
  }).join(""));

  patch($("house"), over || !board().houseRules ? "" : board().houseRules(s));
  patch($("leaderboard"), s.view.leaderboard && s.view.leaderboard.length
    ? "<h3>Leaderboard</h3><ol>" + s.view.leaderboard.map((p) => `<li>${esc(p.colour)}: ${p.score} (${p.points} points, ${p.territory} territory)</li>`).join("") + "</ol>"
    : "");

  drawHistory(s);

  $("host").hidden = s.you.role !== "host";
  $("host-controls").hidden = over;
  if (s.you.role === "host" && !over) {
    patch($("host-seats"), s.seats.map((seat) => seat.bot
      ? `<button id="host-human-${seat.seat}" data-human="${seat.seat}">${seatWords(seat)}: back to its player</button>`
      : `<button id="host-bot-${seat.seat}" data-bot="${seat.seat}">${seatWords(seat)}: hand to a bot</button>`).join("<br>"));
    for (const el of $("host-seats").querySelectorAll("button")) {
      el.onclick = () => el.dataset.bot !== undefined
        ? hostCommand({ command: "bot", seat: Number(el.dataset.bot), level: Number($("host-level").value) })
        : hostCommand({ command: "human", seat: Number(el.dataset.human) });
    }
    $("host-extend").hidden = !s.deadline_ms;
    // Only the command that applies now: Pause while the game runs,
    // Resume while it is paused (the other would be refused).
    document.querySelector('#host [data-cmd="pause"]').hidden = s.status === "paused";
    document.querySelector('#host [data-cmd="resume"]').hidden = s.status !== "paused";
    // The two players picked stay picked across frames (hostPicks).
    const pick = (id) => `<select id="${id}" aria-label="Player">${s.seats.map((x) => `<option ${hostPicks[id] === `P${x.seat + 1}` ? "selected" : ""}>P${x.seat + 1}</option>`).join("")}</select>`;
    patch($("host-game"), s.game === "knight-control" && s.status === "playing"
      ? `Communal garnet for ${pick("cg-a")} and ${pick("cg-b")} <button id="cg-go">Grant</button>`
      : "");
    if ($("cg-go")) $("cg-go").onclick = () => hostCommand({ command: "game", action: `communal ${$("cg-a").value} ${$("cg-b").value}` });
  }
  $("seed").textContent = s.seed ? `Seed ${s.seed} (commitment ${s.commitment})` : `Seed commitment ${s.commitment}`;
}

// Who the game waits for. In Knight Control's sealed steps a player is
// told only about themself.
function waitingLine(s) {
  if (s.status === "paused") return "Waiting for: the host to resume the game";
  if (s.status !== "playing") return "";
  if (!s.to_act.length) return "Waiting for: the server to go on";
  const mine = s.you.role === "seat" && s.to_act.includes(s.you.seat);
  if (s.game === "knight-control" && s.phase && s.phase.kind === "simultaneous" && s.you.role === "seat")
    return mine ? "Waiting for: you" : "Waiting for: the others (you are done with this step)";
  const names = s.to_act.map((k) => (s.you.role === "seat" && k === s.you.seat ? "you"
    : serverSeatName(s, k) + (s.seats[k] && s.seats[k].bot ? " (a bot, thinking)" : "")));
  return `Waiting for: ${names.join(s.phase && s.phase.kind === "claim" ? " or " : ", ")}`;
}

// Tilechess: the join box follows the colour and army the server offers
// now, unless the player has typed their own (a second player's page would
// otherwise keep offering the colour the first one just took).
const joinSuggested = { colour: null, army: null };
function fillJoin(join) {
  $("join").hidden = !join;
  if (!join) return;
  const m = /^([^:]+): join (\S+) (\S+)$/.exec(join);
  for (const [field, value] of [["colour", m[1]], ["army", m[3]]]) {
    const el = $(field);
    const untouched = el.value === "" || el.value === joinSuggested[field];
    if (untouched && document.activeElement !== el) el.value = value;
    joinSuggested[field] = value;
  }
}

// The history as entries: a Progressive Chess turn sent as two steps (the
// move "b1b2+?", then its upgrade) is one entry, numbered by its last step.
function historyEntries(s) {
  const out = [];
  s.history.forEach((h, i) => {
    const prev = out[out.length - 1];
    if (prev && prev.pending && h.seat === prev.seat && bare(h.action).startsWith(prev.move)) {
      prev.action = h.action; prev.ply = i + 1; prev.pending = false;
      return;
    }
    const m = /^(\S+)\+\?$/.exec(bare(h.action));
    out.push({ seat: h.seat, side: h.side, action: m ? `${m[1]} …` : h.action, ply: i + 1, pending: !!m, move: m ? m[1] : null });
  });
  return out;
}

// The analysis board of a finished game after `ply` entries (web/analysis.js).
function analysisHref(s, ply) { return `/analysis/${s.id}?ply=${ply}${token ? "#" + token : ""}`; }

function drawHistory(s) {
  const list = $("history").querySelector("ol");
  // Each viewer's own history: others' secret submissions show only as
  // "submitted ..." (or not at all); deadlines and host actions have no seat.
  // An entry with no seat (a deadline, a resignation, a host action) says
  // who it concerns itself. Tilechess actions begin with their colour
  // already: it is not said twice.
  const line = (h) => {
    // The server writes a resignation by seat number ("seat 1 resigns");
    // the table names the side, as in the banner ("Eks resigns").
    const resigned = h.seat === null && /^seat (\d+) resigns$/.exec(h.action);
    if (resigned) return `${serverSeatName(s, Number(resigned[1]) - 1)} resigns`;
    if (h.seat === null) return h.action;
    // An entry made under another name keeps it (a Progressive Chess
    // match's first game, once the colours swapped for the second).
    const who = h.side || serverSeatName(s, h.seat);
    return h.action.startsWith(who + ": ") ? h.action : `${who}: ${h.action}`;
  };
  const entries = historyEntries(s);
  // Where the seats' names changed (a Progressive Chess match's game 2,
  // whose entries need no name of their own), a line between the games.
  const newGame = (h, i) => h.seat !== null && !h.side && i > 0 && !!entries[i - 1].side;
  patch(list, entries.map((h, i) => {
    const timeout = / \(time: played for P\d+\)$/.test(h.action);
    return `<li id="ply-${h.ply}" data-ply="${h.ply}" class="${replayPly === h.ply ? "shown" : ""}${timeout ? " timeout" : ""}${newGame(h, i) ? " new-game" : ""}">${esc(line(h))}</li>`;
  }).join(""));
  for (const el of list.querySelectorAll("li")) el.onclick = () => showPly(Number(el.dataset.ply));
  const shown = replayPly === null ? s.history.length : replayPly;
  // One link from the history to the analysis board, for the position the
  // board shows (each entry's row stays one click target: it shows that ply).
  const finished = s.status === "over" || s.status === "ended";
  $("analyse-shown-line").hidden = !finished;
  if (finished) $("analyse-shown").href = analysisHref(s, shown);
  $("h-start").disabled = shown === 0;
  $("h-prev").disabled = shown === 0;
  $("h-next").disabled = replayPly === null;
  $("h-end").disabled = replayPly === null;
}

// The plies the history buttons step through: the entries' plies, and 0.
function stepPly(delta) {
  if (!state) return;
  const plies = [0, ...historyEntries(state).map((h) => h.ply)];
  const at = replayPly === null ? state.history.length : replayPly;
  let i = plies.indexOf(at);
  if (i < 0) i = plies.findIndex((p) => p > at) - (delta > 0 ? 1 : 0);
  const next = plies[Math.max(0, Math.min(plies.length - 1, i + delta))];
  if (next >= state.history.length) goLive(); else showPly(next);
}

const hostPicks = { "cg-a": "P1", "cg-b": "P2" };
document.addEventListener("change", (e) => { if (e.target.id in hostPicks) hostPicks[e.target.id] = e.target.value; });

let replayView = null, replayScene = null;
async function showPly(ply) {
  $("history-error").textContent = "";
  try {
    const data = await api(`/replay/${ply}`);  // built for this viewer
    replayPly = ply; replayView = data.view; replayScene = data.scene;
    $("replaying").hidden = false; $("ply").textContent = ply === 0 ? "the start" : `after move ${ply}`;
    render(state);
  } catch (e) { $("history-error").textContent = plainError(e, "That move cannot be shown"); }
}
function goLive() { replayPly = null; $("replaying").hidden = true; if (state) render(state); }
$("live").onclick = goLive;
$("h-start").onclick = () => showPly(0);
$("h-prev").onclick = () => stepPly(-1);
$("h-next").onclick = () => stepPly(1);
$("h-end").onclick = goLive;
document.addEventListener("keydown", (e) => {
  if (e.target.closest && e.target.closest("input, textarea, select")) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const keys = { ArrowLeft: () => stepPly(-1), ArrowRight: () => stepPly(1), Home: () => showPly(0), End: goLive };
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});

$("flip").onclick = () => { flipped = !isFlipped(state); render(state); };
$("zoom-in").onclick = () => { zoom = Math.min(4, zoom * 1.5); render(state); };
$("zoom-out").onclick = () => { zoom = Math.max(1, zoom / 1.5); render(state); };

async function hostCommand(body) {
  $("host-error").textContent = "";
  try { arrived(await api("/host", body)); } catch (e) { $("host-error").textContent = plainError(e, "The host command was not carried out"); }
}
for (const el of document.querySelectorAll("#host [data-cmd]")) el.onclick = () => hostCommand({ command: el.dataset.cmd });
$("host-extend").onclick = () => hostCommand({ command: "extend", seconds: 60 });

$("typed").onsubmit = (e) => { e.preventDefault(); const t = $("action").value.trim(); if (t) { $("action").value = ""; play(t); } };

// The live socket. While it is down a banner says so; on reconnecting the
// page asks for the whole snapshot (catch-up), then frames follow.
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  // Frames come gzipped where the browser can unpack them (a long
  // Tilechess state is about a twelfth of its size so), as text elsewhere.
  const gzip = "DecompressionStream" in window;
  const ws = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws${q}`, gzip ? ["arbiter.gzip"] : []);
  ws.binaryType = "arraybuffer";
  // Unpacking takes a moment: frames are handled in the order they came.
  let unpacked = Promise.resolve();
  let opened = false;
  ws.onopen = () => {
    opened = true;
    $("conn").hidden = true;
    api("").then(arrived).catch(() => {});
  };
  ws.onmessage = (e) => {
    if (typeof e.data === "string") { arrived(JSON.parse(e.data)); return; }
    const text = new Response(new Blob([e.data]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    unpacked = unpacked.then(() => text).then((t) => arrived(JSON.parse(t))).catch((err) => console.error("a live frame could not be read", err));
  };
  ws.onclose = () => {
    $("conn").hidden = false;
    setTimeout(connect, opened ? 500 : 1500);
  };
}

fetch("/api/kinds").then((r) => r.json()).then((d) => {
  for (const k of d.kinds) kindNames[k.id] = k.name;
  if (state) render(state);
}).catch(() => {});
// Only once every script has run: a snapshot that came back while a later
// script (a game's board) was still loading found no board to draw with.
function start() {
  api("").then((s) => {
    // A seat's or the host's link is remembered in this browser for the
    // lobby's "Your tables" (web/recent.js); a spectator's has no token.
    if (token && (s.you.role === "seat" || s.you.role === "host")) {
      rememberTable({ id: s.id, token, game: s.game, role: s.you.role, seat: s.you.role === "seat" ? s.you.seat : null });
    }
    arrived(s);
    connect();
  }).catch((e) => {
    const said = plainError(e, "The game could not be loaded");
    // The server is down: say so, and keep trying (the live socket catches
    // up once it is back).
    if (e.network) { $("error").textContent = said; connect(); return; }
    // No such table, or a link the table does not know: nothing else on
    // the page would work, so it says only that.
    document.querySelector("header").innerHTML = `<a href="/">Arbiter</a> · no table here`;
    document.querySelector("main").innerHTML = `<section class="play gone"><p class="error" id="error" role="alert">${esc(said)}</p>` +
      `<p>Check the link you were sent: a seat's link is the whole address, with the part after the <code>#</code>.</p>` +
      `<p><a class="button" href="/">Start a new game</a></p></section>`;
  });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
