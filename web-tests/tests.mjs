// Browser tests against a running `arbiter serve` (see ./run).
import assert from "node:assert/strict";
import { DESKTOP, PHONE, acked, act, artifacts, base, createGame, runTests, sentCount } from "./lib.mjs";

// The page's own state (a top-level binding of table.js).
const pageState = (page) => page.evaluate(() => state);

async function waitFor(page, test, what) {
  let s = null;
  for (let i = 0; i < 400; i++) {
    s = await pageState(page);
    if (s && test(s)) return s;
    await page.waitForTimeout(50);
  }
  // What the page showed last and what the server says now, to tell why.
  const brief = (s) => s && { status: s.status, version: s.version, to_act: s.to_act, round: s.view.round, stage: s.view.stage, history: s.history.slice(-6).map((h) => `${h.seat}: ${h.action}`) };
  const now = await page.evaluate(() => api("")).catch((e) => ({ error: e.message }));
  throw new Error(`timed out waiting for ${what}; the page last showed ${JSON.stringify(brief(s))}; the server now says ${JSON.stringify(now.error ? now : brief(now))}`);
}

// Plays `move` by clicking its steps on the board, then any "Play" button,
// and waits for the server to acknowledge it as `recorded`.
async function clickMove(page, move, recorded = move) {
  const steps = await page.evaluate((m) => Boards[state.game].steps(m), move);
  assert.ok(steps, `${move} has no click steps`);
  const before = await sentCount(page);
  for (const key of steps) await page.click(`[data-key="${key}"]`);
  const button = page.locator(`#choices button[data-move="${move}"]`);
  if ((await sentCount(page)) === before && (await button.count()) > 0) await button.click();
  await acked(page, before, recorded);
}

// Has another seat submit, and waits until `page` has drawn the frame it brings.
async function frameFrom(page, link, action) {
  const seen = (await pageState(page)).history.length;
  await act(link, action);
  await waitFor(page, (s) => s.history.length > seen, "a live frame");
}

