// Redraws patch the page; they never rebuild it.
//
// Why: replacing a panel's innerHTML on every live frame destroyed every
// element in it and put fresh copies in their place. The element a player
// was using went with it: focus fell back to <body> (the next keystrokes
// went nowhere), the caret and selection were gone, an open <details>
// closed, a scrolled list jumped back to the top, and a click whose
// mousedown hit the old button and whose mouseup hit its copy was sent to
// their common parent, which has no handler, so nothing was submitted.
//
// `patch(el, html)` morphs `el`'s children into the shape of `html` with
// idiomorph (web/idiomorph.js), keeping every element that matches by id
// (then by tag), so the element under the pointer or the caret stays the
// same element. Rules that keep what the player is doing:
// - The focused field's value is never overwritten by a redraw.
// - A <details> stays as open or closed as the player left it.
// - Every clickable element carries an id made from what it does
//   (`actionId`), so a patch never turns one button into another: a click
//   that has started ends on the element, and the action, it started on.
"use strict";

const PATCH_CONFIG = {
  morphStyle: "innerHTML",
  ignoreActiveValue: true,
  restoreFocus: true,
  callbacks: {
    beforeAttributeUpdated(name, el) {
      if (name === "open" && el.localName === "details") return false;
      return true;
    },
  },
};

// The HTML each element was last patched to: an unchanged panel is left
// alone (most panels are the same from one frame to the next).
const patchedTo = new WeakMap();

function patch(el, html) {
  if (!el || patchedTo.get(el) === html) return;
  Idiomorph.morph(el, html, PATCH_CONFIG);
  patchedTo.set(el, html);
}

// An id for a control that does `what` (an action text, a square's key):
// no whitespace, and different texts give different ids.
function actionId(prefix, what) {
  return prefix + "-" + encodeURIComponent(String(what));
}
