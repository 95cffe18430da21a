// Progressive Chess step clocks and the two-game match: the lobby's
// options and the table's clock panel. The server sends each side's
// reserve as of the running step's start, when that step began and when
// its own time ends; this file counts down from those with the browser's
// clock and redraws four times a second.
"use strict";
window.Clocks = (() => {
  const COLOUR = ["White", "Black"];
  let last = null; // the newest snapshot drawn

  function mmss(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  // Time left for colour c at browser time `now`.
  // While paused the clock stands at the pause's start. The browser's
  // estimate of the server's time can run a few milliseconds behind (it is
  // taken halfway through a request), so the time is never earlier than the
  // step's start: a step never shows more than its full length.
  function left(clock, c, now, pausedAt) {
    let reserve = clock.reserve_ms[c];
    let step = null;
    if (clock.running === c && clock.step_ends_ms !== null) {
      const t = Math.max(pausedAt || now, clock.step_started_ms ?? -Infinity);
      step = Math.max(0, clock.step_ends_ms - t);
      reserve = Math.max(0, reserve - Math.max(0, t - clock.step_ends_ms));
    }
    return { step, reserve };
  }

  function panel() {
    let el = document.getElementById("clocks");
    if (!el) {
      el = document.createElement("div");
      el.id = "clocks";
      const board = document.getElementById("board");
      board.parentNode.insertBefore(el, board);
    }
    return el;
  }

  function draw() {
    const s = last;
    if (!s || s.game !== "progressive-chess") return;
    const v = s.view || {};
    const el = panel();
    let html = "";
    const m = v.match;
    if (m) {
      const score = `${m.score[0]}–${m.score[1]}`;
      const result = m.winner === null ? `game ${m.game} of 2` : m.winner === "none" ? "drawn: no winner" : `won by seat ${m.winner + 1}`;
      html += `<div class="match">Match: ${result} · score (seat 1–seat 2) ${score}</div>`;
      for (const line of m.between || []) html += `<div class="match">${esc(line)}</div>`;
    }
    const c = v.clock;
    if (c) {
      const now = typeof serverNow === "function" ? serverNow() : Date.now();
      const paused = s.status !== "playing";
      const pausedAt = s.status === "paused" ? (s.paused_since || now) : null;
      for (let seat = 0; seat < 2; seat++) {
        const colour = v.seat_colours ? v.seat_colours[seat] : seat;
        const t = left(c, colour, now, pausedAt);
        const running = c.running === colour && !paused;
        const flag = c.flagged === colour ? " · lost on time" : "";
        const step = t.step === null ? "" : ` step ${mmss(t.step)} ·`;
        html += `<div class="clock${running ? " running" : ""}" data-seat="${seat}">` +
          `Seat ${seat + 1} (${COLOUR[colour]}):${step} reserve ${mmss(t.reserve)}${flag}</div>`;
      }
      if (v.pending_move)
        html += `<div class="clock">Move ${v.pending_move} played: its upgrade step's clock runs</div>`;
      if (c.running === null && !c.flagged && !s.outcome)
        html += `<div class="clock">Clocks start with the first turn (${c.step_secs} s a step, ${c.reserve_secs} s reserve)</div>`;
    } else if (v.seat_colours && m) {
      html += `<div>Seat 1 plays ${COLOUR[v.seat_colours[0]]}, seat 2 ${COLOUR[v.seat_colours[1]]}</div>`;
    }
    patch(el, html);
  }

  // Lobby: extra options for Progressive Chess.
  function lobbyOptions(kind) {
    if (kind !== "progressive-chess") return "";
    return '<label><input id="opt-clock" type="checkbox"> Step clocks: ' +
      '<input id="opt-step" type="number" min="1" max="86400" value="120"> s a step, ' +
      '<input id="opt-reserve" type="number" min="1" max="86400" value="300"> s reserve</label>' +
      '<label><input id="opt-match" type="checkbox"> A two-game match (colours swap if game 1 is drawn)</label>';
  }

  function readOptions(options) {
    const box = (id) => document.getElementById(id);
    if (box("opt-clock") && box("opt-clock").checked)
      options.clock = { step_secs: Number(box("opt-step").value), reserve_secs: Number(box("opt-reserve").value) };
    if (box("opt-match") && box("opt-match").checked) options.match = true;
    return options;
  }

  // With clocks on, the move and the upgrade are two steps with their own
  // clocks: once the clicked squares make a whole move that still has
  // upgrade choices, the move step is sent at once (MOVE+?), and the
  // upgrade buttons stay up for the second step. Uses table.js's `chosen`
  // and `play`.
  let sentAt = null; // the version a move step was sent from
  function twoSteps(s) {
    const v = s.view || {};
    if (s.game !== "progressive-chess" || !v.clock || s.you.role !== "seat" || !s.legal.length) return;
    const b = Boards[s.game];
    if (v.pending_move) {
      // The upgrade step: show the completions of the played move.
      const steps = b.steps(s.legal[0]);
      if (steps && chosen.length === 0) chosen = steps.slice(0, 2);
      return;
    }
    if (chosen.length !== 2 || chosen[1].startsWith("@") || sentAt === s.version) return;
    const move = chosen[0] + chosen[1];
    const completions = s.legal.filter((m) => m.startsWith(move));
    if (completions.length > 1 && completions.includes(move)) {
      sentAt = s.version;
      play(move + "+?");
    }
  }

  setInterval(draw, 250);
  return { render(s) { last = s; twoSteps(s); draw(); }, lobbyOptions, readOptions };
})();
