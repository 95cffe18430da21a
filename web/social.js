// Between players: resign, the draw offer, the table chat (players',
// spectators' and private messages), the host's mutes and the rematch.
// The server decides who may read what (docs/server.md#between-players):
// this page only draws the lines its own snapshot holds. It uses table.js's
// api(), arrived(), plainError(), serverSeatName() and esc().
"use strict";
window.Social = (() => {
  const box = document.getElementById("social");
  const NAME_KEY = "arbiter.spectator-name";
  box.innerHTML = `
    <div id="social-actions" class="social-actions"></div>
    <p class="error" id="social-error" role="alert"></p>
    <div id="chat" class="chat">
      <h3 id="chat-title">Chat</h3>
      <ol id="chat-lines" class="chat-lines" aria-live="polite"></ol>
      <form id="chat-form" class="chat-form">
        <label id="chat-name-label" hidden>Your name <input id="chat-name" maxlength="24" size="10" autocomplete="nickname"></label>
        <label id="chat-to-label" hidden>To <select id="chat-to" aria-label="Who the message goes to"></select></label>
        <label for="chat-text" class="sr">Message</label>
        <input id="chat-text" maxlength="500" placeholder="Write a message" autocomplete="off">
        <button id="chat-send">Send</button>
      </form>
      <p class="error" id="chat-error" role="alert"></p>
      <button type="button" id="spectators-mute" hidden></button>
    </div>`;
  // Its own styles, so that the page's stylesheet stays as it is.
  const style = document.createElement("style");
  style.textContent = `
    .social-actions { margin: .3em 0; }
    .social-actions:empty, #social-error:empty, #chat-error:empty { display: none; }
    .social-actions .danger { background: #b71c1c; color: #fff; border-color: #7f0000; }
    .draw-note { font-weight: bold; }
    .chat-lines { list-style: none; padding: 0; margin: .3em 0; max-height: 14em; overflow-y: auto; overflow-wrap: anywhere; }
    .chat-line { padding: .15em 0; }
    .chat-said { white-space: pre-line; } /* a message sent over the API may hold line breaks */
    .chat-line.private { background: #ede7f6; }
    .chat-line.spectators { color: #37474f; font-style: italic; }
    .chat-where { font-weight: normal; color: #555; font-size: .9em; }
    .chat-empty { color: #555; }
    .chat-form { display: flex; flex-wrap: wrap; gap: .3em; align-items: center; }
    .chat-form #chat-text { flex: 1 1 10em; min-width: 0; min-height: 2.2em; }
    .chat-mute { font-size: .8em; min-height: 1.8em; }
    #spectators-mute { margin-top: .4em; }`;
  document.head.appendChild(style);
  const $s = (id) => document.getElementById(id);
  $s("chat-name").value = localStorage.getItem(NAME_KEY) || "";
  let confirming = false; // the resign button asks once more before it acts
  let moving = false;     // on the way to the rematch

  function finished(s) { return s.status === "over" || s.status === "ended"; }

  function who(s, from) {
    if (from === "host") return "Host";
    if (from.spectator !== undefined) return `${from.spectator} (spectator)`;
    const me = s.you.role === "seat" && s.you.seat === from.seat;
    return me ? "You" : serverSeatName(s, from.seat);
  }

  function lineHtml(s, l) {
    let where = "";
    if (l.to === "spectators" && s.you.role !== "spectator") where = ' <span class="chat-where">to the spectators</span>';
    if (l.to.seat !== undefined) {
      const mine = s.you.role === "seat" && l.from.seat === s.you.seat;
      where = ` <span class="chat-where">privately${mine ? " to " + esc(serverSeatName(s, l.to.seat)) : ""}</span>`;
    }
    const cls = l.to.seat !== undefined ? "private" : l.to;
    const mute = s.you.role === "host" && l.from !== "host"
      ? ` <button type="button" class="chat-mute" id="${actionId("mute", l.seq)}" data-mute='${esc(JSON.stringify(l.from))}'>Mute</button>` : "";
    return `<li class="chat-line ${cls}" data-seq="${l.seq}"><b>${esc(who(s, l.from))}</b>${where}: <span class="chat-said">${esc(l.text)}</span>${mute}</li>`;
  }

  function actionsHtml(s) {
    const soc = s.social;
    if (s.you.role !== "seat" || finished(s)) return "";
    if (soc.resigned.includes(s.you.seat)) return '<span class="draw-note">You have resigned and left the game; the others play on.</span>';
    const parts = [];
    if (soc.draws) {
      if (soc.draw_offer === null || soc.draw_offer === undefined) parts.push('<button type="button" id="draw-offer">Offer a draw</button>');
      else if (soc.draw_offer === s.you.seat) parts.push('<span class="draw-note">You offered a draw.</span> <button type="button" id="draw-withdraw">Withdraw the offer</button>');
      else parts.push('<span class="draw-note">Your opponent offers a draw.</span> <button type="button" id="draw-accept">Accept the draw</button><button type="button" id="draw-decline">Decline</button>');
    }
    parts.push(confirming
      ? '<button type="button" id="resign-confirm" class="danger">Yes, resign</button><button type="button" id="resign-cancel">Keep playing</button>'
      : '<button type="button" id="resign">Resign</button>');
    return parts.join(" ");
  }

  async function send(path, body, errorId) {
    $s(errorId).textContent = "";
    try { const s = await api(path, body); arrived(s); return s; } catch (e) {
      $s(errorId).textContent = plainError(e, "Not done");
      return null;
    }
  }

  function wire(s) {
    const on = (id, f) => { const el = $s(id); if (el) el.onclick = f; };
    on("spectators-mute", () => send("/mute", { spectators: true, muted: !s.social.spectators_muted }, "chat-error"));
    on("draw-offer", () => send("/draw", { step: "offer" }, "social-error"));
    on("draw-withdraw", () => send("/draw", { step: "withdraw" }, "social-error"));
    on("draw-accept", () => send("/draw", { step: "accept" }, "social-error"));
    on("draw-decline", () => send("/draw", { step: "decline" }, "social-error"));
    on("resign", () => { confirming = true; render(s); });
    on("resign-cancel", () => { confirming = false; render(s); });
    on("resign-confirm", async () => { confirming = false; await send("/resign", {}, "social-error"); });
    for (const b of box.querySelectorAll(".chat-mute")) {
      b.onclick = () => {
        const from = JSON.parse(b.dataset.mute);
        const body = from.spectator !== undefined ? { spectator: from.spectator } : { seat: from.seat };
        send("/mute", body, "chat-error");
      };
    }
  }

  // Who this viewer may write to: the server refuses the rest anyway.
  function audiences(s) {
    if (s.you.role === "spectator") return [["spectators", "the spectators"]];
    const out = [["players", "everyone at the table"]];
    if (s.you.role === "host") out.push(["spectators", "the spectators"]);
    if (s.you.role === "seat" && s.social.private_chat) {
      for (const seat of s.seats) if (seat.seat !== s.you.seat) out.push([String(seat.seat), `${serverSeatName(s, seat.seat)} only`]);
    }
    return out;
  }

  function render(s) {
    if (!s.social) return;
    const soc = s.social;
    if (soc.rematch && !moving) {
      // The table moved on: this link opens the new game (docs/server.md#rematch).
      moving = true;
      location.replace(`/table/${soc.rematch}${location.hash}`);
      return;
    }
    patch($s("social-actions"), actionsHtml(s));
    $s("chat-title").textContent = s.you.role === "spectator" ? "Spectators' chat" : "Chat";
    const lines = soc.chat.map((l) => lineHtml(s, l)).join("");
    const list = $s("chat-lines");
    const count = soc.chat.length;
    patch(list, lines || '<li class="chat-empty">No messages yet.</li>');
    // New messages scroll into view.
    if (Number(list.dataset.count || 0) !== count) { list.dataset.count = count; list.scrollTop = list.scrollHeight; }
    $s("chat-name-label").hidden = s.you.role !== "spectator";
    const to = audiences(s);
    const select = $s("chat-to");
    const options = to.map(([v, label]) => `<option value="${v}">${esc(label)}</option>`).join("");
    if (select.dataset.options !== options) { const keep = select.value; select.innerHTML = options; select.dataset.options = options; if (to.some(([v]) => v === keep)) select.value = keep; }
    $s("chat-to-label").hidden = to.length < 2;
    // A spectator's own mute is by name and the page cannot know it; a
    // closed spectators' channel it can.
    const closed = s.you.role === "spectator" && soc.spectators_muted;
    const muted = soc.you_muted || closed;
    $s("chat-text").disabled = muted;
    $s("chat-send").disabled = muted;
    $s("chat-text").placeholder = closed ? "The host closed this chat"
      : muted ? "The host has muted you" : "Write a message";
    // The host closes the spectators' channel to every name at once.
    const all = $s("spectators-mute");
    all.hidden = s.you.role !== "host";
    all.textContent = soc.spectators_muted ? "Reopen the spectators' chat" : "Close the spectators' chat";
    // A bot's seat speaks through nobody; a finished game still chats.
    const rematch = document.getElementById("rematch");
    if (rematch) rematch.hidden = !(finished(s) && s.you.role !== "spectator");
    wire(s);
  }

  $s("chat-form").onsubmit = async (e) => {
    e.preventDefault();
    const text = $s("chat-text").value.trim();
    if (!text || !state) return;
    const body = { text };
    const to = $s("chat-to").value;
    if (!$s("chat-to-label").hidden && to) body.to = /^\d+$/.test(to) ? Number(to) : to;
    if (state.you.role === "spectator") {
      body.name = $s("chat-name").value.trim();
      localStorage.setItem(NAME_KEY, body.name);
      if (!body.name) { $s("chat-error").textContent = "Give a name first: spectators write under a name."; return; }
    }
    const sent = await send("/chat", body, "chat-error");
    if (sent) $s("chat-text").value = "";
  };

  // The rematch and new-game buttons live in the end-of-game box.
  const over = document.getElementById("over");
  if (over && !document.getElementById("rematch")) {
    const b = document.createElement("button");
    b.id = "rematch"; b.type = "button"; b.textContent = "Rematch"; b.hidden = true;
    b.onclick = async () => {
      $s("social-error").textContent = "";
      try {
        const r = await api("/rematch", {});
        // The snapshot naming the new game may have come first and already
        // be taking the page there: a second navigation would cut it off.
        if (!moving) {
          moving = true;
          location.replace(`${r.link}${location.hash}`);
        }
      } catch (e) { $s("social-error").textContent = plainError(e, "No rematch"); }
    };
    over.prepend(b);
  }

  // The words of the result's reason in the banner.
  function why(s) {
    const reason = s.outcome && s.outcome.reason;
    if (!reason) return "";
    if (reason === "resignation" || reason === "agreement") {
      const by = (s.social && s.social.resigned || []).map((k) => serverSeatName(s, k));
      return reason === "resignation" && by.length ? ` by resignation (${by.join(", ")} resigned)` : ` by ${reason}`;
    }
    return ` (${reason})`;
  }

  return { render, why };
})();
