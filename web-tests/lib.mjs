// What the browser test files share (see ./run): the server's address,
// games made and played through its API, the table's acknowledgement
// box, the two screen sizes, and the loop that runs a file's tests.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";

export const base = process.env.ARBITER_URL;
export const artifacts = process.env.ARTIFACTS;

export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

// A new game through the API: its creation answer (ids, tokens, links).
export async function createGame(body) {
  const res = await fetch(`${base}/api/games`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

// A seat's action sent straight to the server, as another player's page would.
export async function act(link, action) {
  const [path, token] = link.split("#");
  const res = await fetch(`${base}/api/games/${path.split("/").pop()}/actions`, {
    method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action }),
  });
  assert.equal(res.status, 200, await res.text());
}

// How many submissions the page has made (its #ack's data-seq).
export const sentCount = (page) => page.evaluate(() => Number(document.getElementById("ack").dataset.seq || 0));

// Waits for the server's acknowledgement of the page's next submission
// after `before`, checks that it was taken and, when `action` is given,
// that what the server recorded is `action`; the acknowledgement's text.
export async function acked(page, before, action) {
  await page.waitForFunction((n) => {
    const el = document.getElementById("ack");
    return Number(el.dataset.seq || 0) > n && el.dataset.state !== "sending";
  }, before);
  const ack = await page.evaluate(() => ({ ...document.getElementById("ack").dataset, text: document.getElementById("ack").textContent }));
  assert.equal(ack.state, "in", `the server refused ${action}: ${ack.text}`);
  if (action !== undefined) assert.equal(ack.action, action);
  return ack.text;
}

// WEB_DIR=../web serves the client's scripts and style from that folder
// instead of the binary's copies: a change to them is tested without a rebuild.
async function serveWebDir(browser) {
  const { readFileSync, existsSync } = await import("node:fs");
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.route(/\/[a-z-]+\.(js|css)$/, (route) => {
      const file = `${process.env.WEB_DIR}${new URL(route.request().url()).pathname}`;
      if (!existsSync(file)) return route.continue();
      return route.fulfill({ body: readFileSync(file, "utf8"), contentType: file.endsWith(".css") ? "text/css" : "text/javascript" });
    });
    return context;
  };
}

// Runs every test of `tests` (name → async (browser, size)) in one
// chromium, once for each of `sizes` (or once, with no size), printing
// "ok"/"not ok" lines and a `label` summary; `after` runs once the browser
// is closed. Exits with 1 if any failed. ONLY=text runs just the tests
// whose names contain it.
export async function runTests(label, tests, { sizes = [undefined], after } = {}) {
  if (process.env.ONLY) for (const name of Object.keys(tests)) if (!name.includes(process.env.ONLY)) delete tests[name];
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  if (process.env.WEB_DIR) await serveWebDir(browser);
  let failed = 0;
  let total = 0;
  for (const [name, test] of Object.entries(tests)) {
    for (const size of sizes) {
      const what = size === undefined ? name : `${name} at ${size} size`;
      total++;
      try {
        const started = Date.now();
        await test(browser, size);
        console.log(`ok - ${what} (${Date.now() - started} ms)`);
      } catch (e) {
        failed++;
        console.log(`not ok - ${what}\n${e.stack}`);
      }
    }
  }
  await browser.close();
  if (after) after();
  console.log(`${label}: ${total - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
