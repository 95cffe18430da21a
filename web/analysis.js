// The analysis board (docs/analysis.md): the engine's best action, best
// line and evaluation at any position of a finished game, and for Knight
// Court the solved table's value of every move, and the best few moves
// ranked, each with its line. One request per position,
// GET /api/games/{id}/analysis?ply=N&lines=3, with the link's token if any.
"use strict";
const id = location.pathname.split("/").pop();
const token = location.hash.slice(1);
// The token is the link's part after '#': another link to the same table
// pasted into this tab (the host's after a seat's) changes only that part,
// which browsers do not reload for, so the page reloads itself as that
// link's holder.
window.addEventListener("hashchange", () => location.reload());
const auth = token ? { authorization: "Bearer " + token } : {};
const $ = (x) => document.getElementById(x);
// `esc` comes from boards.js, as at the table.
let ply = Number(new URLSearchParams(location.search).get("ply") || 0);
let entries = null;
// How many moves the engine ranks.
const RANKED = 3;
// Search scores beyond this are results the search found (docs/analysis.md):
// 1000000 - N is a win in N plies, its negation a loss.
const DECIDED = 1000000;

// Knight Court's search scores a leaf its solved table calls won as
// 100000 less the table's plies from that leaf (docs/analysis.md): a win
// the table sees, at no distance the page can tell from the start.
const TABLE_WIN = 100000;

// An evaluation as a person reads it: a found result in plies, a win or
// loss by Knight Court's table (`solved`: the game has one), else the
// number (roughly hundredths of a pawn) with its sign.
function scoreText(score, solved) {
  if (score == null) return "not scored";
  const size = Math.abs(score);
  if (size > DECIDED - 10000) {
    const plies = DECIDED - size;
    return `${score > 0 ? "wins" : "loses"} in ${plies} ${plies === 1 ? "ply" : "plies"}`;
  }
  if (solved && size > TABLE_WIN - 1000 && size <= TABLE_WIN) return `${score > 0 ? "wins" : "loses"}, by the solved table`;
  return score > 0 ? `+${score}` : String(score);
}

