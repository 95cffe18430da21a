// The host's webhook panel on the table page (docs/webhooks.md): the
// game's chat webhooks with how their deliveries went, a form to add one,
// and buttons to send each a test message and to remove it. Only the host's link sees it: a webhook URL
// is a secret, and the server answers these routes for the host's token
// only. Everything shown comes from GET /api/games/{id}/webhooks.
"use strict";

const Hooks = { list: null, error: "", busy: false, timer: null,
  // Each webhook's last test message from this page: { ok, text }.
  tests: {},
  inputs: { "wh-url": "", "wh-style": "", "wh-lead": "" } };

document.addEventListener("input", (e) => { if (e.target.id in Hooks.inputs) Hooks.inputs[e.target.id] = e.target.value; });
document.addEventListener("change", (e) => { if (e.target.id in Hooks.inputs) Hooks.inputs[e.target.id] = e.target.value; });

// One request to the webhook routes with the host's token.
async function hookRequest(method, path, body) {
  const res = await fetch(`/api/games/${gameId}/webhooks${path}`, {
    method, headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  let data;
  try { data = await res.json(); } catch (_) { data = { error: `the server answered ${res.status}` }; }
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

async function hookLoad() {
  try { Hooks.list = (await hookRequest("GET", "")).webhooks; }
  catch (e) { Hooks.error = `The webhooks could not be loaded: ${e.message}`; }
  hookDraw();
}

function when(ms) { return ms ? new Date(ms).toLocaleString() : "never"; }

function hookDraw() {
  const el = document.getElementById("webhooks");
  if (!el) return;
  const list = Hooks.list || [];
  let html = `<h4>Chat webhooks</h4>`;
  html += list.length ? "<ul>" + list.map((h) => `<li id="wh-${h.hook}" data-hook="${h.hook}"><b>${esc(h.style)}</b> <code class="wrap">${esc(h.url)}</code>` +
    `<br>delivered ${h.delivered}, failed ${h.failed}${h.retrying ? `, retrying (try ${h.attempts})` : ""}${h.waiting ? `, ${h.waiting} waiting` : ""}` +
    `<br>last delivery: ${esc(when(h.last_delivery_ms))}` +
    (h.last_error ? `<br><span class="wh-error">last error (${esc(when(h.last_error_ms))}): ${esc(h.last_error)}</span>` : "") +
    (h.deadline_lead_secs ? `<br>reminds ${h.deadline_lead_secs} s before a deadline` : "") +
    testLine(Hooks.tests[h.hook]) +
    `<br><button id="wh-test-${h.hook}" data-test="${h.hook}" ${testWaits(h.hook) ? "disabled" : ""}>Send a test message</button>` +
    ` <button id="wh-remove-${h.hook}" data-remove="${h.hook}">Remove webhook ${h.hook}</button></li>`).join("") + "</ul>"
    : "<p>None yet. Arbiter posts each turn, reminders and the result to a Discord or Slack incoming webhook.</p>";
  const v = Hooks.inputs;
  html += `<div class="wh-add"><input id="wh-url" aria-label="Webhook URL" placeholder="https://discord.com/api/webhooks/…" value="${esc(v["wh-url"])}" autocomplete="off">` +
    `<select id="wh-style" aria-label="Message shape">${[["", "shape from the URL"], ["discord", "Discord"], ["slack", "Slack"]]
      .map(([k, n]) => `<option value="${k}" ${v["wh-style"] === k ? "selected" : ""}>${n}</option>`).join("")}</select>` +
    `<input id="wh-lead" type="number" min="1" aria-label="Reminder, seconds before a deadline (optional)" placeholder="reminder s" value="${esc(v["wh-lead"])}" style="width:7em">` +
    `<button id="wh-add">Add webhook</button></div>` +
    `<p class="error" id="wh-error" role="alert">${esc(Hooks.error)}</p>`;
  patch(el, html);
  document.getElementById("wh-add").onclick = hookAdd;
  for (const b of el.querySelectorAll("[data-remove]")) b.onclick = () => hookRemove(Number(b.dataset.remove));
  for (const b of el.querySelectorAll("[data-test]")) b.onclick = () => hookTest(Number(b.dataset.test));
}

// How the last test message went, under its webhook.
function testLine(t) {
  if (!t) return "";
  return `<br><span id="wh-test-result-${t.hook}" class="${t.ok ? "wh-ok" : "wh-error"}" role="status">${esc(t.text)}</span>`;
}

// The server takes one test message a webhook every 10 s: the button
// waits as long after each.
const TEST_GAP_MS = 10000;
const testWaits = (hook) => (Hooks.tests[hook]?.until || 0) > Date.now();

// Posts one test message to the webhook now; the answer says whether the
// chat took it.
async function hookTest(hook) {
  Hooks.error = "";
  const until = Date.now() + TEST_GAP_MS;
  Hooks.tests[hook] = { hook, ok: true, text: "Sending a test message…", until };
  hookDraw();
  try {
    const r = await hookRequest("POST", `/${hook}/test`);
    Hooks.tests[hook] = r.delivered
      ? { hook, ok: true, text: `Test message delivered (${when(Date.now())})`, until }
      : { hook, ok: false, text: `Test message not delivered: ${r.error}`, until };
  } catch (e) { Hooks.tests[hook] = { hook, ok: false, text: `No test message sent: ${e.message}`, until }; }
  hookDraw();
  setTimeout(hookDraw, until - Date.now() + 50);
}

async function hookAdd() {
  const v = Hooks.inputs;
  const body = { url: v["wh-url"].trim() };
  if (v["wh-style"]) body.style = v["wh-style"];
  if (v["wh-lead"]) body.deadline_lead_secs = Number(v["wh-lead"]);
  Hooks.error = "";
  try {
    Hooks.list = (await hookRequest("POST", "", body)).webhooks;
    Hooks.inputs["wh-url"] = ""; Hooks.inputs["wh-lead"] = "";
  } catch (e) { Hooks.error = `The webhook was not added: ${e.message}`; }
  hookDraw();
}

async function hookRemove(hook) {
  Hooks.error = "";
  try { Hooks.list = (await hookRequest("DELETE", `/${hook}`)).webhooks; }
  catch (e) { Hooks.error = `Webhook ${hook} was not removed: ${e.message}`; }
  hookDraw();
}

// Starts once the page knows it is the host's; the delivery state is
// asked for again every few seconds while the page is open.
(function watch() {
  if (typeof state !== "undefined" && state && state.you.role === "host") {
    if (!Hooks.timer) { hookLoad(); Hooks.timer = setInterval(hookLoad, 5000); }
    return;
  }
  setTimeout(watch, 500);
})();
