// The lobby: choose a game, seats and bots, create it, hand out the links.
// Every game's option controls are drawn from the registry's data.
"use strict";
const $ = (id) => document.getElementById(id);
let kinds = [];
let about = {};       // game id -> one line about it
let maxLevel = 3;     // the strongest bot level the server has
let publicUrl = null; // the server's --public-url, if set

async function load() {
  let data;
  try {
    const res = await fetch("/api/kinds");
    data = await res.json();
  } catch (e) {
    $("error").textContent = "The server cannot be reached, so no game can be created now. Reload the page in a moment.";
    return;
  }
  kinds = data.kinds;
  about = Object.fromEntries(data.about || []);
  maxLevel = data.max_bot_level || 3;
  publicUrl = data.public_url || null;
  for (const k of kinds) $("game").add(new Option(k.name, k.id));
  // "New game" at a table comes back here with its game chosen.
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && kinds.some((k) => k.id === wanted)) $("game").value = wanted;
  $("game").onchange = refresh;
  $("seats").oninput = seatRows;
  refresh();
  drawRecent();
  // Back to the lobby (a tab switched to, the installed app reopened):
  // where each table stands may have changed meanwhile.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) drawRecent(); });
}

// ---- Your tables (web/recent.js) ----------------------------------------

// Where a remembered game stands for its link's holder, in a few words;
// `null` for a table the server no longer knows, or whose link it refuses.
async function standing(entry) {
  let res;
  try {
    res = await fetch(`/api/games/${encodeURIComponent(entry.id)}`, { headers: { authorization: "Bearer " + entry.token } });
  } catch (_) {
    return { text: "the server cannot be reached" };
  }
  if (res.status === 404 || res.status === 401 || res.status === 403) return null;
  if (!res.ok) return { text: "not known now" };
  const s = await res.json();
  if (s.status === "ended") return { text: "ended by the host" };
  if (s.status === "over") {
    const said = (s.scene && s.scene.status || []).find((line) => line.startsWith("Game over"));
    return { text: said ? said.replace(/^Game over: /, "over: ") : "over" };
  }
  if (s.paused_since !== null && s.paused_since !== undefined) return { text: "paused" };
  const mine = entry.role === "seat" && s.seats[entry.seat] && s.seats[entry.seat].to_act;
  return mine ? { text: "your move", yours: true } : { text: "playing" };
}

// Lists the remembered tables, each with where it stands and a way to
// forget it; tables the server no longer knows are forgotten.
async function drawRecent() {
  const list = recentTables();
  const known = await Promise.all(list.map(async (entry) => ({ entry, now: await standing(entry) })));
  const rows = [];
  const shown = [];
  for (const { entry, now } of known) {
    if (!now) { forgetTable(entry); continue; }
    const game = kinds.find((k) => k.id === entry.game);
    const name = game ? game.name : entry.game;
    const who = entry.role === "host" ? "host" : seatLabelOf(game, entry.seat);
    const link = `/table/${encodeURIComponent(entry.id)}#${encodeURIComponent(entry.token)}`;
    const i = shown.length;
    shown.push(entry);
    rows.push(`<li><div><a href="${esc(link)}" id="recent-${i}">${esc(name)} · ${esc(who)}</a><br>` +
      `<span class="${now.yours ? "yours" : "standing"}">${esc(now.text)}</span></div>` +
      `<button type="button" class="forget" data-i="${i}" aria-label="Forget ${esc(name)} · ${esc(who)}">Forget</button></li>`);
  }
  $("recent-list").innerHTML = rows.join("");
  $("recent").hidden = rows.length === 0;
  for (const el of document.querySelectorAll("#recent-list button.forget")) {
    el.onclick = () => { forgetTable(shown[Number(el.dataset.i)]); drawRecent(); };
  }
}

// The default opponent: a middle-level bot, not the strongest.
function defaultLevel() { return String(Math.max(1, Math.ceil(maxLevel / 2))); }

function kind() { return kinds.find((k) => k.id === $("game").value); }

function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// A control's id: "opt-" and the option's key without a unit suffix
// ("step_secs" -> "opt-step"), so a group's fields read like the rest.
function optId(key) { return "opt-" + key.replace(/_secs$/, ""); }