const tests = {
  async "a full Knight Court game against a bot, by clicks"(browser) {
    const page = await browser.newPage();
    // Create the game through the lobby: seat 1 a person, seat 2 the default (middle-level) bot.
    await page.goto(base + "/");
    await page.selectOption("#game", "knight-court");
    await page.click("#go");
    const link = await page.locator("#link-rows tr:nth-child(2) a").getAttribute("href");
    // Each link has a copy button; people's seats and spectators a QR code; the invitation holds the seat's link.
    assert.equal(await page.locator("#link-rows button.copy").count(), 4);
    assert.equal(await page.locator("#link-rows img.qr").count(), 2);
    assert.ok((await page.inputValue("#invite")).includes(link), "the invitation holds the seat link");
    // Seats are named as the rules name them, in the form, the links and the invitation.
    assert.match(await page.textContent("#seat-list"), /Seat 1 \(White\).*Seat 2 \(Black\)/);
    assert.equal(await page.textContent("#link-rows tr:nth-child(3) td"), "Seat 2 (Black, bot level 3)");
    assert.ok((await page.inputValue("#invite")).includes(`Seat 1 (White): ${link}`), "the invitation names the side");
    assert.match(await page.textContent("#about"), /How to play Knight Court/);
    // The default opponent is a middle-level bot.
    assert.equal(await page.inputValue("#seat-1"), String(Math.ceil((await (await fetch(`${base}/api/kinds`)).json()).max_bot_level / 2)));
    const rules = await fetch(`${base}/rules/knight-court`);
    assert.equal(rules.status, 200);
    assert.match(await rules.text(), /<h1>Knight Court<\/h1>/);
    await page.screenshot({ path: `${artifacts}/lobby.png` });
    await page.goto(new URL(link, base).href);
    for (let turn = 0; turn < 100; turn++) {
      const s = await waitFor(page, (s) => s.status !== "playing" || s.legal.length > 0, "my turn or the end");
      if (s.status !== "playing") break;
      await clickMove(page, s.legal[0]);
    }
    const end = await waitFor(page, (s) => s.status === "over", "the game to end");
    assert.ok(end.outcome.reason);
    assert.match(await page.textContent("#status"), /Game over/);
    // The last move's "is in" is not left standing under the result.
    await page.waitForSelector("#ack", { state: "hidden" });
    // Replay: clicking the first move shows the board after it.
    await page.click("#history li[data-ply='1']");
    await page.waitForSelector("#replaying:not([hidden])");
    await page.screenshot({ path: `${artifacts}/knight-court-over.png` });
  },

  async "a Knight Court drop from the hand, by clicks"(browser) {
    const g = await createGame({ game: "knight-court", seats: 2, options: { position: "nbr/3/NB1[R] w" } });
    const page = await browser.newPage();
    await page.goto(base + g.seats[0].link);
    await waitFor(page, (s) => s.legal.includes("R@c1"), "the drop to be offered");
    // Clicking the rook in hand highlights exactly its drop squares.
    await page.click('[data-key="hand:R"]');
    const targets = await page.$$eval("rect.target", (els) => els.map((e) => e.dataset.key).sort());
    assert.deepEqual(targets, ["a2", "b2", "c1", "c2"]);
    await page.screenshot({ path: `${artifacts}/knight-court-drop.png` });
    const before = await sentCount(page);
    await page.click('[data-key="c1"]');
    assert.equal(await acked(page, before, "R@c1"), "Your move R@c1 is in");
    const s = await pageState(page);
    assert.equal(s.history[0].action, "R@c1");
    assert.equal(s.view.position, "nbr/3/NBR[] b");
  },

  async "a Knight Moves pass chain"(browser) {
    const g = await createGame({ game: "knight-moves", seats: 2 });
    const eks = await (await browser.newContext()).newPage();
    const ohs = await (await browser.newContext()).newPage();
    await eks.goto(base + g.seats[0].link);
    await ohs.goto(base + g.seats[1].link);
    await waitFor(eks, (s) => s.legal.length > 0, "Eks to move");
    await clickMove(eks, "c8-b6");
    await waitFor(ohs, (s) => s.legal.includes("e1-f3"), "Ohs to move");
    await clickMove(ohs, "e1-f3");
    await waitFor(eks, (s) => s.legal.includes("d8-b6"), "Eks again");
    await clickMove(eks, "d8-b6");
    const s = await waitFor(ohs, (s) => s.legal.includes("d1-f1-f3"), "the chain to be legal");
    await clickMove(ohs, "d1-f1-f3");
    const after = await waitFor(eks, (s) => s.history.length === 4, "Eks to see the chain live");
    assert.equal(after.history[3].action, "d1-f1-f3");
    assert.equal(after.view.position, "1x1~xxx1/7/1X5/7/7/5O1/7/1oo~o1~o1 x -");
    await ohs.screenshot({ path: `${artifacts}/knight-moves-chain.png` });
    assert.ok(s);
  },

  async "a Tilechess join and claim"(browser) {
    const g = await createGame({ game: "tilechess", seats: 2, options: { wide: 3, high: 3 } });
    const a = await (await browser.newContext()).newPage();
    const b = await (await browser.newContext()).newPage();
    await a.goto(base + g.seats[0].link);
    await b.goto(base + g.seats[1].link);
    // Joining: click an unopened block; the default arrangement is used.
    let s = await waitFor(a, (s) => s.legal.length > 0, "a join to be offered");
    await clickMove(a, s.legal[0]);
    s = await waitFor(b, (s) => s.legal.length > 0 && s.view.colours.length === 1, "the second join");
    // The second player arranges their own army and colour before choosing a block.
    await b.fill("#colour", "green");
    await b.fill("#army", "RNBR/PQKP/PBNP/PPP.");
    const join = s.legal.find((m) => m.includes("join"));
    const arranged = join.replace(/^[^:]+/, "green").replace(/\S+$/, "RNBR/PQKP/PBNP/PPP.");
    await clickMove(b, join, arranged);
    const joined = await pageState(b);
    assert.equal(joined.history[1].action, arranged);
    // Claiming: reserve the next turn, which the other player sees live, then move.
    await waitFor(a, (s) => s.legal.some((m) => /\d-\d/.test(m)), "a move to claim");
    const claimed = await sentCount(a);
    await a.click("#claim");
    assert.equal(await acked(a, claimed, "claim"), "Your claim of the next turn is in");
    await waitFor(b, (s) => s.claim && s.claim.seat === 0, "the claim to reach the other player");
    const claimer = joined.history[0].action.split(":")[0];
    assert.match(await b.textContent("#status"), new RegExp(`${claimer} has claimed the next turn`));
    s = await pageState(a);
    const move = s.legal.find((m) => /: -?\d+,-?\d+-/.test(m));
    await clickMove(a, move);
    const seen = await waitFor(b, (s) => s.history.length === 3, "the claim to reach the other player");
    assert.equal(seen.history[2].action, move);
    assert.equal(seen.view.leaderboard.length, 2);
    await b.screenshot({ path: `${artifacts}/tilechess-claim.png` });
  },

  async "a Progressive Chess turn with an upgrade"(browser) {
    const g = await createGame({ game: "progressive-chess", seats: 2 });
    const page = await browser.newPage();
    await page.goto(base + g.seats[0].link);
    await waitFor(page, (s) => s.legal.includes("b1b2+b2=F"), "White's first turn");
    // Clicking the pawn shows its one target; clicking it offers the upgrades.
    await page.click('[data-key="b1"]');
    const targets = await page.$$eval("rect.target", (els) => els.map((e) => e.dataset.key).sort());
    assert.deepEqual(targets, ["b2"]);
    await page.click('[data-key="b2"]');
    const offered = await page.$$eval("#choices button", (els) => els.map((e) => e.dataset.move).sort());
    // Any of White's six pawns (the moved one now on b2) may take one of its three upgrades.
    const upgrades = ["a1", "b2", "c1", "e1", "f1", "g1"].flatMap((sq) => ["F", "S", "W"].map((x) => `b1b2+${sq}=${x}`));
    assert.deepEqual(offered, ["b1b2", ...upgrades].sort());
    assert.match(await page.textContent('#choices button[data-move="b1b2"]'), /no upgrade/);
    await page.screenshot({ path: `${artifacts}/progressive-chess-upgrade-choice.png` });
    const before = await sentCount(page);
    await page.click('#choices button[data-move="b1b2+b2=F"]');
    await acked(page, before, "b1b2+b2=F");
    const s = await pageState(page);
    assert.equal(s.history[0].action, "b1b2+b2=F");
    assert.equal(s.view.position, "pppkppp/7/7/7/7/1F5/P1PKPPP b 1 2 - - 0 1");
    assert.match(await page.textContent("#history"), /b1b2\+b2=F/);
    await page.screenshot({ path: `${artifacts}/progressive-chess-upgrade.png` });
  },

  async "Progressive Chess clocks tick and the match score shows"(browser) {
    const lobby = await browser.newPage();
    await lobby.goto(base + "/");
    await lobby.selectOption("#game", "progressive-chess");
    await lobby.check("#opt-clock");
    await lobby.fill("#opt-step", "60");
    await lobby.fill("#opt-reserve", "90");
    await lobby.check("#opt-match");
    await lobby.selectOption("#seat-1", "1");
    await lobby.click("#go");
    await lobby.waitForSelector("#links:not([hidden])");
    const link = await lobby.getAttribute("#link-rows tr:nth-child(2) a", "href");
    const page = await browser.newPage();
    await page.goto(new URL(link, base).href);
    await waitFor(page, (s) => s.legal.includes("b1b2"), "White's first turn");
    assert.match(await page.textContent("#clocks"), /Match: game 1 of 2 · score \(seat 1–seat 2\) 0–0/);
    assert.match(await page.textContent("#clocks"), /Clocks start with the first turn \(60 s a step, 90 s reserve\)/);
    // With clocks the move is its own step: clicking the pawn and its
    // target sends b1b2+? at once, and the upgrade buttons stay up.
    let before = await sentCount(page);
    await page.click('[data-key="b1"]');
    await page.click('[data-key="b2"]');
    await acked(page, before, "b1b2+?");
    await waitFor(page, (s) => s.view.pending_move === "b1b2", "the move step");
    assert.equal((await pageState(page)).history[0].action, "b1b2+?");
    assert.match(await page.textContent("#clocks"), /Move b1b2 played/);
    await page.screenshot({ path: `${artifacts}/progressive-chess-move-step.png` });
    before = await sentCount(page);
    await page.click('#choices button[data-move="b1b2"]');
    await acked(page, before, "b1b2");
    // The bot answers; then White's step runs and ticks.
    const s = await waitFor(page, (s) => s.history.length === 3, "the bot's answer");
    assert.equal(s.history[1].action, "b1b2");
    assert.equal(s.view.clock.running, 0);
    // The turn sent as two steps is one entry of the history.
    await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2);
    assert.equal(await page.textContent("#history li:first-child"), "White: b1b2");
    const mine = '#clocks .clock.running[data-seat="0"]';
    const first = await page.textContent(mine);
    assert.match(first, /Seat 1 \(White\): step (1:00|0:[56]\d) · reserve 1:30/);
    // The running clock ticks down (a fact, not a wait of so many ms).
    await page.waitForFunction(([sel, was]) => document.querySelector(sel)?.textContent !== was, [mine, first]);
    assert.match(await page.textContent(mine), /Seat 1 \(White\): step (0:[0-5]\d) · reserve 1:30/);
    assert.match(await page.textContent('#clocks [data-seat="1"]'), /Seat 2 \(Black\): reserve 1:30/);
    await page.screenshot({ path: `${artifacts}/progressive-chess-clocks.png` });
  },

  async "a Knight Control game from the lobby, with its phase deadline"(browser) {
    const page = await browser.newPage();
    await page.goto(base + "/");
    await page.selectOption("#game", "knight-control");
    assert.equal(await page.inputValue("#opt-deadline"), "300");
    await page.fill("#seats", "4");
    await page.dispatchEvent("#seats", "input");
    await page.fill("#opt-rounds", "3");
    await page.fill("#opt-deadline", "90");
    // A choice shows words, and sends the value the game reads.
    assert.equal(await page.locator("#opt-ec_by option:checked").textContent(), "fewest chips gained");
    await page.selectOption("#opt-ec_by", { label: "fewest chips held" });
    await page.click("#go");
    await page.waitForSelector("#links:not([hidden])");
    assert.equal(await page.locator("#link-rows tr").count(), 6);
    const link = await page.locator("#link-rows tr:nth-child(2) a").getAttribute("href");
    await page.goto(new URL(link, base).href);
    const s = await waitFor(page, (s) => s.view && s.view.stage === "bidding", "the bidding");
    assert.equal(s.deadline_secs, 90);
    assert.equal(s.view.rules.rounds, 3);
    assert.equal(s.view.rules.ec_by, "chips");
    await page.waitForFunction(() => /deadline in 1:[23]\d/.test(document.getElementById("kc-deadline")?.textContent || ""));
  },

  async "a Knight Control round: three players order at once, each shown only their own chips"(browser) {
    const g = await createGame({ game: "knight-control", seats: 3, options: { rules: { rounds: 2 } }, deadline_secs: 600 });
    const pages = [];
    for (const seat of g.seats) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(base + seat.link);
      pages.push(page);
    }
    // The letter bids, typed and sent by all three at once.
    const bids = ["ABCDE", "DEFGH", "GHIJK"];
    await Promise.all(pages.map(async (page, k) => {
      await page.waitForSelector("#kc-bid");
      await page.fill("#kc-bid", bids[k]);
      assert.equal(await page.textContent("#kc-bid-preview"), `Will send: bid ${bids[k]}`);
      const before = await sentCount(page);
      await page.click("#kc-bid-go");
      assert.equal(await acked(page, before, `bid ${bids[k]}`), `Your bid ${bids[k]} is in`);
    }));
    for (const page of pages) await waitFor(page, (s) => s.view.stage === "orders", "the orders step");
    // Each got the first letter of their bid: no two asked for the same one.
    for (const [k, page] of pages.entries()) {
      const s = await pageState(page);
      const zone = s.view.board.zones.find((z) => z.owner === `P${k + 1}`);
      assert.equal(zone && zone.letter, bids[k][0], `P${k + 1}'s zone`);
    }
    // Orders by clicks: P1 spawns a 1x2 knight on A3 (1 chip), P2 a 2x3 on D3
    // (3 chips), P3 passes. The cost is shown before submitting.
    const spawn = async (page, cell, movement, cost) => {
      await page.fill("#kc-movement", movement);
      await page.click(`[data-cell="${cell}"]`);
      await page.waitForFunction((c) => document.getElementById("kc-cost")?.textContent === c, cost);
    };
    await spawn(pages[0], "A3", "1x2", "Cost: 1 chip");
    await spawn(pages[1], "D3", "2x3", "Cost: 3 chips");
    await pages[0].screenshot({ path: `${artifacts}/knight-control-orders.png` });
    const orders = ["orders spawn A3 1x2", "orders spawn D3 2x3", "orders pass"];
    await Promise.all(pages.map(async (page, k) => {
      const before = await sentCount(page);
      await page.click(k < 2 ? "#kc-submit" : "#kc-pass");
      assert.equal(await acked(page, before, orders[k]), `Your orders for round 1 are in: ${orders[k]}`);
    }));
    for (const page of pages) await waitFor(page, (s) => s.view.round === 2 && s.view.stage === "orders", "round 2");
    const chips = [4, 2, 5];
    for (const [k, page] of pages.entries()) {
      await page.waitForFunction((c) => document.getElementById("kc-chips")?.textContent === `Chips: ${c}`, chips[k]);
      const text = await page.evaluate(() => document.body.innerText);
      const html = await page.content();
      for (const [o, other] of chips.entries()) {
        if (o === k) continue;
        assert.ok(!text.includes(`Chips: ${other}`), `P${k + 1} sees P${o + 1}'s chips`);
        assert.ok(!html.includes(`"chips":${other}`), `P${k + 1}'s page holds P${o + 1}'s chips`);
      }
      // Outside the player's own private view the page's state holds no chips at all.
      const rest = await page.evaluate(() => JSON.stringify({ ...state, view: { ...state.view, me: null } }));
      assert.ok(!rest.includes('"chips"'), `P${k + 1}: chips outside the own view`);
      // The others' orders are in the history only as "submitted orders".
      const history = await page.textContent("#history");
      assert.match(history, /submitted orders/);
      assert.ok(history.includes(`P${k + 1}: ${orders[k]}`), `P${k + 1}'s own orders in their history`);
      assert.ok(k === 1 || !history.includes("D3 2x3"), `P${k + 1} sees P2's orders`);
      await page.screenshot({ path: `${artifacts}/knight-control-P${k + 1}.png` });
    }
    // Every board shows both new knights once the round is published.
    const s = await pageState(pages[2]);
    assert.deepEqual(s.view.board.knights.map((k) => k.cell).sort(), ["A3", "D3"]);
    // Round 2: P1 moves by clicks with a bonus landing: A3 to e15 (next to
    // zone B, so it may leap on) and on to g14; the server prices it.
    const p1 = pages[0];
    await p1.click('[data-cell="A3"]');
    await p1.click('[data-cell="e15"]');
    await p1.click('[data-cell="g14"]');
    await p1.waitForFunction(() => document.getElementById("kc-orders")?.textContent === "orders move A3 e15 g14");
    await p1.waitForFunction(() => document.getElementById("kc-cost")?.textContent === "Cost: 0 chips");
    await p1.screenshot({ path: `${artifacts}/knight-control-bonus-move.png` });
  },
};

