// The game page: board, decisions, log, live updates, replays.
//
// The browser never re-derives a rule: everything it offers comes from the engine's legal
// actions for the seat that is to act.  An action's fields are read generically: a field
// whose value is a unit id names a counter (the first one is the actor: it is clicked to
// select), a field whose value is a hex on the map is a place to click, anything else is a
// button.  A click that matches no legal action is still sent, so the engine says which rule
// forbids it.
const $ = (s) => document.querySelector(s);
const SVGNS = "http://www.w3.org/2000/svg";
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const REPLAY = location.pathname.startsWith("/replay/");
const TOKENS = (new URLSearchParams(location.hash.slice(1)).get("t") || "").split(",").filter(Boolean);
const ACTOR_FIELDS = ["unit", "piece"];
const TYPE_ORDER = ["end", "resolve", "pass"];

const S = {
  map: null, hexes: new Set(), states: {}, tokenOf: {}, focus: null, confirm: null,
  replay: { step: 0, steps: 0, side: "", data: null }, sockets: [], busy: false,
  vb: null, flash: null,
};

// ----- small helpers -------------------------------------------------------------------------
function el(tag, attrs = {}, parent = null, ns = SVGNS) {
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") e.textContent = v; else if (v !== null && v !== undefined) e.setAttribute(k, v);
  }
  if (parent) parent.appendChild(e);
  return e;
}
const h = (tag, attrs = {}, parent = null) => el(tag, attrs, parent, null);
function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c])); }

function say(text, kind = "error") {
  const m = $("#message");
  m.textContent = text || "";
  m.className = "message " + (text ? kind : "");
}

async function api(path, opts = {}, token = null) {
  const headers = Object.assign({}, opts.headers || {});
  if (token) headers["X-Ringwar-Token"] = token;
  if (opts.body && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  const r = await fetch(path, Object.assign({}, opts, { headers }));
  const text = await r.text();
  let body = {};
  try { body = text ? JSON.parse(text) : {}; } catch { body = { message: text }; }
  if (!r.ok) { const e = new Error(body.message || `${r.status}`); e.body = body; e.status = r.status; throw e; }
  return body;
}

// ----- which state is shown -----------------------------------------------------------------
function current() {
  if (REPLAY) return S.replay.data ? { view: S.replay.data.view, legal: [], seat: null, version: -1, seats: {} } : null;
  const all = Object.values(S.states);
  if (!all.length) return null;
  const top = Math.max(...all.map((s) => s.version));
  const latest = all.filter((s) => s.version === top);
  return latest.find((s) => s.seat && s.seat === s.view.to_act) || latest.find((s) => s.seat) || latest[0];
}
const unitsOf = (st) => st.view.units || [];
function unitMap(st) { const m = {}; for (const u of unitsOf(st)) m[u.id] = u; return m; }

// ----- reading actions generically --------------------------------------------------------------
function parts(a, units) {
  let actor = null, actorField = null;
  for (const f of ACTOR_FIELDS) if (f in a && units[a[f]]) { actor = a[f]; actorField = f; break; }
  const targets = [], hexes = [], other = [];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type" || k === actorField) continue;
    if (typeof v === "string" && units[v]) { if (!actor) { actor = v; actorField = k; } else targets.push([k, v]); }
    else if (typeof v === "string" && S.hexes.has(v)) hexes.push([k, v]);
    else other.push([k, v]);
  }
  return { actor, actorField, targets, hexes, other };
}

function describe(a, units) {
  const bits = [a.type.replace(/_/g, " ")];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type") continue;
    const u = typeof v === "string" ? units[v] : null;
    bits.push(u ? `${u.name} ${u.label || ""}`.trim() + (u.hex ? ` (${u.hex})` : "")
      : (k === "to" || k === "hex") ? `→ ${v}` : `${k} ${v}`);
  }
  return bits.join(" ");
}

function mine(st) { return st && st.seat && st.legal && st.legal.length ? st : null; }

// ----- geometry (as ringwar.render.hexrender draws the map) ----------------------------------------
function centre(hx) {
  const m = S.map, s = m.size, hh = Math.sqrt(3) * s;
  const col = parseInt(hx.slice(0, 2), 10), row = parseInt(hx.slice(2), 10);
  return [m.origin[0] + s + 1.5 * s * (col - 1), m.origin[1] + hh / 2 + hh * (row - 1) + (col % 2 === 0 ? hh / 2 : 0)];
}
function corners(hx, k = 1) {
  const [cx, cy] = centre(hx), r = S.map.size * k;
  return [0, 1, 2, 3, 4, 5].map((i) => `${(cx + r * Math.cos(Math.PI / 3 * i)).toFixed(1)},${(cy + r * Math.sin(Math.PI / 3 * i)).toFixed(1)}`).join(" ");
}

