// The timing half of scripts/measure-table (read its header).
import { pathToFileURL } from "node:url";

const { chromium } = await import(pathToFileURL(`${process.env.ROOT}/web-tests/node_modules/playwright-core/index.mjs`).href);
const base = process.env.ARBITER_URL;
const samples = Number(process.env.SAMPLES) || 40;
const GAMES = ["knight-court", "knight-moves", "progressive-chess", "tilechess", "knight-control"];

async function createGame(body) {
  const res = await fetch(`${base}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(await res.text());
  return res.json();
}
async function act(link, action) {
  const [path, token] = link.split("#");
  const res = await fetch(`${base}/api/games/${path.split("/").pop()}/actions`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ action }),
  });
  if (!res.ok) throw new Error(await res.text());
}

// In every page: the time (performance.now(), from navigation start) the
// board first holds a drawing, and the wall-clock time each history length
// was first drawn on the board.
const INIT = () => {
  window.measure = { boardAt: null, drawn: {} };
  new MutationObserver(() => {
    const board = document.querySelector("#board svg");
    if (!board) return;
    if (window.measure.boardAt === null) window.measure.boardAt = performance.now();
    try {
      // eslint-disable-next-line no-undef
      const n = state.history.length;
      if (!(n in window.measure.drawn)) window.measure.drawn[n] = Date.now();
    } catch (_) { /* not loaded yet */ }
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

function stats(name, xs) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  console.log(`${name}: n=${s.length} p50=${q(0.5).toFixed(0)} ms p95=${q(0.95).toFixed(0)} ms (min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)})`);
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });

// Page load: a fresh context (no cache) for each sample, the five games in turn.
const loads = [];
const games = {};
for (const game of GAMES) games[game] = await createGame({ game, seats: game === "knight-control" ? 3 : 2, options: game === "tilechess" ? { wide: 3, high: 3 } : {} });
for (let i = 0; i < samples; i++) {
  const game = GAMES[i % GAMES.length];
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(INIT);
  const page = await context.newPage();
  await page.goto(base + games[game].seats[0].link);
  await page.waitForFunction(() => window.measure.boardAt !== null, null, { timeout: 15000 });
  loads.push(await page.evaluate(() => window.measure.boardAt));
  await context.close();
}
stats("page load (navigation start to board drawn, 390x844)", loads);

// Click to update: two seats' pages; one clicks a move's squares (the last
// click sends it), the other's board draws it. Moves alternate.
async function clicks(game, options, prepare, pick) {
  const g = await createGame({ game, seats: 2, options });
  await prepare(g);
  const pages = [];
  for (const seat of g.seats) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(INIT);
    const page = await context.newPage();
    await page.goto(base + seat.link);
    await page.waitForFunction(() => window.measure.boardAt !== null);
    pages.push(page);
  }
  const out = [];
  for (let i = 0; out.length < samples && i < samples * 3; i++) {
    const n = await pages[0].evaluate(() => state.history.length);
    if (await pages[0].evaluate(() => state.status !== "playing")) break; // the game ended: fewer samples
    const mover = await Promise.any(pages.map(async (p, k) => {
      await p.waitForFunction((n) => state.history.length === n && state.legal.length > 0, n, { timeout: 10000 });
      return k;
    })).catch(() => null);
    if (mover === null) break;
    const page = pages[mover], other = pages[1 - mover];
    await other.waitForFunction((n) => state.history.length === n, n);
    const move = await page.evaluate(pick);
    if (!move) break;
    // The squares are clicked as a player does; the time is taken in the
    // page just before the click that completes the move.
    const sent = await page.evaluate((move) => {
      const steps = Boards[state.game].steps(move);
      const click = (key) => document.querySelector(`[data-key="${CSS.escape(key)}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
      steps.slice(0, -1).forEach(click);
      const at = Date.now();
      click(steps[steps.length - 1]);
      return at;
    }, move);
    await other.waitForFunction((n) => window.measure.drawn[n + 1] !== undefined, n, { timeout: 10000 });
    out.push((await other.evaluate((n) => window.measure.drawn[n + 1], n)) - sent);
  }
  for (const p of pages) await p.context().close();
  return out;
}