Object.assign(tests, {
  async "live frames while a player types and clicks keep the text, caret, focus, open log and click"(browser) {
    // Revisions are sealed (others see one "submitted" entry per seat and
    // step), so each frame comes from another seat's first bid: P2, P3 and
    // P4 bid once each; P5 never bids, so bidding stays open.
    const g = await createGame({ game: "knight-control", seats: 5, deadline_secs: 600 });
    const page = await (await browser.newContext()).newPage();
    await page.goto(base + g.seats[0].link);
    await page.waitForSelector("#kc-bid");
    const [p2, p3, p4] = [1, 2, 3].map((k) => g.seats[k].link);
    // The public log is opened and stays open through frames.
    await page.click("#kc details > summary");
    await page.click("#kc-bid");
    await page.keyboard.type("ABDE");
    await frameFrom(page, p2, "bid DEFGH");
    // Focus and the typed text survive; the caret is moved back two letters.
    assert.equal(await page.evaluate(() => document.activeElement.id), "kc-bid");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await frameFrom(page, p3, "bid DEFGI");
    assert.deepEqual(await page.evaluate(() => {
      const el = document.getElementById("kc-bid");
      return [document.activeElement.id, el.value, el.selectionStart, el.selectionEnd];
    }), ["kc-bid", "ABDE", 2, 2]);
    await page.keyboard.type("C");
    assert.equal(await page.inputValue("#kc-bid"), "ABCDE");
    assert.equal(await page.textContent("#kc-bid-preview"), "Will send: bid ABCDE");
    // A click whose press and release straddle a frame still lands.
    const box = await page.locator("#kc-bid-go").boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const before = await sentCount(page);
    await page.mouse.down();
    await frameFrom(page, p4, "bid DEFGH");
    await page.mouse.up();
    assert.equal(await acked(page, before, "bid ABCDE"), "Your bid ABCDE is in");
    const s = await pageState(page);
    assert.equal(s.history.filter((h) => h.seat === 0).map((h) => h.action).join(), "bid ABCDE");
    assert.equal(await page.evaluate(() => document.querySelector("#kc details").open), true);
    await page.screenshot({ path: `${artifacts}/knight-control-frames.png` });
  },

  async "a request's answer that comes after a newer live frame does not take the page back"(browser) {
    const g = await createGame({ game: "knight-control", seats: 2, deadline_secs: 600 });
    const page = await (await browser.newContext()).newPage();
    await page.goto(base + g.seats[0].link);
    await page.waitForSelector("#kc-bid");
    // P1's bid is answered (bidding, P2 to act); before the answer reaches
    // the page, P2 bids, which closes the bidding, and the page draws that
    // frame. Only then does the older answer arrive.
    await page.route("**/actions", async (route) => {
      const answer = await route.fetch();
      await act(g.seats[1].link, "bid DEFGH");
      await waitFor(page, (s) => s.view.stage === "orders", "the frame that opens the orders step");
      await route.fulfill({ response: answer });
    });
    await page.fill("#kc-bid", "ABCDE");
    const before = await sentCount(page);
    await page.click("#kc-bid-go");
    assert.equal(await acked(page, before, "bid ABCDE"), "Your bid ABCDE is in");
    const s = await pageState(page);
    assert.equal(s.view.stage, "orders");
    await page.waitForSelector("#kc-submit");
  },

  async "an empty or invalid Knight Control bid asks before it is sent"(browser) {
    const g = await createGame({ game: "knight-control", seats: 2, deadline_secs: 600 });
    const page = await (await browser.newContext()).newPage();
    await page.goto(base + g.seats[0].link);
    await page.waitForSelector("#kc-bid");
    // Lower-case letters are not zone letters: nothing is sent until confirmed.
    await page.fill("#kc-bid", "abcde");
    await page.click("#kc-bid-go");
    await page.waitForSelector("#kc-confirm");
    assert.match(await page.textContent("#kc-confirm"), /Send bid abcde\? It is not a valid bid: abcde are not zone letters \(capitals: [A-Z]+\), so it counts as no bid/);
    assert.equal(await sentCount(page), 0);
    await page.click("#kc-confirm-cancel");
    assert.equal(await page.locator("#kc-confirm").count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement.id), "kc-bid");
    // An empty bid is sent as no bid, once confirmed.
    await page.fill("#kc-bid", "");
    assert.match(await page.textContent("#kc-bid-preview"), /^Will send: bid pass \(the bid is empty/);
    await page.click("#kc-bid-go");
    await page.waitForSelector("#kc-confirm");
    await page.screenshot({ path: `${artifacts}/knight-control-confirm.png` });
    const before = await sentCount(page);
    await page.click("#kc-confirm-go");
    assert.equal(await acked(page, before, "bid pass"), "Your bid is in: no bid");
    assert.equal((await pageState(page)).history.length, 1);
    assert.equal(await sentCount(page), 1);
  },
});

