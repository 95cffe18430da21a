// "Your turn" signals: the tab's title and icon change while it is this
// seat's turn; an optional sound plays and an optional notification shows
// (when the tab is hidden) as the turn begins. A move played for this seat
// on timeout is told in the page. Preferences stay in this browser.
"use strict";
window.Signals = (() => {
  const PREFS = { sound: "arbiter.sound", notify: "arbiter.notify" };
  const plainIcon = "/favicon.svg";
  const turnIcon = "data:image/svg+xml," + encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#3b3a36"/>' +
    '<text x="14" y="25" font-size="22" text-anchor="middle" fill="#f4f1ea">&#9822;</text><circle cx="25" cy="7" r="6.5" fill="#e53935" stroke="#fff" stroke-width="1.5"/></svg>');
  const sound = document.getElementById("pref-sound");
  const notify = document.getElementById("pref-notify");
  sound.checked = localStorage.getItem(PREFS.sound) === "yes";
  notify.checked = localStorage.getItem(PREFS.notify) === "yes" && "Notification" in window && Notification.permission === "granted";
  // Browsers start sound only from a player's gesture: the one audio
  // context is made (or woken) by a click or tap on the page, so that the
  // beep can play later when a frame brings the turn.
  let audio = null;
  function wake() {
    if (!sound.checked) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
    } catch (_) { audio = null; }
  }
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);
  sound.onchange = () => {
    localStorage.setItem(PREFS.sound, sound.checked ? "yes" : "no");
    if (sound.checked) { wake(); beep(); } // the player hears what it will sound like
  };
  notify.onchange = async () => {
    if (notify.checked && "Notification" in window && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission().catch(() => "denied");
      if (answer !== "granted") notify.checked = false;
    }
    localStorage.setItem(PREFS.notify, notify.checked ? "yes" : "no");
  };

  function myTurn(s) {
    return !!s && s.status === "playing" && s.you.role === "seat" && s.legal.length > 0;
  }

  let played = 0; // beeps played, for the browser tests
  function beep() {
    played++;
    try {
      if (!audio) return;
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + 0.35);
    } catch (_) { /* no sound on this browser */ }
  }

  function changed(was, s) {
    const name = document.getElementById("title").textContent || "Arbiter";
    const turn = myTurn(s);
    document.title = turn ? `● Your turn · ${name}` : `${name} · Arbiter`;
    document.getElementById("icon").href = turn ? turnIcon : plainIcon;
    if (turn && was && !myTurn(was)) {
      if (sound.checked) beep();
      if (notify.checked && document.hidden && "Notification" in window && Notification.permission === "granted") {
        try {
          const n = new Notification(`Your turn: ${name}`, { body: "The game is waiting for your move.", tag: "arbiter-" + s.id });
          n.onclick = () => { window.focus(); n.close(); };
        } catch (_) { /* some phones show notifications only from a service worker: the title and icon still change */ }
      }
    }
    // A move played for this seat on timeout, new since the last frame.
    if (s.you.role === "seat" && was) {
      const mine = `(time: played for P${s.you.seat + 1})`;
      const fresh = s.history.slice(was.history.length).find((h) => h.action.endsWith(mine));
      if (fresh) {
        const el = document.getElementById("notice");
        el.hidden = false;
        el.textContent = `Your time ran out, so the server played ${fresh.action.replace(" " + mine, "")} for you.`;
      }
    }
  }
  return { changed, played: () => played };
})();
