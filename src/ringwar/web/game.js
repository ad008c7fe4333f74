// The game page: board, decisions, log, live updates, replays.
//
// The browser never re-derives a rule: everything it offers comes from the engine's legal
// actions for the seat that is to act (and their texts, `labels`, from the engine's
// describe_action).  An action's fields are read generically: a field whose value is a unit
// id names a counter (the first one is the actor: it is clicked to select), a field whose
// value is a hex on the map is a place to click, anything else is a button.  Selecting a
// counter is the browser's own business: it asks the server what the selection would offer
// (POST /preview, computed on a copy: nothing is stored, the opponent sees nothing) and sends
// the selection together with the follow-up chosen.  A click on a hex that matches no legal
// action is still sent, so the engine says which rule forbids it.
import * as P from "./panels.js";

const $ = (s) => document.querySelector(s);
const SVGNS = "http://www.w3.org/2000/svg";
const GAME = decodeURIComponent(location.pathname.split("/")[2] || "");
const REPLAY = location.pathname.startsWith("/replay/");
const TOKENS = (new URLSearchParams(location.hash.slice(1)).get("t") || "").split(",").filter(Boolean);
const ACTOR_FIELDS = ["unit", "piece"];
const TYPE_ORDER = ["end", "resolve", "pass"];
const TILE = 36;                 // a counter's side in map units
const FULL_DETAIL_PX = 46;       // a counter at least this many screen px wide is drawn in full
const META_TEXT = { resign: "Resign", offer_draw: "Offer a draw", accept_draw: "Accept the draw", decline_draw: "Decline" };

const S = {
  map: null, hexes: new Set(), places: [], placeOf: {}, states: {}, tokenOf: {}, focus: null, sel: null,
  confirm: null, replay: { step: 0, steps: 0, side: "", data: null }, sockets: [], busy: false,
  vb: null, flash: null, lowDetail: null, labelKey: "", labels: new Map(), wholeLog: false, logAll: null,
  resignAsk: null, toastTimer: null, stackBoxes: [], titles: {}, hint: null, hinting: false,
  analysis: null,
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
function esc(s) { return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c])); }
// text with its rule cases ("[7.33]") set off, as HTML
function ruled(s) { return esc(s).replace(/\[(\d+(?:\.\d+)*[a-z]?|Q\d+|resign|draw|end|action|[A-Z]{1,4} §[^\]]{1,30})\]/g, '<span class="rule">[$1]</span>'); }
function keyOf(a) { return JSON.stringify(Object.keys(a).sort().map((k) => [k, a[k]])); }

// A notice over the board, where the player is looking (the side panel may be scrolled):
// refusals stay until dismissed or replaced, news fades.
function say(text, kind = "error") {
  const m = $("#message");
  clearTimeout(S.toastTimer);
  m.replaceChildren();
  m.className = "message " + (text ? kind : "");
  if (!text) return;
  const t = h("span", { class: "text" }, m);
  t.innerHTML = ruled(text);
  const x = h("button", { class: "close", title: "dismiss", "aria-label": "dismiss", text: "×" }, m);
  x.onclick = () => say("");
  if (kind === "info") S.toastTimer = setTimeout(() => say(""), 6000);
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
  if (guarded()) return S.shown ? S.states[S.shown] || null : null;
  const all = Object.values(S.states);
  if (!all.length) return null;
  const top = Math.max(...all.map((s) => s.version));
  const latest = all.filter((s) => s.version === top);
  return latest.find((s) => s.seat && s.seat === s.view.to_act) || latest.find((s) => s.seat) || latest[0];
}
// Hot-seat in a game that hides information (several seats held by this page): one seat's view
// at a time, and between seats a screen that hides everything until the next player says who
// they are (S.cover), whenever the seat leaving or the seat coming holds secrets (a hand of
// cards, hidden pieces).  Other games switch seats at once, as before.
function guarded() {
  return !REPLAY && Object.keys(S.tokenOf).length > 1 && Object.values(S.states).some((s) => s.seat && s.hidden_information);
}
function wantedSeat() {
  const all = Object.values(S.states).filter((s) => s.seat);
  if (!all.length) return null;
  const top = Math.max(...all.map((s) => s.version));
  const v = all.find((s) => s.version === top).view;
  return v.to_act && S.tokenOf[v.to_act] ? v.to_act : null;
}
function checkHandover() {
  if (!guarded()) { S.cover = null; return; }
  const want = wantedSeat() || S.shown || Object.keys(S.tokenOf).sort()[0];
  if (!S.states[want]) return;
  if (want === S.shown) { S.cover = null; return; }
  const prev = S.shown ? S.states[S.shown] : null, next = S.states[want];
  if (!(prev && P.holdsSecrets(prev.view)) && !P.holdsSecrets(next.view)) { S.shown = want; S.cover = null; S.focus = null; S.sel = null; return; }
  S.cover = want;
}
function blankAll() {
  // nothing of the seat that left stays on the page: its counters, marks, panels, log, notices
  for (const id of ["#unitlayer", "#marklayer", "#overlaylayer", "#arealayer", "#log", "#main-actions", "#focus-box", "#legal-list",
    "#status-body", "#offmap-body", "#game-panels", "#stack-body", "#chooser-body", "#confirm-body", "#dm-track", "#meta-body", "#draw-banner"]) {
    const e = $(id);
    if (e) e.replaceChildren();
  }
  $("#prompt").textContent = "";
  $("#n-legal").textContent = "0";
  $("#replay-link").href = "#";
  $("#hover").style.display = "none";
  for (const id of ["#stack", "#chooser", "#confirm", "#meta", "#draw-banner"]) $(id).hidden = true;
  S.focus = null;
  S.sel = null;
  S.confirm = null;
  say("");
}
function drawHandover() {
  const box = $("#handover");
  box.hidden = !S.cover;
  document.body.dataset.cover = S.cover || "";
  if (!S.cover) return;
  const who = P.seatName(S.cover), st = S.states[S.cover];
  $("#handover-title").textContent = `${who} to play`;
  $("#handover-text").textContent = (S.shown ? `${P.seatName(S.shown)} has finished. ` : "") +
    `Hand the screen to the ${who} player` + (st && st.view && st.view.phase_name ? ` (${st.view.phase_name.replace(/\s*\[[^\]]*\].*$/, "")})` : "") + ".";
  $("#handover-go").textContent = `I am the ${who} player: show my side`;
  $("#handover-go").dataset.seat = S.cover;
}
function takeOver() {
  if (!S.cover) return;
  S.shown = S.cover;
  S.cover = null;
  S.focus = null;
  S.sel = null;
  render();
  // the seat's own newest state, if its push has not come yet
  const st = S.states[S.shown], top = Math.max(...Object.values(S.states).map((s) => s.version));
  if (st && st.version < top) api(`/api/games/${GAME}`, {}, S.tokenOf[S.shown]).then((fresh) => {
    if (keep(fresh)) render();
  }).catch(showError);
}

const unitsOf = (st) => st.view.units || [];
function unitMap(st) { const m = {}; for (const u of unitsOf(st)) m[u.id] = u; return m; }
const seated = () => Object.keys(S.tokenOf).length > 0;

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

// an action in words: the engine's text when the server sent one (labels), else its fields
function describe(a, units) {
  const said = S.labels.get(keyOf(a));
  if (said) return said;
  const bits = [a.type.replace(/_/g, " ")];
  for (const [k, v] of Object.entries(a)) {
    if (k === "type") continue;
    const u = typeof v === "string" ? units[v] : null;
    bits.push(u ? `${u.name} ${u.label || ""}`.trim() + (u.hex ? ` (${u.hex})` : "")
      : (k === "to" || k === "hex") ? `→ ${v}` : `${k} ${v}`);
  }
  return bits.join(" ");
}
function learnLabels(acts, texts) {
  if (!acts || !texts) return;
  acts.forEach((a, i) => { if (typeof texts[i] === "string" && texts[i]) S.labels.set(keyOf(a), texts[i]); });
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
  // a board that is not a hex map (a table in inches) is drawn by its own module, registered
  // under the map's kind (table.js, loaded by game.html); the page keeps the rest
  const board = S.map.table ? (window.RingwarBoards || {}).table : null;
  if (board) {
    S.board = board({ S, GAME, REPLAY, api, act, say, showError, render, current, mine, tokenFor, seated, el, h, esc, resultText });
    await S.board.load(S.map);
  }
  if (!S.map.hexmap) return;
  for (const hx of Object.keys(S.map.terrain)) S.hexes.add(hx);
  const svgText = await (await fetch(`/api/games/${GAME}/map.svg`)).text();
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const layer = $("#maplayer");
  for (const child of Array.from(doc.documentElement.childNodes)) {
    if (child.nodeType === 1 && child.tagName !== "title") layer.appendChild(document.importNode(child, true));
  }
  // place names are drawn by the page, above the map and under the counters, clear of stacks
  layer.querySelectorAll(".place").forEach((e) => e.remove());
  setupPlaces();
  P.loadAreas();
  const hit = $("#hitlayer");
  for (const hx of S.hexes) el("polygon", { points: corners(hx), class: "hit", "data-hex": hx }, hit);
  fit();
}

