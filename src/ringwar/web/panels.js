// Panels and map marks read from the view's own fields: a system whose view has a field gets
// its panel or its marks, whatever the system is called.  Nothing here decides a rule: every
// button is one of the engine's legal actions, with the engine's words for it.
//
//   search        the Search card: top half, bottom half once shown, and the declare buttons
//   hand          the seat's own cards, with their play / discard buttons
//   characters    every character: values, where (or hidden, last seen where), captive, items
//   shadow_points, ring, grip, control, mobilized, flags, decks, hand_sizes, captives,
//   monsters, gollum   the tracks panel (and a summary in the top bar)
//   control, defences, sites, monsters   marks on the map (objectives, intrinsic defences,
//                 face-down sites, monsters)
//
// Search areas are read from the map: a hexside of kind "border" named "X|Y" lies between area
// X (its first hex) and area Y (its second); every other hex takes the letter of the nearest
// lettered hex it reaches without crossing a border (nor, where it can, any other drawn hexside).
//
// Card names and texts come from the system's glossary (GET /map carries it when the system
// gives one), from a hand that lists cards with their words, or from the engine's words on a
// legal action that plays or discards the card.

let C = null;        // what game.js lends: S, el, h, esc, ruled, centre, corners, keyOf, current, choose, unitClick, describe
export function init(ctx) { C = ctx; }

const SEAT_WORDS = { fellowship: "Fellowship", dark: "Dark Power", sauron: "Sauron", saruman: "Saruman", free: "Free Peoples" };
export function seatName(s) { return SEAT_WORDS[s] || (s ? String(s).charAt(0).toUpperCase() + String(s).slice(1) : ""); }
const CONTROL_STYLE = { free: ["#2353a4", "#ffffff"], fellowship: ["#2353a4", "#ffffff"], sauron: ["#5e0f0f", "#ffcc33"],
  dark: ["#5e0f0f", "#ffcc33"], saruman: ["#f4f4f4", "#111111"] };
const ctrlStyle = (o) => CONTROL_STYLE[o] || ["#777777", "#ffffff"];

// ----- secrets ---------------------------------------------------------------------------------------
// a view that holds what another seat may not see: a hand of cards, or pieces shown as hidden
export function holdsSecrets(view) {
  if (!view) return false;
  if (Array.isArray(view.hand) && view.hand.length) return true;
  // (a hidden piece; a Gondor Cauldron its owner sees real or dummy [16.71]; a hidden
  // character whose hex his own side sees)
  return (view.units || []).some((u) => u && (u.hidden || typeof u.real === "boolean"))
    || (view.characters || []).some((c) => c && c.hidden && c.hex);
}

// ----- search areas from the map's named borders ------------------------------------------------------
function neighbours(hx) {
  const c = parseInt(hx.slice(0, 2), 10), r = parseInt(hx.slice(2), 10);
  const p = (cc, rr) => String(cc).padStart(2, "0") + String(rr).padStart(2, "0");
  const side = c % 2 === 0 ? [r, r + 1] : [r - 1, r];
  return [p(c, r - 1), p(c, r + 1), p(c - 1, side[0]), p(c - 1, side[1]), p(c + 1, side[0]), p(c + 1, side[1])];
}
export function areasOf(map) {
  const of = {}, borders = new Set(), terr = map.terrain || {};
  for (const [key, f] of Object.entries(map.hexsides || {})) {
    if (!f || f.kind !== "border" || typeof f.name !== "string" || !f.name.includes("|")) continue;
    const hs = key.split("/"), ls = f.name.split("|");
    if (hs.length !== 2 || ls.length !== 2) continue;
    borders.add(key); borders.add(`${hs[1]}/${hs[0]}`);
    for (let i = 0; i < 2; i++) if (terr[hs[i]] !== undefined) of[hs[i]] = ls[i];
  }
  if (!Object.keys(of).length) return null;
  // the nearest lettered hex, without crossing a border or the sea; first without crossing any
  // other drawn hexside either (a river or a range may bound an area where no border is drawn),
  // then across them for the hexes still unlettered
  const land = (x) => terr[x] !== undefined && terr[x] !== "sea";
  const drawn = new Set();
  for (const key of Object.keys(map.hexsides || {})) { const [p, q] = key.split("/"); drawn.add(`${p}/${q}`); drawn.add(`${q}/${p}`); }
  for (const blocked of [drawn, borders]) {
    let frontier = Object.keys(of).filter(land);
    while (frontier.length) {
      const next = [];
      for (const x of frontier) for (const n of neighbours(x)) {
        if (of[n] || !land(n) || blocked.has(`${x}/${n}`)) continue;
        of[n] = of[x];
        next.push(n);
      }
      frontier = next;
    }
  }
  const hexes = {};
  for (const [x, l] of Object.entries(of)) if (land(x)) (hexes[l] = hexes[l] || []).push(x);
  return { of, hexes, letters: Object.keys(hexes).sort() };
}

