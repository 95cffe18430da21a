// The table draws the scene of its snapshot (docs/pictures.md): for each
// game, at a phone's and a desktop's size, the board's cells and pieces in
// the page are exactly the cells and pieces of `state.scene`, live and in a
// replay, after a move. Run by ./run; screenshots go to $ARTIFACTS.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { post as postTo } from "./http.mjs";

const base = process.env.ARBITER_URL;
const artifacts = process.env.ARTIFACTS;
const SIZES = [["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }], ["desktop", { viewport: { width: 1280, height: 800 } }]];

const post = (path, body, token) => postTo(base, path, body, token);

// What a scene holds: every board cell's key, and (cell key or "" for a
// panel, letter) of every piece, sorted.
function held(scene) {
  const keys = scene.cells.filter((c) => c.kind !== "off").map((c) => c.key).sort();
  const pieces = scene.cells.filter((c) => c.piece).map((c) => [c.key, c.piece.letter])
    .concat(scene.panels.flatMap((p) => p.pieces.map(([, t]) => ["", t.letter]))).sort();
  return { keys, pieces };
}

// What the page's board shows, in the same shape (hand pieces are
// clickable keys too, but no cells).
function shown() {
  const keys = [...document.querySelectorAll("#board rect[data-key], #board rect[data-cell]")]
    .map((r) => r.dataset.key || r.dataset.cell).filter((k) => !k.startsWith("hand:")).sort();
  const pieces = [...document.querySelectorAll("#board [data-piece]")].map((g) => [g.dataset.at, g.dataset.piece]).sort();
  return { keys, pieces };
}

const GAMES = [
  { game: "knight-court", seats: 2 },
  { game: "knight-moves", seats: 2 },
  { game: "progressive-chess", seats: 2 },
  { game: "tilechess", seats: 2, options: { wide: 2, high: 2 } },
  { game: "knight-control", seats: 2, options: { rules: { rounds: 2 } } },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
let failed = 0;
for (const body of GAMES) {
  for (const [tag, size] of SIZES) {
    const what = `${body.game} ${tag}`;
    try {
      const g = await post("/api/games", body);
      const [, token] = g.seats[0].link.split("#");
      const id = g.seats[0].link.split("#")[0].split("/").pop();
      const context = await browser.newContext(size);
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(base + g.seats[0].link);
      await page.waitForFunction(() => typeof state !== "undefined" && state && state.scene);
      // One move of the first seat, so the scene has a last move.
      const first = await page.evaluate(() => state.legal[0]);
      if (first) {
        await post(`/api/games/${id}/actions`, { action: first }, token);
        await page.waitForFunction(() => state.history.length > 0);
      }
      await page.waitForTimeout(100);
      const s = await page.evaluate(() => state);
      assert.deepEqual(await page.evaluate(shown), held(s.scene), `${what}: the board is not the scene`);
      assert.ok(held(s.scene).keys.length > 0, `${what}: an empty scene`);
      await page.screenshot({ path: `${artifacts}/scene-${body.game}-${tag}.png`, fullPage: true });
      // The start, as a replay: the replay's own scene.
      await page.click("#h-start");
      await page.waitForFunction(() => replayPly === 0);
      const start = await page.evaluate(() => replayScene);
      assert.deepEqual(await page.evaluate(shown), held(start), `${what}: the replayed board is not the replay's scene`);
      assert.deepEqual(errors, [], `${what}: page errors`);
      await context.close();
      console.log(`ok ${what}`);
    } catch (e) {
      failed++;
      console.error(`FAIL ${what}: ${e.message}`);
    }
  }
}
await browser.close();
process.exit(failed ? 1 : 0);
