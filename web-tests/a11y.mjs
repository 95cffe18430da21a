// Checks run inside a page (page.evaluate): WCAG AA text contrast and
// control labels. Both return the offenders, so a test can fail and say
// which element and why.

// Every visible piece of text, HTML or SVG, against what is drawn under
// it: the contrast ratio must be at least 4.5, or 3 for large text (24 px,
// or 18.66 px bold, as rendered). Disabled controls are exempt (WCAG 1.4.3).
export function contrastProblems() {
  const parse = (c) => {
    if (!c || c === "none" || c === "transparent") return null;
    const ctx = parse.ctx || (parse.ctx = document.createElement("canvas").getContext("2d"));
    ctx.fillStyle = "#000"; ctx.fillStyle = c; // the browser normalises any CSS colour
    const v = ctx.fillStyle;
    if (v.startsWith("#")) return [parseInt(v.slice(1, 3), 16), parseInt(v.slice(3, 5), 16), parseInt(v.slice(5, 7), 16), 1];
    const m = /rgba?\(([^)]+)\)/.exec(v);
    const p = m[1].split(",").map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.display === "none" || st.visibility === "hidden" || Number(st.opacity) === 0) return false;
      if (e.tagName === "DETAILS" && !e.open && e !== el && !el.closest("summary")) return false;
    }
    return true;
  };
  // The HTML background under an element: its ancestors' backgrounds, composed.
  const htmlBackground = (el) => {
    const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
      if (c && c[3] === 1) break;
    }
    let bg = [255, 255, 255, 1];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  // The group opacity of an SVG element (opacity of it and its ancestors inside the svg).
  const groupOpacity = (el, svg) => {
    let a = 1;
    for (let e = el; e && e !== svg; e = e.parentElement) a *= Number(getComputedStyle(e).opacity);
    return a;
  };
  // What an SVG's shapes paint at a point (in its user units), bottom to top, up to `until`.
  const svgBackground = (text, svg) => {
    const b = text.getBBox();
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    let bg = htmlBackground(svg);
    for (const shape of svg.querySelectorAll("rect, circle")) {
      if (shape === text || (shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING) === 0) continue;
      if (!visible(shape)) continue;
      const n = (a) => Number(shape.getAttribute(a) || 0);
      const inside = shape.tagName === "rect"
        ? x >= n("x") && x <= n("x") + n("width") && y >= n("y") && y <= n("y") + n("height")
        : (x - n("cx")) ** 2 + (y - n("cy")) ** 2 <= n("r") ** 2;
      if (!inside) continue;
      const st = getComputedStyle(shape);
      const fill = parse(st.fill);
      if (!fill) continue;
      fill[3] *= Number(st.fillOpacity) * groupOpacity(shape, svg);
      bg = over(fill, bg);
    }
    return bg;
  };
  const out = [];
  const texts = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent.trim()) texts.add(n.parentElement);
  for (const el of texts) {
    if (!visible(el) || el.closest("script, style, title, option, datalist")) continue;
    if (el.closest("button:disabled, input:disabled, select:disabled")) continue;
    const st = getComputedStyle(el);
    const svg = el.closest("svg");
    let fg = parse(svg ? st.fill : st.color);
    if (!fg) continue;
    let bg;
    if (svg) {
      fg[3] *= Number(st.fillOpacity) * groupOpacity(el, svg);
      // A text drawn with a halo (stroke painted first) stands on its halo.
      const halo = parse(st.stroke);
      bg = halo && st.paintOrder.startsWith("stroke") && parseFloat(st.strokeWidth) >= 1.5 ? over(halo, [255, 255, 255, 1]) : svgBackground(el, svg);
    } else {
      fg[3] *= Number(st.opacity);
      bg = htmlBackground(el);
    }
    const colour = over(fg, bg);
    // Rendered size: an SVG text is scaled with its drawing.
    let px = parseFloat(st.fontSize);
    if (svg) { const m = el.getScreenCTM(); px *= m ? Math.hypot(m.a, m.b) : 1; }
    const bold = Number(st.fontWeight) >= 700;
    const large = px >= 24 || (bold && px >= 18.66);
    const need = large ? 3 : 4.5;
    const r = ratio(colour, bg);
    if (r < need) {
      const id = el.id ? `#${el.id}` : el.closest("[id]") ? `#${el.closest("[id]").id} ${el.tagName.toLowerCase()}` : el.tagName.toLowerCase();
      out.push(`${id} "${el.textContent.trim().slice(0, 30)}": ${r.toFixed(2)} < ${need} (${svg ? "fill" : "colour"} rgb(${colour.slice(0, 3).map(Math.round)}) on rgb(${bg.slice(0, 3).map(Math.round)}), ${px.toFixed(1)} px${bold ? " bold" : ""})`);
    }
  }
  return [...new Set(out)];
}

// Every visible control has a name a screen reader can say: its own text,
// a <label>, aria-label or aria-labelledby, or (for a checkbox) a label around it.
export function unlabelledControls() {
  const out = [];
  for (const el of document.querySelectorAll("input, select, textarea, button, summary, a[href]")) {
    const r = el.getBoundingClientRect();
    if (el.type === "hidden" || r.width === 0 || r.height === 0) continue;
    const named = (el.getAttribute("aria-label") || "").trim() ||
      (el.getAttribute("aria-labelledby") && document.getElementById(el.getAttribute("aria-labelledby"))?.textContent.trim()) ||
      (el.labels && [...el.labels].some((l) => l.textContent.trim())) ||
      (["BUTTON", "SUMMARY", "A"].includes(el.tagName) && el.textContent.trim()) ||
      (el.tagName === "INPUT" && ["button", "submit"].includes(el.type) && el.value.trim());
    if (!named) out.push(el.id ? `#${el.id}` : `${el.tagName.toLowerCase()} in #${el.closest("[id]")?.id}`);
  }
  return out;
}