// ----- board: map, zoom and pan ---------------------------------------------------------------------
async function loadMap() {
  S.map = await api(`/api/games/${GAME}/map`);
  if (!S.map.hexmap) return;
  for (const hx of Object.keys(S.map.terrain)) S.hexes.add(hx);
  const svgText = await (await fetch(`/api/games/${GAME}/map.svg`)).text();
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const layer = $("#maplayer");
  for (const child of Array.from(doc.documentElement.childNodes)) {
    if (child.nodeType === 1 && child.tagName !== "title") layer.appendChild(document.importNode(child, true));
  }
  const hit = $("#hitlayer");
  for (const hx of S.hexes) el("polygon", { points: corners(hx), class: "hit", "data-hex": hx }, hit);
  fit();
}

function setVB() { $("#board").setAttribute("viewBox", S.vb.map((v) => v.toFixed(1)).join(" ")); }
function fit() {
  const b = $("#board").getBoundingClientRect();
  const w = S.map.width, hgt = S.map.height, ar = b.width / Math.max(b.height, 1);
  S.vb = ar > w / hgt ? [-(hgt * ar - w) / 2, 0, hgt * ar, hgt] : [0, -(w / ar - hgt) / 2, w, w / ar];
  setVB();
}
function zoom(f, cx = null, cy = null) {
  const [x, y, w, hh] = S.vb;
  if (cx === null) { cx = x + w / 2; cy = y + hh / 2; }
  const nw = Math.min(Math.max(w * f, 150), S.map.width * 3), k = nw / w;
  S.vb = [cx - (cx - x) * k, cy - (cy - y) * k, w * k, hh * k];
  setVB();
}
function toMap(ev) {
  const b = $("#board").getBoundingClientRect(), [x, y, w, hh] = S.vb;
  return [x + (ev.clientX - b.left) / b.width * w, y + (ev.clientY - b.top) / b.height * hh];
}
function zoomTo(hx, width = 600) {
  const [cx, cy] = centre(hx), b = $("#board").getBoundingClientRect(), ar = b.width / Math.max(b.height, 1);
  S.vb = [cx - width / 2, cy - width / ar / 2, width, width / ar];
  setVB();
}

function setupPanZoom() {
  const svg = $("#board");
  let drag = null;
  svg.addEventListener("wheel", (ev) => { ev.preventDefault(); const [mx, my] = toMap(ev); zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, mx, my); }, { passive: false });
  svg.addEventListener("pointerdown", (ev) => { drag = { x: ev.clientX, y: ev.clientY, vb: S.vb.slice(), moved: false }; });
  svg.addEventListener("pointermove", (ev) => {
    if (drag && (ev.buttons & 1)) {
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 5) drag.moved = true;
      if (drag.moved) {
        const b = svg.getBoundingClientRect();
        S.vb = [drag.vb[0] - dx / b.width * drag.vb[2], drag.vb[1] - dy / b.height * drag.vb[3], drag.vb[2], drag.vb[3]];
        setVB();
      }
    }
    hover(ev);
  });
  svg.addEventListener("click", (ev) => {
    if (drag && drag.moved) { drag = null; return; }
    drag = null;
    const u = ev.target.closest("[data-unit]");
    if (u) { unitClick(u.dataset.unit); return; }
    const hx = ev.target.closest("[data-hex]");
    if (hx) hexClick(hx.dataset.hex);
  });
  $("#zoom-in").onclick = () => zoom(1 / 1.3);
  $("#zoom-out").onclick = () => zoom(1.3);
  $("#zoom-fit").onclick = fit;
  window.addEventListener("resize", () => S.map && S.map.hexmap && fit());
}

function hover(ev) {
  const box = $("#hover"), st = current();
  const t = ev.target.closest ? ev.target.closest("[data-hex]") : null;
  if (!t || !st) { box.style.display = "none"; return; }
  const hx = t.dataset.hex, here = unitsOf(st).filter((u) => u.hex === hx);
  box.style.display = "block";
  box.innerHTML = `<b>${hx}</b> ${esc(S.map.terrain[hx] || "")}` + here.map((u) => `<br>${esc(u.name)} ${esc(u.label || "")}${u.reduced ? " (reduced)" : ""}${u.disrupted ? " (disrupted)" : ""}`).join("");
}