// The controls of one option, drawn from the registry's data
// (GET /api/kinds: type, default and bounds).
function control(o) {
  const id = optId(o.key);
  const label = esc(o.label);
  switch (o.type) {
    case "int":
      return `<label>${label} <input id="${id}" type="number" min="${o.min}" max="${o.max}" value="${o.default}"></label>`;
    case "limit": // a house rule, off unless set
      return `<label>${label} <input id="${id}" type="number" min="${o.min}" max="${o.max}" placeholder="no limit" ` +
        `data-suggest="${o.suggested}"></label>`;
    case "moment": // a house rule, off unless set
      return `<label>${label} <input id="${id}" type="datetime-local" data-suggest-minutes="${o.suggested_minutes}"></label>`;
    case "bool":
      return `<label><input id="${id}" type="checkbox"${o.default ? " checked" : ""}> ${label}</label>`;
    case "choice":
      return `<label>${label} <select id="${id}">` +
        o.values.map((v, k) => `<option value="${esc(v)}"${v === o.default ? " selected" : ""}>${esc(o.labels?.[k] ?? v)}</option>`).join("") +
        "</select></label>";
    case "text":
      return `<label>${label} <input id="${id}" type="text" placeholder="${esc(o.placeholder)}"></label>`;
    case "group":
      return (o.toggle ? `<label><input id="${id}" type="checkbox"> ${label}</label>` : "") +
        `<fieldset class="option-group"${o.toggle ? "" : `><legend>${label}</legend`}>` +
        o.fields.map(control).join("") + "</fieldset>";
    default:
      return ""; // documents (a layout file) have no control
  }
}

// The value of one option's controls, or undefined to leave it out.
function valueOf(o) {
  const el = $(optId(o.key));
  switch (o.type) {
    case "int": case "limit": return el.value === "" ? undefined : Number(el.value);
    case "moment": return el.value === "" ? undefined : new Date(el.value).getTime();
    case "bool": return el.checked;
    case "choice": return el.value;
    case "text": return el.value.trim() === "" ? undefined : el.value.trim();
    case "group": {
      if (o.toggle && !el.checked) return undefined;
      const fields = {};
      for (const f of o.fields) {
        const v = valueOf(f);
        if (v !== undefined) fields[f.key] = v;
      }
      return fields;
    }
    default: return undefined;
  }
}

function refresh() {
  const k = kind();
  $("about").innerHTML = `${esc(about[k.id] || "")} <a href="/rules/${esc(k.id)}" target="_blank" rel="noopener">How to play ${esc(k.name)}</a>`;
  $("seats").min = k.min_seats;
  $("seats").max = Math.min(k.max_seats, 12);
  $("seats").value = Math.max(k.min_seats, Math.min(2, k.max_seats));
  $("options").innerHTML = k.options.map(control).join("") +
    (k.growing
      ? '<label>A claim holds the next turn for <input id="opt-hold" type="number" min="0" max="86400" value="60"> s</label>'
      : "") +
    `<label>Deadline per ${esc(k.deadline_per)} <input id="opt-deadline" type="number" min="1" max="604800" ` +
    `placeholder="none" value="${k.default_deadline_secs || ""}"> s</label>`;
  seatRows();
}

// A seat as the table names it: its number, and the game's name for it
// where the game has one before play (Seat 1 (White)).
function seatLabelOf(game, seat, extra) {
  const name = ((game && game.seat_names) || [])[seat];
  const said = [name, extra].filter(Boolean).join(", ");
  return `Seat ${seat + 1}` + (said ? ` (${said})` : "");
}
function seatLabel(seat, extra) { return seatLabelOf(kind(), seat, extra); }

// Changing the number of seats patches the list (web/patch.js): the seats
// already set up keep their choice; a new seat 2 starts as a level 3 bot.
function seatRows() {
  const n = Number($("seats").value) || 0;
  let html = "";
  for (let i = 0; i < n; i++) {
    const was = $(`seat-${i}`) ? $(`seat-${i}`).value : i === 1 ? defaultLevel() : "0";
    const option = (v, label) => `<option value="${v}"${v === was ? " selected" : ""}>${label}</option>`;
    let levels = "";
    for (let l = 1; l <= maxLevel; l++) levels += option(String(l), `bot, level ${l}${l === 1 ? " (easiest)" : l === maxLevel ? " (strongest)" : ""}`);
    html += `<label>${esc(seatLabel(i))} <select id="seat-${i}" data-seat="${i}">` +
      option("0", "a person") + levels + `</select></label>`;
  }
  patch($("seat-list"), html);
  $("seat-list").onchange = suggestEnds;
  suggestEnds();
}

