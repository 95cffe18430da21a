// Browser tests of what passes between players (web/social.js): a
// resignation, a draw by agreement, a rematch, chat between two browser
// contexts, and a spectator who sees the spectators' channel only. Each
// runs at a phone's 390×844 and a desktop's 1280×800, against a running
// `arbiter serve` (see ./run).
import assert from "node:assert/strict";
import { DESKTOP, PHONE, act, artifacts, base, createGame, runTests } from "./lib.mjs";
import { post } from "./http.mjs";

const SIZES = { phone: PHONE, desktop: DESKTOP };

// The page's own state (a top-level binding of table.js); null while the
// page is moving on to another game (a rematch) and has none yet.
const pageState = (page) => page.evaluate(() => (typeof state === "undefined" ? null : state)).catch(() => null);

async function waitFor(page, test, what) {
  for (let i = 0; i < 400; i++) {
    const s = await pageState(page);
    if (s && test(s)) return s;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Taps on a phone, clicks on a desktop.
async function press(page, selector, size) {
  if (size === "phone") await page.tap(selector); else await page.click(selector);
}

async function noSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `${what}: the page scrolls sideways by ${wide} px`);
}

async function open(browser, size, link) {
  const context = await browser.newContext(SIZES[size]);
  const page = await context.newPage();
  await page.goto(base + link);
  await waitFor(page, (s) => !!s.social, "the table");
  return { context, page };
}

const bannerText = (page) => page.textContent("#result");