// ----- card names and texts -----------------------------------------------------------------------------
// from the system's glossary when the map data carries one, else the engine's words on a
// legal action that names the card alone ("play Lembas"), else the card's id made readable
const cardNames = new Map();
function learnCardNames(st) {
  const labels = st.labels || [];
  (st.legal || []).forEach((a, i) => {
    if (!a || !a.card || typeof labels[i] !== "string") return;
    if (Object.keys(a).some((k) => !["type", "card", "by"].includes(k))) return;
    const m = labels[i].match(/^(?:play|discard)\s+(.+)$/);
    if (m) cardNames.set(a.card, m[1]);
  });
}
function glossary() { return (C.S.map && C.S.map.glossary) || {}; }
export function cardInfo(card) {
  // a hand may list ids, or cards with their words ({id, name, text, when})
  const given = card && typeof card === "object" ? card : {}, id = given.id ?? card;
  const g = Object.assign({}, (glossary().cards || {})[id] || {}, given);
  const small = new Set(["of", "the", "a", "an", "in", "on", "to", "and"]);
  const name = g.name || cardNames.get(id) || String(id).split(/[-_]/).map((w, i) => (i && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");
  return { id, name, text: g.text || "", when: g.when || null, sides: g.sides || null };
}

// ----- the map: areas, objectives, defences, sites, monsters ---------------------------------------------
let AREAS = null, areaKey = "";
function areaLabelHex(letter) {
  const hs = AREAS.hexes[letter], pts = hs.map(C.centre);
  const cx = pts.reduce((t, p) => t + p[0], 0) / pts.length, cy = pts.reduce((t, p) => t + p[1], 0) / pts.length;
  let best = null;
  hs.forEach((x, i) => {
    const named = (C.S.placeOf[x] || []).length ? 1 : 0, t = C.S.map.terrain[x];
    const d = Math.hypot(pts[i][0] - cx, pts[i][1] - cy) + named * 200 + (t === "lake" ? 300 : 0);
    if (!best || d < best.d) best = { x, d };
  });
  return best.x;
}
export function loadAreas() {
  AREAS = C.S.map && C.S.map.hexmap ? areasOf(C.S.map) : null;
  if (AREAS) AREAS.at = Object.fromEntries(AREAS.letters.map((l) => [l, areaLabelHex(l)]));
  return AREAS;
}
export function areaOf(hx) { return AREAS ? AREAS.of[hx] || null : null; }

let hoverAreas = null;
export function highlightAreas(letters) { hoverAreas = letters && letters.length ? letters : null; drawAreas(C.current()); }

// the letters, and the areas the view points at: being searched, where the Ring is worn
export function drawAreas(st) {
  const layer = document.querySelector("#arealayer");
  if (!layer) return;
  layer.replaceChildren();
  if (!AREAS || !st) return;
  const v = st.view, s = C.S.map.size;
  const tint = (letters, cls) => {
    for (const l of letters || []) for (const x of AREAS.hexes[l] || []) C.el("polygon", { points: C.corners(x, 1), class: "area-tint " + cls, "data-area": l }, layer);
  };
  const search = v.search || lastSearch(v);
  const cls = search && search.over ? "searched last" : "searched";
  if (search && (search.searched || []).length) tint(search.searched, cls);
  else if (search && (search.areas || []).length) tint(search.areas, cls);
  if (v.ring && v.ring.worn && v.ring.area) tint([v.ring.area], "ring");
  if (hoverAreas) tint(hoverAreas, "hover");
  for (const l of AREAS.letters) {
    const [x, y] = C.centre(AREAS.at[l]);
    C.el("text", { x: x.toFixed(1), y: y.toFixed(1), class: "area-letter", "font-size": (1.5 * s).toFixed(1), "data-area": l, text: l }, layer);
  }
}

function star(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? r * 0.45 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
export function drawMarks(st) {
  const layer = document.querySelector("#overlaylayer");
  if (!layer) return;
  layer.replaceChildren();
  if (!st || !C.S.map || !C.S.map.hexmap) return;
  const v = st.view, s = C.S.map.size, H = Math.sqrt(3) * s, ok = (x) => C.S.hexes.has(x);
  // over the counters, at the hex's left (where a stack's counters leave room, clear of the hex
  // number and of the stack's count): an objective's star in its controller's colours, and
  // below it an intrinsic defence's shield and value
  for (const [x, who] of Object.entries(v.control || {})) {
    if (!ok(x)) continue;
    const [cx, cy] = C.centre(x), [bg, fg] = ctrlStyle(who), mx = cx - 0.6 * s, my = cy - 0.32 * H;
    const g = C.el("g", { class: "objective", "data-objective": x, "data-control": who }, layer);
    C.el("circle", { cx: mx.toFixed(1), cy: my.toFixed(1), r: (0.24 * s).toFixed(1), fill: bg, stroke: "#111", "stroke-width": 1 }, g);
    C.el("polygon", { points: star(mx, my, 0.18 * s), fill: fg }, g);
  }
  for (const [x, val] of Object.entries(v.defences || {})) {
    if (!ok(x)) continue;
    const [cx, cy] = C.centre(x), mx = cx - 0.78 * s, my = cy + 0.06 * H, w = 0.5 * s;
    const g = C.el("g", { class: "defence", "data-defence": x }, layer);
    C.el("path", { d: `M${mx - w / 2},${my - w / 2} h${w} v${w * 0.5} q0,${w * 0.55} ${-w / 2},${w * 0.75} q${-w / 2},${-w * 0.2} ${-w / 2},${-w * 0.75} z`,
      fill: Number(val) > 0 ? "#f2e6c8" : "#bbb", stroke: "#2b2118", "stroke-width": 1 }, g);
    C.el("text", { x: mx.toFixed(1), y: (my + 0.06 * s).toFixed(1), class: "defence-val", "font-size": (0.27 * s).toFixed(1), text: String(val) }, g);
  }
  // face-down sites: an eye, a magic star, along the hex's lower edge
  const sites = v.sites || {};
  for (const [kind, list] of Object.entries(sites)) {
    for (const x of list || []) {
      if (!ok(x)) continue;
      const [cx, cy] = C.centre(x), my = cy + 0.36 * H, mx = kind === "eye" ? cx - 0.5 * s : cx + 0.5 * s;
      const g = C.el("g", { class: "site site-" + kind, "data-site": `${kind}:${x}` }, layer);
      if (kind === "eye") {
        C.el("path", { d: `M${mx - 0.26 * s},${my} q${0.26 * s},${-0.26 * s} ${0.52 * s},0 q${-0.26 * s},${0.26 * s} ${-0.52 * s},0 z`, fill: "#fff3c4", stroke: "#7a1f1f", "stroke-width": 1.2 }, g);
        C.el("circle", { cx: mx.toFixed(1), cy: my.toFixed(1), r: (0.08 * s).toFixed(1), fill: "#7a1f1f" }, g);
      } else {
        C.el("polygon", { points: star(mx, my, 0.2 * s), fill: "#6a4c93", stroke: "#fff", "stroke-width": 0.8 }, g);
      }
    }
  }
  for (const [x, m] of Object.entries(v.monsters || {})) {
    if (!ok(x)) continue;
    const [cx, cy] = C.centre(x);
    const g = C.el("g", { class: "monster", "data-monster": x }, layer);
    C.el("rect", { x: (cx - 0.9 * s).toFixed(1), y: (cy + 0.5 * H - 0.5 * s).toFixed(1), width: (1.8 * s).toFixed(1), height: (0.36 * s).toFixed(1), rx: 3, fill: "#7a1f1f" }, g);
    C.el("text", { x: cx.toFixed(1), y: (cy + 0.5 * H - 0.32 * s).toFixed(1), class: "monster-name", "font-size": (0.26 * s).toFixed(1), text: `${m.name || "monster"}${m.endurance !== undefined ? " E" + m.endurance : ""}` }, g);
  }
}

// what the marks mean, for the hover box
export function hexFacts(st, hx) {
  if (!st) return [];
  const v = st.view, out = [];
  const a = areaOf(hx);
  if (a) out.push(`search area ${a}`);
  if (v.control && v.control[hx]) out.push(`objective held by ${seatName(v.control[hx])}`);
  if (v.defences && v.defences[hx] !== undefined) out.push(`intrinsic defence ${v.defences[hx]}`);
  for (const [kind, list] of Object.entries(v.sites || {})) if ((list || []).includes(hx)) out.push(`face-down ${kind === "eye" ? "Eye" : kind === "magic" ? "Magic" : kind} card`);
  if (v.monsters && v.monsters[hx]) out.push(`monster: ${v.monsters[hx].name}`);
  for (const [cid, c] of Object.entries(v.captives || {})) if (c.hex === hx) out.push(`captive: ${charName(v, cid)} (held by ${seatName(c.held_by)})`);
  return out;
}

function charName(v, id) {
  const c = (v.characters || []).find((x) => x.id === id);
  return c ? c.name : id;
}
function placeName(hx) {
  if (!hx) return "";
  const p = (C.S.placeOf[hx] || [])[0];
  return p ? `${p} (${hx})` : hx;
}

// ----- the panels ------------------------------------------------------------------------------------------
// returns the keys of the legal actions a panel offers (the decision panel leaves them out)
export function drawPanels(st, info) {
  const box = document.querySelector("#game-panels");
  if (!box) return new Set();
  box.replaceChildren();
  const v = st.view, handled = new Set();
  learnCardNames(st);
  drawSearch(st, info, box, handled);
  drawHand(st, info, box, handled);
  drawTrackPanel(st, box);
  drawCharacters(st, info, box);
  return handled;
}

function panel(box, id, title) {
  const p = C.h("section", { id, class: "panel" }, box);
  C.h("h3", { text: title }, p);
  return p;
}
function button(a, info, parent, label = null, cls = "") {
  const b = C.h("button", { class: `act ${a.type} ${cls}`.trim(), "data-action": JSON.stringify(a), text: label || C.describe(a, info.units) }, parent);
  b.onclick = () => C.choose(a);
  return b;
}

// the last search card shown, once it is resolved and discarded: from the log's search events
// (the one that names the searcher and force, then the one that gives value and areas)
export function lastSearch(v) {
  const log = v.recent_log || [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (!e || e.type !== "search" || e.value === undefined || !Array.isArray(e.areas)) continue;
    const top = log.slice(0, i).reverse().find((x) => x && x.type === "search" && x.searcher);
    return { searcher: top ? top.searcher : "?", force: top ? top.force : "?", value: e.value, areas: [], searched: e.areas, over: true };
  }
  return null;
}

function drawSearch(st, info, box, handled) {
  const v = st.view, declares = info.legal.filter((a) => a.type === "declare");
  const s = v.search || lastSearch(v);
  if (!s && !declares.length) return;
  const p = panel(box, "search-panel", s && s.over ? "Search card (last, resolved)" : "Search card");
  const card = C.h("div", { class: "search-card" }, p);
  const top = C.h("div", { class: "half top" }, card);
  if (s) {
    top.innerHTML = `<span class="k">Searcher</span> <b class="searcher">${C.esc(seatName(s.searcher))}</b> <span class="k">Force</span> <b class="force">${C.esc(String(s.force || "").replace(/^./, (c) => c.toUpperCase()))}</b>`;
  } else top.textContent = "no card drawn";
  const bottom = C.h("div", { class: "half bottom" + (s && s.value !== undefined ? "" : " face-down") }, card);
  if (s && s.value !== undefined) {
    bottom.innerHTML = `<span class="k">Search Value</span> <b class="value">${C.esc(s.value)}</b>` +
      ((s.areas || []).length ? ` <span class="k">Areas</span> <b class="areas">${C.esc(s.areas.join(" "))}</b>` : "") +
      ((s.searched || []).length ? `<div class="searched">searched: <b class="searched-areas">${C.esc(s.searched.join(" "))}</b></div>` : "");
  } else bottom.textContent = s ? "bottom half face down until the search is declared" : "";
  if (s && s.declared) C.h("div", { class: "declared", text: `declared: ${s.declared === "card" ? "the card's areas" : typeof s.declared === "string" ? "one area, " + s.declared : JSON.stringify(s.declared)}` }, p);
  if (!declares.length) return;
  const row = C.h("div", { class: "declare" }, p);
  const byCard = declares.filter((a) => !a.area), byArea = declares.filter((a) => a.area);
  for (const a of byCard) { button(a, info, row, null, "primary"); handled.add(C.keyOf(a)); }
  if (byArea.length) {
    C.h("div", { class: "hint", text: "or one area (point at a letter to see it on the map):" }, p);
    const grid = C.h("div", { class: "area-grid" }, p);
    for (const a of byArea) {
      const b = button(a, info, grid, a.area, "area");
      b.title = C.describe(a, info.units);
      b.onmouseenter = () => highlightAreas([a.area]);
      b.onmouseleave = () => highlightAreas(null);
      handled.add(C.keyOf(a));
    }
  }
}

function drawHand(st, info, box, handled) {
  const v = st.view;
  if (!Array.isArray(v.hand)) return;
  const p = panel(box, "hand-panel", `Your cards (${v.hand.length})`);
  const others = Object.entries(v.hand_sizes || {}).filter(([s2]) => s2 !== st.seat);
  if (others.length) C.h("div", { class: "hint", text: "other hands: " + others.map(([s2, n]) => `${seatName(s2)} ${n}`).join(" · ") }, p);
  const uses = (id) => info.legal.filter((a) => a.card === id && (a.type === "play" || a.type === "discard"));
  const seen = new Set();
  if (!v.hand.length) C.h("div", { class: "hint", text: "no cards" }, p);
  for (const item of v.hand) {
    const c = cardInfo(item), id = c.id, d = C.h("div", { class: "ecard", "data-card": id }, p);
    C.h("div", { class: "ename", text: c.name }, d);
    if (c.text) C.h("div", { class: "etext", text: c.text }, d);
    const notes = [];
    if (c.sides) notes.push("for " + [].concat(c.sides).map(seatName).join(", "));
    if (c.when) notes.push("when: " + [].concat(c.when).join(", "));
    if (notes.length) C.h("div", { class: "ewhen", text: notes.join(" · ") }, d);
    if (seen.has(id)) continue;      // two copies: the buttons once
    seen.add(id);
    const acts = uses(id);
    if (acts.length) {
      const row = C.h("div", { class: "actions" }, d);
      for (const a of acts.slice(0, 40)) { button(a, info, row); handled.add(C.keyOf(a)); }
    }
  }
}

function objectiveCounts(v) {
  const n = {};
  for (const who of Object.values(v.control || {})) n[who] = (n[who] || 0) + 1;
  return n;
}
export function topSummary(v) {
  const bits = [];
  if (v.shadow_points !== undefined) bits.push(["sp", `Shadow Points <b>${C.esc(v.shadow_points)}</b>`]);
  if (v.ring && "worn" in v.ring) {
    const r = v.ring;
    bits.push(["ring", r.destroyed ? "Ring <b>destroyed</b>" : r.worn ? `Ring <b class="worn">WORN</b>${r.area ? ` in area <b>${C.esc(r.area)}</b>` : ""}` : "Ring not worn"]);
  }
  if (v.control) {
    const n = objectiveCounts(v), total = Object.keys(v.control).length;
    bits.push(["obj", "Objectives " + Object.entries(n).sort().map(([w, k]) => `<span class="ctl" style="background:${ctrlStyle(w)[0]};color:${ctrlStyle(w)[1]}">${C.esc(seatName(w))} ${k}</span>`).join(" ") + ` <small>of ${total}</small>`]);
  }
  if (v.grip && v.grip.next) bits.push(["grip", `Grip: turn <b>${C.esc(v.grip.next.turn)}</b> needs <b>${C.esc(v.grip.next.objectives)}</b> (holds ${C.esc(v.grip.sauron_objectives)})`]);
  return bits;
}

function row(p, label, html, cls = "") {
  const d = C.h("div", { class: "trow " + cls }, p);
  d.innerHTML = `<span class="k">${C.esc(label)}</span> <span class="v">${html}</span>`;
  return d;
}
function drawTrackPanel(st, box) {
  const v = st.view;
  if (v.shadow_points === undefined && !v.grip && !v.control && !v.ring && !v.mobilized) return;
  const p = panel(box, "tracks-panel", "Tracks");
  const esc = C.esc;
  row(p, "Turn", `<b>${esc(v.turn)}</b>${v.last_turn ? ` of ${esc(v.last_turn)}` : ""}`, "turn");
  if (v.shadow_points !== undefined) row(p, "Shadow Points", `<b class="big">${esc(v.shadow_points)}</b>`, "sp");
  if (v.ring) {
    const r = v.ring, who = r.bearer ? charName(v, r.bearer) : null, holder = r.held_by || r.holder;
    const bits = [];
    if (r.destroyed) bits.push("<b>destroyed</b>");
    else {
      bits.push(who ? `borne by <b>${esc(who)}</b>` : holder ? `held by the ${esc(seatName(holder))}${"bearer" in r ? " (bearer unseen)" : ""}` : "");
      if (typeof r.hex === "string") bits.push(`in ${esc(placeName(r.hex))}`);
      if ("worn" in r) bits.push(r.worn ? `<b class="worn">worn</b>${r.area ? ` in area <b>${esc(r.area)}</b>` : ""}` : "not worn");
      if (r.claim) bits.push("<b>claimed</b>");
      if (r.succumbed) bits.push("bearer succumbed");
      if (r.doom_open) bits.push("Mount Doom open");
      if (r.gorgoroth_open) bits.push("Gorgoroth open");
    }
    row(p, "The Ring", bits.filter(Boolean).join(" · "), "ring");
  }
  if (v.gollum !== undefined && v.gollum !== null) row(p, "Gollum", esc(String(v.gollum).replace(/-/g, " ")), "gollum");
  if (v.control) {
    const n = objectiveCounts(v), total = Object.keys(v.control).length;
    const bar = Object.entries(n).sort().map(([w, k]) => `<span class="seg" title="${esc(seatName(w))} ${k}" style="flex:${k} 0 auto;min-width:${k < 3 ? "4.5em" : "0"};background:${ctrlStyle(w)[0]};color:${ctrlStyle(w)[1]}">${esc(seatName(w))} ${k}</span>`).join("");
    row(p, `Objectives (${total})`, `<span class="objbar">${bar}</span>`, "objectives");
  }
  if (v.grip) {
    const g = v.grip, bits = [`Sauron holds <b>${esc(g.sauron_objectives)}</b>`];
    if (g.next) bits.push(`next checkpoint turn <b>${esc(g.next.turn)}</b>: <b>${esc(g.next.objectives)}</b> due` + (g.sauron_objectives < g.next.objectives ? ' <span class="short">short</span>' : ""));
    else bits.push("no checkpoint yet (Mordor not mobilized)");
    if (g.drop) bits.push(`drop ${esc(g.drop)}`);
    if (g.deserted) bits.push("<b>allies deserted</b>");
    row(p, "Grip of Sauron", bits.join(" · "), "grip");
  }
  if (v.mobilized) {
    const nations = new Set((v.units || []).map((u) => u.nation).filter(Boolean));
    for (const k of Object.keys(v.mobilized)) nations.add(k);
    const on = Object.entries(v.mobilized).map(([k, t]) => `<span class="nat on" title="mobilized turn ${esc(t)}">${esc(k)} <small>T${esc(t)}</small></span>`).join(" ");
    const off = [...nations].filter((k) => !(k in v.mobilized)).sort().map((k) => `<span class="nat off">${esc(k)}</span>`).join(" ");
    row(p, "Mobilized", (on || "none") + (off ? `<div class="notyet">not yet: ${off}</div>` : ""), "mobilized");
  }
  if (v.flags) {
    const words = Object.entries(v.flags).map(([k, x]) => `${esc(k.replace(/_/g, " "))}: <b>${esc(x === true ? "yes" : x === false ? "no" : x)}</b>`);
    row(p, "State", words.join(" · "), "flags");
  }
  if (v.decks) {
    const d = Object.entries(v.decks).map(([k, n]) => `${esc(k.replace(/_/g, " "))} ${esc(n)}`).join(" · ");
    const hs = Object.entries(v.hand_sizes || {}).map(([s2, n]) => `${esc(seatName(s2))} ${esc(n)}`).join(" · ");
    row(p, "Decks", d + (hs ? `<div>hands: ${hs}</div>` : ""), "decks");
  }
  const caps = Object.entries(v.captives || {});
  if (caps.length) row(p, "Captives", caps.map(([c, x]) => `${esc(charName(v, c))} in ${esc(placeName(x.hex))} (${esc(seatName(x.held_by))})`).join("; "), "captives");
  const mons = Object.entries(v.monsters || {});
  if (mons.length) row(p, "Monsters", mons.map(([x, m]) => `${esc(m.name)} in ${esc(placeName(x))}${m.endurance !== undefined ? ` (E ${esc(m.endurance)})` : ""}`).join("; "), "monsters");
}

function drawCharacters(st, info, box) {
  const v = st.view, chars = v.characters;
  if (!Array.isArray(chars) || !chars.length) return;
  const d = C.h("details", { id: "chars-panel", class: "panel" }, box);
  if (C.S.charsOpen) d.open = true;
  d.ontoggle = () => { C.S.charsOpen = d.open; };
  const alive = chars.filter((c) => c.alive !== false);
  const hiddenOwn = alive.filter((c) => c.hidden && c.hex).length, hiddenOther = alive.filter((c) => c.hidden && !c.hex).length;
  C.h("summary", { text: `Characters (${alive.length})` + (hiddenOwn ? ` · ${hiddenOwn} hidden (only you see where)` : "") + (hiddenOther ? ` · ${hiddenOther} hidden` : "") }, d);
  const bySide = new Map();
  for (const c of chars) { const k = c.side || "?"; if (!bySide.has(k)) bySide.set(k, []); bySide.get(k).push(c); }
  for (const [side, cs] of bySide) {
    C.h("div", { class: "cside", text: seatName(side) }, d);
    const t = C.h("table", { class: "chars" }, d);
    for (const c of cs) {
      const tr = C.h("tr", { class: "char" + (c.hidden ? " hidden" : "") + (c.alive === false ? " dead" : "") + (c.captive ? " captive" : ""), "data-char": c.id }, t);
      const vals = [c.combat, c.morale, c.endurance === null || c.endurance === undefined ? "?" : c.endurance].join("-");
      let where;
      if (c.alive === false) where = c.hex ? placeName(c.hex) : "not in play";
      else if (c.hidden && !c.hex) where = `hidden · last seen ${c.last_seen ? placeName(c.last_seen) : "never"}`;
      else where = (c.hex ? placeName(c.hex) : "off the map") + (c.hidden ? " · hidden" : "");
      const bits = [];
      if (c.captive) bits.push(`captive${typeof c.captive === "string" ? " of " + seatName(c.captive) : ""}`);
      if ((c.items || []).length) bits.push(c.items.join(", ").replace(/-/g, " "));
      if (v.ring && v.ring.bearer === c.id) bits.push("Ring-bearer");
      tr.innerHTML = `<td class="cn">${C.esc(c.name)}</td><td class="cv" title="combat-morale-endurance${c.max_endurance ? " (max " + C.esc(c.max_endurance) + ")" : ""}">${C.esc(vals)}</td>` +
        `<td class="cw">${C.esc(where)}${bits.length ? `<br><small>${C.esc(bits.join(" · "))}</small>` : ""}</td>`;
      if (c.hex && info.units[c.id]) tr.onclick = () => C.unitClick(c.id);
    }
  }
}
