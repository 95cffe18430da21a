// The analysis board (docs/analysis.md): the engine's best action, best
// line and evaluation at any position of a finished game, and for Knight
// Court the solved table's value of every move. One request per position,
// GET /api/games/{id}/analysis?ply=N, with the link's token if any.
"use strict";
const id = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const auth = token ? { authorization: "Bearer " + token } : {};
const $ = (x) => document.getElementById(x);
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
let ply = Number(new URLSearchParams(location.search).get("ply") || 0);
let entries = null;

$("table-link").href = `/table/${id}${token ? "#" + token : ""}`;

async function load() {
  $("a-status").textContent = "Thinking…";
  $("a-error").textContent = "";
  history.replaceState(null, "", `?ply=${ply}${location.hash}`);
  // The picture as this link's holder sees it (an <img> sends no token).
  fetch(`/api/games/${id}/board.svg?ply=${ply}`, { headers: auth })
    .then((r) => (r.ok ? r.blob() : null))
    .then((b) => {
      // No picture for a position the game never reached: no empty frame.
      const img = $("a-board");
      img.hidden = !b;
      if (b) img.src = URL.createObjectURL(b);
      else img.removeAttribute("src");
    });
  const r = await fetch(`/api/games/${id}/analysis?ply=${ply}`, { headers: auth });
  const a = await r.json();
  if (!r.ok) { $("a-status").textContent = ""; $("a-error").textContent = a.error; return; }
  entries = a.entries;
  $("a-where").textContent = `after ${a.ply} of ${a.entries} entries`;
  $("a-start").disabled = $("a-prev").disabled = a.ply === 0;
  $("a-next").disabled = $("a-end").disabled = a.ply === a.entries;
  if (a.over) {
    $("a-status").textContent = "The game is over here.";
    $("a-best").innerHTML = $("a-line").innerHTML = $("a-line-end").innerHTML = $("a-exact").innerHTML = "";
    return;
  }
  $("a-status").textContent = `Thought for at most ${a.cap_ms / 1000} s.`;
  $("a-best").innerHTML = a.seats.map((s) => s.hidden
    ? `<p>P${s.seat + 1}: only that seat's link may see its analysis.</p>`
    : `<p>P${s.seat + 1} plays best: <b>${esc(s.best ?? "nothing")}</b>${s.evaluation != null ? ` (evaluation now ${s.evaluation})` : ""}</p>`).join("");
  $("a-line").innerHTML = a.line.map((m) => `<li>${esc(m)}</li>`).join("");
  const end = a.line_end;
  $("a-line-end").textContent = !end ? "" : end.outcome
    ? `The line ends the game: ${end.outcome.reason}.`
    : `At the end of the line, for P${end.seat + 1}: ${end.score}.`;
  const exact = a.seats.find((s) => s.exact)?.exact;
  $("a-exact").innerHTML = !exact ? "" : `<h3>Every move, by the solved table</h3><p>The position: <b>${esc(exact.value)}</b> for the side to move. The table ignores the rule against repeating a position, so along this game a draw it shows may be lost; the best move above is the engine's, which keeps the rule.</p><table><tbody>${
    exact.moves.map((m) => `<tr><td>${esc(m.action)}</td><td>${esc(m.value)}</td></tr>`).join("")}</tbody></table>`;
}

const go = (to) => { ply = Math.max(0, entries === null ? to : Math.min(entries, to)); load(); };
$("a-start").onclick = () => go(0);
$("a-prev").onclick = () => go(ply - 1);
$("a-next").onclick = () => go(ply + 1);
$("a-end").onclick = () => go(entries ?? ply);
load();
