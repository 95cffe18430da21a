// Screenshots of every game at phone and desktop size, for a person to look
// at (node look.mjs, with ARBITER_URL and ARTIFACTS set as ./run does).
import { chromium } from "playwright-core";
const base = process.env.ARBITER_URL, out = process.env.ARTIFACTS;
const post = async (path, body, token) => (await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: "Bearer " + token } : {}) }, body: JSON.stringify(body) })).json();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const games = {
  "knight-court": { seats: 2, moves: [[0, "c1c3"], [1, "a3b1"]] },
  "knight-moves": { seats: 2, moves: [[0, "c8-b6"], [1, "e1-f3"]] },
  "progressive-chess": { seats: 2, moves: [[0, "b1b2+b2=F"]] },
  "tilechess": { seats: 2, options: { wide: 3, high: 3 }, moves: [] },
  "knight-control": { seats: 3, deadline_secs: 600, moves: [] },
};
for (const [game, g] of Object.entries(games)) {
  const made = await post("/api/games", { game, seats: g.seats, options: g.options || {}, deadline_secs: g.deadline_secs || 300 });
  for (const [seat, mv] of g.moves) {
    const r = await post(`/api/games/${made.id}/actions`, { action: mv }, made.seats[seat].token);
    if (r.error) console.log(game, mv, r.error);
  }
  if (game === "tilechess") {
    for (const k of [0, 1]) {
      const s = await (await fetch(`${base}/api/games/${made.id}`, { headers: { authorization: "Bearer " + made.seats[k].token } })).json();
      const join = s.legal.find((m) => m.includes("join"));
      await post(`/api/games/${made.id}/actions`, { action: join }, made.seats[k].token);
    }
  }
  for (const [w, h, tag] of [[390, 844, "phone"], [1280, 800, "desktop"]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(base + made.seats[g.seats === 3 ? 0 : 1].link);
    await page.waitForFunction(() => typeof state !== "undefined" && state);
    await page.waitForTimeout(300);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(game, tag, "sideways overflow px:", scroll);
    await page.screenshot({ path: `${out}/look-${game}-${tag}.png`, fullPage: true });
    await page.close();
  }
}
const lobby = await browser.newPage({ viewport: { width: 390, height: 844 } });
await lobby.goto(base + "/");
await lobby.click("#go");
await lobby.waitForSelector("#links:not([hidden])");
await lobby.click("#link-rows tr:nth-child(2) details summary");
await lobby.screenshot({ path: `${out}/look-lobby-phone.png`, fullPage: true });
console.log("lobby overflow", await lobby.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
await browser.close();
