// The tables this browser has opened with a seat's or the host's link, so
// that a player who closed the tab, or lost the message with their link,
// finds their seat again from the lobby. Kept in this browser only
// (localStorage), never sent anywhere but to the table's own game: each
// entry holds its link's token, as the browser's history already holds the
// link itself. The lobby lists them with where each game stands
// (web/lobby.js); the table remembers itself when opened (web/table.js).
"use strict";
const RECENT_KEY = "arbiter-tables";
// Enough for a player's running games; the oldest goes first.
const RECENT_MAX = 20;

// The remembered tables, the most recently opened first: { id, token,
// game, role ("seat" or "host"), seat (the server seat, or null), at }.
function recentTables() {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.id === "string" && typeof e.token === "string") : [];
  } catch (_) {
    return [];
  }
}

function saveRecentTables(list) {
  // Storage may be full or turned off (a private window): then nothing is kept.
  try { localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX))); } catch (_) { /* not kept */ }
}

const sameTableLink = (a, b) => a.id === b.id && a.token === b.token;

// Remembers a table opened with its link's token, or moves it to the top.
function rememberTable(entry) {
  saveRecentTables([{ ...entry, at: Date.now() }, ...recentTables().filter((e) => !sameTableLink(e, entry))]);
}

function forgetTable(entry) {
  saveRecentTables(recentTables().filter((e) => !sameTableLink(e, entry)));
}