// ----- counters -----------------------------------------------------------------------------------
const NATION_COLOURS = ["#d4a017", "#7fb3d5", "#a9dfbf", "#f5b7b1", "#d7bde2", "#f8c471", "#aab7b8", "#73c6b6"];
function nationColour(n) { let k = 0; for (const c of String(n || "")) k = (k * 31 + c.charCodeAt(0)) % 997; return NATION_COLOURS[k % NATION_COLOURS.length]; }
function blend(c1, c2, t) {
  const a = [1, 3, 5].map((i) => parseInt(c1.slice(i, i + 2), 16)), b = [1, 3, 5].map((i) => parseInt(c2.slice(i, i + 2), 16));
  return "#" + a.map((x, i) => Math.round(x + (b[i] - x) * t).toString(16).padStart(2, "0")).join("");
}

function drawCounter(u, x, y, parent, st, flags) {
  const t = 36, style = (S.map.sides || {})[u.side] || ["#555555", "#ffffff", "#ffffff"];
  const dm = ((st.view.demoralization || {})[u.side] || {}).demoralized;
  const g = el("g", { class: "counter" + flags, "data-unit": u.id, "data-hex": u.hex, transform: `translate(${(x - t / 2).toFixed(1)},${(y - t / 2).toFixed(1)})` }, parent);
  el("title", { text: `${u.name} ${u.label || ""} [${u.id}] ${u.nation || ""} ${u.kind || ""}${u.reduced ? " reduced" : ""}${u.disrupted ? " disrupted" : ""}${dm ? " (side demoralized)" : ""}` }, g);
  const fill = u.reduced ? blend(style[0], "#ffffff", 0.35) : style[0];
  el("rect", { class: "tile", width: t, height: t, rx: 3, fill, stroke: "#000", "stroke-width": 1.2 }, g);
  el("rect", { x: 1.5, y: 1.5, width: t - 3, height: 5, fill: nationColour(u.nation), class: "nation" }, g);
  if (u.kind === "cavalry") el("line", { x1: 4, y1: t - 4, x2: t - 4, y2: 8, stroke: blend(fill, style[2], 0.35), "stroke-width": 4 }, g);
  if (u.kind === "leader") el("rect", { x: 2.5, y: 2.5, width: t - 5, height: t - 5, fill: "none", stroke: "#e0b020", "stroke-width": 2.2 }, g);
  const name = String(u.name || "");
  el("text", { x: t / 2, y: 13.5, class: "cname", fill: style[2], text: name.length > 9 ? name.slice(0, 8) + "." : name }, g);
  el("text", { x: t / 2, y: 27, class: "clabel", fill: style[2], text: String(u.label ?? "") }, g);
  if (u.reduced) el("polygon", { points: `${t - 10},${t} ${t},${t} ${t},${t - 10}`, fill: "#fff", stroke: "#000", "stroke-width": 0.6, class: "reduced-mark" }, g);
  if (u.disrupted) {
    el("circle", { cx: t - 1, cy: 1, r: 6, fill: "#ffd400", stroke: "#000", "stroke-width": 0.8, class: "disrupted-mark" }, g);
    el("text", { x: t - 1, y: 3.5, class: "dmark", text: "D" }, g);
  }
  if (dm) {
    el("rect", { x: -2, y: t - 9, width: 14, height: 9, fill: "#b03a2e", stroke: "#000", "stroke-width": 0.5, class: "demoralized-mark" }, g);
    el("text", { x: 5, y: t - 2.2, class: "dmark small", fill: "#fff", text: "Dm" }, g);
  }
  return g;
}

// ----- drawing a state ------------------------------------------------------------------------------
function analyse(st) {
  const units = unitMap(st), legal = (mine(st) || { legal: [] }).legal;
  const info = { units, legal, actors: new Set(), dest: new Map(), targets: new Map(), focusActs: [] };
  for (const a of legal) { const p = parts(a, units); if (p.actor) info.actors.add(p.actor); }
  const pend = st.view.pending;
  if (legal.length && pend && pend.unit && info.actors.has(pend.unit)) S.focus = pend.unit;
  if (S.focus && !units[S.focus]) S.focus = null;
  if (S.focus) {
    info.focusActs = legal.filter((a) => parts(a, units).actor === S.focus);
    for (const a of info.focusActs) {
      const p = parts(a, units);
      for (const [, hx] of p.hexes) { if (!info.dest.has(hx)) info.dest.set(hx, []); info.dest.get(hx).push(a); }
      for (const [, u] of p.targets) { if (!info.targets.has(u)) info.targets.set(u, []); info.targets.get(u).push(a); }
    }
  } else {
    // actions with a hex and no actor (e.g. placing something) can be clicked too
    for (const a of legal) {
      const p = parts(a, units);
      if (!p.actor) for (const [, hx] of p.hexes) { if (!info.dest.has(hx)) info.dest.set(hx, []); info.dest.get(hx).push(a); }
    }
  }
  return info;
}

