// Browser tests of whole games at the table (issue 15), run by ./run after
// tests.mjs against the same server: each of the five games played to its
// result banner by clicks or taps, at a phone's 390×844 and a desktop's
// 1280×800, and the table's accessibility (WCAG AA contrast, labels) and
// turn signals. Screenshots go to $ARTIFACTS.
import assert from "node:assert/strict";
import { contrastProblems, unlabelledControls } from "./a11y.mjs";
import { DESKTOP, PHONE, acked, act, artifacts, base, createGame, runTests, sentCount } from "./lib.mjs";

const SIZES = [["phone", PHONE], ["desktop", DESKTOP]];

const pageState = (page) => page.evaluate(() => state);

async function waitFor(page, test, what) {
  for (let i = 0; i < 600; i++) {
    const s = await pageState(page);
    if (s && test(s)) return s;
    await page.waitForTimeout(50);
  }
  const s = await pageState(page);
  throw new Error(`timed out waiting for ${what}; the page shows ${JSON.stringify(s && { status: s.status, to_act: s.to_act, legal: s.legal.slice(0, 5), history: s.history.slice(-4) })}`);
}

// Clicks (on a phone: taps) `move`'s squares, then its button if it has
// one (a move with upgrade choices), and waits for the server's word.
async function clickMove(page, tag, move) {
  const steps = await page.evaluate((m) => Boards[state.game].steps(m), move);
  assert.ok(steps, `${move} has no click steps`);
  const before = await sentCount(page);
  for (const key of steps) {
    const el = page.locator(`[data-key="${key}"]`).first();
    if (tag === "phone") await el.tap(); else await el.click();
  }
  const button = page.locator(`#choices button[data-move="${move}"]`);
  if ((await sentCount(page)) === before && (await button.count()) > 0) {
    if (tag === "phone") await button.tap(); else await button.click();
  }
  await acked(page, before, move);
}

// What every table must show, on every game and size: the board inside the
// viewport's width with no sideways scroll, the player's side named, the
// last move highlighted (once there is one), the countdown of the deadline.
async function tableChecks(page, what, { side, deadline, moved = true }) {
  const fits = await page.evaluate(() => {
    const svg = document.querySelector("#board svg");
    const r = svg.getBoundingClientRect();
    const box = document.getElementById("board").getBoundingClientRect();
    return {
      scroll: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      inside: Math.min(r.right, box.right) <= window.innerWidth + 0.5 && r.left >= -0.5,
      width: r.width,
    };
  });
  assert.ok(fits.scroll, `${what}: the page scrolls sideways`);
  assert.ok(fits.inside && fits.width > 200, `${what}: the board does not fit the viewport's width (${JSON.stringify(fits)})`);
  assert.match(await page.textContent("#you"), side, `${what}: your side`);
  if (moved) assert.ok(await page.locator("#board [data-last]").count() > 0, `${what}: the last move is not highlighted`);
  if (deadline) {
    await page.waitForFunction(() => /\d:\d\d/.test(document.getElementById("countdown").textContent + (document.getElementById("clocks")?.textContent || "")));
  }
}

// WCAG AA contrast and labelled controls, as the page stands now.
async function accessible(page, what) {
  // A move's slide-in blends the piece into the square for a moment: text
  // is measured as it stands once the animations are over.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  assert.deepEqual(await page.evaluate(contrastProblems), [], `${what}: text below WCAG AA contrast`);
  assert.deepEqual(await page.evaluate(unlabelledControls), [], `${what}: controls without a label`);
}

// The end: the banner in the player's words, the move box gone.
async function resultBanner(page, what) {
  await page.waitForSelector("#result:not([hidden])");
  const text = await page.textContent("#result");
  assert.match(text, /^(You won|You lost|Draw)\b.*\(.+\)$/, `${what}: the result banner`);
  assert.equal(await page.isVisible("#typed"), false, `${what}: the move box is still there`);
  return text;
}

async function open(browser, size, link) {
  const context = await browser.newContext(size);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base + link);
  await waitFor(page, (s) => !!s.view, "the table");
  page.errors = errors;
  return page;
}

