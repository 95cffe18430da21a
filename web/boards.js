// Board drawings and move shapes, one entry per game. A move's "steps" are
// the keys a player clicks (or taps) in order (squares, hand pieces,
// blocks); moves with no steps (pass, break) become buttons. Everything
// drawn comes from the view the server sent to this viewer.
//
// Every board takes `ui`: { chosen, next, first } (the click model),
// `flip` (drawn turned around, to face the viewer), `last` (the last
// move's keys: highlighted, and joined by a line when it is a path).
"use strict";

const GLYPH = {
  white: { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659" },
  black: { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" },
};
const ROLE = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`); }

// One clickable square: its class says whether it is a target or chosen;
// `tip` is its tooltip (the square and what stands on it).
function cell(x, y, w, key, base, ui, tip) {
  let cls = base;
  if (ui.chosen.includes(key)) cls = "chosen";
  else if (ui.next.has(key) && ui.chosen.length > 0) cls = "target";
  const click = ui.next.has(key) || ui.first.has(key) ? " clickable" : "";
  // The id names the key and the place, so a redraw never turns this
  // square into another one under a click that has started.
  return `<rect id="${esc(actionId("sq", `${key}@${x},${y}`))}" x="${x}" y="${y}" width="${w}" height="${w}" class="${cls}${click}" data-key="${esc(key)}">` +
    `<title>${esc(tip || key)}</title></rect>`;
}

// The last move's mark on a square (under the piece).
function lastMark(x, y, w, key, ui) {
  return ui.last && ui.last.keys.includes(key)
    ? `<rect x="${x}" y="${y}" width="${w}" height="${w}" class="last-move" data-last="${esc(key)}"/>` : "";
}

// The piece on `key` just arrived there: its group's attributes, to slide
// it in from the move's first square (`centre` gives a key's centre), or
// to grow it in place when it came from no square (a drop, a raising).
// The id is new for every move, so each move's piece is a new element and
// its animation plays once, not again on later redraws.
function arrival(key, ui, centre) {
  if (!ui.last || ui.last.still) return "";
  if (!ui.last || !ui.last.keys.length || ui.last.keys[ui.last.keys.length - 1] !== key) return "";
  const from = ui.last.keys.length > 1 ? centre(ui.last.keys[0]) : null;
  const to = centre(key);
  const id = ` id="anim-${ui.last.ply}"`;
  if (!from || !to) return `${id} class="moved"`;
  return `${id} class="moved slide" style="--dx:${from[0] - to[0]}px;--dy:${from[1] - to[1]}px"`;
}

// A line through the centres of the last move's squares (a pass chain, a
// trail), given each key's centre.
function lastPath(ui, centre) {
  if (!ui.last || ui.last.still || ui.last.keys.length < 2) return "";
  const pts = ui.last.keys.map(centre).filter((p) => p);
  if (pts.length < 2) return "";
  return `<polyline class="last-path" id="last-path" points="${pts.map(([x, y]) => `${x},${y}`).join(" ")}"/>`;
}

function glyph(x, y, w, text, fill, stroke, attrs) {
  return `<text x="${x + w / 2}" y="${y + w * 0.78}" font-size="${w * 0.8}" text-anchor="middle" ` +
    `fill="${fill || "#000"}" stroke="${stroke || "none"}" stroke-width="${w / 60}" pointer-events="none"${attrs || ""}>${text}</text>`;
}

// File letters under the board and rank numbers left of it, in a margin
// of `m`: `files[i]` is drawn over column i, `ranks[j]` beside row j.
function coords(files, ranks, S, m, top) {
  let out = "";
  files.forEach((f, i) => { out += `<text class="coord" x="${m + i * S + S / 2}" y="${top + ranks.length * S + m * 0.8}" text-anchor="middle" font-size="${m * 0.75}">${esc(f)}</text>`; });
  ranks.forEach((r, j) => { out += `<text class="coord" x="${m * 0.5}" y="${top + j * S + S / 2 + m * 0.28}" text-anchor="middle" font-size="${m * 0.75}">${esc(r)}</text>`; });
  return out;
}

const Boards = {};
const TWO = ["White", "Black"];

Boards["knight-court"] = {
  seatName(s, i) { return TWO[i]; },
  faces(s) { return mySeat(s) === 1; },
  steps(mv) {
    let m = /^([A-Z])@([a-c][1-3])$/.exec(mv);
    if (m) return ["hand:" + m[1], m[2]];
    m = /^([a-c][1-3])([a-c][1-3])$/.exec(mv);
    return m ? [m[1], m[2]] : null;
  },
  render(view, ui) {
    const S = 100, M = 24;
    const [board, rest] = view.position.split("[");
    const hand = rest.split("]")[0];
    const ranks = board.split("/");
    const fl = ui.flip;
    const top = S * 0.7;
    const px = (file) => M + (fl ? 2 - file : file) * S;
    const py = (r) => top + (fl ? 2 - r : r) * S;
    const centre = (key) => /^[a-c][1-3]$/.test(key) ? [px("abc".indexOf(key[0])) + S / 2, py(3 - Number(key[1])) + S / 2] : null;
    let svg = `<svg viewBox="0 0 ${M + S * 3} ${top + S * 3 + M + S * 0.7}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Knight Court board">`;
    let pieces = "";
    ranks.forEach((row, r) => {
      let file = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) {
          for (let i = 0; i < Number(ch); i++, file++) svg += square(file, r, null);
        } else { svg += square(file, r, ch); file++; }
      }
    });
    function square(file, r, piece) {
      const key = "abc"[file] + (3 - r);
      const white = piece && piece === piece.toUpperCase();
      const tip = piece ? `${key}: ${white ? "White" : "Black"} ${piece.toUpperCase() === "N" ? "knight (royal)" : ROLE[piece.toUpperCase()]}` : key;
      let out = cell(px(file), py(r), S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui, tip) + lastMark(px(file), py(r), S, key, ui);
      if (piece) pieces += glyph(px(file), py(r), S, GLYPH[white ? "white" : "black"][piece.toUpperCase()], null, null, arrival(key, ui, centre));
      return out;
    }
    svg += lastPath(ui, centre) + pieces;
    const files = fl ? ["c", "b", "a"] : ["a", "b", "c"];
    const rankLabels = fl ? ["1", "2", "3"] : ["3", "2", "1"];
    svg += coords(files, rankLabels, S, M, top);
    // Hands: the far side's above the board, the near side's below; only the mover's is clickable.
    const handRow = (white, y) => {
      let x = M;
      svg += `<text class="coord" x="${M + S * 3}" y="${y + S * 0.35}" text-anchor="end" font-size="${M * 0.75}">${white ? "White" : "Black"}'s hand${hand.split("").some((ch) => (ch === ch.toUpperCase()) === white) ? "" : ": empty"}</text>`;
      for (const ch of hand) {
        if ((ch === ch.toUpperCase()) !== white) continue;
        const key = "hand:" + ch.toUpperCase();
        svg += cell(x, y, S * 0.6, key, "sq-light", ui, `${white ? "White" : "Black"}'s ${ROLE[ch.toUpperCase()]} in hand: tap it, then an empty square, to drop it`) +
          glyph(x, y, S * 0.6, GLYPH[white ? "white" : "black"][ch.toUpperCase()]);
        x += S * 0.7;
      }
    };
    // Hand keys are shared by colour; mark only the side to move's hand.
    const mover = view.to_move;
    const none = { chosen: [], next: new Set(), first: new Set() };
    const save = ui;
    const farY = top - S * 0.65, nearY = top + S * 3 + M + 2;
    ui = mover === 1 ? save : none; handRow(false, fl ? nearY : farY);
    ui = mover === 0 ? save : none; handRow(true, fl ? farY : nearY);
    ui = save;
    return svg + "</svg>";
  },
};