function scale() { const b = $("#board").getBoundingClientRect(); return b.width / Math.max(S.vb[2], 1); }
function setVB() {
  $("#board").setAttribute("viewBox", S.vb.map((v) => v.toFixed(1)).join(" "));
  // level of detail by the current scale: readable simplified counters at the fitting zoom
  const low = TILE * scale() < FULL_DETAIL_PX;
  $("#board").classList.toggle("lod-low", low);
  document.body.dataset.lod = low ? "low" : "full";
  if (S.lowDetail !== low) { S.lowDetail = low; }
  if (S.map && S.map.hexmap && placeKey() !== S.labelKey) placeLabels();
}
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
  svg.addEventListener("pointerleave", () => { $("#hover").style.display = "none"; });
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

// ----- the stack viewer: every unit of the hex under the pointer, with its values -------------------
const VALUE_FIELDS = [["melee", "melee"], ["missile", "missile"], ["armour", "armour"], ["morale", "morale"],
  ["movement", "move"], ["move", "move"], ["rally", "rally"]];
function unitValues(u) {
  const out = [];
  for (const [k, name] of VALUE_FIELDS) if (u[k] !== undefined && u[k] !== null && u[k] !== "") out.push(`${name} ${u[k]}`);
  if (u.magic) out.push(`magic ${u.magic_left ?? "?"}/${u.magic}`);
  return out.join(" · ");
}
function unitFacts(u, st) {
  const f = ["reduced", "disrupted", "moved", "fired", "attacked"].filter((k) => u[k]);
  if (u.formation) f.push(String(u.formation));
  // what only its owner's view says: a Gondor Cauldron real or a dummy [16.71]
  if (typeof u.real === "boolean") f.push(u.real ? "real [16.71]" : "dummy [16.71]");
  if (Array.isArray(u.carries) && u.carries.length) f.push("carries " + u.carries.join(", "));
  if (st && ((st.view.demoralization || {})[u.side] || {}).demoralized) f.push("side demoralized");
  return f.join(", ");
}
function hover(ev) {
  const box = $("#hover"), st = current();
  const t = ev.target.closest ? ev.target.closest("[data-hex]") : null;
  if (!t || !st || !S.map || !S.map.hexmap) { box.style.display = "none"; return; }
  const hx = t.dataset.hex, here = unitsOf(st).filter((u) => u.hex === hx);
  const places = S.placeOf[hx] || [];
  let html = `<b>${esc(hx)}</b> ${esc(S.map.terrain[hx] || "")}` + (places.length ? ` <span class="hplace">${esc(places.join(", "))}</span>` : "");
  const facts = P.hexFacts(st, hx);
  if (facts.length) html += `<div class="hfacts">${esc(facts.join(" · "))}</div>`;
  if (here.length) {
    html += `<div class="hcount">${here.length} unit${here.length > 1 ? "s" : ""}</div><table>`;
    for (const u of here) {
      const style = sideStyle(u.side);
      const facts = unitFacts(u, st);
      const vals = unitValues(u);
      html += `<tr class="hrow" data-unit="${esc(u.id)}"><td><span class="sw" style="background:${esc(style[0])}"></span></td>` +
        `<td><b>${esc(u.name)}</b> <b class="hlabel">${esc(u.label ?? "")}</b> <small>${esc(u.side)}${u.nation ? " · " + esc(u.nation) : ""}${u.kind ? " · " + esc(u.kind) : ""}</small>` +
        (vals ? `<br><span class="vals">${esc(vals)}</span>` : "") + (facts ? ` <span class="facts">${esc(facts)}</span>` : "") + "</td></tr>";
    }
    html += "</table>";
  }
  box.innerHTML = html;
  box.style.display = "block";
  // beside the pointer, kept inside the board
  const wrap = $("#board-wrap").getBoundingClientRect();
  let x = ev.clientX - wrap.left + 18, y = ev.clientY - wrap.top + 18;
  const bw = box.offsetWidth, bh = box.offsetHeight;
  if (x + bw > wrap.width - 4) x = Math.max(4, ev.clientX - wrap.left - bw - 18);
  if (y + bh > wrap.height - 4) y = Math.max(4, wrap.height - bh - 4);
  box.style.left = `${x}px`; box.style.top = `${y}px`; box.style.right = "auto"; box.style.bottom = "auto";
}

// ----- place names: above the map, under the counters, with a halo, clear of stacks ------------------
function setupPlaces() {
  S.places = [];
  S.placeOf = {};
  for (const [name, where] of Object.entries(S.map.places || {})) {
    // capitalised names are for people; lowercase ones are the rules' handles (as the renderer)
    const first = name.charAt(0);
    if (first === first.toLowerCase()) continue;
    const hs = (Array.isArray(where) ? where : [where]).filter((x) => S.hexes.has(x));
    if (!hs.length) continue;
    for (const x of hs) (S.placeOf[x] = S.placeOf[x] || []).push(name);
    S.places.push({ name, hexes: hs, region: hs.length > 1, w10: null });
  }
  // regions first: they are the broadest names; then the places, from the top of the map
  S.places.sort((a, b) => (b.region - a.region) || (centre(a.hexes[0])[1] - centre(b.hexes[0])[1]));
}
function labelSizes() {
  // map units; at a far zoom the names grow so they stay readable (9 px; regions 12 px), close
  // up they stop growing with the map (16 px; regions 22 px)
  const k = scale();
  const one = Math.min(Math.max(Math.min(10.8, 16 / k), 9 / k), 19), region = Math.min(Math.max(Math.min(18, 22 / k), 12 / k), 30);
  return [Math.round(one), Math.round(region)];
}
function placeKey() { const [a, b] = labelSizes(); return `${a}/${b}/${S.stackKey || ""}`; }
function textWidth(p, size) {
  if (p.w10 === null) {   // measured once at 10 units, scaled after
    const t = el("text", { "font-size": 10, class: p.region ? "region" : "", text: p.name }, $("#placelayer"));
    p.w10 = t.getComputedTextLength() || 6.2 * p.name.length;
    t.remove();
  }
  return p.w10 * size / 10;
}
function overlap(a, b) {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), hh = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && hh > 0 ? w * hh : 0;
}
function placeLabels() {
  const layer = $("#placelayer");
  if (!layer || !S.map || !S.map.hexmap || !S.vb) return;
  layer.replaceChildren();
  S.labelKey = placeKey();
  const [one, region] = labelSizes(), s = S.map.size, H = Math.sqrt(3) * s;
  const placed = [], low = S.lowDetail;
  for (const p of S.places) {
    const size = p.region ? region : one, w = textWidth(p, size), th = size * 1.15;
    const pts = p.hexes.map(centre);
    const cands = [];
    if (p.region) {
      const x = pts.reduce((t, q) => t + q[0], 0) / pts.length, y = pts.reduce((t, q) => t + q[1], 0) / pts.length;
      cands.push([x, y], [x, y - H / 2], [x, y + H / 2], [x, y - H], [x, y + H]);
      for (const q of pts) cands.push([q[0], q[1]]);
    } else {
      const [x, y] = pts[0];
      cands.push([x, y + 0.3 * H], [x, y + 0.62 * H], [x, y - 0.62 * H], [x + s + w / 2, y], [x - s - w / 2, y],
        [x + 0.75 * s + w / 2, y + 0.5 * H], [x - 0.75 * s - w / 2, y + 0.5 * H],
        [x + 0.75 * s + w / 2, y - 0.5 * H], [x - 0.75 * s - w / 2, y - 0.5 * H], [x, y + 1.1 * H], [x, y - 1.1 * H]);
    }
    let best = null;
    cands.forEach(([x, y], rank) => {
      const box = [x - w / 2, y - th / 2, x + w / 2, y + th / 2], area = w * th;
      let onUnits = 0, onNames = 0;
      for (const b of S.stackBoxes) onUnits += overlap(box, b);
      for (const b of placed) onNames += overlap(box, b);
      const cost = 10 * onUnits / area + 40 * onNames / area + 0.35 * rank;
      if (!best || cost < best.cost) best = { x, y, box, cost, onNames: onNames / area, onUnits: onUnits / area };
    });
    // far out, a name that would cover another name, or hide under the counters, waits for
    // the player to zoom in (the stack viewer names the place meanwhile)
    if (low && (best.onNames > 0.05 || best.onUnits > 0.12)) continue;
    placed.push(best.box);
    el("text", { x: best.x.toFixed(1), y: best.y.toFixed(1), "font-size": size, "stroke-width": (size * 0.28).toFixed(1),
      class: p.region ? "place region" : "place", "data-place": p.name, text: p.name }, layer);
  }
}

