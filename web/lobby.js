// The lobby: choose a game, seats and bots, create it, hand out the links.
// Every game's option controls are drawn from the registry's data.
"use strict";
const $ = (id) => document.getElementById(id);
let kinds = [];

async function load() {
  const res = await fetch("/api/kinds");
  const data = await res.json();
  kinds = data.kinds;
  for (const k of kinds) $("game").add(new Option(k.name, k.id));
  $("game").onchange = refresh;
  $("seats").oninput = seatRows;
  refresh();
}

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
        o.values.map((v) => `<option${v === o.default ? " selected" : ""}>${esc(v)}</option>`).join("") +
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

// Changing the number of seats patches the list (web/patch.js): the seats
// already set up keep their choice; a new seat 2 starts as a level 3 bot.
function seatRows() {
  const n = Number($("seats").value) || 0;
  let html = "";
  for (let i = 0; i < n; i++) {
    const was = $(`seat-${i}`) ? $(`seat-${i}`).value : i === 1 ? "3" : "0";
    const option = (v, label) => `<option value="${v}"${v === was ? " selected" : ""}>${label}</option>`;
    html += `<label>Seat ${i + 1} <select id="seat-${i}" data-seat="${i}">` +
      option("0", "a person") + option("1", "bot, level 1") + option("2", "bot, level 2") + option("3", "bot, level 3") + `</select></label>`;
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
  const res = await fetch("/api/games", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: $("game").value, seats: n, bots, options,
      ...($("opt-hold") ? { claim_hold_secs: Number($("opt-hold").value) } : {}),
      ...(deadline > 0 ? { deadline_secs: deadline } : {}) }),
  });
  const data = await res.json();
  if (!res.ok) { $("error").textContent = data.error; return; }
  const abs = (link) => new URL(link, location.href).href;
  const row = (who, link) => `<tr><td>${who}</td><td><a href="${link}">${abs(link)}</a></td></tr>`;
  let rows = row("Host", data.host.link);
  for (const s of data.seats) rows += row(s.bot ? `Seat ${s.seat + 1} (bot ${s.bot})` : `Seat ${s.seat + 1}`, s.link);
  rows += row("Spectators", data.spectator.link);
  $("link-rows").innerHTML = rows;
  $("links").hidden = false;
};

load();