function render() {
  const st = current();
  if (!st || !S.map) return;
  const v = st.view, info = analyse(st);
  document.body.dataset.version = st.version;
  document.body.dataset.toAct = v.to_act || "";
  document.body.dataset.turn = v.turn;
  document.body.dataset.phase = v.phase;
  document.body.dataset.actions = v.actions_played;
  document.body.dataset.seat = st.seat || "";
  document.body.dataset.over = v.result ? "1" : "";
  $("#title").textContent = v.title || v.system;
  $("#seat-badge").textContent = REPLAY ? "replay" : st.seat ? `you: ${Object.values(S.states).filter((s) => s.seat).map((s) => s.seat).join(" + ")}` : "observer";
  drawTracks(v);
  if (S.map.hexmap) drawBoard(st, info);
  drawDecision(st, info);
  drawStatus(st);
  drawOffmap(st, info);
  drawLog(v.recent_log || [], REPLAY && S.replay.data ? S.replay.data.events : null);
  $("#undo").disabled = !st.undo || S.busy;
}

function drawBoard(st, info) {
  const marks = $("#marklayer"), layer = $("#unitlayer");
  marks.replaceChildren();
  layer.replaceChildren();
  for (const [hx, acts] of info.dest) {
    el("polygon", { points: corners(hx, 0.86), class: "dest " + acts[0].type, "data-dest": hx }, marks);
  }
  const stacks = new Map();
  for (const u of unitsOf(st)) {
    if (!u.hex || !S.hexes.has(u.hex)) continue;
    if (!stacks.has(u.hex)) stacks.set(u.hex, []);
    stacks.get(u.hex).push(u);
  }
  const focusUnit = S.focus ? info.units[S.focus] : null;
  if (focusUnit && focusUnit.hex && S.hexes.has(focusUnit.hex)) el("polygon", { points: corners(focusUnit.hex, 0.94), class: "focus-hex" }, marks);
  if (S.flash) for (const hx of S.flash) if (S.hexes.has(hx)) el("polygon", { points: corners(hx, 0.9), class: "flash" }, marks);
  for (const [hx, stack] of stacks) {
    const [cx, cy] = centre(hx);
    // the focused unit, then actable units, are drawn on top
    stack.sort((a, b) => (a.id === S.focus) - (b.id === S.focus) || info.actors.has(a.id) - info.actors.has(b.id));
    const shown = stack.slice(-4), n = shown.length, step = 6;
    shown.forEach((u, i) => {
      const off = (i - (n - 1) / 2) * step;
      let flags = "";
      if (info.actors.has(u.id)) flags += " actable";
      if (u.id === S.focus) flags += " focus";
      if (info.targets.has(u.id)) flags += " target";
      drawCounter(u, cx + off, cy + 3 - off, layer, st, flags);
    });
    if (stack.length > n) el("text", { x: cx + 17, y: cy + 18, class: "more", text: `+${stack.length - n}` }, layer);
    if (stack.length > 1) el("text", { x: cx - 20, y: cy + 19, class: "stackn", text: `${stack.length}` }, layer);
  }
}

function drawTracks(v) {
  const tt = $("#turn-track");
  tt.replaceChildren();
  const last = v.last_turn || v.turn || 1, night = new Set(v.night_turns || []);
  h("span", { class: "lbl", text: "Turn" }, tt);
  for (let t = 1; t <= last; t++) {
    h("span", { class: "box" + (night.has(t) ? " night" : "") + (t === v.turn ? " now" : ""), title: night.has(t) ? `turn ${t} (night)` : `turn ${t}`, text: t }, tt);
  }
  const pb = $("#phase-bar");
  // the whole sequence of play when the system lists it (SPI games), the current phase marked
  const seq = (v.phases || []).map((p) => `<span class="${p.code === v.phase ? "phase" : "phase-off"}" title="${esc(p.name)}">${esc(p.code)}</span>`).join("");
  pb.innerHTML = (seq || `<span class="phase">${esc(v.phase || "")}</span>`) + ` ${esc(v.phase_name || "")}` +
    (v.step ? ` · <i>${esc(v.step)}</i>` : "") + (v.night ? ' <span class="night-tag">night</span>' : "") +
    (v.result ? ` · <b class="result">${esc(v.result.text || v.result.winner)}</b>` : v.to_act ? ` · <b>${esc(v.to_act)}</b> to act` : "");
  const dm = $("#dm-track");
  dm.replaceChildren();
  for (const [side, d] of Object.entries(v.demoralization || {})) {
    const pct = d.level ? Math.min(100, 100 * d.points / d.level) : 0;
    const c = h("span", { class: "dm" + (d.demoralized ? " demoralized" : ""), title: `${side}: ${d.points} of ${d.level} demoralization points` }, dm);
    c.innerHTML = `${esc(side)} <span class="bar"><span style="width:${pct}%"></span></span> ${d.points}/${d.level}${d.demoralized ? " <b>DEMORALIZED</b>" : ""}`;
  }
  if (v.victory_points) h("span", { class: "vp", text: "VP " + Object.entries(v.victory_points).map(([s, p]) => `${s} ${p}`).join(" · ") }, dm);
}