// ----- counters -----------------------------------------------------------------------------------
// a unit's colours: the map's styles are given for the game's sides; a unit of a side that is
// not one (Sauron's and Saruman's pieces under the Evil player in the two-player Battle of the
// Ring) takes the renderer's colours for its own side (ringwar.render.hexrender.SIDE_STYLES)
const SIDE_FALLBACK = { sauron: ["#5e0f0f", "#0c0c0c", "#ffffff"], saruman: ["#f2f2f2", "#111111", "#111111"],
  alliance: ["#2353a4", "#ffffff", "#ffffff"], westernesse: ["#2353a4", "#ffffff", "#ffffff"] };
function sideStyle(side) { return (S.map.sides || {})[side] || SIDE_FALLBACK[side] || ["#555555", "#ffffff", "#ffffff"]; }
const NATION_COLOURS = ["#d4a017", "#7fb3d5", "#a9dfbf", "#f5b7b1", "#d7bde2", "#f8c471", "#aab7b8", "#73c6b6"];
function nationColour(n) { let k = 0; for (const c of String(n || "")) k = (k * 31 + c.charCodeAt(0)) % 997; return NATION_COLOURS[k % NATION_COLOURS.length]; }
function blend(c1, c2, t) {
  const a = [1, 3, 5].map((i) => parseInt(c1.slice(i, i + 2), 16)), b = [1, 3, 5].map((i) => parseInt(c2.slice(i, i + 2), 16));
  return "#" + a.map((x, i) => Math.round(x + (b[i] - x) * t).toString(16).padStart(2, "0")).join("");
}
// the width of a text in ems, as the browser draws it (measured once per text and weight)
const EMS = new Map();
function em(text, bold = false) {
  const key = (bold ? "b:" : "n:") + text;
  if (!EMS.has(key)) {
    const t = el("text", { "font-size": 100, "font-weight": bold ? "bold" : "normal", text }, $("#measure"));
    EMS.set(key, (t.getComputedTextLength() || 62 * Math.max(text.length, 1)) / 100);
    t.remove();
  }
  return Math.max(EMS.get(key), 0.3);
}
// a name on at most two lines (split between words, as even as can be), never cut short
function nameLines(name) {
  const words = name.split(/\s+/).filter(Boolean);
  if (name.length <= 9 || words.length < 2) return [name];
  let best = [name], len = name.length;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" "), b = words.slice(i).join(" ");
    if (Math.max(a.length, b.length) < len) { best = [a, b]; len = Math.max(a.length, b.length); }
  }
  return best;
}
// the values of a simplified counter, as large as they fit: "D-3-X" on one line or "D" over "3-X"
// (narrowed by up to a fifth rather than made smaller); a name ("Gondor") is shortened to its
// first letters
const SIMPLE_WIDTH = TILE - 4, SQUEEZE = 0.8;
function simpleLines(label) {
  label = String(label ?? "");
  const fit1 = (s, cap) => Math.min(cap, SIMPLE_WIDTH / (em(s, true) * SQUEEZE));
  if (/^[^\d-]{5,}$/.test(label)) {   // a name, not values: "Gondor" -> "Gon", "Siege Tower" -> "ST"
    const words = label.split(/\s+/).filter(Boolean);
    label = words.length > 1 ? words.map((w) => w[0]).join("").slice(0, 3) : label.slice(0, 3);
  }
  const one = { lines: [label], size: fit1(label, 19) };
  const i = label.indexOf("-");
  if (i > 0) {
    const two = [label.slice(0, i), label.slice(i + 1)];
    const size = Math.min(fit1(two[0], 13.5), fit1(two[1], 13.5));
    if (size > one.size) return { lines: two, size };
  }
  return one;
}

// a character ("kind": "character"): a round token, its name and values (combat-morale-
// endurance); a hidden one (shown only to its own side) pale, its edge dashed, marked HIDDEN;
// the Ring-bearer ringed in gold; a captive chained
function drawToken(u, x, y, parent, st, flags) {
  const t = TILE, r = t / 2 - 0.8, style = sideStyle(u.side);
  const cls = "counter token" + flags + (u.hidden ? " hidden-piece" : "") + (u.ring ? " ring-bearer" : "") + (u.captive ? " captive" : "");
  const g = el("g", { class: cls, "data-unit": u.id, "data-hex": u.hex, "data-kind": "character", transform: `translate(${(x - t / 2).toFixed(1)},${(y - t / 2).toFixed(1)})` }, parent);
  el("title", { text: `${u.name} ${u.label || ""} [${u.id}] character, combat-morale-endurance` + (u.hidden ? "; hidden: only your side sees where" : "") +
    (u.ring ? "; bears the Ring" : "") + (u.captive ? "; captive" : "") }, g);
  const fill = u.hidden ? blend(style[0], "#ffffff", 0.55) : style[0], ink = u.hidden ? "#111111" : style[2];
  el("circle", { class: "tile", cx: t / 2, cy: t / 2, r, fill, stroke: "#000", "stroke-width": u.hidden ? 1.8 : 1.2, "stroke-dasharray": u.hidden ? "4 2.4" : null }, g);
  if (u.ring) {
    el("circle", { class: "ring-mark", cx: t / 2, cy: t / 2, r: r - 2.6, fill: "none", stroke: "#3d2e00", "stroke-width": 4.4 }, g);
    el("circle", { class: "ring-mark", cx: t / 2, cy: t / 2, r: r - 2.6, fill: "none", stroke: "#ffd700", "stroke-width": 2.8 }, g);
  }
  const label = String(u.label ?? "");
  // far out: the values, large
  const sg = el("g", { class: "simple" }, g);
  const sl = simpleLines(label || u.name), w = t - 9;
  const y0 = sl.lines.length === 1 ? 20 : 14;
  sl.lines.forEach((line, i) => {
    const size = Math.min(sl.size, w / (em(line, true) * SQUEEZE));
    el("text", { x: t / 2, y: (y0 + i * sl.size * 0.9).toFixed(1), class: "slabel", fill: ink, "font-size": size.toFixed(1), text: line }, sg);
  });
  // zoomed in: the name over the values
  const fg = el("g", { class: "full" }, g);
  const name = String(u.name || "").replace(/\s*\(hidden\)$/, "");
  const lines = nameLines(name), ns = Math.min(7.5, ...lines.map((l) => (t - 8) / em(l)));
  lines.forEach((line, i) => el("text", { x: t / 2, y: (lines.length === 1 ? 15 : 11.5 + i * ns * 1.05).toFixed(1), class: "cname", fill: ink, "font-size": ns.toFixed(2), text: line }, fg));
  el("text", { x: t / 2, y: 26, class: "clabel", fill: ink, "font-size": Math.min(9.5, (t - 10) / em(label, true)).toFixed(2), text: label }, fg);
  if (u.hidden && flags.includes(" top")) {     // on the top counter of its stack only (the others peek out)
    el("rect", { class: "hidden-mark", x: 3, y: t - 8.5, width: t - 6, height: 8, rx: 2.5, fill: "#111" }, g);
    el("text", { x: t / 2, y: t - 2.6, class: "hmark", fill: "#fff", "font-size": 6.2, text: "HIDDEN" }, g);
  }
  if (u.captive) el("path", { class: "captive-mark", d: `M2,${t / 2} h${t - 4}`, stroke: "#111", "stroke-width": 2.2, "stroke-dasharray": "3 1.5" }, g);
  return g;
}