// The first legal move made by clicks alone: its squares, with no button,
// and no longer move going on from them (a pass chain that could go on
// waits for its button).
const firstClickable = () => {
  const all = state.legal.map((m) => ({ m, s: Boards[state.game].steps(m) })).filter((x) => x.s && x.s.length > 1 && !x.s.some((k) => /^[@+]/.test(k)));
  const prefix = (a, b) => a.length < b.length && a.every((k, i) => b[i] === k);
  const found = all.find((x) => !all.some((y) => prefix(x.s, y.s)));
  return found ? found.m : null;
};
const tile = await clicks("tilechess", { wide: 3, high: 3 }, async (g) => {
  for (const seat of [0, 1]) {
    const s = await (await fetch(`${base}/api/games/${g.id}`, { headers: { authorization: `Bearer ${g.seats[seat].token}` } })).json();
    await act(g.seats[seat].link, s.legal.find((m) => m.includes(" join ")));
  }
}, firstClickable);
stats("click to update, Tilechess (the other seat's board drawn, 1280x800)", tile);
const km = await clicks("knight-moves", {}, async () => {}, firstClickable);
stats("click to update, Knight Moves", km);
stats("click to update, both", tile.concat(km));

// A move reaching a spectator's phone on a slow network: a long Tilechess
// game (its state is then over 100 KB as text), the spectator's page under
// Chrome's throttling (1.6 Mbit/s down, 750 kbit/s up, 150 ms: about
// DevTools' "Fast 3G"), the time from the move's request to the page
// having drawn it. Once with the page's gzipped frames (arbiter.gzip),
// once with text frames (the page's WebSocket opened without it).
const long = await createGame({ game: "tilechess", seats: 2 });
const stateOf = async (seat) => (await fetch(`${base}/api/games/${long.id}`, { headers: { authorization: `Bearer ${long.seats[seat].token}` } })).json();
async function playOne(i) {
  for (const seat of [0, 1]) {
    const s = await stateOf(seat);
    if (s.status !== "playing" || !s.legal.length) continue;
    const sent = Date.now();
    const res = await fetch(`${base}/api/games/${long.id}/actions`, {
      method: "POST", headers: { authorization: `Bearer ${long.seats[seat].token}`, "content-type": "application/json" },
      body: JSON.stringify({ action: s.legal[(i * 7) % s.legal.length] }),
    });
    if (res.ok) return { sent, history: (await res.json()).history.length };
  }
  return null;
}
for (let i = 0; i < 600; i++) if (!(await playOne(i))) break;
const size = JSON.stringify(await stateOf(0)).length;
const TEXT_FRAMES = () => {
  const Plain = window.WebSocket;
  window.WebSocket = class extends Plain { constructor(url) { super(url); } };
};
let moveNo = 1000;
for (const [name, init] of [["gzipped frames", null], ["text frames", TEXT_FRAMES]]) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(INIT);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 200000, uploadThroughput: 93750 });
  await page.goto(`${base}/table/${long.id}`);
  await page.waitForFunction(() => window.measure.boardAt !== null, null, { timeout: 60000 });
  await page.waitForTimeout(1000);
  const out = [];
  for (let k = 0; k < Math.min(samples, 15); k++) {
    const played = await playOne(moveNo++);
    if (!played) break;
    await page.waitForFunction((n) => window.measure.drawn[n] !== undefined, played.history, { timeout: 60000 });
    out.push((await page.evaluate((n) => window.measure.drawn[n], played.history)) - played.sent);
  }
  stats(`a move to a spectator's phone on a slow network, ${name} (a Tilechess state of ${Math.round(size / 1000)} KB as text)`, out);
  await context.close();
}
await browser.close();