// A two-player game from `position`, both seats' pages playing `script`
// (seat, move) by clicks; checks both pages after every move.
async function scripted(browser, game, tag, size, { position, script, sides, result }) {
  const g = await createGame({ game, seats: 2, options: { position }, deadline_secs: 300 });
  const pages = [await open(browser, size, g.seats[0].link), await open(browser, size, g.seats[1].link)];
  await tableChecks(pages[0], `${game} ${tag}`, { side: sides[0], deadline: true, moved: false });
  for (const [k, [seat, move]] of script.entries()) {
    const page = pages[seat];
    await waitFor(page, (s) => s.legal.includes(move), `${move} to be legal`);
    await clickMove(page, tag, move);
    // The other seat's page shows the move live, highlighted.
    const other = pages[1 - seat];
    await waitFor(other, (s) => s.history.length === k + 1, `the other page to see ${move}`);
    for (const [i, p] of pages.entries()) await tableChecks(p, `${game} ${tag} seat ${i + 1} after ${move}`, { side: sides[i], deadline: k + 1 < script.length });
    // The move is animated: one piece (or, for a pass, the ball) slides in
    // from the move's first square, as a new element for this move.
    const slide = await other.$$eval("#board .moved", (els) => els.map((e) => ({ id: e.id, slide: e.classList.contains("slide"), dx: e.style.getPropertyValue("--dx") })));
    assert.equal(slide.length, 1, `${game} ${tag}: one element animated after ${move}`);
    assert.equal(slide[0].id, `anim-${k + 1}`);
    assert.ok(slide[0].slide && /px$/.test(slide[0].dx), `${game} ${tag}: ${move} slides in (${JSON.stringify(slide[0])})`);
    if (k === 0) {
      await accessible(other, `${game} ${tag} mid-game`);
      await other.screenshot({ path: `${artifacts}/games-${game}-${tag}-mid.png` });
    }
  }
  const texts = [];
  for (const [i, page] of pages.entries()) texts.push(await resultBanner(page, `${game} ${tag} seat ${i + 1}`));
  assert.match(texts[0], result[0]);
  assert.match(texts[1], result[1]);
  await accessible(pages[1], `${game} ${tag} at the end`);
  await pages[1].screenshot({ path: `${artifacts}/games-${game}-${tag}-end.png`, fullPage: true });
  for (const page of pages) { assert.deepEqual(page.errors, []); await page.context().close(); }
}

// The tiles a Tilechess move crosses, written out the slow way: step one
// tile at a time towards the target while both coordinates still differ
// along a line (a naive second reading of "every tile it passes over").
function crossedTiles(from, to) {
  const [x0, y0] = from.split(",").map(Number), [x1, y1] = to.split(",").map(Number);
  const line = x0 === x1 || y0 === y1 || Math.abs(x1 - x0) === Math.abs(y1 - y0);
  if (!line) return [from, to].sort();
  const out = [];
  let [x, y] = [x0, y0];
  out.push(`${x},${y}`);
  while (x !== x1 || y !== y1) {
    if (x !== x1) x += x1 > x ? 1 : -1;
    if (y !== y1) y += y1 > y ? 1 : -1;
    out.push(`${x},${y}`);
  }
  return out.sort();
}

const tests = {};