function drawCounter(u, x, y, parent, st, flags) {
  if (u.kind === "character") return drawToken(u, x, y, parent, st, flags);
  const t = TILE, style = sideStyle(u.side);
  const dm = ((st.view.demoralization || {})[u.side] || {}).demoralized;
  const g = el("g", { class: "counter" + flags, "data-unit": u.id, "data-hex": u.hex, transform: `translate(${(x - t / 2).toFixed(1)},${(y - t / 2).toFixed(1)})` }, parent);
  el("title", { text: `${u.name} ${u.label || ""} [${u.id}] ${u.nation || ""} ${u.kind || ""}${u.reduced ? " reduced" : ""}${u.disrupted ? " disrupted" : ""}${dm ? " (side demoralized)" : ""}` }, g);
  const fill = u.reduced ? blend(style[0], "#ffffff", 0.35) : style[0];
  el("rect", { class: "tile", width: t, height: t, rx: 3, fill, stroke: "#000", "stroke-width": 1.2 }, g);
  // far out: the side's colour, the nation's stripe and the values, large
  const sg = el("g", { class: "simple" }, g);
  el("rect", { x: 1.5, y: 1.5, width: t - 3, height: 4, fill: nationColour(u.nation) }, sg);
  const sl = simpleLines(u.label !== undefined && u.label !== null && String(u.label) !== "" ? u.label : u.name);
  const y0 = sl.lines.length === 1 ? 20 : 13.5;
  sl.lines.forEach((line, i) => {
    const natural = em(line, true) * sl.size;
    el("text", { x: t / 2, y: (y0 + i * sl.size * 0.95).toFixed(1), class: "slabel", fill: style[2], "font-size": sl.size.toFixed(1),
      textLength: natural > SIMPLE_WIDTH ? SIMPLE_WIDTH : null, lengthAdjust: natural > SIMPLE_WIDTH ? "spacingAndGlyphs" : null, text: line }, sg);
  });
  if (u.reduced) el("polygon", { points: `${t - 9},${t} ${t},${t} ${t},${t - 9}`, fill: "#fff", stroke: "#000", "stroke-width": 0.6 }, sg);
  if (u.disrupted) el("circle", { cx: t - 2, cy: 2, r: 5, fill: "#ffd400", stroke: "#000", "stroke-width": 0.8 }, sg);
  // zoomed in: the full counter
  const fg = el("g", { class: "full" }, g);
  el("rect", { x: 1.5, y: 1.5, width: t - 3, height: 5, fill: nationColour(u.nation), class: "nation" }, fg);
  if (u.kind === "cavalry") el("line", { x1: 4, y1: t - 4, x2: t - 4, y2: 8, stroke: blend(fill, style[2], 0.35), "stroke-width": 4 }, fg);
  if (u.kind === "leader") el("rect", { x: 2.5, y: 2.5, width: t - 5, height: t - 5, fill: "none", stroke: "#e0b020", "stroke-width": 2.2 }, fg);
  const lines = nameLines(String(u.name || ""));
  const ns = Math.min(7.5, ...lines.map((l) => (t - 3) / em(l)));
  lines.forEach((line, i) => el("text", { x: t / 2, y: (lines.length === 1 ? 13.5 : 11 + i * ns * 1.05).toFixed(1), class: "cname", fill: style[2], "font-size": ns.toFixed(2), text: line }, fg));
  const label = String(u.label ?? "");
  el("text", { x: t / 2, y: 28, class: "clabel", fill: style[2], "font-size": Math.min(10.5, (t - 4) / em(label, true)).toFixed(2), text: label }, fg);
  if (u.reduced) el("polygon", { points: `${t - 10},${t} ${t},${t} ${t},${t - 10}`, fill: "#fff", stroke: "#000", "stroke-width": 0.6, class: "reduced-mark" }, fg);
  if (u.disrupted) {
    el("circle", { cx: t - 1, cy: 1, r: 6, fill: "#ffd400", stroke: "#000", "stroke-width": 0.8, class: "disrupted-mark" }, fg);
    el("text", { x: t - 1, y: 3.5, class: "dmark", text: "D" }, fg);
  }
  if (dm) {
    el("rect", { x: -2, y: t - 9, width: 14, height: 9, fill: "#b03a2e", stroke: "#000", "stroke-width": 0.5, class: "demoralized-mark" }, fg);
    el("text", { x: 5, y: t - 2.2, class: "dmark small", fill: "#fff", text: "Dm" }, fg);
  }
  return g;
}

// ----- drawing a state ------------------------------------------------------------------------------
function analyse(st) {
  const units = unitMap(st), legal = (mine(st) || { legal: [] }).legal;
  const info = { units, legal, actors: new Set(), selects: new Map(), dest: new Map(), targets: new Map(), focusActs: [] };
  for (const a of legal) {
    const p = parts(a, units);
    if (!p.actor) continue;
    info.actors.add(p.actor);
    if (a.type === "select" && !info.selects.has(p.actor)) info.selects.set(p.actor, a);
    // (how this game names the piece a selection takes: a click on a counter that may not act
    // asks the engine with it, so that the refusal says why)
    if (a.type === "select" && p.actorField) S.selectField = p.actorField;
  }
  // a selection belongs to the position it was made on
  if (S.sel && (!mine(st) || S.sel.version !== st.version || !units[S.sel.unit])) S.sel = null;
  const pend = st.view.pending;
  if (!S.sel && legal.length && pend && pend.unit && info.actors.has(pend.unit)) S.focus = pend.unit;
  // a decision about one piece only (the engine holds its selection: "where to?"), whose
  // pending does not name it: that piece, its destinations lit
  if (!S.sel && !S.focus && info.actors.size === 1 && !info.selects.size) {
    const only = [...info.actors][0];
    if (legal.some((a) => parts(a, units).actor === only && parts(a, units).hexes.length)) S.focus = only;
  }
  if (S.focus && !units[S.focus]) S.focus = null;
  const add = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  if (S.sel) {
    // what the selected counter may do, as the engine said on a copy of the game
    S.focus = S.sel.unit;
    info.focusActs = S.sel.then;
    for (const a of info.focusActs) {
      const p = parts(a, units);
      for (const [, hx] of p.hexes) add(info.dest, hx, a);
      for (const [, u] of p.targets) add(info.targets, u, a);
      // a follow-up that names another counter first ({"type": "attack", "target": X}) acts on it
      if (p.actor && p.actor !== S.sel.unit && !p.hexes.length) add(info.targets, p.actor, a);
    }
  } else if (S.focus) {
    info.focusActs = legal.filter((a) => a.type !== "select" && parts(a, units).actor === S.focus);
    for (const a of info.focusActs) {
      const p = parts(a, units);
      for (const [, hx] of p.hexes) add(info.dest, hx, a);
      for (const [, u] of p.targets) add(info.targets, u, a);
    }
  }
  if (!S.sel) {
    // actions with a hex and no actor (a piece moving step by step, placing something) are clicked too
    for (const a of legal) {
      const p = parts(a, units);
      if (!p.actor) for (const [, hx] of p.hexes) add(info.dest, hx, a);
    }
  }
  return info;
}