function actionButton(a, units, parent, label = null) {
  const b = h("button", { class: "act " + a.type, "data-action": JSON.stringify(a), text: label || describe(a, units) }, parent);
  b.onclick = () => choose(a);
  return b;
}

function drawDecision(st, info) {
  const v = st.view, prompt = $("#prompt"), box = $("#main-actions"), fb = $("#focus-box");
  box.replaceChildren();
  fb.replaceChildren();
  const m = mine(st);
  if (REPLAY) prompt.textContent = "Replay: step through the game with the buttons above (or the arrow keys).";
  else if (v.result) prompt.innerHTML = `<b>Game over.</b> ${esc(v.result.text || v.result.winner)}`;
  else if (!m) {
    const who = v.to_act, seat = (st.seats || {})[who];
    const ai = { mcts: "AI, searching", heuristic: "AI, rules of thumb", random: "AI, random" };
    prompt.textContent = who ? `Waiting for ${who}${seat && seat.kind === "ai" ? ` (${ai[seat.agent] || "AI"})` : ""}…` : "";
  } else {
    const p = v.pending;
    prompt.innerHTML = `<b>${esc(st.seat)}</b>: ` + (p ? `${esc(p.prompt || p.kind)} <span class="rule">${esc(p.rule || "")}</span>`
      : `${esc(v.phase_name || v.phase)}${v.step ? " (" + esc(v.step) + ")" : ""}: click a highlighted counter${info.legal.some((a) => a.type === "end") ? ", or end the phase" : ""}.`);
  }
  if (m) {
    const general = info.legal.filter((a) => !parts(a, info.units).actor);
    general.sort((a, b) => TYPE_ORDER.indexOf(b.type) - TYPE_ORDER.indexOf(a.type));
    for (const a of general.filter((x) => !parts(x, info.units).hexes.length)) actionButton(a, info.units, box);
    if (S.focus) {
      const u = info.units[S.focus];
      h("div", { class: "focus-name", text: `Selected: ${u.name} ${u.label || ""} [${u.id}]` + (u.hex ? ` in ${u.hex}` : "") }, fb);
      const own = info.focusActs.filter((a) => { const p = parts(a, info.units); return !p.hexes.length && !p.targets.length; });
      const nh = info.dest.size, nt = info.targets.size;
      if (nh || nt) h("div", { class: "hint", text: [nh ? `${nh} highlighted hex(es): click one` : "", nt ? `${nt} counter(s) it can act on (red outline): click one` : ""].filter(Boolean).join("; ") }, fb);
      const row = h("div", { class: "actions" }, fb);
      for (const a of own) actionButton(a, info.units, row);
    }
  }
  // every legal action, grouped by type: a control for every decision the engine can ask
  const list = $("#legal-list");
  list.replaceChildren();
  $("#n-legal").textContent = info.legal.length;
  const byType = new Map();
  for (const a of info.legal) { if (!byType.has(a.type)) byType.set(a.type, []); byType.get(a.type).push(a); }
  for (const [type, acts] of byType) {
    const d = h("details", { class: "group" }, list);
    h("summary", { text: `${type} (${acts.length})` }, d);
    const row = h("div", { class: "actions" }, d);
    for (const a of acts.slice(0, 300)) actionButton(a, info.units, row);
  }
}

function drawStatus(st) {
  const v = st.view, box = $("#status-body");
  const rows = [];
  rows.push(`<div>Turn <b>${esc(v.turn)}</b>${v.last_turn ? ` of ${v.last_turn}` : ""} · phase <b>${esc(v.phase)}</b> · ${esc(v.actions_played)} actions</div>`);
  const seats = st.seats || {};
  if (Object.keys(seats).length) rows.push("<div>Seats: " + Object.entries(seats).map(([s, x]) => `${esc(s)} (${x.kind === "ai" ? "AI " + esc(x.agent || "") : "human"})`).join(", ") + "</div>");
  const mages = unitsOf(st).filter((u) => u.magic);
  if (mages.length) rows.push("<div>Magic points: " + mages.map((u) => `${esc(u.name)} ${u.magic_left ?? "?"}/${u.magic}`).join(", ") + "</div>");
  if (v.exclusive) rows.push(`<details><summary>Special rules</summary><pre>${esc(JSON.stringify(v.exclusive, null, 1))}</pre></details>`);
  if (v.result) rows.push(`<div class="result">${esc(v.result.text || JSON.stringify(v.result))}</div>`);
  box.innerHTML = rows.join("");
}