Boards["knight-moves"] = {
  seatName(s, i) { return ["Eks", "Ohs"][i]; },
  yourSide(s) { const i = mySeat(s); return i === null ? `seat ${s.you.seat + 1}` : ["Eks (X, the dark pieces, starting on rank 8)", "Ohs (O, the light pieces, starting on rank 1)"][i]; },
  faces(s) { return mySeat(s) === 0; },
  steps(mv) { return /^[a-g][1-8](-[a-g][1-8])+$/.test(mv) ? mv.split("-") : null; },
  render(view, ui) {
    const S = 60, M = 18;
    const fl = ui.flip;
    const px = (file) => M + (fl ? 6 - file : file) * S;
    const py = (r) => (fl ? 7 - r : r) * S;
    const centre = (key) => [px("abcdefg".indexOf(key[0])) + S / 2, py(8 - Number(key[1])) + S / 2];
    const ranks = view.position.split(" ")[0].split("/");
    // A pass chain leaves a piece on its first square (the ball moved, and
    // is what slides); a piece move empties it (the piece slides).
    const occupied = new Set();
    ranks.forEach((row, r) => {
      let file = 0;
      for (const ch of row.replace(/~/g, "")) {
        if (/\d/.test(ch)) file += Number(ch);
        else occupied.add("abcdefg"[file++] + (8 - r));
      }
    });
    const pass = ui.last && ui.last.keys.length > 1 && occupied.has(ui.last.keys[0]);
    let svg = `<svg viewBox="0 0 ${M + S * 7} ${S * 8 + M}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Knight Moves board">`;
    let pieces = "";
    ranks.forEach((row, r) => {
      let file = 0, dim = false;
      for (const ch of row) {
        if (ch === "~") { dim = true; continue; }
        const draw = (piece) => {
          const key = "abcdefg"[file] + (8 - r);
          const x = px(file), y = py(r);
          const eks = piece && piece.toLowerCase() === "x";
          const tip = piece ? `${key}: ${eks ? "Eks" : "Ohs"} knight${piece === "X" || piece === "O" ? " holding the ball" : ""}${dim ? " (cannot receive a pass until it moves)" : ""}` : key;
          svg += cell(x, y, S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui, tip) + lastMark(x, y, S, key, ui);
          if (piece) {
            const moved = arrival(key, ui, centre);
            pieces += `<g${pass ? "" : moved} pointer-events="none"><circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.36}" fill="${eks ? "#222" : "#fafafa"}" ` +
              `stroke="#555" stroke-width="2" ${dim ? 'stroke-dasharray="4 3" opacity="0.6"' : ""}/>` +
              `<text x="${x + S / 2}" y="${y + S * 0.62}" font-size="${S * 0.3}" text-anchor="middle" fill="${eks ? "#fff" : "#000"}" font-weight="bold">${eks ? "X" : "O"}</text>`;
            if (piece === "X" || piece === "O")
              pieces += `<circle cx="${x + S * 0.78}" cy="${y + S * 0.22}" r="${S * 0.13}" fill="#e8b400" stroke="#000"${pass ? moved : ""}/>`;
            pieces += "</g>";
          }
          file++;
        };
        if (/\d/.test(ch)) { for (let i = 0; i < Number(ch); i++) draw(null); }
        else { draw(ch); dim = false; }
      }
    });
    svg += lastPath(ui, centre) + pieces;
    const files = [..."abcdefg"], rk = ["8", "7", "6", "5", "4", "3", "2", "1"];
    svg += coords(fl ? files.reverse() : files, fl ? rk.reverse() : rk, S, M, 0);
    return svg + "</svg>";
  },
  legend() {
    return '<span><span class="swatch" style="background:#222"></span> Eks</span><span><span class="swatch" style="background:#fafafa"></span> Ohs</span>' +
      '<span><span class="swatch" style="background:#e8b400;border-radius:50%"></span> the ball</span><span>dashed: may not receive a pass yet</span>';
  },
};