const tests = {
  async "a resignation ends a duel with the reason in the banner"(browser, size) {
    const g = await createGame({ game: "knight-moves", seats: 2 });
    const { context, page } = await open(browser, size, g.seats[0].link);
    // Resigning asks once more; "Keep playing" takes it back.
    await press(page, "#resign", size);
    await press(page, "#resign-cancel", size);
    assert.equal((await pageState(page)).status, "playing");
    await press(page, "#resign", size);
    await press(page, "#resign-confirm", size);
    await waitFor(page, (s) => s.status === "over", "the end");
    assert.match(await bannerText(page), /^You lost by resignation/);
    // The status line says it as the picture does.
    assert.equal(await page.textContent("#status"), "Game over: Ohs wins by resignation");
    // The history's last line says who resigned, and nothing else.
    assert.equal((await page.textContent("#history ol li:last-child")).trim(), "Eks resigns");
    // The move box, the resign button and the host's buttons are gone; the
    // rematch and new-game buttons are there.
    assert.ok(await page.isHidden("#typed"));
    assert.equal(await page.locator("#resign").count(), 0);
    assert.ok(await page.isVisible("#rematch"));
    assert.ok(await page.isVisible("#new-game"));
    await noSidewaysScroll(page, "after a resignation");
    await page.screenshot({ path: `${artifacts}/social-resigned-${size}.png`, fullPage: true });
    // The other side reads that it won.
    const other = await open(browser, size, g.seats[1].link);
    assert.match(await bannerText(other.page), /^You won by resignation/);
    await other.context.close();
    // The analysis board asked for a position past the game's end says so,
    // and shows no empty picture frame.
    const [path, token] = g.seats[0].link.split("#");
    await page.goto(`${base}/analysis/${path.split("/").pop()}?ply=6#${token}`);
    await page.waitForFunction(() => document.getElementById("a-error").textContent !== "");
    await page.waitForFunction(() => document.getElementById("a-board").hidden);
    // At the start the board's picture shows and fits the page's width.
    await page.goto(`${base}/analysis/${path.split("/").pop()}?ply=0#${token}`);
    await page.waitForFunction(() => {
      const img = document.getElementById("a-board");
      return !img.hidden && img.complete && img.naturalWidth > 0;
    });
    // The engine ranks its three best moves, each a different move with an
    // evaluation and the line it expects.
    await page.waitForSelector("#a-lines table.ranked tbody tr");
    const ranked = await page.$$eval("#a-lines table.ranked tbody tr", (rows) =>
      rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));
    assert.equal(ranked.length, 3, JSON.stringify(ranked));
    assert.equal(new Set(ranked.map((r) => r[1])).size, 3, JSON.stringify(ranked));
    for (const [rank, , evaluation, line] of ranked) {
      assert.match(rank, /^[123]$/);
      assert.match(evaluation, /^([+-]?\d+|(wins|loses) in \d+ pl(y|ies)|not scored)$/);
      // The expected continuation, or a dash when the search had none yet
      // (a short search on a busy machine).
      assert.ok(line.length > 0, JSON.stringify(ranked));
    }
    // Sides are named as the table names them: Eks moves first, and the
    // best line alternates Eks and Ohs.
    assert.match(await page.textContent("#a-best"), /^Eks plays best: /);
    const line = await page.$$eval("#a-line li", (items) => items.map((li) => li.textContent));
    assert.ok(line.length > 0);
    line.forEach((entry, i) => assert.ok(entry.startsWith(i % 2 ? "Ohs: " : "Eks: "), JSON.stringify(line)));
    assert.doesNotMatch(await page.textContent("#a-line-end"), /for P\d/);
    // A move of the best line shows the board after it in place of the
    // game's picture, and the line can be stepped through from there.
    await press(page, '#a-line button.line-move[data-k="0"]', size);
    await page.waitForSelector("#a-preview-board svg");
    assert.ok(await page.isHidden("#a-board"));
    assert.equal(await page.textContent("#a-preview-caption"), `After 1. ${line[0]} (the best line, not played).`);
    assert.equal(await page.getAttribute('#a-line button.line-move[data-k="0"]', "aria-pressed"), "true");
    assert.ok(await page.isDisabled("#a-preview-prev"));
    if (line.length > 1) {
      await press(page, "#a-preview-next", size);
      assert.equal(await page.textContent("#a-preview-caption"), `After 2. ${line[1]} (the best line, not played).`);
      assert.equal(await page.getAttribute('#a-line button.line-move[data-k="1"]', "aria-pressed"), "true");
    }
    await noSidewaysScroll(page, "a move of the best line shown");
    await page.screenshot({ path: `${artifacts}/analysis-line-move-${size}.png`, fullPage: true });
    await press(page, "#a-preview-back", size);
    assert.ok(await page.isHidden("#a-preview"));
    assert.ok(await page.isVisible("#a-board"));
    await noSidewaysScroll(page, "the analysis board");
    await page.screenshot({ path: `${artifacts}/analysis-start-${size}.png`, fullPage: true });
    await context.close();
  },

  async "a draw offered in one browser is accepted in another"(browser, size) {
    const g = await createGame({ game: "knight-court", seats: 2 });
    const white = await open(browser, size, g.seats[0].link);
    const black = await open(browser, size, g.seats[1].link);
    await press(white.page, "#draw-offer", size);
    // The offer reaches Black live, over the WebSocket.
    await black.page.waitForSelector("#draw-accept");
    assert.match(await black.page.textContent("#social-actions"), /Your opponent offers a draw/);
    // White learns it from its own request's answer, which may come after
    // Black's live update.
    await white.page.waitForSelector("#social-actions .draw-note");
    assert.match(await white.page.textContent("#social-actions"), /You offered a draw/);
    await black.page.screenshot({ path: `${artifacts}/social-draw-offer-${size}.png`, fullPage: true });
    await press(black.page, "#draw-accept", size);
    for (const side of [white, black]) {
      await waitFor(side.page, (s) => s.status === "over", "the draw");
      assert.match(await bannerText(side.page), /^Draw by agreement/);
      assert.ok(await side.page.isHidden("#typed"));
    }
    await white.page.screenshot({ path: `${artifacts}/social-draw-${size}.png`, fullPage: true });
    await white.context.close();
    await black.context.close();
  },

  async "a rematch moves both players on with the colours swapped"(browser, size) {
    const g = await createGame({ game: "knight-court", seats: 2 });
    const white = await open(browser, size, g.seats[0].link);
    const black = await open(browser, size, g.seats[1].link);
    await act(g.seats[0].link, "c1c3");
    await press(black.page, "#resign", size);
    await press(black.page, "#resign-confirm", size);
    await waitFor(white.page, (s) => s.status === "over", "the end");
    await white.page.waitForSelector("#rematch:not([hidden])");
    await press(white.page, "#rematch", size);
    // Both pages are now at the new game, through their old links.
    for (const [side, seat] of [[white, 1], [black, 0]]) {
      await side.page.waitForURL((u) => !u.pathname.endsWith(g.id));
      const s = await waitFor(side.page, (s) => s.id !== g.id && s.status === "playing", "the new game");
      assert.equal(s.you.seat, seat, "the seats swapped");
    }
    assert.match(await white.page.textContent("#you"), /Black/);
    assert.match(await black.page.textContent("#you"), /White/);
    // The old link, opened afresh, leads to the new game too.
    const again = await open(browser, size, g.seats[0].link);
    await again.page.waitForURL((u) => !u.pathname.endsWith(g.id));
    await waitFor(again.page, (s) => s.id !== g.id, "the new game from the old link");
    await black.page.screenshot({ path: `${artifacts}/social-rematch-${size}.png`, fullPage: true });
    for (const side of [white, black, again]) await side.context.close();
  },

  async "chat between two players, privately too, and a spectator's own channel"(browser, size) {
    const g = await createGame({ game: "knight-control", seats: 3 });
    const p1 = await open(browser, size, g.seats[0].link);
    const p2 = await open(browser, size, g.seats[1].link);
    const p3 = await open(browser, size, g.seats[2].link);
    const watcher = await open(browser, size, g.spectator.link);
    // P1 writes to the table.
    await p1.page.fill("#chat-text", "hello table");
    await press(p1.page, "#chat-send", size);
    for (const p of [p2, p3]) await p.page.waitForSelector("#chat-lines >> text=hello table");
    // P1 writes to P2 only.
    await p1.page.selectOption("#chat-to", "1");
    await p1.page.fill("#chat-text", "trade 2 chips?");
    await press(p1.page, "#chat-send", size);
    await p2.page.waitForSelector("#chat-lines >> text=trade 2 chips?");
    assert.match(await p2.page.textContent("#chat-lines"), /privately/);
    // The spectator writes under a name, in the spectators' channel.
    assert.equal(await watcher.page.textContent("#chat-title"), "Spectators' chat");
    await watcher.page.fill("#chat-name", "Zoe");
    await watcher.page.fill("#chat-text", "go P3!");
    await press(watcher.page, "#chat-send", size);
    await watcher.page.waitForSelector("#chat-lines >> text=go P3!");
    // P2 answers the table; then every page shows only what it may.
    await p2.page.fill("#chat-text", "deal");
    await press(p2.page, "#chat-send", size);
    for (const p of [p1, p3]) await p.page.waitForSelector("#chat-lines >> text=deal");
    // A message sent over the API with a line break shows it.
    await post(base, `/api/games/${g.id}/chat`, { text: "two\nlines" }, g.seats[2].link.split("#")[1]);
    await p1.page.waitForSelector("#chat-lines >> text=lines");
    const said = await p1.page.locator(".chat-said", { hasText: "lines" }).innerText();
    assert.equal(said, "two\nlines", "the line break was lost");
    await watcher.page.waitForTimeout(300);
    const seen = async (p) => p.page.textContent("#chat-lines");
    assert.doesNotMatch(await seen(p3), /trade 2 chips/, "P3 read a private message");
    assert.match(await seen(p1), /trade 2 chips/);
    for (const p of [p1, p2, p3]) assert.doesNotMatch(await seen(p), /go P3/, "a player read the spectators");
    const spectator = await seen(watcher);
    assert.match(spectator, /Zoe \(spectator\)/);
    for (const text of [/hello table/, /trade 2 chips/, /deal/]) assert.doesNotMatch(spectator, text, "the spectator read the players");
    for (const p of [p1, watcher]) await noSidewaysScroll(p.page, "with the chat");
    await p2.page.screenshot({ path: `${artifacts}/social-chat-${size}.png`, fullPage: true });
    await watcher.page.screenshot({ path: `${artifacts}/social-spectators-${size}.png`, fullPage: true });
    // The host closes the spectators' channel to every name at once: a
    // mute by name could be escaped by writing under another.
    const host = await open(browser, size, g.host.link);
    await host.page.waitForSelector("#spectators-mute:not([hidden])");
    assert.ok(await p1.page.isHidden("#spectators-mute"), "a seat saw the host's switch");
    assert.ok(await watcher.page.isHidden("#spectators-mute"), "a spectator saw the host's switch");
    await press(host.page, "#spectators-mute", size);
    await watcher.page.waitForSelector("#chat-text[disabled]");
    assert.equal(await watcher.page.getAttribute("#chat-text", "placeholder"), "The host closed this chat");
    // The host's own page learns of it from its own update, which may come
    // after the spectator's: wait for it rather than race it.
    await host.page.waitForFunction(() => /Reopen/.test(document.getElementById("spectators-mute").textContent));
    await host.page.screenshot({ path: `${artifacts}/social-host-closed-${size}.png`, fullPage: true });
    await watcher.page.screenshot({ path: `${artifacts}/social-spectators-closed-${size}.png`, fullPage: true });
    await press(host.page, "#spectators-mute", size);
    await watcher.page.waitForSelector("#chat-text:not([disabled])");
    for (const p of [p1, p2, p3, watcher, host]) await p.context.close();
  },
};

await runTests("browser (between players)", tests, { sizes: Object.keys(SIZES) });
