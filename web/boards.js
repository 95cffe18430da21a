// Board drawings and move shapes, one entry per game. A move's "steps" are
// the keys a player clicks in order (squares, hand pieces, blocks); moves
// with no steps (pass, break) become buttons. Everything drawn comes from
// the view the server sent to this viewer.
"use strict";

const GLYPH = {
  white: { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659" },
  black: { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" },
};

function esc(s) { return String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`); }

// One clickable square: its class says whether it is a target or chosen.
function cell(x, y, w, key, base, ui) {
  let cls = base;
  if (ui.chosen.includes(key)) cls = "chosen";
  else if (ui.next.has(key) && ui.chosen.length > 0) cls = "target";
  const click = ui.next.has(key) || ui.first.has(key) ? " clickable" : "";
  // The id names the key and the place, so a redraw never turns this
  // square into another one under a click that has started.
  return `<rect id="${esc(actionId("sq", `${key}@${x},${y}`))}" x="${x}" y="${y}" width="${w}" height="${w}" class="${cls}${click}" data-key="${esc(key)}"/>`;
}

function glyph(x, y, w, text, fill, stroke) {
  return `<text x="${x + w / 2}" y="${y + w * 0.78}" font-size="${w * 0.8}" text-anchor="middle" ` +
    `fill="${fill || "#000"}" stroke="${stroke || "none"}" stroke-width="${w / 60}" pointer-events="none">${text}</text>`;
}

const Boards = {};

Boards["knight-court"] = {
  steps(mv) {
    let m = /^([A-Z])@([a-c][1-3])$/.exec(mv);
    if (m) return ["hand:" + m[1], m[2]];
    m = /^([a-c][1-3])([a-c][1-3])$/.exec(mv);
    return m ? [m[1], m[2]] : null;
  },
  render(view, ui) {
    const S = 100;
    const [board, rest] = view.position.split("[");
    const hand = rest.split("]")[0];
    const ranks = board.split("/");
    let svg = `<svg viewBox="0 -${S * 0.7} ${S * 3} ${S * 4.4}" xmlns="http://www.w3.org/2000/svg">`;
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
      let out = cell(file * S, r * S, S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui);
      if (piece) out += glyph(file * S, r * S, S, GLYPH[piece === piece.toUpperCase() ? "white" : "black"][piece.toUpperCase()]);
      return out;
    }
    // Hands: Black's above the board, White's below; only the mover's is clickable.
    const handRow = (white, y) => {
      let x = 0;
      for (const ch of hand) {
        if ((ch === ch.toUpperCase()) !== white) continue;
        const key = "hand:" + ch.toUpperCase();
        svg += cell(x, y, S * 0.6, key, "sq-light", ui) + glyph(x, y, S * 0.6, GLYPH[white ? "white" : "black"][ch.toUpperCase()]);
        x += S * 0.7;
      }
    };
    // Hand keys are shared by colour; mark only the side to move's hand.
    const mover = view.to_move;
    const none = { chosen: [], next: new Set(), first: new Set() };
    const save = ui;
    ui = mover === 1 ? save : none; handRow(false, -S * 0.65);
    ui = mover === 0 ? save : none; handRow(true, S * 3.05);
    ui = save;
    return svg + "</svg>";
  },
};

Boards["knight-moves"] = {
  steps(mv) { return /^[a-g][1-8](-[a-g][1-8])+$/.test(mv) ? mv.split("-") : null; },
  render(view, ui) {
    const S = 60;
    const ranks = view.position.split(" ")[0].split("/");
    let svg = `<svg viewBox="0 0 ${S * 7} ${S * 8}" xmlns="http://www.w3.org/2000/svg">`;
    ranks.forEach((row, r) => {
      let file = 0, dim = false;
      for (const ch of row) {
        if (ch === "~") { dim = true; continue; }
        const draw = (piece) => {
          const key = "abcdefg"[file] + (8 - r);
          const x = file * S, y = r * S;
          svg += cell(x, y, S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui);
          if (piece) {
            const eks = piece.toLowerCase() === "x";
            svg += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.36}" fill="${eks ? "#222" : "#fafafa"}" ` +
              `stroke="#555" stroke-width="2" ${dim ? 'stroke-dasharray="4 3" opacity="0.6"' : ""} pointer-events="none"/>`;
            if (piece === "X" || piece === "O")
              svg += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.15}" fill="#e8b400" stroke="#000" pointer-events="none"/>`;
          }
          file++;
        };
        if (/\d/.test(ch)) { for (let i = 0; i < Number(ch); i++) draw(null); }
        else { draw(ch); dim = false; }
      }
    });
    return svg + "</svg>";
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

Boards["tilechess"] = {
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
    const S = Math.max(8, Math.min(32, Math.floor(720 / Math.max(W, H))));
    const opened = new Set(b.open.map(([x, y]) => `${x},${y}`));
    const blockOf = (x, y) => `${Math.floor(x / 4) * 4},${Math.floor(y / 4) * 4}`;
    const land = new Map(), pieces = new Map();
    b.players.forEach((p) => {
      p.land.forEach(([x, y]) => land.set(`${x},${y}`, p.colour));
      p.pieces.forEach((q) => pieces.set(`${q.tile[0]},${q.tile[1]}`, { role: q.role, colour: p.colour }));
    });
    let svg = `<svg viewBox="0 0 ${W * S} ${H * S}" xmlns="http://www.w3.org/2000/svg">`;
    for (let y = b.ny; y >= b.sy; y--) {
      for (let x = b.sx; x <= b.nx; x++) {
        const px = (x - b.sx) * S, py = (b.ny - y) * S;
        const blk = blockOf(x, y);
        if (!opened.has(blk)) {
          const key = "join:" + blk;
          let cls = ui.first.has(key) || ui.next.has(key) ? "clickable" : "";
          if (ui.chosen.includes(key)) cls = "chosen";
          svg += `<rect id="${esc(actionId("sq", `${key}@${px},${py}`))}" x="${px}" y="${py}" width="${S}" height="${S}" fill="#8a8a8a" stroke="#777" stroke-width="0.5" class="${cls}" data-key="${key}"/>`;
          continue;
        }
        const key = `${x},${y}`;
        svg += cell(px, py, S, key, (x + y) % 2 ? "sq-light" : "sq-dark", ui);
        if (land.has(key))
          svg += `<rect x="${px}" y="${py}" width="${S}" height="${S}" fill="${esc(land.get(key))}" opacity="0.35" pointer-events="none"/>`;
        const piece = pieces.get(key);
        if (piece) svg += glyph(px, py, S, GLYPH.black[piece.role], esc(piece.colour), "#000");
      }
    }
    return svg + "</svg>";
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

Boards["progressive-chess"] = {
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
    const S = 64;
    const f = view.position.split(" ");
    const ranks = f[0].split("/");
    const spent = new Set((f[4] === "-" ? "" : f[4]).match(/[a-g][1-7]/g) || []);
    const pools = f[5] === "-" ? "" : f[5];
    const whitePool = pools.replace(/[a-z]/g, ""), blackPool = pools.replace(/[A-Z]/g, "");
    const line = (y, text, bold) => `<text x="4" y="${y}" font-size="${S * 0.26}" ${bold ? 'font-weight="bold"' : ""}>${esc(text)}</text>`;
    let svg = `<svg viewBox="0 -${S * 0.9} ${S * 7} ${S * 8.8}" xmlns="http://www.w3.org/2000/svg">`;
    svg += line(-S * 0.5, `Black: ${view.points[1]} point${view.points[1] === 1 ? "" : "s"} · pool: ${blackPool || "none"}`, view.to_move === 1);
    ranks.forEach((row, r) => {
      let file = 0;
      const draw = (piece) => {
        const key = "abcdefg"[file] + (7 - r);
        const x = file * S, y = r * S;
        svg += cell(x, y, S, key, (file + r) % 2 ? "sq-dark" : "sq-light", ui);
        if (piece) {
          const white = piece === piece.toUpperCase();
          svg += `<circle cx="${x + S / 2}" cy="${y + S / 2}" r="${S * 0.36}" fill="${white ? "#fafafa" : "#222"}" ` +
            `stroke="#555" stroke-width="2" pointer-events="none"/>`;
          svg += `<text x="${x + S / 2}" y="${y + S * 0.64}" font-size="${S * 0.42}" text-anchor="middle" font-weight="bold" ` +
            `fill="${white ? "#000" : "#fff"}" pointer-events="none">${esc(piece)}</text>`;
          // A protector whose shield is spent: a cross in its corner.
          if (spent.has(key))
            svg += `<text x="${x + S * 0.86}" y="${y + S * 0.26}" font-size="${S * 0.24}" text-anchor="middle" fill="#b00020" pointer-events="none">✕</text>`;
        }
        file++;
      };
      for (const ch of row) {
        if (/\d/.test(ch)) { for (let i = 0; i < Number(ch); i++) draw(null); }
        else draw(ch);
      }
    });
    for (let i = 0; i < 7; i++) {
      svg += `<text x="${i * S + 3}" y="${7 * S - 3}" font-size="${S * 0.18}" fill="#0008" pointer-events="none">${"abcdefg"[i]}</text>`;
      svg += `<text x="${7 * S - 10}" y="${i * S + 13}" font-size="${S * 0.18}" fill="#0008" pointer-events="none">${7 - i}</text>`;
    }
    svg += line(S * 7.4, `White: ${view.points[0]} point${view.points[0] === 1 ? "" : "s"} · pool: ${whitePool || "none"}`, view.to_move === 0);
    let notes = [];
    if (spent.size) notes.push(`spent shields: ${[...spent].join(" ")}`);
    if (view.check) notes.push("check!");
    notes.push(`turn ${f[7]}, ${f[6]} since a capture or upgrade`);
    svg += line(S * 7.8, notes.join(" · "));
    return svg + "</svg>";
  },
};