// The name of server seat `k` in the game's own words (White, Ohs, a
// Tilechess colour) at the point analysed, as the answer gives it (a
// Progressive Chess match swaps its colours for the second game); "P2"
// where it gives none.
let seatName = (k) => `P${k + 1}`;
// A line's "P2: b8-c6" in the game's words: "Ohs: b8-c6".
const namedEntry = (m) => m.replace(/^P(\d+): /, (_, k) => `${seatName(Number(k) - 1)}: `);

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
  const r = await fetch(`/api/games/${id}/analysis?ply=${ply}&lines=${RANKED}`, { headers: auth });
  const a = await r.json();
  if (!r.ok) { $("a-status").textContent = ""; $("a-error").textContent = a.error; return; }
  if (a.seat_names) seatName = (k) => a.seat_names[k] || `P${k + 1}`;
  entries = a.entries;
  $("a-where").textContent = `after ${a.ply} of ${a.entries} entries`;
  $("a-start").disabled = $("a-prev").disabled = a.ply === 0;
  $("a-next").disabled = $("a-end").disabled = a.ply === a.entries;
  if (a.over) {
    $("a-status").textContent = "The game is over here.";
    $("a-best").innerHTML = $("a-lines").innerHTML = $("a-line").innerHTML = $("a-line-end").innerHTML = $("a-exact").innerHTML = "";
    return;
  }
  $("a-status").textContent = `Thought for at most ${a.cap_ms / 1000} s.`;
  $("a-best").innerHTML = a.seats.map((s) => s.hidden
    ? `<p>${esc(seatName(s.seat))}: only that seat's link may see its analysis.</p>`
    : `<p>${esc(seatName(s.seat))} plays best: <b>${esc(s.best ?? "nothing")}</b>${s.evaluation != null ? ` (evaluation now ${esc(scoreText(s.evaluation, !!s.exact))})` : ""}</p>`).join("");
  // The ranked moves of the one seat to act, where its engine ranks them.
  const rankedSeat = a.seats.find((s) => s.lines?.length);
  const ranked = rankedSeat?.lines;
  $("a-lines").innerHTML = !ranked ? "" : `<h3>The best ${ranked.length} moves</h3><table class="ranked"><thead><tr><th>#</th><th>Move</th><th>Evaluation</th><th>Line</th></tr></thead><tbody>${
    ranked.map((l, i) => `<tr><td>${i + 1}</td><td><b>${esc(l.action)}</b></td><td>${esc(scoreText(l.evaluation, !!rankedSeat.exact))}</td><td>${esc(l.line.slice(1).map((m) => m.replace(/^P\d+: /, "")).join(" ") || "—")}</td></tr>`).join("")}</tbody></table>`;
  // Each move of the best line is a button that shows the board after it.
  lineScenes = a.line_scenes || [];
  lineEntries = a.line;
  $("a-line").innerHTML = a.line.map((m, k) => lineScenes[k]
    ? `<li><button type="button" class="line-move" data-k="${k}" aria-pressed="false">${esc(namedEntry(m))}</button></li>`
    : `<li>${esc(namedEntry(m))}</li>`).join("");
  // Where the line stops short of the game's end: the search's score of
  // the line (the score of the position now, which that line came from),
  // or, in a game whose engine gives no line, the game's static
  // evaluation where the line stops.
  const end = a.line_end;
  const solved = a.seats.some((s) => s.exact);
  $("a-line-end").textContent = !end ? "" : end.outcome
    ? `The line ends the game: ${end.outcome.reason}.`
    : end.by === "search"
      ? `For ${seatName(end.seat)}, the search scores this line: ${scoreText(end.score, solved)}.`
      : `At the end of the line, for ${seatName(end.seat)}: ${scoreText(end.score, false)} (the game's static evaluation).`;
  const exact = a.seats.find((s) => s.exact)?.exact;
  $("a-exact").innerHTML = !exact ? "" : `<h3>Every move, by the solved table</h3><p>The position: <b>${esc(exact.value)}</b> for the side to move. The table ignores the rule against repeating a position, so along this game a draw it shows may be lost; the best move above is the engine's, which keeps the rule.</p><table><tbody>${
    exact.moves.map((m) => `<tr><td>${esc(m.action)}</td><td>${esc(m.value)}</td></tr>`).join("")}</tbody></table>`;
}

// The board after move k of the best line (not played: a line the engine
// expects), drawn from its scene as the table draws its boards; null for
// the game's own position again.
let lineScenes = [], lineEntries = [];
let previewed = null;
function preview(k) {
  previewed = k !== null && lineScenes[k] ? k : null;
  const on = previewed !== null;
  $("a-preview").hidden = !on;
  $("a-board").hidden = on || !$("a-board").getAttribute("src");
  document.querySelectorAll("#a-line button.line-move").forEach((b) =>
    b.setAttribute("aria-pressed", String(on && Number(b.dataset.k) === k)));
  if (!on) { $("a-preview-board").innerHTML = ""; return; }
  $("a-preview-prev").disabled = k === 0;
  $("a-preview-next").disabled = k === lineScenes.length - 1;
  $("a-preview-caption").textContent = `After ${k + 1}. ${namedEntry(lineEntries[k])} (the best line, not played).`;
  $("a-preview-board").innerHTML = drawScene(lineScenes[k], { chosen: [], next: new Set(), first: new Set(), flip: false });
}
$("a-line").addEventListener("click", (e) => {
  const b = e.target.closest("button.line-move");
  if (!b) return;
  const k = Number(b.dataset.k);
  preview(b.getAttribute("aria-pressed") === "true" ? null : k);
  // On a phone the board is above the line: bring it into view.
  if (previewed !== null) {
    const top = $("a-preview").getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.5) $("a-preview").scrollIntoView({ block: "start" });
  }
});
$("a-preview-back").onclick = () => preview(null);
$("a-preview-prev").onclick = () => preview(Math.max(0, previewed - 1));
$("a-preview-next").onclick = () => preview(Math.min(lineScenes.length - 1, previewed + 1));

const go = (to) => { ply = Math.max(0, entries === null ? to : Math.min(entries, to)); preview(null); load(); };
$("a-start").onclick = () => go(0);
$("a-prev").onclick = () => go(ply - 1);
$("a-next").onclick = () => go(ply + 1);
$("a-end").onclick = () => go(entries ?? ply);
load();
