// The boards, drawn from the scene the server sends with every snapshot
// (`state.scene`, docs/pictures.md): the one description of the board that
// the pictures draw too, so the table and a picture never disagree. The
// scene holds only what this viewer may see, and every game-specific
// thing drawn (cells, pieces, colours, the last move's marks) comes from
// it; what stays here per game is how a move is clicked.
//
// Every board takes `ui`: { chosen, next, first } (the click model),
// `flip` (drawn turned around, to face the viewer), `ply` (the history
// entries shown, for the last move's animation).
"use strict";

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`); }

const CELL_CLASS = { light: "sq-light", dark: "sq-dark", zone: "sq-zone", block: "sq-block" };

// A side's colours from the scene.
function sideOf(scene, i) { return scene.sides[i] || { name: "", fill: "#888888", ink: "#000000" }; }

// A piece in a `w`-wide square at (x, y): a chess glyph, or a disc in its
// side's colour with its letter (as the pictures draw it). `anim` holds the
// arrival animation's attributes of the piece (or of its badge only); `at`
// is its cell's key ("" in a panel), for tests to read the board back.
function pieceSvg(scene, t, [x, y, w], at, anim, badgeAnim) {
  const side = sideOf(scene, t.side);
  const cx = x + w / 2, cy = y + w / 2;
  let out = `<g pointer-events="none" data-piece="${esc(t.letter)}" data-at="${esc(at)}"${anim || ""}>`;
  if (t.glyph) {
    out += `<text x="${cx}" y="${y + w * 0.8}" font-size="${w * 0.85}" text-anchor="middle" fill="#000">${esc(t.glyph)}</text>`;
  } else {
    out += `<circle cx="${cx}" cy="${cy}" r="${w * 0.4}" fill="${side.fill}" stroke="#555" stroke-width="${w / 30}"${t.faint ? ' stroke-dasharray="4 3" opacity="0.6"' : ""}/>`;
    const size = t.sub ? w * 0.26 : t.letter.length === 1 ? w * 0.44 : w * 0.3;
    const dy = t.sub ? -w * 0.02 : t.letter.length === 1 ? w * 0.15 : w * 0.1;
    out += `<text x="${cx}" y="${cy + dy}" font-size="${size}" text-anchor="middle" font-weight="bold" fill="${side.ink}">${esc(t.letter)}</text>`;
    if (t.sub) out += `<text x="${cx}" y="${cy + w * 0.24}" font-size="${size}" text-anchor="middle" fill="${side.ink}">${esc(t.sub)}</text>`;
  }
  if (t.corner) out += `<text x="${x + w * 0.86}" y="${y + w * 0.3}" font-size="${w * 0.28}" text-anchor="middle" font-weight="bold" fill="#000" stroke="#fff" stroke-width="2" paint-order="stroke">${esc(t.corner)}</text>`;
  if (t.badge === "ball") out += `<circle cx="${x + w * 0.78}" cy="${y + w * 0.22}" r="${w * 0.13}" fill="#e8b400" stroke="#000"${badgeAnim || ""}/>`;
  if (t.badge === "spent") out += `<text x="${x + w * 0.86}" y="${y + w * 0.26}" font-size="${w * 0.24}" text-anchor="middle" fill="#b00020">✕</text>`;
  return out + "</g>";
}

// The class of a clickable key: chosen, a target, or its own `base`.
function keyClass(key, base, ui) {
  let cls = base;
  if (ui.chosen.includes(key)) cls = "chosen";
  else if (ui.next.has(key) && ui.chosen.length > 0) cls = "target";
  return cls + (ui.next.has(key) || ui.first.has(key) ? " clickable" : "");
}

// The scene as SVG. `opts` (Knight Control) may name its own cells
// (`cell(c, base)` gives a cell's attributes) and draw `overlay(centre, S)`
// on top.
function drawScene(scene, ui, opts) {
  if (!scene || !scene.cells) return "";
  opts = opts || {};
  const W = scene.width, H = scene.height;
  const S = Math.max(32, Math.min(100, Math.floor(480 / Math.max(W, H))));
  const M = Math.max(16, Math.min(24, S * 0.3));
  const fl = ui.flip;
  // A duel's far side's panels above the board, the rest below.
  const two = scene.sides.length === 2;
  const far = fl ? 0 : 1;
  const above = scene.panels.filter((p) => two && p.side === far);
  const below = scene.panels.filter((p) => !(two && p.side === far));
  const PH = S * 0.75;
  const panelH = (p) => (p.pieces.length ? PH + M * 0.9 : M * 1.2);
  const top = above.reduce((t, p) => t + panelH(p), 0);
  const col = (i) => (fl ? W - 1 - (i % W) : i % W), row = (i) => (fl ? H - 1 - Math.floor(i / W) : Math.floor(i / W));
  const X = (i) => M + col(i) * S, Y = (i) => top + row(i) * S;
  const index = new Map(scene.cells.map((c, i) => [c.key, i]));
  const centre = (key) => { const i = index.get(key); return i === undefined || !key ? null : [X(i) + S / 2, Y(i) + S / 2]; };
  const last = scene.last || { cells: [], paths: [], arrivals: [], marks: [], serial: 0 };
  const lastCells = new Set(last.cells);
  const single = last.arrivals.length === 1;
  const animOf = (a) => {
    const id = ` id="anim-${last.serial}${single ? "" : "-" + esc(a.to)}"`;
    const from = a.from && centre(a.from), to = centre(a.to);
    return from && to ? `${id} class="moved slide" style="--dx:${from[0] - to[0]}px;--dy:${from[1] - to[1]}px"` : `${id} class="moved"`;
  };
  const height = top + H * S + M + below.reduce((t, p) => t + panelH(p), 0);
  let svg = `<svg${opts.id ? ` id="${opts.id}"` : ""} viewBox="0 0 ${M + W * S} ${height}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${esc(scene.label)}">`;
  let pieces = "";
  scene.cells.forEach((c, i) => {
    if (c.kind === "off") return;
    const x = X(i), y = Y(i), base = CELL_CLASS[c.kind];
    const attrs = opts.cell ? opts.cell(c, base)
      // The id names the key and the place, so a redraw never turns this
      // square into another one under a click that has started.
      : `id="${esc(actionId("sq", `${c.key}@${x},${y}`))}" class="${keyClass(c.key, base, ui)}" data-key="${esc(c.key)}"`;
    svg += `<rect ${attrs} x="${x}" y="${y}" width="${S}" height="${S}" stroke="#0002"><title>${esc(c.name)}</title></rect>`;
    if (c.tint !== null && c.tint !== undefined) svg += `<rect x="${x}" y="${y}" width="${S}" height="${S}" fill="${sideOf(scene, c.tint).fill}" opacity="0.4" pointer-events="none"/>`;
    if (lastCells.has(c.key)) svg += `<rect x="${x}" y="${y}" width="${S}" height="${S}" class="last-move" data-last="${esc(c.key)}"/>`;
    const halo = 'stroke="#fff" stroke-width="2" paint-order="stroke" pointer-events="none"';
    if (c.label) svg += `<text x="${x + S / 2}" y="${y + S * 0.65}" font-size="${S * 0.45}" text-anchor="middle" fill="#333" ${halo}>${esc(c.label)}</text>`;
    if (c.item) svg += `<text x="${x + 3}" y="${y + S - 4}" font-size="${S * 0.3}" fill="#333" ${halo}>${esc(c.item.mark)}</text>`;
    if (c.piece) {
      const a = last.arrivals.find((r) => r.to === c.key);
      pieces += pieceSvg(scene, c.piece, [x, y, S], c.key, a && !a.badge_only ? animOf(a) : "", a && a.badge_only ? animOf(a) : "");
    }
  });
  // Coordinates: files under the board, ranks on its left.
  const files = fl ? [...scene.files].reverse() : scene.files, ranks = fl ? [...scene.ranks].reverse() : scene.ranks;
  files.forEach((f, i) => { if (f) svg += `<text class="coord" x="${M + i * S + S / 2}" y="${top + H * S + M * 0.8}" text-anchor="middle" font-size="${M * 0.75}">${esc(f)}</text>`; });
  ranks.forEach((r, j) => { if (r) svg += `<text class="coord" x="${M * 0.5}" y="${top + j * S + S / 2 + M * 0.28}" text-anchor="middle" font-size="${M * 0.75}">${esc(r)}</text>`; });
  // The last move's ways: a line per knight (Knight Control), a polyline
  // through a pass chain or a trail.
  for (const p of last.paths) {
    const pts = p.keys.map(centre).filter((q) => q);
    if (pts.length < 2) continue;
    const colour = p.side !== null && p.side !== undefined ? ` stroke="${sideOf(scene, p.side).fill}"` : "";
    const cls = `last-path${p.jump ? " teleport" : ""}`;
    svg += pts.length === 2
      ? `<line class="${cls}" data-path="${esc(p.keys[0])}-${esc(p.keys[1])}" x1="${pts[0][0]}" y1="${pts[0][1]}" x2="${pts[1][0]}" y2="${pts[1][1]}"${colour}/>`
      : `<polyline class="${cls}" id="last-path" points="${pts.map(([x, y]) => `${x},${y}`).join(" ")}"${colour}/>`;
  }
  svg += pieces;
  for (const m of last.marks) {
    const p = centre(m.key);
    if (!p) continue;
    if (m.kind === "spawn") svg += `<circle class="kc-spawned" cx="${p[0]}" cy="${p[1]}" r="${S * 0.47}" fill="none" stroke="#1565c0" stroke-width="2" stroke-dasharray="3 2" pointer-events="none"/>`;
    if (m.kind === "collision") svg += `<g class="kc-collision" pointer-events="none"><circle cx="${p[0]}" cy="${p[1]}" r="${S * 0.42}" fill="none" stroke="#b00020" stroke-width="3"/><text x="${p[0]}" y="${p[1] + S * 0.17}" font-size="${S * 0.5}" text-anchor="middle" fill="#b00020">✕</text></g>`;
    if (m.kind === "capture") svg += `<text class="kc-capture" x="${p[0] + S * 0.3}" y="${p[1] - S * 0.2}" font-size="${S * 0.45}" text-anchor="middle" fill="#b00020" font-weight="bold" pointer-events="none">✕</text>`;
  }
  if (opts.overlay) svg += opts.overlay(centre, S);
  // Panels: a title, then its pieces (a hand piece with a key is clicked).
  const panel = (p, y) => {
    let out = `<text class="panel${p.active ? " active" : ""}" x="${M}" y="${y + M * 0.8}" font-size="${M * 0.75}" fill="#222"${p.active ? ' font-weight="bold"' : ""}>${esc(p.title)}</text>`;
    p.pieces.forEach(([key, t], k) => {
      const x = M + k * PH * 1.15, py = y + M * 0.9;
      if (key) out += `<rect id="${esc(actionId("sq", `${key}@${x},${py}`))}" x="${x}" y="${py}" width="${PH}" height="${PH}" class="${keyClass(key, "sq-light", ui)}" data-key="${esc(key)}"><title>${esc(`${sideOf(scene, t.side).name}'s ${t.letter} in hand: tap it, then an empty square, to drop it`)}</title></rect>`;
      out += pieceSvg(scene, t, [x, py, PH], "");
    });
    return out;
  };
  let y = 0;
  for (const p of above) { svg += panel(p, y); y += panelH(p); }
  y = top + H * S + M;
  for (const p of below) { svg += panel(p, y); y += panelH(p); }
  return svg + "</svg>";
}

// The swatches of the sides, for a legend.
function sideSwatches(scene, mark) {
  return ((scene && scene.sides) || []).map((d, i) => `<span><span class="swatch" style="background:${d.fill}"></span> ${esc(d.name)}${mark ? mark(d, i) : ""}</span>`).join("");
}

// The mean row of side `i`'s pieces, from 0 (top) to 1 (bottom), or null.
function meanRow(scene, i) {
  const rows = scene.cells.map((c, k) => (c.piece && c.piece.side === i ? Math.floor(k / scene.width) : null)).filter((r) => r !== null);
  return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length / Math.max(1, scene.height - 1) : null;
}

const Boards = {};
const TWO = ["White", "Black"];
const sceneBoard = (view, ui, scene) => drawScene(scene, ui);

Boards["knight-court"] = {
  seatName(s, i) { return TWO[i]; },
  faces(s) { return mySeat(s) === 1; },
  steps(mv) {
    let m = /^([A-Z])@([a-c][1-3])$/.exec(mv);
    if (m) return ["hand:" + m[1], m[2]];
    m = /^([a-c][1-3])([a-c][1-3])$/.exec(mv);
    return m ? [m[1], m[2]] : null;
  },
  render: sceneBoard,
};

Boards["knight-moves"] = {
  seatName(s, i) { return ["Eks", "Ohs"][i]; },
  yourSide(s) { const i = mySeat(s); return i === null ? `seat ${s.you.seat + 1}` : ["Eks (X, the dark pieces, starting on rank 8)", "Ohs (O, the light pieces, starting on rank 1)"][i]; },
  faces(s) { return mySeat(s) === 0; },
  steps(mv) { return /^[a-g][1-8](-[a-g][1-8])+$/.test(mv) ? mv.split("-") : null; },
  render: sceneBoard,
  legend(s) {
    return sideSwatches(s.scene) + '<span><span class="swatch" style="background:#e8b400;border-radius:50%"></span> the ball</span><span>dashed: may not receive a pass yet</span>';
  },
};

Boards["tilechess"] = {
  zoomable: true,
  seatName(s, i) { return (s.view.colours && s.view.colours[i]) || `player ${i + 1}`; },
  yourSide(s) {
    const i = mySeat(s);
    return i === null || i === undefined ? `seat ${s.you.seat + 1} (not on the board yet: choose a colour and a block to join)` : `${s.view.colours[i]} (seat ${s.you.seat + 1})`;
  },
  // The board faces its player: turned round when their pieces stand
  // mostly in the north half.
  faces(s) {
    const i = mySeat(s);
    if (i === null || i === undefined || !s.scene) return false;
    const r = meanRow(s.scene, i);
    return r !== null && r < 0.5;
  },
  steps(mv) {
    const body = mv.replace(/^[^:]*:\s*/, "");
    let m = /^join (-?\d+,-?\d+) /.exec(body);
    if (m) return ["join:" + m[1]];
    m = /^(-?\d+,-?\d+)[-x](-?\d+,-?\d+)$/.exec(body);
    return m ? [m[1], m[2]] : null;
  },
  render: sceneBoard,
  legend(s) {
    return sideSwatches(s.scene, (d) => ` (${esc(d.name[0].toUpperCase())})`) + "<span>letters on a piece: K Q R B N P; grey: an unopened block</span>";
  },
  // The house rules, when the host set them: how many turns are played of
  // the limit, and when the set time comes. Both are in the position
  // string's rules ("turns 12 of 200", "until MS"), the part after the
  // board and before the first army.
  houseRules(s) {
    const head = (s.view.position || "").split(" / ")[1] || "";
    const parts = [];
    const turns = / turns (\d+) of (\d+)/.exec(head);
    if (turns) parts.push(`${turns[1]} of ${turns[2]} turns played`);
    const until = / until (\d+)/.exec(head);
    if (until) {
      const at = new Date(Number(until[1]));
      const sameDay = at.toDateString() === new Date().toDateString();
      const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      parts.push(`the game ends at ${sameDay ? time : `${at.toLocaleDateString()} ${time}`}`);
    }
    return parts.length ? `<p id="house-rules">House rules: ${parts.join("; ")}.</p>` : "";
  },
};

// Progressive Chess: a turn is a move (two squares, or a necromancer's
// raising `c3@R`) and an optional upgrade `+sq=X`. Squares are clicked; a
// raising and an upgrade are choices shown as buttons once the move's
// squares are chosen.
const PC_NAMES = {
  K: "King", P: "Pawn", W: "Lesser Rook", F: "Lesser Bishop", S: "Swapper", R: "Rook", L: "Lesser King",
  B: "Bishop", U: "Supernaturalist", N: "Necromancer", C: "Cannon", T: "Protector", X: "Pincer", Z: "Zigzag",
};

// This viewer's colour in Progressive Chess (colours swap in a match).
function pcColour(s, i) {
  const v = s.view || {};
  return v.seat_colours ? v.seat_colours[i] : i;
}

Boards["progressive-chess"] = {
  // Game seats are the link's seats; in a match the colours swap.
  seatName(s, i) { return `${TWO[pcColour(s, i)]}`; },
  faces(s) { const i = mySeat(s); return i !== null && i !== undefined && pcColour(s, i) === 1; },
  steps(mv) {
    const m = /^([a-g][1-7])(?:([a-g][1-7])|@([A-Za-z]))(\+[a-g][1-7]=[A-Za-z])?$/.exec(mv);
    if (!m) return null;
    const steps = m[2] ? [m[1], m[2]] : [m[1], "@" + m[3]];
    if (m[4]) steps.push(m[4]);
    return steps;
  },
  // Steps that are buttons, not squares: raisings and upgrades.
  isChoice(key) { return key.startsWith("@") || key.startsWith("+"); },
  // The button for a complete turn, given the steps already clicked.
  label(mv, chosen) {
    const steps = this.steps(mv);
    if (!steps || steps.length <= chosen.length) return chosen.length ? "no upgrade" : mv;
    const next = steps[chosen.length];
    const letter = next.slice(-1);
    const name = PC_NAMES[letter.toUpperCase()] || letter;
    if (next.startsWith("@")) return `raise ${letter} (${name})` + (steps.length > chosen.length + 1 ? ` then ${steps.slice(-1)[0].slice(1)}` : "");
    return `upgrade ${next.slice(1, 3)} to ${letter} (${name})`;
  },
  render: sceneBoard,
  legend() {
    return '<span>Capital letters: White; small: Black. ' + Object.entries(PC_NAMES).map(([k, v]) => `${k} ${v}`).join(", ") + "</span>";
  },
};

// A long press (or a press held half a second) on a square or cell shows
// its description, the same words as its tooltip, in a label by the
// finger: phones show no tooltips. The label is a status line, so a screen
// reader says it too.
(() => {
  let timer = null;
  let label = null;
  const hide = () => { clearTimeout(timer); timer = null; };
  function show(text, x, y) {
    if (!label) {
      label = document.createElement("div");
      label.id = "square-label";
      label.className = "square-label";
      label.setAttribute("role", "status");
      document.body.appendChild(label);
    }
    label.textContent = text;
    label.hidden = false;
    const w = Math.min(280, window.innerWidth - 16);
    label.style.maxWidth = `${w}px`;
    label.style.left = `${Math.max(8, Math.min(x - w / 2, window.innerWidth - w - 8)) + window.scrollX}px`;
    label.style.top = `${Math.max(8, y - 64) + window.scrollY}px`;
    clearTimeout(show.off);
    show.off = setTimeout(() => { label.hidden = true; }, 2500);
  }
  document.addEventListener("pointerdown", (e) => {
    const el = e.target.closest && e.target.closest("#board [data-key], #board [data-cell]");
    hide();
    if (!el) return;
    const title = el.querySelector("title");
    if (!title) return;
    timer = setTimeout(() => show(title.textContent, e.clientX, e.clientY), 450);
  });
  for (const type of ["pointerup", "pointercancel", "scroll"]) document.addEventListener(type, hide, true);
  // A long press on a phone also opens the browser's menu: not on the board.
  document.addEventListener("contextmenu", (e) => { if (e.target.closest && e.target.closest("#board svg")) e.preventDefault(); });
})();