// Tilechess position strings: "tilechess board SW NE open B... / rules / player / ...".
function parseTilechess(text) {
  const sections = text.split(" / ");
  const head = sections[0].split(" ");
  const xy = (s) => s.split(",").map(Number);
  const [sx, sy] = xy(head[2]);
  const [nx, ny] = xy(head[3]);
  const open = head.slice(5).filter((b) => b !== "-").map(xy);
  const players = sections.slice(2).map((sec) => {
    const words = sec.split(" ");
    const p = { colour: words[0], pieces: [], land: [] };
    let inLand = false;
    for (const w of words.slice(1)) {
      if (w === "land") { inLand = true; continue; }
      if (w === "out" || w.startsWith("+")) continue;
      if (!inLand) { p.pieces.push({ role: w[0], tile: xy(w.slice(1)) }); continue; }
      const [a, b] = w.split("..");
      const [x0, y0] = xy(a);
      const x1 = b ? xy(b)[0] : x0;
      for (let x = x0; x <= x1; x++) p.land.push([x, y0]);
    }
    return p;
  });
  return { sx, sy, nx, ny, open, players };
}

// The tiles a Tilechess move crosses, from its first to its last: along a
// row, a column or a diagonal every tile between; otherwise (a knight's
// leap) the two ends only, since a leap crosses nothing.
function tileTrail(x0, y0, x1, y1) {
  const dx = x1 - x0, dy = y1 - y0;
  if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return [`${x0},${y0}`, `${x1},${y1}`];
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out = [];
  for (let k = 0; k <= n; k++) out.push(`${x0 + Math.sign(dx) * k},${y0 + Math.sign(dy) * k}`);
  return out;
}

