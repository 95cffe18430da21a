// The host's webhook panel (docs/webhooks.md), run by ./run: the host adds
// a webhook, sees a refused one's reason (the test server runs without
// --allow-private-webhooks, so a loopback URL names the rule), sees the
// delivery state after a move, sends it a test message, and removes it; a
// seat's page shows no panel and no URL. Screenshots go to $ARTIFACTS.
import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { post as postTo } from "./http.mjs";

const base = process.env.ARBITER_URL;
const artifacts = process.env.ARTIFACTS;
const URL_SECRET = "https://hooks.slack.com/services/T0000/B0000/webhookpanelsecret";

const post = (path, body, token) => postTo(base, path, body, token);

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
let failed = 0;
try {
  const g = await post("/api/games", { game: "knight-court", seats: 2 });
  const host = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const errors = [];
  host.on("pageerror", (e) => errors.push(e.message));
  await host.goto(base + g.host.link);
  await host.waitForSelector("#webhooks #wh-add");
  // Refused: a loopback address, with the rule in the words shown.
  await host.fill("#wh-url", "http://127.0.0.1:9/hook");
  await host.selectOption("#wh-style", "slack");
  await host.click("#wh-add");
  await host.waitForFunction(() => /allow-private-webhooks/.test(document.getElementById("wh-error").textContent));
  assert.match(await host.textContent("#wh-error"), /loopback/);
  // Added: listed with its URL, for the host.
  await host.fill("#wh-url", URL_SECRET);
  await host.click("#wh-add");
  await host.waitForSelector("#wh-1");
  assert.match(await host.textContent("#wh-1"), /webhookpanelsecret/);
  assert.equal(await host.textContent("#wh-error"), "");
  // A move: the delivery goes out and, with no such receiver reachable
  // from here, its error shows (the panel asks again every 5 s).
  const seat = g.seats[0].link.split("#")[1];
  await post(`/api/games/${g.id}/actions`, { action: "c1c3" }, seat);
  await host.waitForFunction(() => /delivered \d+|last error/.test(document.getElementById("wh-1").textContent), null, { timeout: 30000 });
  // A test message: sent at once, and the panel says how it went (no such
  // receiver is reachable from here, so not delivered); the button waits
  // for the server's gap between tests, which refuses a second at once.
  await host.click("#wh-test-1");
  await host.waitForFunction(() => /Test message (not )?delivered/.test(document.getElementById("wh-test-result-1")?.textContent), null, { timeout: 30000 });
  assert.ok(await host.isDisabled("#wh-test-1"), "the test button waits");
  const again = await fetch(`${base}/api/games/${g.id}/webhooks/1/test`, { method: "POST", headers: { authorization: `Bearer ${g.host.token}` } });
  assert.equal(again.status, 429);
  assert.match((await again.json()).error, /try again in \d+ s/);
  await host.screenshot({ path: `${artifacts}/webhooks-panel.png`, fullPage: true });
  // A seat's page: no panel, the URL nowhere.
  const player = await (await browser.newContext()).newPage();
  await player.goto(base + g.seats[1].link);
  await player.waitForFunction(() => typeof state !== "undefined" && state && state.scene);
  await player.waitForTimeout(700);
  assert.equal(await player.isVisible("#webhooks"), false);
  assert.ok(!(await player.content()).includes("webhookpanelsecret"), "a seat's page shows the webhook URL");
  // Removed.
  await host.click("#wh-remove-1");
  await host.waitForFunction(() => !document.getElementById("wh-1"));
  assert.deepEqual(errors, []);
  console.log("ok webhook panel");
} catch (e) {
  failed++;
  console.error(`FAIL webhook panel: ${e.message}`);
}
await browser.close();
process.exit(failed ? 1 : 0);