function drawOffmap(st, info) {
  const box = $("#offmap-body");
  box.replaceChildren();
  const off = unitsOf(st).filter((u) => !u.hex || !S.hexes.has(u.hex));
  $("#offmap").hidden = !off.length;
  const bySide = new Map();
  for (const u of off) { const k = `${u.side} · ${u.where || "off map"}`; if (!bySide.has(k)) bySide.set(k, []); bySide.get(k).push(u); }
  for (const [k, us] of bySide) {
    const d = h("div", { class: "offgroup" }, box);
    h("div", { class: "lbl", text: `${k} (${us.length})` }, d);
    for (const u of us) {
      const c = h("button", { class: "chip" + (info.actors.has(u.id) ? " actable" : "") + (u.id === S.focus ? " focus" : ""), "data-unit": u.id, text: `${u.name} ${u.label || ""}` }, d);
      c.onclick = () => unitClick(u.id);
    }
  }
}

const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function logItem(e, parent, cls = "") {
  const li = h("li", { class: "ev " + (e.type || "") + cls }, parent);
  if (e.rule) h("span", { class: "rule", text: e.rule }, li);
  h("span", { class: "txt", text: " " + (e.text || e.type) }, li);
  if (e.dice && e.dice.length) h("span", { class: "dice", title: `dice: ${e.dice.join(", ")}`, text: " " + e.dice.map((d) => DIE[d] || d).join("") + ` (${e.dice.join(",")})` }, li);
  if (e.visible_to) h("span", { class: "private", title: `only ${e.visible_to} sees this`, text: " 👁" }, li);
}
function drawLog(events, stepEvents) {
  const ol = $("#log");
  ol.replaceChildren();
  for (const e of events) logItem(e, ol);
  if (stepEvents && stepEvents.length) { h("li", { class: "sep", text: "— this step —" }, ol); for (const e of stepEvents) logItem(e, ol, " step"); }
  ol.scrollTop = ol.scrollHeight;
}

// ----- playing ------------------------------------------------------------------------------------------
function tokenFor(st) { return st && st.seat ? S.tokenOf[st.seat] : null; }

async function act(a) {
  const st = mine(current());
  if (!st || S.busy) return;
  S.busy = true;
  $("#confirm").hidden = true;
  $("#chooser").hidden = true;
  try {
    const r = await api(`/api/games/${GAME}/actions`, { method: "POST", body: JSON.stringify({ action: a, version: st.version }) }, tokenFor(st));
    S.states[r.state.seat] = r.state;
    const evs = r.events || [];
    say(evs.length ? evs.filter((e) => e.type !== "phase" || evs.length < 3).slice(-3).map((e) => `${e.rule || ""} ${e.text}`).join(" · ") : "", "info");
    S.flash = null;
    if (!r.state.view.pending) S.focus = null;
  } catch (e) {
    showError(e);
  } finally {
    S.busy = false;
    render();
  }
}

function showError(e) {
  const b = e.body || {};
  say(b.error === "illegal" ? `${b.message}` : b.message || e.message, "error");
}

async function choose(a) {
  const st = mine(current());
  if (!st) return;
  const units = unitMap(st);
  if (st.preview && parts(a, units).targets.length) {
    try {
      const r = await api(`/api/games/${GAME}/preview`, { method: "POST", body: JSON.stringify({ action: a }) }, tokenFor(st));
      if (r.preview) { showConfirm(a, r.preview, units); return; }
    } catch (e) { showError(e); return; }
  }
  await act(a);
}

function pct(p) { return (100 * p).toFixed(p < 0.1 ? 1 : 0) + "%"; }
function showConfirm(a, pv, units) {
  S.confirm = a;
  const body = $("#confirm-body");
  const odds = pv.odds || {};
  const rows = Object.entries(odds).sort((x, y) => y[1] - x[1]).map(([k, p]) =>
    `<tr><td>${esc(k)}</td><td class="num">${pct(p)}</td><td><span class="pbar" style="width:${(100 * p).toFixed(0)}px"></span></td></tr>`).join("");
  const extra = Object.entries(pv).filter(([k]) => k !== "odds").map(([k, v]) => `<div><b>${esc(k)}</b>: ${esc(typeof v === "object" ? JSON.stringify(v) : v)}</div>`).join("");
  body.innerHTML = `<p>${esc(describe(a, units))}</p><table class="odds">${rows}</table>${extra}`;
  $("#confirm").hidden = false;
  $("#confirm").scrollIntoView({ block: "nearest" });
}

function showChooser(acts, units) {
  const box = $("#chooser-body");
  box.replaceChildren();
  for (const a of acts) actionButton(a, units, box);
  $("#chooser").hidden = false;
}