// ---- The table on a phone and a desktop (issue 15) ----------------------

const noSidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function get(g, seat) {
  return (await fetch(`${base}/api/games/${g.id}`, { headers: { authorization: `Bearer ${g.seats[seat].token}` } })).json();
}

Object.assign(tests, {
  async "every game at phone and desktop size: fits, names your side, shows the last move and the countdown"(browser) {
    const games = {
      "knight-court": { side: /You play Black/, moves: [[0, "c1c3"]] },
      "knight-moves": { side: /You play Ohs/, moves: [[0, "c8-b6"]] },
      "progressive-chess": { side: /You play Black/, moves: [[0, "b1b2+b2=F"]] },
      "tilechess": { side: /You play blue/, options: { wide: 3, high: 3 }, joins: true },
      "knight-control": { side: /You play P2, no zone yet/, seats: 3 },
    };
    for (const [game, want] of Object.entries(games)) {
      const g = await createGame({ game, seats: want.seats || 2, options: want.options || {}, deadline_secs: 300 });
      for (const [seat, mv] of want.moves || []) await act(g.seats[seat].link, mv);
      if (want.joins) for (const seat of [0, 1]) {
        const join = (await get(g, seat)).legal.find((m) => m.includes("join"));
        await act(g.seats[seat].link, join.replace(/^[^:]+/, ["red", "blue"][seat]));
      }
      for (const [tag, size] of [["phone", PHONE], ["desktop", DESKTOP]]) {
        const context = await browser.newContext(size);
        const page = await context.newPage();
        await page.goto(base + g.seats[1].link);
        await waitFor(page, (s) => s.game === game, "the table");
        await page.waitForFunction(() => /\d:\d\d/.test(document.getElementById("countdown").textContent));
        assert.match(await page.textContent("#you"), want.side, `${game} ${tag}: your side`);
        if (want.moves) assert.ok(await page.locator("[data-last]").count() >= 2, `${game} ${tag}: the last move's squares`);
        assert.ok(await noSidewaysScroll(page), `${game} ${tag}: sideways scroll`);
        // The board takes the width on a phone and sits beside the panels on a desktop.
        const boardBox = await page.locator("#board svg").boundingBox();
        const sideBox = await page.locator("section.side").boundingBox();
        if (tag === "phone") assert.ok(boardBox.width >= 320 && sideBox.y > boardBox.y, `${game}: the board on a phone`);
        else assert.ok(sideBox.x > boardBox.x + boardBox.width - 1, `${game}: the panels beside the board`);
        await page.screenshot({ path: `${artifacts}/${game}-${tag}.png`, fullPage: true });
        await context.close();
      }
    }
  },

  async "a Progressive Chess match's second game: the first game's moves keep their colours"(browser) {
    // Kings step out and back three times: the draw rules draw game 1, and
    // game 2 starts with the colours swapped (seat 2 now White).
    const g = await createGame({ game: "progressive-chess", seats: 2, options: { match: true, draw_rules: true } });
    const shuffle = [[0, "d1d2"], [1, "d7d6"], [0, "d2d1"], [1, "d6d7"]];
    for (const [seat, mv] of [...shuffle, ...shuffle, [1, "b1b2"], [0, "c7c6"]]) await act(g.seats[seat].link, mv);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(base + g.seats[0].link);
    await waitFor(page, (s) => s.history.length === 10, "the table");
    assert.match(await page.textContent("#you"), /You play Black/);
    // The referee's announcement between the games, under the match's score.
    assert.match(await page.textContent("#clocks"), /Match: game 2 of 2 · score \(seat 1–seat 2\) 0\.5–0\.5Game 1 is drawn \(threefold repetition\): game 2 begins, the colours swapped/);
    const lines = await page.locator("#history li").allTextContents();
    assert.deepEqual(lines, ["White: d1d2", "Black: d7d6", "White: d2d1", "Black: d6d7",
      "White: d1d2", "Black: d7d6", "White: d2d1", "Black: d6d7", "White: b1b2", "Black: c7c6"]);
    // A line between the games: before game 2's first move only.
    assert.deepEqual(await page.locator("#history li.new-game").allTextContents(), ["White: b1b2"]);
    await page.screenshot({ path: `${artifacts}/progressive-chess-match-game-2.png`, fullPage: true });
    await context.close();
  },

  async "a Knight Court game by taps on a phone ends in a result banner; history steps back and forth"(browser) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const g = await createGame({ game: "knight-court", seats: 2, bots: [{ seat: 1, level: 1 }] });
    await page.goto(base + g.seats[0].link);
    for (let turn = 0; turn < 100; turn++) {
      const s = await waitFor(page, (s) => s.status !== "playing" || s.legal.length > 0, "my turn or the end");
      if (s.status !== "playing") break;
      const steps = await page.evaluate((m) => Boards[state.game].steps(m), s.legal[0]);
      const before = await sentCount(page);
      for (const key of steps) await page.tap(`[data-key="${key}"]`);
      await acked(page, before, s.legal[0]);
    }
    await page.waitForSelector("#result:not([hidden])");
    assert.match(await page.textContent("#result"), /^(You won|You lost|Draw) \(.+\)$/);
    assert.equal(await page.isVisible("#typed"), false, "the move box is gone");
    assert.equal(await page.isVisible("#new-game"), true);
    await page.screenshot({ path: `${artifacts}/knight-court-result-phone.png`, fullPage: true });
    // History: the start, one step on, then back to the live board.
    await page.click("#h-start");
    await page.waitForSelector("#replaying:not([hidden])");
    assert.equal(await page.textContent("#ply"), "the start");
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => document.getElementById("ply").textContent === "after move 1");
    await page.keyboard.press("End");
    await page.waitForSelector("#replaying", { state: "hidden" });
    await context.close();
  },

  async "the host hands a seat to a bot and back from the table, the seat named by its side"(browser) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    // Live frames come gzipped, in binary messages (the browser can unpack them).
    const frames = [];
    page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(typeof f.payload === "string" ? "text" : "binary")));
    const g = await createGame({ game: "knight-court", seats: 2 });
    // The host also plays White: the host's link pasted into the seat's tab
    // (only the part after '#' differs) makes the page the host's.
    await page.goto(base + g.seats[0].link);
    await waitFor(page, (s) => s.you.role === "seat", "White's page");
    await page.goto(base + g.host.link);
    await page.waitForFunction(() => typeof state !== "undefined" && state && state.you.role === "host");
    await page.waitForSelector("#host-bot-1");
    assert.equal(await page.textContent("#host-bot-1"), "Seat 2 (Black): hand to a bot");
    // The host chooses the bot's level: every level the server has, 3 unless changed.
    const levels = (await (await fetch(`${base}/api/kinds`)).json()).max_bot_level;
    assert.equal(await page.locator("#host-level option").count(), levels);
    assert.equal(await page.inputValue("#host-level"), "3");
    await page.selectOption("#host-level", String(levels));
    await page.click("#host-bot-1");
    await waitFor(page, (s) => s.seats[1].bot === levels, "seat 2 played by the strongest bot");
    assert.match(await page.textContent("#seats"), new RegExp(`Seat 2 \\(Black\\): bot level ${levels}`));
    // White moves; the bot answers for Black.
    await act(g.seats[0].link, "c1c3");
    await waitFor(page, (s) => s.history.length === 2, "the bot's reply");
    await page.waitForSelector("#host-human-1");
    assert.equal(await page.textContent("#host-human-1"), "Seat 2 (Black): back to its player");
    await page.screenshot({ path: `${artifacts}/host-seats-phone.png`, fullPage: true });
    await page.click("#host-human-1");
    await waitFor(page, (s) => s.seats[1].bot === null, "seat 2 back to its player");
    assert.match(await page.textContent("#seats"), /Seat 2 \(Black\): person/);
    // White's turn again, and no bot answers for Black after it.
    await act(g.seats[0].link, (await (await fetch(`${base}/api/games/${g.id}`, { headers: { authorization: `Bearer ${g.seats[0].link.split("#")[1]}` } })).json()).legal[0]);
    await waitFor(page, (s) => s.history.length === 3, "White's second move");
    await page.waitForTimeout(1500);
    assert.equal((await pageState(page)).history.length, 3, "no bot moved for the seat given back");
    assert.ok(frames.length >= 4 && frames.every((kind) => kind === "binary"), `frames: ${frames}`);
    await context.close();
  },

  async "the lobby lists the tables this browser opened, with where each stands"(browser) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const playing = await createGame({ game: "knight-court", seats: 2 });
    const hosted = await createGame({ game: "knight-moves", seats: 2 });
    const resigned = await createGame({ game: "knight-court", seats: 2 });
    const [, token] = resigned.seats[0].link.split("#");
    const res = await fetch(`${base}/api/games/${resigned.id}/resign`, {
      method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}",
    });
    assert.equal(res.status, 200);
    // Opened in this order; a spectator's link is not one of "your tables".
    for (const link of [playing.seats[0].link, hosted.host.link, resigned.seats[1].link, hosted.spectator.link]) {
      await page.goto(base + link);
      await waitFor(page, (s) => s.id, "the table");
    }
    // A table the server does not know (a database started afresh) is dropped.
    await page.evaluate(() => rememberTable({ id: "nosuchtable1", token: "00", game: "knight-court", role: "seat", seat: 0 }));
    await page.goto(base + "/");
    await page.waitForSelector("#recent:not([hidden])");
    const rows = async () => page.locator("#recent-list li > div").allInnerTexts();
    assert.deepEqual(await rows(), [
      "Knight Court · Seat 2 (Black)\nover: Black wins by resignation",
      "Knight Moves · host\nplaying",
      "Knight Court · Seat 1 (White)\nyour move",
    ]);
    assert.equal(await page.evaluate(() => recentTables().some((e) => e.id === "nosuchtable1")), false);
    await page.screenshot({ path: `${artifacts}/lobby-your-tables-phone.png`, fullPage: true });
    // Coming back to the lobby asks again: after White's move the seat waits.
    await act(playing.seats[0].link, "c1c3");
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForFunction(() => /playing$/.test(document.querySelector("#recent-list li:nth-child(3) > div").innerText));
    // Forgetting one keeps the others.
    await page.click("#recent-list li:nth-child(2) button.forget");
    await page.waitForFunction(() => document.querySelectorAll("#recent-list li").length === 2);
    assert.equal(await page.evaluate(() => recentTables().length), 2);
    // A game made here keeps its host link at the top of the list.
    await page.selectOption("#game", "progressive-chess");
    await page.click("#go");
    await page.waitForSelector("#links:not([hidden])");
    await page.waitForFunction(() => document.querySelectorAll("#recent-list li").length === 3);
    assert.equal(await page.innerText("#recent-list li:first-child > div"), "Progressive Chess · host\nplaying");
    // A line opens its table with its link.
    await Promise.all([page.waitForURL(/\/table\//), page.click("#recent-list li:nth-child(3) a")]);
    await page.waitForFunction(() => typeof state !== "undefined" && state);
    const s = await waitFor(page, (s) => s.id === playing.id, "the table from the list");
    assert.deepEqual(s.you, { role: "seat", seat: 0 });
    await context.close();
  },

  async "a move played on timeout is labelled in the history and the player is told"(browser) {
    const g = await createGame({ game: "knight-court", seats: 2, deadline_secs: 1 });
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(base + g.seats[0].link);
    const s = await waitFor(page, (s) => s.history.length > 0, "the move played for P1");
    assert.match(s.history[0].action, / \(time: played for P1\)$/);
    await page.waitForSelector("#notice:not([hidden])");
    assert.match(await page.textContent("#notice"), /Your time ran out, so the server played \S+ for you/);
    assert.match(await page.textContent("#history"), /\(time: played for P1\)/);
  },

  async "three Tilechess players join one after another without a reload"(browser) {
    const g = await createGame({ game: "tilechess", seats: 3, options: { wide: 3, high: 3 } });
    const pages = [];
    for (const seat of g.seats) {
      const page = await (await browser.newContext(PHONE)).newPage();
      await page.goto(base + seat.link);
      await waitFor(page, (s) => s.legal.some((m) => m.includes("join")), "a join to be offered");
      pages.push(page);
    }
    const colours = [];
    for (const [k, page] of pages.entries()) {
      const s = await waitFor(page, (s) => s.view.colours.length === k && s.legal.some((m) => m.includes("join")), `join ${k + 1}`);
      const join = s.legal.find((m) => m.includes("join"));
      // The box holds the colour the server offers now, not an earlier one.
      assert.equal(await page.inputValue("#colour"), join.split(":")[0]);
      await clickMove(page, join);
      colours.push(join.split(":")[0]);
    }
    assert.equal(new Set(colours).size, 3);
    assert.deepEqual((await pageState(pages[2])).view.colours, colours);
    assert.match(await pages[2].textContent("#you"), new RegExp(`You play ${colours[2]}`));
    await pages[2].screenshot({ path: `${artifacts}/tilechess-three-joins.png`, fullPage: true });
  },

  async "Knight Control's preview says when the orders cannot be paid"(browser) {
    const g = await createGame({ game: "knight-control", seats: 2, options: { rules: { rounds: 2, start_chips: 1 } }, deadline_secs: 600 });
    const page = await (await browser.newContext(PHONE)).newPage();
    await page.goto(base + g.seats[0].link);
    await page.waitForSelector("#kc-bid");
    await page.fill("#kc-bid", "ABCDE");
    let before = await sentCount(page);
    await page.click("#kc-bid-go");
    await acked(page, before, "bid ABCDE");
    await act(g.seats[1].link, "bid FGHIJ");
    await waitFor(page, (s) => s.view.stage === "orders", "the orders step");
    await page.fill("#kc-movement", "2x3");
    await page.click('[data-cell="A3"]');
    await page.waitForFunction(() => document.getElementById("kc-cost")?.textContent === "You cannot afford this: it costs 3 chips, you have 1 chip and 0 garnets");
    await page.screenshot({ path: `${artifacts}/knight-control-cannot-afford.png`, fullPage: true });
    // Waiting for: only the player themself in the sealed step.
    assert.equal(await page.textContent("#waiting"), "Waiting for: you");
  },

  async "a link to no table says so, and only that, at phone size"(browser) {
    const page = await (await browser.newContext(PHONE)).newPage();
    const answer = await page.goto(`${base}/table/nosuchgame#abc`);
    assert.equal(answer.status(), 404);
    await page.waitForFunction(() => document.getElementById("error")?.textContent !== "");
    assert.match(await page.textContent("#error"), /there is no game 'nosuchgame'/);
    // No move box, chat or host panel that cannot work, and no claim that
    // the page is reconnecting to a server that is up.
    assert.equal(await page.locator("#typed, #social, #history").count(), 0);
    await page.waitForTimeout(300);
    assert.ok(await page.isHidden("#conn"));
    assert.ok(await page.isVisible("a.button[href='/']"));
    assert.equal((await page.textContent("header")).trim(), "Arbiter · no table here");
    await page.screenshot({ path: `${artifacts}/no-table-phone.png` });
  },

  async "a reconnecting banner shows while the server restarts, and the page catches up"(browser) {
    const g = await createGame({ game: "knight-court", seats: 2 });
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await page.goto(base + g.seats[1].link);
    await waitFor(page, (s) => s.game === "knight-court", "the table");
    await server.restart(async () => {
      await page.waitForSelector("#conn:not([hidden])");
      await page.screenshot({ path: `${artifacts}/reconnecting.png` });
    });
    // Back: the banner goes, and a move made meanwhile reaches the page.
    await act(g.seats[0].link, "c1c3");
    await page.waitForSelector("#conn", { state: "hidden" });
    await waitFor(page, (s) => s.history.length === 1, "the move after the restart");
    await page.waitForSelector("[data-last]");
  },
});

// The server under test, restartable: ./run starts it and says how.
const server = {
  child: null,
  async restart(whileDown) {
    process.kill(Number(process.env.ARBITER_PID));
    if (this.child) this.child.kill();
    await whileDown();
    const { spawn } = await import("node:child_process");
    this.child = spawn(process.env.ARBITER_BIN, ["serve", "--addr", process.env.ARBITER_ADDR, "--db", process.env.ARBITER_DB], { stdio: "ignore" });
    process.env.ARBITER_PID = String(this.child.pid);
    for (let i = 0; i < 100; i++) {
      try { if ((await fetch(`${base}/api/kinds`)).ok) return; } catch (_) { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the server did not come back");
  },
};

await runTests("browser", tests, { after: () => server.child && server.child.kill() });