for (const [tag, size] of SIZES) {
  tests[`a Knight Court game against the middle-level bot, by ${tag === "phone" ? "taps" : "clicks"}, at ${tag} size`] = async (browser) => {
    const g = await createGame({ game: "knight-court", seats: 2, bots: [{ seat: 1, level: 3 }], deadline_secs: 300 });
    const page = await open(browser, size, g.seats[0].link);
    await tableChecks(page, `knight-court ${tag}`, { side: /You play White/, deadline: true, moved: false });
    for (let turn = 0; turn < 100; turn++) {
      const s = await waitFor(page, (s) => s.status !== "playing" || s.legal.length > 0, "my turn or the end");
      if (s.status !== "playing") break;
      await clickMove(page, tag, s.legal[0]);
      if (turn === 1) {
        await tableChecks(page, `knight-court ${tag}`, { side: /You play White/, deadline: true });
        await accessible(page, `knight-court ${tag}`);
        await page.screenshot({ path: `${artifacts}/games-knight-court-${tag}-mid.png` });
      }
    }
    await resultBanner(page, `knight-court ${tag}`);
    await tableChecks(page, `knight-court ${tag} at the end`, { side: /You play White/ });
    await accessible(page, `knight-court ${tag} at the end`);
    await page.screenshot({ path: `${artifacts}/games-knight-court-${tag}-end.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  };

  // Eks's knight comes to d1 (one leap), Ohs answers, and Eks passes its
  // ball from d3 down the file to d1, on Ohs's back rank: Eks wins.
  tests[`a Knight Moves game to Eks's pass onto rank 1, at ${tag} size`] = (browser) => scripted(browser, "knight-moves", tag, size, {
    position: "xx5/6x/3O3/2o4/7/3X3/ox4o/5o1 x -",
    script: [[0, "b2-d1"], [1, "g2-f4"], [0, "d3-d1"]],
    sides: [/You play Eks/, /You play Ohs/],
    result: [/^You won/, /^You lost/],
  });

  // White's rook waits on a2, Black's pawn steps (declining its upgrade),
  // and the rook mates on a7: the white king on d5 holds c6, d6 and e6.
  tests[`a Progressive Chess game to checkmate, at ${tag} size`] = (browser) => scripted(browser, "progressive-chess", tag, size, {
    position: "3k2p/7/3K3/7/7/7/R6 w 2 1 - - 0 1",
    script: [[0, "a1a2"], [1, "g7g6"], [0, "a2a7"]],
    sides: [/You play White/, /You play Black/],
    result: [/^You won \(checkmate/i, /^You lost \(checkmate/i],
  });

  // Two players join by tapping blocks and move in turn until the house
  // rule's limit of five turns ends the game; every move's trail shows.
  tests[`a Tilechess game of two joins and three moves to its turn limit, at ${tag} size`] = async (browser) => {
    const g = await createGame({ game: "tilechess", seats: 2, options: { wide: 2, high: 1, turn_limit: 5 }, deadline_secs: 300, claim_hold_secs: 0 });
    const pages = [await open(browser, size, g.seats[0].link), await open(browser, size, g.seats[1].link)];
    for (const [k, page] of pages.entries()) {
      const s = await waitFor(page, (s) => s.view.colours.length === k && s.legal.some((m) => m.includes(" join ")), `join ${k + 1}`);
      await tableChecks(page, `tilechess ${tag} before joining`, { side: /not on the board yet/, deadline: true, moved: k > 0 });
      await clickMove(page, tag, s.legal.find((m) => m.includes(" join ")));
    }
    // The turn limit is told at the table: joins count as turns.
    await waitFor(pages[0], (s) => s.history.length === 2, "both joins");
    await pages[0].waitForFunction(() => document.getElementById("house-rules")?.textContent === "House rules: 2 of 5 turns played.");
    for (let turn = 0; turn < 3; turn++) {
      const page = pages[turn % 2];
      const s = await waitFor(page, (s) => s.history.length === 2 + turn && s.legal.some((m) => /^\S+: -?\d+,-?\d+[-x]/.test(m)), `move ${turn + 1}`);
      const move = s.legal.find((m) => /^\S+: -?\d+,-?\d+[-x]/.test(m));
      await clickMove(page, tag, move);
      const [, from, to] = /: (-?\d+,-?\d+)[-x](-?\d+,-?\d+)$/.exec(move);
      const other = pages[1 - (turn % 2)];
      await waitFor(other, (s) => s.history.length === 3 + turn, "the other page to see the move");
      for (const p of pages) {
        // The trail: exactly the tiles the move crossed are highlighted.
        const marked = await p.$$eval("#board [data-last]", (els) => els.map((e) => e.dataset.last).sort());
        assert.deepEqual(marked, crossedTiles(from, to), `tilechess ${tag}: the trail of ${move}`);
      }
      if (turn < 2) for (const [i, p] of pages.entries()) await tableChecks(p, `tilechess ${tag} seat ${i + 1}`, { side: new RegExp(`You play ${s.view.colours[i] || ""}`), deadline: true });
      if (turn === 0) {
        await accessible(other, `tilechess ${tag} mid-game`);
        await other.screenshot({ path: `${artifacts}/games-tilechess-${tag}-mid.png` });
      }
    }
    for (const [i, page] of pages.entries()) {
      assert.match(await resultBanner(page, `tilechess ${tag} seat ${i + 1}`), /turn limit/);
      await tableChecks(page, `tilechess ${tag} at the end`, { side: /You play/ });
    }
    await accessible(pages[0], `tilechess ${tag} at the end`);
    await pages[0].screenshot({ path: `${artifacts}/games-tilechess-${tag}-end.png`, fullPage: true });
    for (const page of pages) { assert.deepEqual(page.errors, []); await page.context().close(); }
  };

  // One round against a bot: a bid typed and sent, a knight spawned by a
  // tap on the own zone, then every step after the round by its buttons.
  tests[`a one-round Knight Control game against a bot, at ${tag} size`] = async (browser) => {
    const g = await createGame({ game: "knight-control", seats: 2, bots: [{ seat: 1, level: 2 }], options: { rules: { rounds: 1 } }, deadline_secs: 600 });
    const page = await open(browser, size, g.seats[0].link);
    const press = (sel) => (tag === "phone" ? page.tap(sel) : page.click(sel));
    await page.waitForSelector("#kc-bid");
    await tableChecks(page, `knight-control ${tag}`, { side: /You play P1, no zone yet/, deadline: true, moved: false });
    // Sealed steps: the waiting line names only the player themself.
    assert.equal(await page.textContent("#waiting"), "Waiting for: you");
    await accessible(page, `knight-control ${tag} bidding`);
    await page.fill("#kc-bid", "ABCDE");
    let before = await sentCount(page);
    await press("#kc-bid-go");
    await acked(page, before, "bid ABCDE");
    let s = await waitFor(page, (s) => s.view.stage === "orders" && s.to_act.includes(0), "the orders step");
    const zone = s.view.board.zones.find((z) => z.owner === "P1").letter;
    await tableChecks(page, `knight-control ${tag} orders`, { side: new RegExp(`You play P1, zone ${zone}`), deadline: true, moved: false });
    await press(`[data-cell="${zone}3"]`);
    await page.waitForFunction(() => document.getElementById("kc-cost")?.textContent === "Cost: 1 chip");
    await accessible(page, `knight-control ${tag} orders`);
    before = await sentCount(page);
    await press("#kc-submit");
    await acked(page, before, `orders spawn ${zone}3 1x2`);
    // The round is published: the spawn is the last move, marked on the board.
    s = await waitFor(page, (s) => s.view.stage !== "orders" || s.status !== "playing", "the round to be published");
    await page.waitForSelector(`#board [data-last="${zone}3"]`);
    await tableChecks(page, `knight-control ${tag} after the round`, { side: /You play P1/, deadline: s.status === "playing" });
    await page.screenshot({ path: `${artifacts}/games-knight-control-${tag}-mid.png` });
    // The public log is the game's own report, as the chat gets it: the
    // bidding, then the round's heading and P1's spawn in words.
    const log = (await pageState(page)).hints.log;
    assert.match(log[0][0], /^Bidding: P1 gets zone /);
    assert.equal(log[1][0], "Round 1:");
    assert.ok(log[1].some((l) => l.startsWith(`P1: spawns a 1x2 knight on ${zone}3`)), JSON.stringify(log));
    await page.click("#kc-log summary");
    const shown = await page.$$eval("#kc-log div", (divs) => divs.map((d) => [d.querySelector("b").textContent, ...[...d.querySelectorAll("li")].map((li) => li.textContent)]));
    assert.deepEqual(shown, log);
    for (let step = 0; step < 10; step++) {
      s = await waitFor(page, (s) => s.status !== "playing" || s.to_act.includes(0), "my step or the end");
      if (s.status !== "playing") break;
      const sel = (await page.locator("#kc-done").count()) ? "#kc-done" : "#kc .kc-legal";
      before = await sentCount(page);
      await page.locator(sel).first()[tag === "phone" ? "tap" : "click"]();
      await acked(page, before);
      await waitFor(page, (x) => x.version > s.version, "the step to move on");
    }
    assert.match(await resultBanner(page, `knight-control ${tag}`), /^(You won|You lost|Draw)/);
    // The result in the words of the pictures and the chat: who came
    // first and why, by the players' names.
    const end = await pageState(page);
    const first = end.outcome.results.map((r, i) => (r.rank === 1 ? `P${i + 1}` : null)).filter((p) => p);
    const lead = first.length === 2 ? "draw: " : `${first[0]} wins: `;
    assert.equal(await page.textContent("#status"), `Game over: ${lead}${end.outcome.reason}`);
    assert.match(end.outcome.reason, /^(most ToLs \(\d\)|nobody holds a ToL); (the EC is P[12]|no EC)$/);
    await tableChecks(page, `knight-control ${tag} at the end`, { side: /You play P1/ });
    await accessible(page, `knight-control ${tag} at the end`);
    await page.screenshot({ path: `${artifacts}/games-knight-control-${tag}-end.png`, fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  };
}

Object.assign(tests, {
  async "the lobby, a rules page and the host's and a spectator's tables meet WCAG AA contrast and label every control"(browser) {
    for (const [tag, size] of SIZES) {
      const context = await browser.newContext(size);
      const page = await context.newPage();
      await page.goto(base + "/");
      for (const game of ["knight-court", "tilechess", "knight-control", "progressive-chess"]) {
        await page.selectOption("#game", game);
        await accessible(page, `the lobby (${game}, ${tag})`);
      }
      await page.click("#go");
      await page.waitForSelector("#links:not([hidden])");
      await accessible(page, `the lobby's links (${tag})`);
      await page.goto(base + "/rules/knight-control");
      await accessible(page, `the Knight Control rules page (${tag})`);
      const g = await createGame({ game: "knight-control", seats: 3, deadline_secs: 600 });
      for (const link of [g.host.link, g.spectator.link]) {
        await page.goto(base + link);
        await waitFor(page, (s) => !!s.view, "the table");
        await accessible(page, `${link.includes(g.host.token) ? "the host's" : "a spectator's"} table (${tag})`);
      }
      await context.close();
    }
  },

  async "a long press on a piece shows its name, as its tooltip does"(browser) {
    const g = await createGame({ game: "progressive-chess", seats: 2 });
    const page = await open(browser, PHONE, g.seats[0].link);
    // Every square with a piece has a tooltip naming the piece.
    const tips = await page.$$eval("#board rect[data-key] > title", (els) => els.map((e) => e.textContent));
    assert.equal(tips.filter((t) => /: (White|Black) /.test(t)).length, 14);
    const box = await page.locator('[data-key="d1"]').boundingBox();
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.dispatchEvent('[data-key="d1"]', "pointerdown", { clientX: x, clientY: y, pointerType: "touch", bubbles: true });
    await page.waitForSelector("#square-label:not([hidden])");
    assert.equal(await page.textContent("#square-label"), "d1: White king");
    await page.screenshot({ path: `${artifacts}/games-long-press.png` });
    await page.dispatchEvent('[data-key="d1"]', "pointerup", { pointerType: "touch", bubbles: true });
    // A short tap shows no label.
    await page.evaluate(() => { document.getElementById("square-label").hidden = true; });
    await page.tap('[data-key="a7"]');
    await page.waitForTimeout(700);
    assert.equal(await page.isVisible("#square-label"), false);
    await page.context().close();
  },

  async "when the turn comes: a sound if chosen, and a notification if chosen and the tab is hidden"(browser) {
    const g = await createGame({ game: "knight-court", seats: 2 });
    const context = await browser.newContext({ ...DESKTOP, permissions: ["notifications"] });
    // The tab is hidden, and notifications are recorded instead of shown.
    await context.addInitScript(() => {
      Object.defineProperty(document, "hidden", { get: () => window.pretendHidden === true });
      window.shown = [];
      const Real = window.Notification;
      window.Notification = class extends Real { constructor(title, o) { super(title, o); window.shown.push(title); } };
      window.Notification.requestPermission = Real.requestPermission.bind(Real);
      Object.defineProperty(window.Notification, "permission", { get: () => Real.permission });
    });
    const page = await context.newPage();
    await page.goto(base + g.seats[1].link);
    await waitFor(page, (s) => !!s.view, "the table");
    await page.click("#prefs summary");
    await page.check("#pref-sound");
    await page.check("#pref-notify");
    const played = await page.evaluate(() => Signals.played()); // the sample beep on choosing it
    assert.equal(played, 1);
    await page.evaluate(() => { window.pretendHidden = true; });
    await act(g.seats[0].link, "c1c3");
    await waitFor(page, (s) => s.legal.length > 0, "Black's turn");
    assert.equal(await page.evaluate(() => Signals.played()), 2);
    assert.deepEqual(await page.evaluate(() => window.shown), ["Your turn: Knight Court"]);
    assert.match(await page.title(), /^● Your turn · Knight Court/);
    // The choices stay for the next visit.
    await page.reload();
    await waitFor(page, (s) => !!s.view, "the table again");
    assert.equal(await page.isChecked("#pref-sound"), true);
    await context.close();
  },

  async "Knight Control: a refused action is told next to its control; last round's collision is marked"(browser) {
    const g = await createGame({ game: "knight-control", seats: 2, options: { rules: { rounds: 3 } }, deadline_secs: 600 });
    const [p1, p2] = [await open(browser, PHONE, g.seats[0].link), await open(browser, PHONE, g.seats[1].link)];
    await p1.waitForSelector("#kc-bid");
    // An offer of more chips than P1 holds: the refusal stands by the offer.
    await p1.fill("#kc-offer-chips", "999");
    await p1.click("#kc-offer");
    await p1.waitForSelector("#kc-error-trade");
    assert.match(await p1.textContent("#kc-error-trade"), /^Your move offer P2 999 was not played: .+/);
    assert.equal(await p1.textContent("#error"), "");
    await p1.screenshot({ path: `${artifacts}/games-knight-control-error.png`, fullPage: true });
    // Zones A and B, side by side: a knight from each can meet on one cell.
    await act(g.seats[0].link, "bid ABCDE");
    await act(g.seats[1].link, "bid BCDEF");
    const s = await waitFor(p1, (s) => s.view.stage === "orders", "the orders");
    const meet = await p1.evaluate(() => {
      const geo = state.hints.geometry;
      const cells = kcCells(geo);
      const zone = (l) => geo.zones.find((z) => z.letter === l).cells.map((c) => c.name);
      for (const a of zone("A")) for (const b of zone("B")) {
        const common = kcLeaps(cells, a, "1x2", "A").filter((t) => kcLeaps(cells, b, "1x2", "B").includes(t) && !/^[A-Z]/.test(t));
        if (common.length) return [a, b, common[0]];
      }
      return null;
    });
    assert.ok(meet, "two cells of zones A and B with a common landing");
    assert.equal(s.view.board.zones.find((z) => z.letter === "B").owner, "P2");
    const [a, b, cell] = meet;
    await act(g.seats[0].link, `orders spawn ${a} 1x2`);
    await act(g.seats[1].link, `orders spawn ${b} 1x2`);
    await waitFor(p1, (s) => s.view.round === 2, "round 2");
    await act(g.seats[0].link, `orders move ${a} ${cell}`);
    await act(g.seats[1].link, `orders move ${b} ${cell}`);
    for (const page of [p1, p2]) {
      await waitFor(page, (s) => s.view.round === 3, "round 3");
      // Both paths drawn, the collision ringed, the cells highlighted.
      await page.waitForSelector(`#board .kc-collision`);
      assert.equal(await page.locator(`#board line[data-path="${a}-${cell}"]`).count(), 1);
      assert.equal(await page.locator(`#board line[data-path="${b}-${cell}"]`).count(), 1);
      assert.equal(await page.locator(`#board [data-last="${cell}"]`).count(), 1);
    }
    await p2.screenshot({ path: `${artifacts}/games-knight-control-collision.png` });
    for (const page of [p1, p2]) await page.context().close();
  },

  async "Knight Control: a sealed bid is sent again from the panel until the step closes, and the last one counts"(browser) {
    const g = await createGame({ game: "knight-control", seats: 3, deadline_secs: 600 });
    const p1 = await open(browser, PHONE, g.seats[0].link);
    await p1.waitForSelector("#kc-bid");
    await p1.fill("#kc-bid", "ABCDE");
    let before = await sentCount(p1);
    await p1.tap("#kc-bid-go");
    await acked(p1, before, "bid ABCDE");
    // Done with the step, yet the bid box stays, saying why.
    await waitFor(p1, (s) => !s.to_act.includes(0) && s.view.me.submission === "bid ABCDE", "the bid to be in");
    await p1.waitForSelector("#kc-again");
    assert.equal(await p1.inputValue("#kc-bid"), "ABCDE");
    await p1.fill("#kc-bid", "GHIJK");
    before = await sentCount(p1);
    await p1.tap("#kc-bid-go");
    await acked(p1, before, "bid GHIJK");
    await p1.screenshot({ path: `${artifacts}/games-knight-control-bid-again.png`, fullPage: true });
    // The others learnt once that P1 bid, never that it bid again.
    const seen = await (await fetch(`${base}/api/games/${g.id}`, { headers: { authorization: `Bearer ${g.seats[1].link.split("#")[1]}` } })).json();
    assert.deepEqual(seen.history.filter((h) => h.seat === 0).map((h) => h.action), ["submitted a bid"]);
    await act(g.seats[1].link, "bid ABCDE");
    await act(g.seats[2].link, "bid BCDEF");
    const s = await waitFor(p1, (s) => s.view.stage === "orders", "the orders");
    assert.equal(s.view.board.zones.find((z) => z.letter === "G").owner, "P1");
    assert.deepEqual(p1.errors, []);
    await p1.context().close();
  },

  async "Tilechess: a set end time is told at the table, in the player's own clock"(browser) {
    const end = Date.now() + 3 * 3600 * 1000;
    const g = await createGame({ game: "tilechess", seats: 2, options: { end_at_ms: end } });
    const page = await open(browser, PHONE, g.seats[0].link);
    const said = await page.evaluate((end) => {
      const at = new Date(end);
      const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      return at.toDateString() === new Date().toDateString() ? time : `${at.toLocaleDateString()} ${time}`;
    }, end);
    await page.waitForSelector("#house-rules");
    assert.equal(await page.textContent("#house-rules"), `House rules: the game ends at ${said}.`);
    // No one has joined: no empty leaderboard.
    assert.equal(await page.locator("#leaderboard h3").count(), 0);
    await page.context().close();
  },

  async "the waiting line names who the game waits for, a bot and a paused game too"(browser) {
    const g = await createGame({ game: "knight-moves", seats: 2 });
    const page = await open(browser, PHONE, g.seats[1].link);
    assert.equal(await page.textContent("#waiting"), "Waiting for: Eks");
    // A move sent out of turn is refused, its reason told once.
    await page.fill("#action", "e1-f3");
    await page.tap("#typed button");
    await page.waitForFunction(() => document.getElementById("ack").dataset.state === "refused");
    assert.equal(await page.textContent("#ack"), "Refused: e1-f3; nothing of it was played");
    assert.match(await page.textContent("#error"), /^Your move e1-f3 was not played: .*Eks/);
    const host = await open(browser, PHONE, g.host.link);
    // The host sees only the command that applies.
    const visible = async (cmd) => host.isVisible(`#host [data-cmd="${cmd}"]`);
    assert.deepEqual([await visible("pause"), await visible("resume")], [true, false]);
    await host.click('#host [data-cmd="pause"]');
    await page.waitForFunction(() => document.getElementById("waiting").textContent === "Waiting for: the host to resume the game");
    await host.waitForSelector('#host [data-cmd="pause"]', { state: "hidden" });
    assert.deepEqual([await visible("pause"), await visible("resume")], [false, true]);
    await host.click('#host [data-cmd="resume"]');
    // The click only starts the host's request: act once the game is back
    // on, or the move can reach the server while it is still paused.
    await page.waitForFunction(() => document.getElementById("waiting").textContent === "Waiting for: Eks");
    await act(g.seats[0].link, "c8-b6");
    await page.waitForFunction(() => document.getElementById("waiting").textContent === "Waiting for: you");
    // Now the player's turn: the old refusal is gone.
    assert.equal(await page.textContent("#error"), "");
    assert.equal(await page.textContent("#ack"), "");
    for (const p of [page, host]) await p.context().close();
  },
});

await runTests("games", tests);