// Okabe–Ito, a palette made to be told apart with colour-blindness: each
// colour name a player picks is drawn in its nearest safe colour; other
// names take the next free one. A letter on every piece names its owner.
const SAFE = { red: "#D55E00", vermillion: "#D55E00", orange: "#E69F00", yellow: "#F0E442", green: "#009E73",
  blue: "#0072B2", sky: "#56B4E9", cyan: "#56B4E9", skyblue: "#56B4E9", purple: "#CC79A7", pink: "#CC79A7",
  magenta: "#CC79A7", black: "#000000", white: "#FFFFFF", grey: "#999999", gray: "#999999" };
const SAFE_ORDER = ["#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"];
function safeColours(colours) {
  const out = {};
  const used = new Set();
  for (const c of colours) if (SAFE[c.toLowerCase()]) { out[c] = SAFE[c.toLowerCase()]; used.add(out[c]); }
  let i = 0;
  for (const c of colours) if (!out[c]) {
    const free = SAFE_ORDER.filter((h) => !used.has(h));
    out[c] = free.length ? free[0] : SAFE_ORDER[i++ % SAFE_ORDER.length];
    used.add(out[c]);
  }
  return out;
}
// Black or white letters on a piece of colour `hex`, whichever has the
// higher WCAG contrast ratio with it (a brightness threshold picked white
// on vermillion, 3.9:1, below AA).
function luminance(hex) {
  const n = parseInt(hex.slice(1), 16);
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(n >> 16) + 0.7152 * f((n >> 8) & 255) + 0.0722 * f(n & 255);
}
function inkOn(hex) {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}

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
    if (i === null || i === undefined) return false;
    const b = parseTilechess(s.view.position);
    const p = b.players.find((q) => q.colour === s.view.colours[i]);
    if (!p || !p.pieces.length) return false;
    const meanY = p.pieces.reduce((t, q) => t + q.tile[1], 0) / p.pieces.length;
    return meanY > (b.sy + b.ny) / 2;
  },
  // The last turn: a move's trail is every tile it crossed (a slide along
  // a line; a leap or a step is its two tiles), a join or a break marks
  // the opened block.
  lastMove(s, history) {
    for (let i = history.length - 1; i >= 0; i--) {
      const h = history[i];
      if (h.seat === null) continue;
      const body = bare(h.action).replace(/^[^:]*:\s*/, "");
      let m = /^(?:join|break) (-?\d+),(-?\d+)/.exec(body);
      if (m) {
        const keys = [];
        for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) keys.push(`${+m[1] + x},${+m[2] + y}`);
        return { keys, ply: i + 1, still: true };
      }
      m = /^(-?\d+),(-?\d+)[-x](-?\d+),(-?\d+)$/.exec(body);
      if (!m) return null;
      return { keys: tileTrail(+m[1], +m[2], +m[3], +m[4]), ply: i + 1 };
    }
    return null;
  },
  steps(mv) {
    const body = mv.replace(/^[^:]*:\s*/, "");
    let m = /^join (-?\d+,-?\d+) /.exec(body);
    if (m) return ["join:" + m[1]];
    m = /^(-?\d+,-?\d+)[-x](-?\d+,-?\d+)$/.exec(body);
    return m ? [m[1], m[2]] : null;
  },
  render(view, ui) {
    const b = parseTilechess(view.position);
    const W = b.nx - b.sx + 1, H = b.ny - b.sy + 1;
    const S = 32, M = 20;
    const fl = ui.flip;
    const opened = new Set(b.open.map(([x, y]) => `${x},${y}`));
    const blockOf = (x, y) => `${Math.floor(x / 4) * 4},${Math.floor(y / 4) * 4}`;
    const palette = safeColours(b.players.map((p) => p.colour));
    const land = new Map(), pieces = new Map();
    b.players.forEach((p) => {
      p.land.forEach(([x, y]) => land.set(`${x},${y}`, p.colour));
      p.pieces.forEach((q) => pieces.set(`${q.tile[0]},${q.tile[1]}`, { role: q.role, colour: p.colour }));
    });
    const PX = (x) => M + (fl ? b.nx - x : x - b.sx) * S;
    const PY = (y) => (fl ? y - b.sy : b.ny - y) * S;
    const centre = (key) => { const m = /^(-?\d+),(-?\d+)$/.exec(key); return m ? [PX(+m[1]) + S / 2, PY(+m[2]) + S / 2] : null; };
    let svg = `<svg viewBox="0 0 ${M + W * S} ${H * S + M}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Tilechess board">`;
    let drawn = "";
    for (let y = b.ny; y >= b.sy; y--) {
      for (let x = b.sx; x <= b.nx; x++) {
        const px = PX(x), py = PY(y);
        const blk = blockOf(x, y);
        if (!opened.has(blk)) {
          const key = "join:" + blk;
          let cls = ui.first.has(key) || ui.next.has(key) ? "clickable" : "";
          if (ui.chosen.includes(key)) cls = "chosen";
          svg += `<rect id="${esc(actionId("sq", `${key}@${px},${py}`))}" x="${px}" y="${py}" width="${S}" height="${S}" fill="#8a8a8a" stroke="#777" stroke-width="0.5" class="${cls}" data-key="${key}">` +
            `<title>unopened block ${blk}${cls ? ": tap to join here" : ""}</title></rect>`;
          continue;
        }
        const key = `${x},${y}`;
        const piece = pieces.get(key);
        const tip = piece ? `${key}: ${piece.colour} ${ROLE[piece.role]}` : land.has(key) ? `${key}: ${land.get(key)}'s land` : key;
        svg += cell(px, py, S, key, (x + y) % 2 ? "sq-light" : "sq-dark", ui, tip);
        if (land.has(key))
          svg += `<rect x="${px}" y="${py}" width="${S}" height="${S}" fill="${palette[land.get(key)]}" opacity="0.4" pointer-events="none"/>`;
        svg += lastMark(px, py, S, key, ui);
        if (piece) {
          const fill = palette[piece.colour];
          drawn += `<g pointer-events="none"${arrival(key, ui, centre)}><circle cx="${px + S / 2}" cy="${py + S / 2}" r="${S * 0.44}" fill="${fill}" stroke="#000" stroke-width="1"/>` +
            `<text x="${px + S / 2}" y="${py + S * 0.68}" font-size="${S * 0.5}" text-anchor="middle" font-weight="bold" fill="${inkOn(fill)}">${piece.role}</text>` +
            `<text x="${px + S * 0.86}" y="${py + S * 0.3}" font-size="${S * 0.28}" text-anchor="middle" font-weight="bold" fill="#000" stroke="#fff" stroke-width="2" paint-order="stroke">${esc(piece.colour[0].toUpperCase())}</text></g>`;
        }
      }
    }
    svg += lastPath(ui, centre) + drawn;
    // Coordinates: x along the bottom, y on the left, every fourth tile.
    const xs = [], ys = [];
    for (let x = b.sx; x <= b.nx; x++) xs.push(x % 4 === 0 ? String(x) : "");
    for (let y = b.ny; y >= b.sy; y--) ys.push(y % 4 === 0 ? String(y) : "");
    svg += coords(fl ? xs.reverse() : xs, fl ? ys.reverse() : ys, S, M, 0);
    return svg + "</svg>";
  },
  legend(s) {
    const b = parseTilechess(s.view.position);
    const palette = safeColours(b.players.map((p) => p.colour));
    return b.players.map((p) => `<span><span class="swatch" style="background:${palette[p.colour]}"></span> ${esc(p.colour)} (${esc(p.colour[0].toUpperCase())})</span>`).join("") +
      '<span>letters on a piece: K Q R B N P; grey: an unopened block</span>';
  },
};