// A game of bots only may never end by itself (Tilechess): fill in the
// house rules' suggested limits (the registry's data), and take back the
// suggestions (never the host's own values) once a person sits down.
function suggestEnds() {
  const n = Number($("seats").value) || 0;
  let allBots = n > 0;
  for (let i = 0; i < n; i++) if ($(`seat-${i}`) && $(`seat-${i}`).value === "0") allBots = false;
  for (const input of document.querySelectorAll("#options [data-suggest], #options [data-suggest-minutes]")) {
    const value = input.dataset.suggest !== undefined
      ? input.dataset.suggest
      : localTime(Date.now() + Number(input.dataset.suggestMinutes) * 60000);
    if (allBots && input.value === "") { input.value = value; input.dataset.suggested = "yes"; }
    if (!allBots && input.dataset.suggested === "yes") { input.value = ""; delete input.dataset.suggested; }
    input.oninput = () => delete input.dataset.suggested;
  }
}

// A time as a datetime-local input's value, in the browser's time zone.
function localTime(ms) {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

$("go").onclick = async () => {
  $("error").textContent = "";
  const n = Number($("seats").value);
  const bots = [];
  for (let i = 0; i < n; i++) {
    const level = Number($(`seat-${i}`).value);
    if (level > 0) bots.push({ seat: i, level });
  }
  const options = {};
  for (const o of kind().options) {
    const v = valueOf(o);
    if (v !== undefined) options[o.key] = v;
  }
  const deadline = Number($("opt-deadline").value);
  let res, data;
  try {
    res = await fetch("/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: $("game").value, seats: n, bots, options,
        ...($("opt-hold") ? { claim_hold_secs: Number($("opt-hold").value) } : {}),
        ...(deadline > 0 ? { deadline_secs: deadline } : {}) }),
    });
    data = await res.json();
  } catch (e) {
    $("error").textContent = "The game was not created: the server cannot be reached. Check that it is running and try again.";
    return;
  }
  if (!res.ok) { $("error").textContent = `The game was not created: ${data.error}`; return; }
  // The host's link is kept in this browser, so the host can come back to it.
  rememberTable({ id: data.id, token: data.host.token, game: data.game, role: "host", seat: null });
  showLinks(data);
  drawRecent();
};

// The links, each with a copy button and a QR code, and the invitation.
// With the server's public address the links are absolute already;
// without it they are made absolute from the address this page was opened at.
function showLinks(data) {
  const abs = (link) => new URL(link, location.href).href;
  const rows = [];
  const row = (who, link, qr) => {
    const url = abs(link);
    const i = rows.length;
    rows.push(`<tr><td>${esc(who)}</td><td><a class="link-text" id="link-${i}" href="${esc(url)}">${esc(url)}</a>` +
      `<button type="button" class="copy" data-copy="${esc(url)}" id="copy-${i}" aria-label="Copy the link of ${esc(who)}">Copy</button> <span class="copied" role="status"></span>` +
      (qr ? `<details><summary>QR code</summary><img class="qr" alt="QR code of the link of ${esc(who)}" src="/api/qr?text=${encodeURIComponent(url)}"></details>` : "") +
      `</td></tr>`);
    return url;
  };
  row("Host", data.host.link, false);
  const people = [];
  for (const s of data.seats) {
    const url = row(seatLabel(s.seat, s.bot ? `bot level ${s.bot}` : ""), s.link, !s.bot);
    if (!s.bot) people.push(`${seatLabel(s.seat)}: ${url}`);
  }
  const watch = row("Spectators", data.spectator.link, true);
  $("link-rows").innerHTML = rows.join("");
  for (const el of document.querySelectorAll("#link-rows button.copy")) el.onclick = () => copy(el.dataset.copy, el.nextElementSibling);
  const name = kind().name;
  $("invite").value = `Come and play ${name} with me on Arbiter. Take one seat: open its link, it is your place at the table (keep it to yourself).\n` +
    people.join("\n") + `\nTo watch: ${watch}\nRules: ${abs("/rules/" + data.game)}`;
  const local = /^(127\.|localhost|\[::1\])/.test(new URL(abs(data.spectator.link)).hostname);
  $("link-warning").hidden = !local;
  $("link-warning").textContent = local
    ? "These links point at this computer (localhost), so only you can open them. To let friends in, start the server with --addr 0.0.0.0:8080 and --public-url (see the README)."
    : "";
  $("links").hidden = false;
}

async function copy(text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = "Copied";
  } catch (_) {
    // No clipboard (an http page): select the text for a manual copy.
    said.textContent = "Select the text and copy it";
  }
}
$("copy-invite").onclick = () => { $("invite").select(); copy($("invite").value, $("copied")); };

load();