function pick(acts, units) {
  if (acts.length === 1) choose(acts[0]);
  else showChooser(acts, units);
}

function showStack(st, hx, info) {
  const here = unitsOf(st).filter((u) => u.hex === hx);
  $("#stack").hidden = !here.length;
  $("#stack-hex").textContent = hx || "";
  const body = $("#stack-body");
  body.replaceChildren();
  for (const u of here) {
    const row = h("div", { class: "stackrow" + (info.actors.has(u.id) ? " actable" : "") + (u.id === S.focus ? " focus" : ""), "data-unit": u.id }, body);
    const facts = ["reduced", "disrupted", "moved", "fired", "attacked"].filter((k) => u[k]).join(", ");
    row.innerHTML = `<b>${esc(u.name)}</b> ${esc(u.label || "")} <small>[${esc(u.id)}] ${esc(u.side)} ${esc(u.nation || "")} ${esc(u.kind || "")}${u.formation ? " · " + esc(u.formation) : ""}${facts ? " · " + esc(facts) : ""}${u.magic ? ` · magic ${u.magic_left}/${u.magic}` : ""}</small>`;
    row.onclick = () => unitClick(u.id);
  }
}

function guess(acts, kind) {
  // the most common action type among ``acts`` with a field of ``kind`` ("hex" / "unit")
  const count = new Map();
  for (const a of acts) count.set(a.type, (count.get(a.type) || 0) + 1);
  return [...count.entries()].sort((x, y) => y[1] - x[1])[0]?.[0];
}

function unitClick(id) {
  const st = current();
  if (!st) return;
  const info = analyse(st), u = info.units[id];
  if (!u) return;
  showStack(st, u.hex, info);
  if (!mine(st)) { S.focus = id; render(); return; }
  if (S.focus && info.targets.has(id)) { pick(info.targets.get(id), info.units); return; }
  if (S.focus && id !== S.focus && u.hex && info.dest.has(u.hex)) { hexClick(u.hex); return; }
  const sel = info.legal.filter((a) => a.type === "select" && parts(a, info.units).actor === id);
  if (sel.length && S.focus !== id) { choose(sel[0]); return; }
  if (info.actors.has(id)) { S.focus = id; $("#chooser").hidden = true; $("#confirm").hidden = true; render(); return; }
  // not an actor: ask the engine anyway, so the refusal names its rule
  if (S.focus && info.focusActs.some((a) => parts(a, info.units).targets.length)) {
    const acts = info.focusActs.filter((a) => parts(a, info.units).targets.length);
    const p = parts(acts[0], info.units);
    act({ type: guess(acts), [p.actorField]: S.focus, [p.targets[0][0]]: id });
    return;
  }
  const sels = info.legal.filter((a) => a.type === "select");
  if (sels.length) {
    const p = parts(sels[0], info.units);
    act({ type: "select", [p.actorField || "unit"]: id });
    return;
  }
  const withActor = info.legal.find((a) => parts(a, info.units).actor);
  if (withActor) {
    const p = parts(withActor, info.units);
    act(Object.assign({}, withActor, { [p.actorField]: id }));
    return;
  }
  S.focus = null;
  render();
}

function hexClick(hx) {
  const st = current();
  if (!st) return;
  const info = analyse(st);
  showStack(st, hx, info);
  if (!mine(st)) return;
  if (info.dest.has(hx)) { pick(info.dest.get(hx), info.units); return; }
  const here = unitsOf(st).filter((u) => u.hex === hx);
  if (S.focus) {
    const hexActs = info.focusActs.filter((a) => parts(a, info.units).hexes.length);
    if (hexActs.length) {
      const p = parts(hexActs[0], info.units);
      act({ type: guess(hexActs), [p.actorField]: S.focus, [p.hexes[0][0]]: hx });   // the engine says why not
      return;
    }
  }
  if (here.length) { unitClick(here[here.length - 1].id); return; }
  if (!(st.view.pending && st.view.pending.unit)) { S.focus = null; render(); }
}

async function undo() {
  const st = current();
  const seatState = Object.values(S.states).find((s) => s.undo && s.version === st.version);
  if (!seatState) return;
  try {
    const r = await api(`/api/games/${GAME}/undo`, { method: "POST", body: JSON.stringify({ version: seatState.version }) }, S.tokenOf[seatState.seat]);
    S.states[r.state.seat] = r.state;
    S.focus = null;
    say("undone", "info");
  } catch (e) { showError(e); }
  render();
}

async function exportRecord() {
  const st = current();
  const token = st && st.seat ? S.tokenOf[st.seat] : null;
  try {
    const r = await fetch(`/api/games/${GAME}/record`, { headers: token ? { "X-Ringwar-Token": token } : {} });
    if (!r.ok) { const b = await r.json(); say(b.message); return; }
    const blob = await r.blob(), a = h("a", { href: URL.createObjectURL(blob), download: `ringwar-${GAME}.json` }, document.body);
    a.click();
    a.remove();
    say("record exported: anyone can import it in the lobby to go on playing", "info");
  } catch (e) { say(e.message); }
}

