// The lobby: choose a game, seats and bots, create it, hand out the links.
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

function refresh() {
  const k = kind();
  $("seats").min = k.min_seats;
  $("seats").max = Math.min(k.max_seats, 12);
  $("seats").value = Math.max(k.min_seats, Math.min(2, k.max_seats));
  $("options").innerHTML = (k.id === "tilechess"
    ? '<label>Blocks across <input id="opt-wide" type="number" min="1" max="20" value="6"></label>' +
      '<label>Blocks up <input id="opt-high" type="number" min="1" max="20" value="6"></label>' +
      '<label>A claim holds the next turn for <input id="opt-hold" type="number" min="0" max="86400" value="60"> s</label>'
    : k.id === "knight-control"
    ? '<label>Rounds <input id="opt-rounds" type="number" min="1" max="99" value="10"></label>'
    : (window.Clocks ? Clocks.lobbyOptions(k.id) : "")) +
    `<label>Deadline per ${k.id === "knight-control" ? "phase" : "turn"} <input id="opt-deadline" type="number" min="1" max="604800" ` +
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
  if ($("opt-wide")) { options.wide = Number($("opt-wide").value); options.high = Number($("opt-high").value); }
  if (window.Clocks) Clocks.readOptions(options);
  if ($("opt-rounds")) options.rules = { rounds: Number($("opt-rounds").value) };
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