// Progressive Chess: "pppkppp/7/... w 2 1 spent pools clock turn". A turn is
// a move (two squares, or a necromancer's raising `c3@R`) and an optional
// upgrade `+sq=X`. Squares are clicked; a raising and an upgrade are
// choices shown as buttons once the move's squares are chosen.
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
  render(view, ui) {
    const S = 64, M = 20;
    const fl = ui.flip;
    const f = view.position.split(" ");
    const ranks = f[0].split("/");
    const spent = new Set((f[4] === "-" ? "" : f[4]).match(/[a-g][1-7]/g) || []);
    const pools = f[5] === "-" ? "" : f[5];
    const whitePool = pools.replace(/[a-z]/g, ""), blackPool = pools.replace(/[A-Z]/g, "");
    const line = (y, text, bold) => `<text x="${M}" y="${y}" font-size="${S * 0.26}" fill="#222" ${bold ? 'font-weight="bold"' : ""}>${esc(text)}</text>`;
    const px = (file) => M + (fl ? 6 - file : file) * S;
    const py = (r) => (fl ? 6 - r : r) * S;
    const centre = (key) => /^[a-g][1-7]$/.test(key) ? [px("abcdefg".indexOf(key[0])) + S / 2, py(7 - Number(key[1])) + S / 2] : null;
    let svg = `<svg viewBox="0 -${S * 0.9} ${M + S * 7} ${S * 9.1}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="Progressive Chess board">`;
    const black = `Black: ${view.points[1]} point${view.points[1] === 1 ? "" : "s"} · pool: ${blackPool || "none"}`;
    const white = `White: ${view.points[0]} point${view.points[0] === 1 ? "" : "s"} · pool: ${whitePool || "none"}`;
    svg += line(-S * 0.5, fl ? white : black, view.to_move === (fl ? 0 : 1));
    let pieces = "";
    ranks.forEach((row, r) => {
      let file = 0;
      const draw = (piece) => {
        const key = "abcdefg"[file] + (7 - r);
        const x = px(file), y = py(r);
        const whitePiece = piece && piece === piece.toUpperCase();
        const tip = piece ? `${key}: ${whitePiece ? "White" : "Black"} ${PC_NAMES[piece.toUpperCase()] || piece}${spent.has(key) ? " (shield spent)" : ""}` : key;
        svg += cell(x, y, S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui, tip) + lastMark(x, y, S, key, ui);
        if (piece) {
          pieces += `<g pointer-events="none"${arrival(key, ui, centre)}><circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.36}" fill="${whitePiece ? "#fafafa" : "#222"}" ` +
            `stroke="#555" stroke-width="2"/>` +
            `<text x="${x + S / 2}" y="${y + S * 0.64}" font-size="${S * 0.42}" text-anchor="middle" font-weight="bold" ` +
            `fill="${whitePiece ? "#000" : "#fff"}">${esc(piece)}</text>`;
          // A protector whose shield is spent: a cross in its corner.
          if (spent.has(key))
            pieces += `<text x="${x + S * 0.86}" y="${y + S * 0.26}" font-size="${S * 0.24}" text-anchor="middle" fill="#b00020">✕</text>`;
          pieces += "</g>";
        }
        file++;
      };
      for (const ch of row) {
        if (/\d/.test(ch)) { for (let i = 0; i < Number(ch); i++) draw(null); }
        else draw(ch);
      }
    });
    svg += lastPath(ui, centre) + pieces;
    const files = [..."abcdefg"], rk = ["7", "6", "5", "4", "3", "2", "1"];
    svg += coords(fl ? files.reverse() : files, fl ? rk.reverse() : rk, S, M, 0);
    svg += line(S * 7 + M + S * 0.35, fl ? black : white, view.to_move === (fl ? 1 : 0));
    let notes = [];
    if (spent.size) notes.push(`spent shields: ${[...spent].join(" ")}`);
    if (view.check) notes.push("check!");
    notes.push(`turn ${f[7]}, ${f[6]} since a capture or upgrade`);
    svg += line(S * 7 + M + S * 0.75, notes.join(" · "));
    return svg + "</svg>";
  },
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