function render() {
  checkHandover();
  drawHandover();
  if (S.cover) { blankAll(); return; }
  const st = current();
  if (!st || !S.map) return;
  const v = st.view;
  S.labels = new Map();
  learnLabels(st.legal, st.labels);
  if (S.sel) learnLabels(S.sel.then, S.sel.labels);
  const info = analyse(st);
  document.body.dataset.version = st.version;
  document.body.dataset.toAct = v.to_act || "";
  document.body.dataset.turn = v.turn;
  document.body.dataset.phase = v.phase;
  document.body.dataset.actions = v.actions_played;
  document.body.dataset.seat = st.seat || "";
  document.body.dataset.over = v.result ? "1" : "";
  document.body.dataset.selected = S.sel ? S.sel.unit : "";
  const title = v.title || S.titles[v.system] || v.system;
  $("#title").textContent = title;
  document.title = `${title} · ringwar`;
  $("#seat-badge").textContent = REPLAY ? "replay" : guarded() ? `you: ${st.seat} (hot-seat: ${Object.keys(S.tokenOf).sort().join(" + ")})`
    : st.seat ? `you: ${Object.values(S.states).filter((s) => s.seat).map((s) => s.seat).join(" + ")}` : "observer";
  // a replay opened from a hot-seat page that hides information: the seat shown only
  if (!REPLAY && guarded() && S.tokenOf[st.seat]) $("#replay-link").href = `/replay/${GAME}#t=${S.tokenOf[st.seat]}`;
  $("#result-badge").hidden = !v.result;
  $("#result-badge").textContent = v.result ? resultText(v.result) : "";
  if (S.board) S.board.render(st);   // its board, tracks, decisions and status
  else {
    drawTracks(v);
    if (S.map.hexmap) { P.drawAreas(st); P.drawMarks(st); drawBoard(st, info); }
    const handled = P.drawPanels(st, info);    // the view's own panels (panels.js)
    drawDecision(st, info, handled);
    drawStatus(st);
    drawOffmap(st, info);
  }
  drawMeta(st);
  drawHint(st);
  drawAnalysis();
  if (S.wholeLog && !REPLAY) drawWholeLog(st);
  else drawLog(v.recent_log || [], REPLAY && S.replay.data ? S.replay.data.events : null);
  $("#undo").disabled = !st.undo || S.busy;
  // an observer (or a replay) has nothing to take back or to select
  $("#undo").hidden = !seated() || REPLAY;
  $("#clear-focus").hidden = !seated() || REPLAY;
  // only while there is a selection to forget: one looked at, a counter focused, or one the
  // engine holds that undo may take back (not a piece the rules oblige to act, [7.54] ...)
  const pend = v.pending;
  const clearable = !!S.sel || (!!S.focus && !(pend && pend.unit)) || !!(mine(st) && pend && pend.unit && st.undo);
  $("#clear-focus").disabled = !clearable;
}

function resultText(r) {
  if (!r) return "";
  return r.text || (r.winner ? `${r.winner} wins` : (r.winners || []).length ? `${r.winners.join(" and ")} win` : "draw");
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
  S.stackBoxes = [];
  for (const [hx, stack] of stacks) {
    const [cx, cy] = centre(hx);
    // the focused unit, then actable units, are drawn on top
    // (and, among equals, the piece that bears the Ring)
    stack.sort((a, b) => (a.id === S.focus) - (b.id === S.focus) || info.actors.has(a.id) - info.actors.has(b.id) || !!a.ring - !!b.ring);
    // a fan kept inside the hex (neighbouring stacks never overlap), the count in a badge
    const shown = stack.slice(-4), n = shown.length, step = n > 1 ? Math.min(5, 14 / (n - 1)) : 0;
    const spread = (n - 1) * step / 2, dy = Math.min(3, S.map.size * Math.sqrt(3) / 2 - TILE / 2 - spread - 0.5);
    const g = el("g", { class: "stack", "data-stack": hx, "data-count": stack.length }, layer);
    shown.forEach((u, i) => {
      const off = (i - (n - 1) / 2) * step;
      let flags = "";
      if (info.actors.has(u.id)) flags += " actable";
      if (u.id === S.focus) flags += " focus";
      if (info.targets.has(u.id)) flags += " target";
      if (i === n - 1) flags += " top";
      drawCounter(u, cx + off, cy + dy - off, g, st, flags);
    });
    S.stackBoxes.push([cx - TILE / 2 - spread, cy + dy - TILE / 2 - spread, cx + TILE / 2 + spread, cy + dy + TILE / 2 + spread]);
    if (stack.length > 1) {
      const bx = cx + spread + TILE / 2 - 2, by = cy + dy - spread - TILE / 2 + 2;
      for (const [cls, r, fs] of [["simple", 10, 14], ["full", 7, 10]]) {
        const b = el("g", { class: "stackcount " + cls, "data-hex": hx }, g);
        el("circle", { cx: bx.toFixed(1), cy: by.toFixed(1), r }, b);
        el("text", { x: bx.toFixed(1), y: by.toFixed(1), "font-size": fs, text: stack.length }, b);
      }
    }
  }
  const key = [...stacks.keys()].sort().join(",");
  if (key !== S.stackKey) { S.stackKey = key; placeLabels(); }
  else if (placeKey() !== S.labelKey) placeLabels();
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
  // the whole sequence of play when the system lists it (SPI games), the current phase marked;
  // otherwise the phase's name (never its code)
  // (a rulebook's phase letter as it is, a longer code by its name: "move1" -> "First Movement")
  const short = (p) => (String(p.code).length <= 2 ? p.code : String(p.name || p.code).replace(/\s*\[[^\]]*\]/g, "").replace(/ Phase$/, ""));
  // the current phase: its code, or else the longest code the phase's step begins with ("2e" in phase "2")
  const codes = (v.phases || []).map((p) => String(p.code)), ph = String(v.phase ?? "");
  const now = codes.includes(ph) ? ph : codes.filter((c) => c && ph.startsWith(c)).sort((a, b) => b.length - a.length)[0];
  const seq = (v.phases || []).map((p) => `<span class="${String(p.code) === now ? "phase" : "phase-off"}" data-code="${esc(p.code)}" title="${esc(p.name)}">${esc(short(p))}</span>`).join("");
  pb.innerHTML = (seq ? seq + ` ${ruled(v.phase_name || "")}` : `<span class="phase">${esc(v.phase_name || v.phase || "")}</span>`) +
    (v.step && !String(v.phase_name || "").includes(v.step) ? ` · <i>${esc(v.step)}</i>` : "") + (v.night ? ' <span class="night-tag">night</span>' : "") +
    (v.result ? ` · <b class="result">${esc(resultText(v.result))}</b>` : v.to_act ? ` · <b>${esc(v.to_act)}</b> to act` : "");
  const dm = $("#dm-track");
  dm.replaceChildren();
  for (const [side, d] of Object.entries(v.demoralization || {})) {
    const pct = d.level ? Math.min(100, 100 * d.points / d.level) : 0;
    const c = h("span", { class: "dm" + (d.demoralized ? " demoralized" : ""), title: `${side}: ${d.points} of ${d.level} demoralization points` }, dm);
    c.innerHTML = `${esc(side)} <span class="bar"><span style="width:${pct}%"></span></span> ${d.points}/${d.level}${d.demoralized ? " <b>DEMORALIZED</b>" : ""}`;
  }
  if (v.victory_points) h("span", { class: "vp", text: "VP " + Object.entries(v.victory_points).map(([s, p]) => `${s} ${p}`).join(" · ") }, dm);
  for (const [k, html] of P.topSummary(v)) { const t = h("span", { class: "tsum " + k }, dm); t.innerHTML = html; }
}

function actionButton(a, units, parent, label = null) {
  const b = h("button", { class: "act " + a.type, "data-action": JSON.stringify(a), text: label || describe(a, units) }, parent);
  b.onclick = () => choose(a);
  return b;
}

// what the board lights for the legal actions: counters (those that may act), hexes (steps
// of a move in progress, places), or both
function clickWhat(info) {
  const counters = info.actors.size > 0, hexes = info.dest.size > 0;
  return counters && hexes ? "counter or hex" : hexes ? "hex" : "counter";
}