async function fullLog() {
  const st = current();
  try {
    const r = await api(`/api/games/${GAME}/log`, {}, tokenFor(st));
    const ol = $("#log");
    ol.replaceChildren();
    for (const e of r.log) logItem(e, ol);
  } catch (e) { showError(e); }
}

// ----- live: one socket per seat held (or one observer socket) -----------------------------------------
function connect(token) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${GAME}/ws` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      const prev = current();
      S.states[msg.seat || "observer"] = msg;
      const now = current();
      if (prev && now && now.view.actions_played !== prev.view.actions_played && now.seat !== prev.seat) S.focus = null;
      render();
    } else if (msg.type === "error") say(msg.message);
  };
  ws.onopen = () => { $("#conn").className = "conn on"; };
  ws.onclose = () => { $("#conn").className = "conn off"; setTimeout(() => connect(token), 1000); };
  S.sockets.push(ws);
}

// ----- replays ------------------------------------------------------------------------------------------
async function loadStep(n) {
  const token = TOKENS[0] || null;
  const side = $("#r-side").value;
  try {
    const d = await api(`/api/games/${GAME}/replay/${n}` + (side ? `?side=${encodeURIComponent(side)}` : ""), {}, token);
    S.replay.data = d;
    S.replay.step = d.step;
    S.replay.steps = d.steps;
    $("#r-slider").max = d.steps;
    $("#r-slider").value = d.step;
    $("#r-step").textContent = `step ${d.step} / ${d.steps}` + (d.over ? "" : " (game in progress: your side's view)");
    $("#r-action").textContent = d.action ? describe(d.action, unitMap({ view: d.view })) : "start";
    $("#r-side-box").hidden = !d.over;
    document.body.dataset.step = d.step;
    S.flash = d.action ? Object.values(d.action).filter((x) => typeof x === "string" && S.hexes.has(x)) : null;
    render();
  } catch (e) { showError(e); }
}

function setupReplay() {
  $("#replay-bar").hidden = false;
  $("#decision").hidden = true;
  $("#all-actions").hidden = true;
  $("#export").hidden = false;
  $("#play-link").hidden = false;
  $("#play-link").href = `/play/${GAME}${location.hash}`;
  $("#replay-link").hidden = true;
  const go = (n) => loadStep(Math.max(0, Math.min(S.replay.steps, n)));
  $("#r-first").onclick = () => go(0);
  $("#r-prev").onclick = () => go(S.replay.step - 1);
  $("#r-next").onclick = () => go(S.replay.step + 1);
  $("#r-last").onclick = () => go(S.replay.steps);
  $("#r-slider").oninput = () => go(Number($("#r-slider").value));
  $("#r-side").onchange = () => go(S.replay.step);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight") go(S.replay.step + 1);
    if (ev.key === "ArrowLeft") go(S.replay.step - 1);
  });
}

// ----- start ------------------------------------------------------------------------------------------
async function main() {
  setupPanZoom();
  $("#undo").onclick = undo;
  $("#clear-focus").onclick = () => { S.focus = null; $("#chooser").hidden = true; $("#confirm").hidden = true; render(); };
  $("#commit").onclick = () => { const a = S.confirm; S.confirm = null; if (a) act(a); };
  $("#cancel").onclick = () => { S.confirm = null; $("#confirm").hidden = true; };
  $("#export").onclick = exportRecord;
  $("#full-log").onclick = fullLog;
  $("#replay-link").href = `/replay/${GAME}${location.hash}`;
  await loadMap();
  if (REPLAY) {
    setupReplay();
    const first = await api(`/api/games/${GAME}/replay/0`, {}, TOKENS[0] || null);
    for (const s of Object.keys(first.view.demoralization || {}).concat(Object.keys(first.view.victory_points || {})))
      if (![...$("#r-side").options].some((o) => o.value === s)) h("option", { value: s, text: s }, $("#r-side"));
    await loadStep(0);
    return;
  }
  for (const t of TOKENS) {
    try {
      const st = await api(`/api/games/${GAME}`, {}, t);
      S.tokenOf[st.seat] = t;
      S.states[st.seat] = st;
    } catch (e) { showError(e); }
  }
  if (!Object.keys(S.tokenOf).length) {
    S.states.observer = await api(`/api/games/${GAME}`);
    connect(null);
  } else for (const t of Object.values(S.tokenOf)) connect(t);
  render();
}

main().catch((e) => say(e.message || String(e)));