function drawDecision(st, info, handled = new Set()) {
  const v = st.view, prompt = $("#prompt"), box = $("#main-actions"), fb = $("#focus-box");
  box.replaceChildren();
  fb.replaceChildren();
  const m = mine(st);
  if (REPLAY) prompt.textContent = "Replay: step through the game with the buttons above (or the arrow keys).";
  else if (v.result) prompt.innerHTML = `<b>Game over.</b> ${esc(resultText(v.result))}`;
  else if (!m) {
    const who = v.to_act, seat = (st.seats || {})[who];
    const ai = { mcts: "AI, searching", heuristic: "AI, rules of thumb", random: "AI, random" };
    prompt.textContent = who ? `Waiting for ${who}${seat && seat.kind === "ai" ? ` (${ai[seat.agent] || "AI"})` : ""}…` : "";
  } else {
    const p = v.pending;
    const said = p ? String(p.prompt || p.kind) : "";
    prompt.innerHTML = `<b>${esc(st.seat)}</b>: ` + (p ? ruled(said) + (p.rule && !said.includes(p.rule) ? ` <span class="rule">${esc(p.rule)}</span>` : "")
      : `${esc(v.phase_name || v.phase)}${v.step ? " (" + esc(v.step) + ")" : ""}: click a highlighted ${clickWhat(info)}${info.legal.some((a) => a.type === "end") ? ", or end the phase" : ""}.`);
  }
  if (m) {
    const general = info.legal.filter((a) => !parts(a, info.units).actor);
    general.sort((a, b) => TYPE_ORDER.indexOf(b.type) - TYPE_ORDER.indexOf(a.type));
    for (const a of general.filter((x) => !parts(x, info.units).hexes.length && !handled.has(keyOf(x)))) actionButton(a, info.units, box);
    // a short list of choices that name pieces but no place (capture or challenge whom, hide
    // whom): every one a button here, without looking for the piece on the board first
    const named = info.legal.filter((a) => parts(a, info.units).actor && !handled.has(keyOf(a)));
    if (named.length && info.legal.length <= 12 && !info.legal.some((a) => a.type === "select" || parts(a, info.units).hexes.length))
      for (const a of named) actionButton(a, info.units, box);
    if (handled.size) h("div", { class: "hint panel-hint", text: "More choices on the cards below." }, box);
    if (S.focus && info.units[S.focus]) {
      const u = info.units[S.focus];
      h("div", { class: "focus-name", text: `Selected: ${u.name} ${u.label || ""} [${u.id}]` + (u.hex ? ` in ${u.hex}` : "") }, fb);
      const own = info.focusActs.filter((a) => { const p = parts(a, info.units); return !p.hexes.length && !p.targets.length && (!p.actor || p.actor === S.focus); });
      const nh = info.dest.size, nt = info.targets.size;
      if (nh || nt) h("div", { class: "hint", text: [nh ? `${nh} highlighted hex(es): click one` : "", nt ? `${nt} counter(s) it can act on (red outline): click one` : ""].filter(Boolean).join("; ") }, fb);
      const row = h("div", { class: "actions" }, fb);
      for (const a of own) actionButton(a, info.units, row);
      // while a selection is looked at, the piece's other legal actions (reveal it, hand it
      // the Ring ...) are offered beside its moves
      if (S.sel) {
        const keys = new Set(info.focusActs.map(keyOf));
        for (const a of info.legal) if (a.type !== "select" && !keys.has(keyOf(a)) && parts(a, info.units).actor === S.focus) actionButton(a, info.units, row);
      }
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
    h("summary", { text: `${type.replace(/_/g, " ")} (${acts.length})` }, d);
    const row = h("div", { class: "actions" }, d);
    for (const a of acts.slice(0, 300)) actionButton(a, info.units, row);
  }
}

// ----- resigning and agreed draws: any seat this browser holds, whether or not it is to act ----------
function seatStates() {
  return Object.values(S.states).filter((s) => s.seat && S.tokenOf[s.seat]).sort((a, b) => a.seat.localeCompare(b.seat));
}
function drawMeta(st) {
  const panel = $("#meta"), body = $("#meta-body"), banner = $("#draw-banner");
  body.replaceChildren();
  banner.replaceChildren();
  // only the seats whose state is as new as the one shown (a meta action carries its version;
  // a seat whose update has not arrived yet waits for it), and nothing once the game is over
  const seats = REPLAY || st.view.result ? [] : seatStates().filter((s) => s.version === st.version);
  const offer = st.view.draw_offer;
  let any = false, asked = false;
  for (const s of seats) {
    const meta = s.meta || [];
    if (!meta.length) continue;
    any = true;
    const row = h("div", { class: "metarow", "data-side": s.seat }, body);
    h("span", { class: "who", text: s.seat }, row);
    for (const a of meta) {
      if (a.type === "accept_draw" || a.type === "decline_draw") continue;
      const b = h("button", { class: a.type.replace(/_/g, "-"), "data-side": a.side, text: META_TEXT[a.type] || a.type }, row);
      b.onclick = () => (a.type === "resign" ? askResign(a.side) : sendMeta(a));
    }
    if (offer && offer.by === s.seat) h("span", { class: "hint", text: "draw offered: waiting for an answer" }, row);
    if (S.resignAsk === s.seat) {
      const c = h("div", { class: "confirm-resign", "data-side": s.seat }, body);
      h("span", { text: `Resign the game as ${s.seat}? The other side${Object.keys(st.seats || {}).length > 2 ? "s win" : " wins"}. ` }, c);
      const yes = h("button", { class: "primary confirm-resign-yes", "data-side": s.seat, text: "Yes, resign" }, c);
      yes.onclick = () => { S.resignAsk = null; sendMeta({ type: "resign", side: s.seat }); };
      const no = h("button", { class: "confirm-resign-no", text: "No" }, c);
      no.onclick = () => { S.resignAsk = null; render(); };
    }
    // an offer made to this seat: a banner over the board, with the answer buttons
    const acc = meta.find((a) => a.type === "accept_draw"), dec = meta.find((a) => a.type === "decline_draw");
    if (acc && offer) {
      asked = true;
      const line = h("div", { class: "offer", "data-side": s.seat }, banner);
      h("span", { text: `${offer.by} offers a draw${seats.length > 1 ? ` (answer as ${s.seat})` : ""}` + ((offer.accepted || []).length ? `; accepted by ${offer.accepted.join(", ")}` : "") }, line);
      const ya = h("button", { class: "accept-draw", "data-side": s.seat, text: "Accept" }, line);
      ya.onclick = () => sendMeta(acc);
      if (dec) { const na = h("button", { class: "decline-draw", "data-side": s.seat, text: "Decline" }, line); na.onclick = () => sendMeta(dec); }
    }
  }
  panel.hidden = !any;
  banner.hidden = !asked;
}
// ----- hints: the AI's suggestion for a held seat and each side's chances (from that seat's view) -----
function chancesHtml(ch) {
  return Object.entries(ch || {}).map(([s, p]) => `<span class="chance" data-side="${esc(s)}">${esc(s)} <b>${pct(p)}</b></span>`).join(" · ");
}
function drawHint(st) {
  const panel = $("#hint"), body = $("#hint-body"), button = $("#hint-button");
  const seat = st.seat && S.tokenOf[st.seat] ? st.seat : null;
  panel.hidden = REPLAY || !seat || !!st.view.result;
  if (panel.hidden) return;
  button.disabled = S.hinting;
  button.textContent = S.hinting ? "Thinking…" : `Hint for ${seat}`;
  const hnt = S.hint;
  if (!hnt || hnt.seat !== seat) { body.innerHTML = ""; return; }
  const stale = hnt.version !== st.version;
  body.innerHTML = (hnt.text ? `<div class="hint-action">Suggestion: <b>${ruled(hnt.text)}</b></div>`
    : `<div class="hint-action">No decision of ${esc(seat)}'s to suggest: it is not ${esc(seat)}'s turn.</div>`)
    + `<div class="hint-chances">Chances: ${chancesHtml(hnt.chances)}</div>`
    + `<div class="hint small">from ${esc(seat)}'s view only · ${hnt.worlds} look-aheads · ${hnt.seconds}s`
    + (stale ? " · <b>for an earlier position</b>" : "") + "</div>";
}
async function askHint() {
  const st = current();
  const seat = st && st.seat && S.tokenOf[st.seat] ? st.seat : null;
  if (!seat || S.hinting) return;
  S.hinting = true;
  render();
  try {
    const r = await api(`/api/games/${GAME}/hint`, { method: "POST", body: JSON.stringify({}) }, S.tokenOf[seat]);
    S.hint = { ...r, seat };
  } catch (e) { showError(e); } finally { S.hinting = false; render(); }
}

// ----- the analysis of a finished game, beside its replay ----------------------------------------------
async function loadAnalysis() {
  try {
    S.analysis = await api(`/api/games/${GAME}/analysis?top=5`);
  } catch (e) { S.analysis = null; }
  render();
}
function drawAnalysis() {
  const panel = $("#analysis"), body = $("#analysis-body"), a = S.analysis;
  panel.hidden = !REPLAY || !a;
  if (panel.hidden) return;
  const step = S.replay.step, row = a.series[Math.min(step, a.series.length - 1)];
  const first = a.sides[0], n = Math.max(1, a.series.length - 1);
  // the first side's chance over the game: a line, the turning points marked, the step shown
  const W = 260, H = 60, x = (i) => (W * i / n).toFixed(1), y = (p) => (H - H * p).toFixed(1);
  const line = a.series.map((r, i) => `${x(i)},${y(r.chances[first] ?? 0.5)}`).join(" ");
  const marks = a.turning_points.map((t) => `<circle class="tp" cx="${x(t.step)}" cy="${y(a.series[t.step].chances[first] ?? 0.5)}" r="3"/>`).join("");
  body.innerHTML = `<div class="analysis-now">After step ${step}: ${chancesHtml(row.chances)}</div>`
    + `<svg class="chance-line" viewBox="-2 -2 ${W + 4} ${H + 4}" width="${W}" height="${H}" aria-label="${esc(first)}'s chance over the game">`
    + `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" class="even"/><polyline points="${line}" fill="none"/>${marks}`
    + `<line x1="${x(step)}" y1="0" x2="${x(step)}" y2="${H}" class="now"/></svg>`
    + `<div class="hint small">${esc(first)}'s chance over the game (${esc(a.method)})</div>`
    + "<h4>Turning points</h4><ol class=\"turning-points\">" + a.turning_points.map((t) =>
      `<li><a href="#" class="tp-link" data-step="${t.step}">step ${t.step}</a>: ${t.side ? esc(t.side) + ": " : ""}${ruled(t.text || "")} `
      + `<span class="swing">(${t.gainer ? esc(t.gainer) + " +" : "±"}${pct(t.swing)})</span></li>`).join("") + "</ol>"
    + (a.turning_points.length ? "" : "<p class=\"hint\">The estimate never moved: this game has no evaluation short of its result.</p>");
  for (const link of body.querySelectorAll(".tp-link")) link.onclick = (ev) => { ev.preventDefault(); loadStep(Number(link.dataset.step)); };
}

function askResign(side) { S.resignAsk = side; render(); }
async function sendMeta(a) {
  const s = S.states[a.side], token = S.tokenOf[a.side];
  if (!s || !token || S.busy) return;
  S.busy = true;
  try {
    const version = Math.max(...Object.values(S.states).map((x) => x.version));
    const r = await api(`/api/games/${GAME}/actions`, { method: "POST", body: JSON.stringify({ action: a, version }) }, token);
    if (r.state) keep(r.state);
    const evs = r.events || [];
    say(evs.length ? evs.map((e) => `${e.rule || ""} ${e.text}`).join(" · ") : "", "info");
  } catch (e) { showError(e); } finally { S.busy = false; render(); }
}

function drawStatus(st) {
  const v = st.view, box = $("#status-body");
  const rows = [];
  rows.push(`<div>Turn <b>${esc(v.turn)}</b>${v.last_turn ? ` of ${v.last_turn}` : ""} · <b>${esc(v.phase_name || v.phase)}</b> · ${esc(v.actions_played)} actions</div>`);
  const seats = st.seats || {};
  if (Object.keys(seats).length) rows.push("<div>Seats: " + Object.entries(seats).map(([s, x]) => `${esc(s)} (${x.kind === "ai" ? "AI " + esc(x.agent || "") : "human"})`).join(", ") + "</div>");
  const mages = unitsOf(st).filter((u) => u.magic);
  if (mages.length) rows.push("<div>Magic points: " + mages.map((u) => `${esc(u.name)} ${u.magic_left ?? "?"}/${u.magic}`).join(", ") + "</div>");
  if (v.exclusive) rows.push(`<details><summary>Special rules</summary><pre>${esc(JSON.stringify(v.exclusive, null, 1))}</pre></details>`);
  if (v.result) rows.push(`<div class="result">${esc(resultText(v.result))}</div>`);
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

// ----- the log: whatever shape an event's dice come in (a list, "3,5", a number) ------------------------
const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
function diceOf(d) {
  if (d === null || d === undefined || d === "") return [];
  if (Array.isArray(d)) return d.flatMap(diceOf);
  if (typeof d === "number") return [d];
  if (typeof d === "string") return d.split(/[^0-9-]+/).filter(Boolean).map((x) => (/^-?\d+$/.test(x) ? Number(x) : x));
  if (typeof d === "object") return Object.values(d).flatMap(diceOf);
  return [String(d)];
}
function logItem(e, parent, cls = "") {
  if (!e || typeof e !== "object") e = { text: String(e) };
  const li = h("li", { class: "ev " + (typeof e.type === "string" ? e.type : "") + cls }, parent);
  if (e.rule) h("span", { class: "rule", text: String(e.rule) }, li);
  h("span", { class: "txt", text: " " + String(e.text ?? e.type ?? "") }, li);
  const dice = diceOf(e.dice);
  // six-sided dice as their faces; others (a d20) by their numbers only
  const faces = dice.every((d) => DIE[d]) ? dice.map((d) => DIE[d]).join("") + " " : "";
  if (dice.length) h("span", { class: "dice", title: `dice: ${dice.join(", ")}`, text: ` ${faces}(${dice.join(",")})` }, li);
  if (e.visible_to) h("span", { class: "private", title: `only ${e.visible_to} sees this`, text: "private" }, li);
}
function drawLog(events, stepEvents) {
  const ol = $("#log");
  ol.replaceChildren();
  for (const e of events || []) logItem(e, ol);
  if (stepEvents && stepEvents.length) { h("li", { class: "sep", text: "— this step —" }, ol); for (const e of stepEvents) logItem(e, ol, " step"); }
  ol.scrollTop = ol.scrollHeight;
  $("#full-log").textContent = "whole log";
  document.body.dataset.logEntries = ol.querySelectorAll("li.ev").length;
}
function drawWholeLog(st) {
  const ol = $("#log");
  if (!S.logAll || S.logAll.version !== st.version) { loadWholeLog(); return; }
  ol.replaceChildren();
  for (const e of S.logAll.log) logItem(e, ol);
  ol.scrollTop = ol.scrollHeight;
  $("#full-log").textContent = "recent only";
  document.body.dataset.logEntries = ol.querySelectorAll("li.ev").length;
}
async function loadWholeLog() {
  const st = current();
  if (!st || S.logLoading) return;
  S.logLoading = true;
  try {
    const r = await api(`/api/games/${GAME}/log`, {}, tokenFor(st) || TOKENS[0] || null);
    S.logAll = { version: st.version, log: r.log || [], total: (r.log || []).length };
    document.body.dataset.logTotal = S.logAll.total;
  } catch (e) { showError(e); S.wholeLog = false; } finally { S.logLoading = false; }
  render();
}
function fullLog() {
  S.wholeLog = !S.wholeLog;
  S.logAll = null;
  render();
}

// ----- playing ------------------------------------------------------------------------------------------
function tokenFor(st) { return st && st.seat ? S.tokenOf[st.seat] : null; }

// A seat's state, kept unless the one held is newer: the reply to this seat's own action (or
// undo, or resignation) can arrive after the socket pushed a later state (an AI that answered
// at once), and a push after the reply; whichever comes last, the page never steps back.
// Whether it was kept.
function keep(state) {
  const key = state.seat || "observer", held = S.states[key];
  if (held && held.version > state.version) return false;
  S.states[key] = state;
  return true;
}

async function act(a, selection = S.sel ? S.sel.action : null) {
  const st = mine(current());
  if (!st || S.busy) return;
  S.busy = true;
  $("#confirm").hidden = true;
  $("#chooser").hidden = true;
  try {
    const body = { action: a, version: st.version };
    if (selection) body.selection = selection;
    const r = await api(`/api/games/${GAME}/actions`, { method: "POST", body: JSON.stringify(body) }, tokenFor(st));
    keep(r.state);
    const evs = r.events || [];
    say(evs.length ? evs.filter((e) => e.type !== "phase" || evs.length < 3).slice(-3).map((e) => `${e.rule || ""} ${e.text}`).join(" · ") : "", "info");
    S.flash = null;
    S.sel = null;
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
  say(b.message || e.message, "error");
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

// selecting a counter: what it may do, computed by the server on a copy; nothing is played
async function select(selAction, id) {
  const st = mine(current());
  if (!st || S.busy) return;
  S.busy = true;
  let r = null;
  try {
    r = await api(`/api/games/${GAME}/preview`, { method: "POST", body: JSON.stringify({ action: selAction }) }, tokenFor(st));
  } catch (e) { showError(e); } finally { S.busy = false; }
  if (r && Array.isArray(r.then) && mine(current()) && current().version === st.version) {
    S.sel = { action: selAction, unit: id, then: r.then, labels: r.then_labels || null, version: st.version };
    S.focus = id;
    $("#chooser").hidden = true;
    $("#confirm").hidden = true;
    render();
    return;
  }
  // the engine cannot show this selection without playing it (it would roll, reveal or pass
  // the turn), or the server predates free selections: play it as an action
  if (r) await act(selAction, null);
}

function clearSelection() {
  $("#chooser").hidden = true;
  $("#confirm").hidden = true;
  S.confirm = null;
  if (S.sel) { S.sel = null; S.focus = null; render(); return; }
  const st = current(), pend = st && st.view.pending;
  // a selection stored by the engine (made through the API or an older page) is taken back
  // by undo, at no cost
  if (st && mine(st) && pend && pend.unit && st.undo) { undo(); return; }
  if (!(pend && pend.unit)) S.focus = null;
  render();
}

function pct(p) { return (100 * p).toFixed(p < 0.1 && p > 0 ? 1 : 0) + "%"; }
// the preview schema: the table and its case, the line read and why, each outcome explained
function oddsHtml(pv) {
  const out = [];
  if (pv.table) out.push(`<div class="otable">${ruled(pv.table)}</div>`);
  if (pv.column) out.push(`<div class="ocolumn">${esc(pv.column)}</div>`);
  const shifts = Array.isArray(pv.shifts) ? pv.shifts : [];
  if (shifts.length) out.push(`<ul class="shifts">${shifts.map((s) => typeof s === "object" && s
    ? `<li>${s.rule ? `<span class="rule">${esc(s.rule)}</span> ` : ""}${esc(s.text ?? "")}</li>` : `<li>${ruled(s)}</li>`).join("")}</ul>`);
  const legend = pv.legend || {};
  const odds = Object.entries(pv.odds || {}).sort((x, y) => y[1] - x[1]);
  out.push(`<table class="odds">${odds.map(([k, p]) => `<tr data-code="${esc(k)}"><td class="code">${esc(k)}</td><td class="num">${pct(p)}</td>` +
    `<td><span class="pbar" style="width:${(60 * p).toFixed(0)}px"></span></td><td class="legend">${esc(legend[k] || "")}</td></tr>`).join("")}</table>`);
  if (pv.summary) out.push(`<div class="osummary">${esc(pv.summary)}</div>`);
  return out.join("");
}
function showConfirm(a, pv, units) {
  S.confirm = a;
  $("#confirm-body").innerHTML = `<p class="oaction">${esc(describe(a, units))}</p>` + oddsHtml(pv);
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
    const facts = unitFacts(u, null), vals = unitValues(u);
    row.innerHTML = `<b>${esc(u.name)}</b> ${esc(u.label || "")} <small>[${esc(u.id)}] ${esc(u.side)} ${esc(u.nation || "")} ${esc(u.kind || "")}${vals ? " · " + esc(vals) : ""}${facts ? " · " + esc(facts) : ""}</small>`;
    row.onclick = () => unitClick(u.id);
  }
}

function guess(acts) {
  // the most common action type among ``acts``
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
  // the selected counter again: forget the selection
  if (S.sel && id === S.sel.unit) { clearSelection(); return; }
  // another counter that may be selected: select it instead
  if (info.selects.has(id)) { select(info.selects.get(id), id); return; }
  if (info.actors.has(id)) { S.sel = null; S.focus = id; $("#chooser").hidden = true; $("#confirm").hidden = true; render(); return; }
  if (S.focus && id !== S.focus && u.hex && info.dest.has(u.hex)) { hexClick(u.hex); return; }
  // not a counter that may act: ask the engine anyway, so the refusal names its rule
  if (S.focus && info.focusActs.some((a) => parts(a, info.units).targets.length)) {
    const acts = info.focusActs.filter((a) => parts(a, info.units).targets.length);
    const p = parts(acts[0], info.units);
    act({ type: guess(acts), [p.actorField]: S.focus, [p.targets[0][0]]: id });
    return;
  }
  if (S.sel) { clearSelection(); return; }
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
  // no counter may act now (a piece's move goes on hex by hex: its steps name hexes only):
  // the click asks to select this one, and the engine's refusal says why not ("finish moving
  // ... first"), rather than nothing happening
  if (S.selectField && u.side && info.legal.length) { act({ type: "select", [S.selectField]: id }); return; }
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
      const proto = hexActs[0], p = parts(proto, info.units), a = { type: guess(hexActs) };
      if (p.actorField) a[p.actorField] = p.actor;
      a[p.hexes[0][0]] = hx;
      act(a);   // the engine says why not
      return;
    }
  }
  if (here.length) { unitClick(here[here.length - 1].id); return; }
  if (S.sel) { clearSelection(); return; }
  if (!(st.view.pending && st.view.pending.unit)) { S.focus = null; render(); }
}

async function undo() {
  const st = current();
  const seatState = Object.values(S.states).find((s) => s.undo && s.version === st.version);
  if (!seatState) return;
  try {
    const r = await api(`/api/games/${GAME}/undo`, { method: "POST", body: JSON.stringify({ version: seatState.version }) }, S.tokenOf[seatState.seat]);
    keep(r.state);
    S.focus = null;
    S.sel = null;
    say("undone", "info");
  } catch (e) { showError(e); }
  render();
}

async function exportRecord() {
  const st = current();
  const token = (st && st.seat ? S.tokenOf[st.seat] : null) || TOKENS[0] || null;
  try {
    const r = await fetch(`/api/games/${GAME}/record`, { headers: token ? { "X-Ringwar-Token": token } : {} });
    if (!r.ok) {
      let b = {};
      try { b = await r.json(); } catch { b = {}; }
      say(`Export refused: ${b.message || r.status + " " + r.statusText}`, "error");
      return;
    }
    const blob = await r.blob(), a = h("a", { href: URL.createObjectURL(blob), download: `ringwar-${GAME}.json` }, document.body);
    a.click();
    a.remove();
    say("record exported: anyone can import it in the lobby to go on playing", "info");
  } catch (e) { say(`Export failed: ${e.message}`); }
}

// ----- live: one socket per seat held (or one observer socket) -----------------------------------------
// The seat's token never goes in the URL: it is the first message on the socket.
function connect(token) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${GAME}/ws`);
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      const prev = current();
      if (!keep(msg)) return;
      const now = current();
      if (prev && now && now.view.actions_played !== prev.view.actions_played && now.seat !== prev.seat) { S.focus = null; S.sel = null; }
      render();
    } else if (msg.type === "error") say(msg.message);
  };
  ws.onopen = () => {
    ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
    $("#conn").className = "conn on";
  };
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
    $("#r-step").textContent = `step ${d.step} / ${d.steps}` + (d.over ? "" : ` (game in progress: ${d.side ? `${d.side}'s view` : "public view"})`);
    // the engine's words for the step's action, from the position before it ("Goblins 1023 → 1024")
    S.labels = new Map();
    $("#r-action").textContent = d.action_text || (d.action ? describe(d.action, unitMap({ view: d.view })) : "start");
    $("#r-side-box").hidden = !d.over;
    if (d.over && !S.analysis) loadAnalysis();
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
  $("#full-log").hidden = true;
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
  P.init({ S, el, h, esc, ruled, centre, corners, keyOf, current, choose, unitClick, describe: (a, units) => describe(a, units) });
  $("#handover-go").onclick = takeOver;
  $("#undo").onclick = undo;
  $("#clear-focus").onclick = clearSelection;
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !REPLAY) clearSelection(); });
  $("#commit").onclick = () => { const a = S.confirm; S.confirm = null; if (a) act(a); };
  $("#cancel").onclick = () => { S.confirm = null; $("#confirm").hidden = true; };
  $("#export").onclick = exportRecord;
  $("#full-log").onclick = fullLog;
  $("#hint-button").onclick = askHint;
  $("#replay-link").href = `/replay/${GAME}${location.hash}`;
  // the systems' titles, for a view that does not carry its own
  api("/api/systems").then((all) => { for (const x of all) S.titles[x.name] = x.title; render(); }).catch(() => {});
  await loadMap();
  if (!S.board) setupPanZoom();
  if (REPLAY) {
    setupReplay();
    const pub = await api(`/api/games/${GAME}`);       // the sides, from the public state
    for (const s of Object.keys(pub.seats || {}))
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
  if (!seated()) {
    S.states.observer = await api(`/api/games/${GAME}`);
    connect(null);
  } else for (const t of Object.values(S.tokenOf)) connect(t);
  render();
}

main().catch((e) => say(e.message || String(e)));
