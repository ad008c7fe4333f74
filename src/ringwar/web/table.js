// A board that is a table in inches (a game whose view says "board": "table"), drawn to scale
// from above: the system's static picture of the table (/map.svg) under live layers built from
// the view — units as rotated rectangles (frontage × depth about their centre, the front edge
// facing `heading`), engines, leaders, fires and gates.
//
// Angles are degrees counter-clockwise from +x with y up, as the engine has them; the board's
// coordinates are inches with y flipped (screen y = table height − y).
//
// As on the hex board, the page never re-derives a rule: what a piece may do comes from the
// engine (a selection's follow-ups, POST /preview, looked at on a copy), a drag becomes a move
// path the engine validates exactly (and previews while dragging: its cost, the allowance, or
// the rule that forbids it), and a refusal shows the engine's own words.
//
// game.js calls the factory registered here when /map says the board is a table; the hex
// client is untouched.
const NS = "http://www.w3.org/2000/svg";

const CONTINGENT = { garrison: "#2f5db8", provincials: "#5b9bd5", rohan: "#2f8a3c", mordor: "#7a1212", harad: "#c0662a" };
const SIDE_FILL = { west: "#2f5db8", "dark-lord": "#7a1212" };
const SIDE_EDGE = { west: "#0b1a40", "dark-lord": "#111111" };
const FRONT = { west: "#ffffff", "dark-lord": "#ffcc22" };
const ENGINE_INK = { west: "#16337a", "dark-lord": "#3a0000" };
const KIND_TEXT = { tower: "tower", grond: "GROND", large_catapult: "cat L", small_catapult: "cat S" };
const GATE_FILL = { intact: "#d9a23c", broken: "#e5392a", open: "#7ac943" };
const ACTOR_FIELDS = ["unit", "engine", "leader", "actor"];
const GENERAL_ORDER = ["deploy_done", "turn_card", "bank", "react_done", "pass"];

function createTable(K) {
  const { S, api, el, h, esc } = K;
  const T = {
    map: null, W: 144, H: 108, vb: null, sel: null, drag: null, hover: null, ghostPose: null,
    preview: { busy: false, dirty: false, last: null, seq: 0 }, view: null, pieces: {}, menu: null,
    st: null,
  };
  const $ = (s) => document.querySelector(s);
  const svg = () => $("#board");
  const sy = (y) => T.H - y;
  const rad = (d) => d * Math.PI / 180;
  const fmt = (v) => { const s = (Math.round(v * 100) / 100).toFixed(2).replace(/0+$/, "").replace(/\.$/, ""); return s === "-0" ? "0" : s; };
  const norm = (a) => ((a + 180) % 360 + 360) % 360 - 180;

  // ----- geometry (as the engine's geometry.py) ------------------------------------------------
  function corners(x, y, hd, fr, dp) {
    const c = Math.cos(rad(hd)), s = Math.sin(rad(hd)), fx = c, fy = s, lx = -s, ly = c, hf = fr / 2, hdp = dp / 2;
    return [[x + fx * hdp + lx * hf, y + fy * hdp + ly * hf], [x + fx * hdp - lx * hf, y + fy * hdp - ly * hf],
      [x - fx * hdp - lx * hf, y - fy * hdp - ly * hf], [x - fx * hdp + lx * hf, y - fy * hdp + ly * hf]];
  }
  const pts = (cs) => cs.map(([x, y]) => `${x.toFixed(2)},${sy(y).toFixed(2)}`).join(" ");

  // the pose after a path (movement.py's grammar): m<bearing>:<dist>, w<a> (about the front
  // edge's centre; an engine's about its centre), pl<a>/pr<a> (about a front corner), t90/t-90/t180
  function trace(p, path, engine = false) {
    let x = p.x, y = p.y, hd = p.heading, files = p.files || 1, fr = p.frontage, dp = p.depth, cost = 0, turned = false;
    const pitch = [p.frontage / Math.max(1, p.files || 1), p.depth / Math.max(1, p.ranks || 1)];
    const tv = (T.map.turning || {});
    for (const raw of String(path).split(",")) {
      let m = raw.trim().match(/^m(-?[\d.]+):([\d.]+)$/);
      if (m) {
        const b = Number(m[1]), d = Number(m[2]);
        x += d * Math.cos(rad(hd + b)); y += d * Math.sin(rad(hd + b));
        cost += d * (Math.abs(b) < (tv.oblique_max_deg || 45) ? 1 : (tv.backward_factor || 2));
        continue;
      }
      m = raw.trim().match(/^(w|pl|pr)(-?[\d.]+)$/);
      if (m) {
        const a = Number(m[2]);
        let px = x, py = y;
        if (!engine) {
          const [fl, frt] = corners(x, y, hd, fr, dp);
          if (m[1] === "w") { px = (fl[0] + frt[0]) / 2; py = (fl[1] + frt[1]) / 2; cost += (tv.wheel_factor || 2) * Math.abs(rad(a)) * fr / 2; }
          else { [px, py] = m[1] === "pl" ? fl : frt; cost += Math.abs(rad(a)) * fr; }
        } else cost += Math.abs(rad(a)) * fr;
        const r = rad(a), cx = x - px, cy = y - py;
        x = px + cx * Math.cos(r) - cy * Math.sin(r); y = py + cx * Math.sin(r) + cy * Math.cos(r); hd += a;
        continue;
      }
      m = raw.trim().match(/^t(90|-90|180)$/);
      if (m && !turned) {
        turned = true;
        const a = Number(m[1]);
        if (Math.abs(a) === 90 && p.figures) {
          const ranks = Math.max(1, Math.ceil(p.figures / files));
          files = ranks; fr = files * pitch[0]; dp = Math.max(1, Math.ceil(p.figures / files)) * pitch[1];
        }
        hd += a;
      }
    }
    return { x, y, heading: hd, frontage: fr, depth: dp, cost };
  }

  // the path that takes a piece from its pose to (x, y, heading): straight to where a wheel
  // about the front edge's centre ends on the pose asked for, then the wheel
  function pathTo(p, x, y, hd) {
    const turn = norm(hd - p.heading);
    const d2 = p.depth / 2;
    const px = x + Math.cos(rad(hd)) * d2 - Math.cos(rad(p.heading)) * d2;
    const py = y + Math.sin(rad(hd)) * d2 - Math.sin(rad(p.heading)) * d2;
    const dx = px - p.x, dy = py - p.y, dist = Math.hypot(dx, dy), steps = [];
    if (dist >= 0.01) steps.push(`m${fmt(norm(Math.atan2(dy, dx) * 180 / Math.PI - p.heading))}:${fmt(dist)}`);
    if (Math.abs(turn) >= 0.01) steps.push(`w${fmt(turn)}`);
    return steps.join(",");
  }

  // ----- loading the table -----------------------------------------------------------------------
  async function load(map) {
    T.map = map.table;
    T.W = T.map.width; T.H = T.map.height;
    document.body.dataset.board = "table";
    const text = await (await fetch(`/api/games/${K.GAME}/map.svg`)).text();
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const k = 1 / (T.map.picture_scale || 6);
    const bg = el("g", { id: "tbg", transform: `scale(${k})` }, $("#maplayer"));
    for (const child of Array.from(doc.documentElement.childNodes)) {
      if (child.nodeType === 1 && child.tagName !== "title") bg.appendChild(document.importNode(child, true));
    }
    // the picture's own title (the page has it in its top bar)
    const title = doc.querySelector("title");
    if (title) for (const t of bg.querySelectorAll("text")) if (t.textContent === title.textContent) t.remove();
    const vp = $("#viewport");
    const defs = el("defs", {}, svg());
    const pat = el("pattern", { id: "thatch", width: 0.8, height: 0.8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 0.8, stroke: "#1a1a1a", "stroke-width": 0.22 }, pat);
    for (const id of ["tgates", "tfires", "tarc", "tghosts", "tpieces", "tover"]) el("g", { id }, vp);
    setupInput();
    fit();
    window.addEventListener("resize", fit);
  }

  // ----- zoom and pan ------------------------------------------------------------------------------
  function setVB() {
    svg().setAttribute("viewBox", T.vb.map((v) => v.toFixed(2)).join(" "));
    const k = pxPerInch();
    document.body.dataset.zoom = k.toFixed(2);
    svg().classList.toggle("t-far", k < 9);
  }
  function pxPerInch() { const b = svg().getBoundingClientRect(); return b.width / Math.max(T.vb[2], 1e-6); }
  function fit() {
    const b = svg().getBoundingClientRect(), ar = b.width / Math.max(b.height, 1), w = T.W, hh = T.H;
    T.vb = ar > w / hh ? [-(hh * ar - w) / 2, 0, hh * ar, hh] : [0, -(w / ar - hh) / 2, w, w / ar];
    setVB();
    if (T.st) draw(T.st);
  }
  function zoom(f, cx = null, cy = null) {
    const [x, y, w, hh] = T.vb;
    if (cx === null) { cx = x + w / 2; cy = y + hh / 2; }
    const nw = Math.min(Math.max(w * f, 8), T.W * 3), k = nw / w;
    T.vb = [cx - (cx - x) * k, cy - (cy - y) * k, w * k, hh * k];
    setVB();
    if (T.st) draw(T.st);   // labels keep a readable size
  }
  // a pointer event's place on the table, in inches (y up)
  function toTable(ev) {
    const b = svg().getBoundingClientRect(), [x, y, w, hh] = T.vb;
    const X = x + (ev.clientX - b.left) / b.width * w, Y = y + (ev.clientY - b.top) / b.height * hh;
    return [X, T.H - Y];
  }

  // a piece selected at a far zoom: come closer, so its moves and their outlines read well
  function closeIn(id) {
    const pc = T.pieces[id];
    if (!pc || pxPerInch() >= 11) return;
    const [x, y] = pc.kind === "leader" ? leaderAt(pc.p, T.view || {}) : [pc.p.x, pc.p.y];
    const b = svg().getBoundingClientRect(), w = b.width / 14, hh = w * b.height / Math.max(b.width, 1);
    T.vb = [x - w / 2, sy(y) - hh / 2, w, hh];
    setVB();
  }

  // ----- reading the state --------------------------------------------------------------------------
  function pieceIndex(v) {
    const m = {};
    for (const u of v.units || []) m[u.id] = { kind: "unit", p: u };
    for (const e of v.engines || []) m[e.id] = { kind: "engine", p: e };
    for (const l of v.leaders || []) m[l.id] = { kind: "leader", p: l };
    return m;
  }
  function actorOf(a) { for (const f of ACTOR_FIELDS) if (typeof a[f] === "string" && T.pieces[a[f]]) return [f, a[f]]; return [null, null]; }
  // an action's parts: its actor, the pieces it names besides (targets), a point, a path
  function partsOf(a, actor) {
    const out = { targets: [], point: null, path: null };
    for (const [k, v] of Object.entries(a)) {
      if (k === "type") continue;
      if (typeof v === "string" && T.pieces[v] && v !== actor) out.targets.push(v);
    }
    if (typeof a.x === "number" && typeof a.y === "number") out.point = [a.x, a.y];
    if (typeof a.path === "string") out.path = a.path;
    return out;
  }
  function selects(st) {
    const m = new Map();
    const mine = K.mine(st);
    if (!mine) return m;
    for (const a of mine.legal) if (a.type === "select") { const id = a.actor || a.unit || a.engine || a.leader; if (id) m.set(id, a); }
    return m;
  }
  // the actor whose actions are shown: the page's free selection, or the engine's own
  function currentMenu(st) {
    const mine = K.mine(st);
    if (!mine) { T.sel = null; return null; }
    if (T.sel && T.sel.version !== st.version) T.sel = null;
    if (T.sel) return { actor: T.sel.actor, acts: T.sel.then, labels: T.sel.labels || [], selection: T.sel.action };
    const v = st.view;
    if (v.selected && T.pieces[v.selected]) return { actor: v.selected, acts: mine.legal, labels: mine.labels || [], selection: null };
    return null;
  }
  // a path in words: "3″ ahead", "wheel 15° left, then 4.5″ ahead", "about face"
  function pathWords(path) {
    const side = (v) => (v > 0 ? "left" : "right");
    return String(path).split(",").map((raw) => {
      let m = raw.match(/^m(-?[\d.]+):([\d.]+)$/);
      if (m) {
        const b = Number(m[1]), d = `${m[2]}″`;
        if (b === 0) return `${d} ahead`;
        if (Math.abs(b) >= 135) return `${d} back`;
        if (Math.abs(b) >= 45) return `${d} sideways ${side(b)}`;
        return `${d} oblique ${side(b)} (${Math.abs(b)}°)`;
      }
      m = raw.match(/^(w|pl|pr)(-?[\d.]+)$/);
      if (m) return `${m[1] === "w" ? "wheel" : "pivot"} ${Math.abs(Number(m[2]))}° ${side(Number(m[2]))}`;
      return { t180: "about face", t90: "turn left", "t-90": "turn right" }[raw] || raw;
    }).join(", then ");
  }
  function labelOf(menu, a, st) {
    if (a.type === "move" && typeof a.path === "string" && menu && (a.unit === menu.actor || a.engine === menu.actor)) {
      // the leaders it takes along [MT §7.1.7]: two moves along one path differ by them alone
      const along = typeof a.leaders === "string" && a.leaders
        ? " with " + a.leaders.split(",").map((id) => (T.pieces[id] && T.pieces[id].p.name) || id).join(" and ") : "";
      return `move ${pathWords(a.path)}${along}`;
    }
    if (menu) { const i = menu.acts.indexOf(a); if (i >= 0 && menu.labels[i]) return menu.labels[i]; }
    const mine = K.mine(st);
    if (mine) { const i = mine.legal.indexOf(a); if (i >= 0 && (mine.labels || [])[i]) return mine.labels[i]; }
    return a.type.replace(/_/g, " ") + Object.entries(a).filter(([k]) => k !== "type").map(([k, v]) => ` ${k} ${v}`).join("");
  }
  // a unit's drag: a move of the selected unit (in a Round) or its place (in the set-up)
  function dragKind(st, id) {
    const mine = K.mine(st), v = st.view, pc = T.pieces[id];
    if (!mine || !pc || pc.kind !== "unit") return null;
    if (String(v.phase || "").startsWith("deploy") && pc.p.side === v.to_act) return "place";
    const menu = currentMenu(st);
    if (menu && menu.actor === id && menu.acts.some((a) => a.type === "move" && a.unit === id)) return "move";
    return null;
  }

  // ----- drawing -------------------------------------------------------------------------------------
  function render(st) {
    T.st = st;
    T.view = st.view;
    T.pieces = pieceIndex(st.view);
    drawTracks(st);
    draw(st);
    drawPanel(st);
    drawStatus(st);
  }

  function draw(st) {
    const v = st.view, k = pxPerInch(), sels = selects(st), menu = currentMenu(st);
    T.menu = menu;
    const fs = (px) => px / k;                         // a size in screen pixels, in inches
    // gates, by state
    const gl = $("#tgates");
    gl.replaceChildren();
    for (const [gid, poly] of Object.entries(T.map.gates || {})) {
      const g = (v.gates || {})[gid] || {};
      el("polygon", { points: pts(poly), class: `gate ${g.state || "intact"}`, fill: GATE_FILL[g.state] || GATE_FILL.intact, stroke: g.controller === "dark-lord" ? "#5a0000" : "#000", "stroke-width": 1.2, "vector-effect": "non-scaling-stroke", "data-gate": gid },
        gl).appendChild(el("title", { text: `${gid}: ${g.state || "intact"}, held by ${g.controller || "?"}` }));
    }
    // fires
    const fl = $("#tfires");
    fl.replaceChildren();
    for (const f of v.fires || []) {
      const s = f.size || 3;
      el("rect", { x: f.x - s / 2, y: sy(f.y) - s / 2, width: s, height: s, class: "fire", fill: "#ff8a1a", "fill-opacity": 0.85, stroke: "#b23000", "stroke-width": 1.5, "vector-effect": "non-scaling-stroke" }, fl)
        .appendChild(el("title", { text: `fire at ${fmt(f.x)}, ${fmt(f.y)}` }));
    }
    // pieces
    const layer = $("#tpieces");
    layer.replaceChildren();
    const targets = new Map();
    if (menu) for (const a of menu.acts) for (const t of partsOf(a, menu.actor).targets) { if (!targets.has(t)) targets.set(t, []); targets.get(t).push(a); }
    T.targets = targets;
    const flags = (id) => (sels.has(id) ? " actable" : "") + (menu && menu.actor === id ? " selected" : "") + (targets.has(id) ? " target" : "");
    for (const e of v.engines || []) drawEngine(e, layer, flags(e.id), fs);
    for (const u of v.units || []) if (!u.embarked) drawUnit(u, layer, flags(u.id), fs, v);
    for (const l of v.leaders || []) drawLeader(l, layer, flags(l.id), fs, v);
    drawGhosts(st, menu, fs);
    drawOver(st, fs);
  }

  function drawUnit(u, layer, flags, fs, v) {
    const cs = corners(u.x, u.y, u.heading, u.frontage, u.depth);
    const fill = CONTINGENT[u.contingent] || SIDE_FILL[u.side] || "#777";
    const g = el("g", { class: "tpiece unit" + flags + (u.organized ? "" : " disorganized") + (u.acted ? " acted" : ""), "data-piece": u.id, "data-unit": u.id }, layer);
    el("title", { text: `${u.name} [${u.id}] ${u.figures} figures${u.organized ? "" : ", disorganized"}` }, g);
    el("polygon", { points: pts(cs), class: "body", fill: u.organized ? fill : grey(fill), stroke: SIDE_EDGE[u.side] || "#000" }, g);
    if (!u.organized) el("polygon", { points: pts(cs), fill: "url(#thatch)", class: "hatch" }, g);
    el("line", { x1: cs[0][0], y1: sy(cs[0][1]), x2: cs[1][0], y2: sy(cs[1][1]), class: "front", stroke: FRONT[u.side] || "#fff" }, g);
    // the bow mark of a missile unit: filled when loaded, hollow when not [MT §7.4]
    if (missile(u) || u.archers) {
      const loaded = u.loaded !== false;
      const r = Math.min(0.45, u.depth / 3, u.frontage / 6), c = lerp(cs[3], [u.x, u.y], 0.25);
      el("circle", { cx: c[0], cy: sy(c[1]), r, class: "bow " + (loaded ? "loaded" : "unloaded") }, g)
        .appendChild(el("title", { text: loaded ? "missiles loaded" : "unloaded: must reload [MT §7.4]" }));
    }
    // id and figures along the unit's long side (a column's runs front to back), never upside
    // down, sized to the unit but kept readable
    const label = `${u.id} ${u.figures}`;
    const deep = u.depth > u.frontage * 1.15, long = deep ? u.depth : u.frontage, short = deep ? u.frontage : u.depth;
    const fit = Math.min(short * 0.8, long / (label.length * 0.62));
    const size = Math.max(Math.min(fit, fs(15)), fs(9));
    let ang = ((deep ? u.heading : u.heading - 90) % 360 + 360) % 360;
    if (ang > 90 && ang <= 270) ang -= 180;
    if (Math.abs(ang) < 12) ang = 0;    // nearly level: level
    el("text", { x: u.x, y: sy(u.y), transform: ang ? `rotate(${(-ang).toFixed(1)} ${u.x.toFixed(2)} ${sy(u.y).toFixed(2)})` : null,
      class: "tlabel" + (size > long / (label.length * 0.62) * 1.05 ? " outside" : ""), "font-size": size.toFixed(3), "stroke-width": (size * 0.22).toFixed(3), text: label }, g);
  }

  function drawEngine(e, layer, flags, fs) {
    const cs = corners(e.x, e.y, e.heading, e.w, e.d), ink = ENGINE_INK[e.side] || "#000";
    const g = el("g", { class: "tpiece engine" + flags, "data-piece": e.id, "data-engine": e.id }, layer);
    el("title", { text: `${e.name} [${e.id}]${e.loaded === false ? ", unloaded" : ""}${(e.aboard || []).length ? ", aboard: " + e.aboard.join(", ") : ""}` }, g);
    el("polygon", { points: pts(cs), class: "body", fill: "#ffffff", "fill-opacity": 0.55, stroke: ink }, g);
    el("line", { x1: cs[0][0], y1: sy(cs[0][1]), x2: cs[1][0], y2: sy(cs[1][1]), class: "front", stroke: ink }, g);
    const label = `${KIND_TEXT[e.kind] || e.kind} ${e.id.replace(/^E-/, "")}`;
    const size = Math.max(Math.min(e.d * 0.45, e.w / (label.length * 0.6), fs(13)), fs(8));
    el("text", { x: e.x, y: sy(e.y), class: "tlabel engine-label", "font-size": size.toFixed(3), "stroke-width": (size * 0.22).toFixed(3), style: `fill:${ink}`, text: label }, g);
  }

  function leaderAt(l, v) {
    const host = (v.units || []).find((u) => u.id === l.attached_to) || (v.engines || []).find((e) => e.id === l.attached_to);
    if (host) {   // just behind the rear-left corner of the unit he is with, clear of its label
      const cs = corners(host.x, host.y, host.heading, host.frontage ?? host.w, host.depth ?? host.d);
      const b = rad(host.heading + 180), r = 0.9;
      return [cs[3][0] + Math.cos(b) * r, cs[3][1] + Math.sin(b) * r];
    }
    // standing on a unit (leading it): drawn just behind its rear-left corner, clear of its label
    for (const u of v.units || []) {
      const dx = l.x - u.x, dy = l.y - u.y, c = Math.cos(rad(u.heading)), s = Math.sin(rad(u.heading));
      if (Math.abs(dx * c + dy * s) <= u.depth / 2 && Math.abs(-dx * s + dy * c) <= u.frontage / 2) {
        const cs = corners(u.x, u.y, u.heading, u.frontage, u.depth), b = rad(u.heading + 180);
        return [cs[3][0] + Math.cos(b) * 0.9, cs[3][1] + Math.sin(b) * 0.9];
      }
    }
    return [l.x, l.y];
  }
  function drawLeader(l, layer, flags, fs, v) {
    const [x, y] = leaderAt(l, v);
    const g = el("g", { class: "tpiece leader" + flags + (l.out_of_action ? " out" : ""), "data-piece": l.id, "data-leader": l.id }, layer);
    el("title", { text: `${l.name} (CL ${l.cl}, CF ${l.cf}, CS ${l.cs})${l.attached_to ? ", with " + l.attached_to : ""}${l.out_of_action ? ", out of action" : ""}` }, g);
    const west = l.side === "west", r = Math.max(0.7, fs(7));
    if (l.mount === "fell_beast") el("circle", { cx: x, cy: sy(y), r: r * 1.4, class: "ring", fill: "none", stroke: west ? "#16337a" : "#d01010" }, g);
    el("circle", { cx: x, cy: sy(y), r, class: "body", fill: west ? "#ffffff" : "#111111", stroke: west ? "#16337a" : "#d01010" }, g);
    el("text", { x, y: sy(y), class: "tlabel leader-label", "font-size": (r * 1.05).toFixed(3), style: `fill:${west ? "#16337a" : "#ffffff"}`, text: initials(l.name) }, g);
  }

  // the selected actor's actions on the table: where each move ends (an outline to click),
  // points (a catapult's aim), and its targets (outlined in red, by the pieces themselves)
  function drawGhosts(st, menu, fs) {
    const gl = $("#tghosts");
    gl.replaceChildren();
    if (!menu) return;
    const pc = T.pieces[menu.actor];
    if (!pc) return;
    for (const a of menu.acts) {
      const p = partsOf(a, menu.actor);
      if (p.path && (a.unit === menu.actor || a.engine === menu.actor)) {
        const eng = pc.kind === "engine";
        const base = eng ? { x: pc.p.x, y: pc.p.y, heading: pc.p.heading, frontage: pc.p.w, depth: pc.p.d } : pc.p;
        const e = trace(base, p.path, eng), cs = corners(e.x, e.y, e.heading, e.frontage, e.depth);
        const g = el("g", { class: "ghost move", "data-path": p.path, "data-action": JSON.stringify(a) }, gl);
        el("title", { text: labelOf(menu, a, st) }, g);
        el("polygon", { points: pts(cs), class: "outline" }, g);
        el("line", { x1: cs[0][0], y1: sy(cs[0][1]), x2: cs[1][0], y2: sy(cs[1][1]), class: "gfront" }, g);
        // its front edge, widened, is where a click takes it
        el("line", { x1: cs[0][0], y1: sy(cs[0][1]), x2: cs[1][0], y2: sy(cs[1][1]), class: "ghit" }, g);
      } else if (p.point) {
        const r = Math.max(0.6, fs(6));
        const g = el("g", { class: "ghost point", "data-action": JSON.stringify(a) }, gl);
        el("title", { text: labelOf(menu, a, st) }, g);
        el("circle", { cx: p.point[0], cy: sy(p.point[1]), r, class: "aim" }, g);
        el("line", { x1: p.point[0] - r * 1.6, y1: sy(p.point[1]), x2: p.point[0] + r * 1.6, y2: sy(p.point[1]), class: "aim" }, g);
        el("line", { x1: p.point[0], y1: sy(p.point[1]) - r * 1.6, x2: p.point[0], y2: sy(p.point[1]) + r * 1.6, class: "aim" }, g);
      }
    }
  }

  // the live overlay: the drag's ghost, its ruler and the rotation handle
  function drawOver(st, fs) {
    const o = $("#tover");
    o.replaceChildren();
    const d = T.drag;
    const menu = T.menu;
    const selId = d && (d.kind === "move" || d.kind === "place" || d.kind === "rotate") ? d.id : (menu ? menu.actor : null);
    const pc = selId ? T.pieces[selId] : null;
    if (!pc || pc.kind !== "unit") return;
    const u = pc.p, kind = d ? d.mode : dragKind(st, u.id);
    if (!kind) return;
    const pose = d && d.pose ? d.pose : { x: u.x, y: u.y, heading: u.heading };
    if (d && d.pose) {
      const cs = corners(pose.x, pose.y, pose.heading, u.frontage, u.depth);
      const pv = T.preview.last && T.preview.last.key === d.key ? T.preview.last.r : null;
      const bad = pv && pv.legal === false;
      el("polygon", { points: pts(cs), class: "dragghost" + (bad ? " bad" : "") }, o);
      el("line", { x1: cs[0][0], y1: sy(cs[0][1]), x2: cs[1][0], y2: sy(cs[1][1]), class: "gfront" }, o);
      el("line", { x1: u.x, y1: sy(u.y), x2: pose.x, y2: sy(pose.y), class: "ruler" }, o);
      const dist = Math.hypot(pose.x - u.x, pose.y - u.y), turn = norm(pose.heading - u.heading);
      let txt = `${dist.toFixed(1)}″` + (Math.abs(turn) >= 0.5 ? ` · turn ${Math.round(turn)}°` : "");
      if (d.mode === "move") {
        if (pv && pv.cost !== null && pv.cost !== undefined) txt += ` · costs ${pv.cost.toFixed(1)}″ of ${fmt(pv.allowance)}″`;
        else if (pv && pv.allowance !== undefined) txt += ` · allowance ${fmt(pv.allowance)}″`;
        else txt += ` · ≈${trace(u, pathTo(u, pose.x, pose.y, pose.heading)).cost.toFixed(1)}″`;
      }
      const size = fs(13);
      const t = el("text", { x: (u.x + pose.x) / 2, y: sy((u.y + pose.y) / 2) - size * 0.9, class: "rulertext" + (bad ? " bad" : ""), "font-size": size.toFixed(3), "stroke-width": (size * 0.25).toFixed(3), text: txt }, o);
      t.id = "ruler-text";
      if (bad && pv.why) {
        const w = el("text", { x: (u.x + pose.x) / 2, y: sy((u.y + pose.y) / 2) + size * 1.3, class: "rulertext bad why", "font-size": (size * 0.85).toFixed(3), "stroke-width": (size * 0.22).toFixed(3), text: pv.why.replace(/^illegal: /, "") }, o);
        w.id = "ruler-why";
      }
    }
    // the rotation handle, ahead of the front edge
    const [fl, frt] = corners(pose.x, pose.y, pose.heading, u.frontage, u.depth);
    const mx = (fl[0] + frt[0]) / 2, my = (fl[1] + frt[1]) / 2, reach = Math.max(1.5, fs(22));
    const hx = mx + Math.cos(rad(pose.heading)) * reach, hy = my + Math.sin(rad(pose.heading)) * reach;
    el("line", { x1: mx, y1: sy(my), x2: hx, y2: sy(hy), class: "handle-stem" }, o);
    const hnd = el("circle", { cx: hx, cy: sy(hy), r: Math.max(0.45, fs(7)), class: "handle", "data-handle": u.id }, o);
    el("title", { text: "drag to turn (a wheel about the front edge's centre); while dragging the unit, the mouse wheel turns it" }, hnd);
  }

  // what a piece is, under the pointer: a tooltip, its front arc [MT §7.2] and, for missile
  // troops, their range [MT §8.5]
  function drawHover(id, ev) {
    const box = $("#hover"), arc = $("#tarc");
    arc.replaceChildren();
    const pc = id ? T.pieces[id] : null;
    if (!pc) { box.style.display = "none"; return; }
    const p = pc.p;
    let html = "";
    if (pc.kind === "unit") {
      const rng = range(p);
      html = `<b>${esc(p.name)}</b> [${esc(p.id)}] <small>${esc(p.side)} · ${esc(p.contingent)}</small>` +
        `<div class="vals">${esc(p.type)} · ${p.figures} figures, ${p.files}×${p.ranks} (${fmt(p.frontage)}″×${fmt(p.depth)}″) · ${esc(p.order)} order, ${esc(p.formation)}</div>` +
        `<div class="vals">morale ${esc(p.morale)} · drill ${esc(p.drill)} · ${esc((p.weapons || []).join(", "))}${rng ? ` (range ${fmt(rng)}″)` : ""}</div>` +
        `<div>${esc(p.sector || "")}${p.organized ? "" : ' · <span class="facts">disorganized</span>'}${missile(p) || p.archers ? (p.loaded === false ? ' · <span class="facts">unloaded</span>' : " · loaded") : ""}${p.acted ? " · has acted on this card" : ""}${p.attached_engine ? ` · with ${esc(p.attached_engine)}` : ""}</div>`;
      drawArc(p, rng || 0, arc);
    } else if (pc.kind === "engine") {
      html = `<b>${esc(p.name)}</b> [${esc(p.id)}] <small>${esc(p.side)}</small><div>${esc(p.kind.replace(/_/g, " "))}${p.loaded === false ? ", unloaded" : ""}${p.docked ? ", docked" : ""}${(p.aboard || []).length ? ", aboard: " + esc(p.aboard.join(", ")) : ""}</div>`;
    } else {
      html = `<b>${esc(p.name)}</b> <small>${esc(p.side)}</small><div class="vals">CL ${p.cl} · CF ${p.cf} · CS ${p.cs} · ${esc(p.mount || "foot")}</div>${p.attached_to ? `<div>with ${esc(p.attached_to)}</div>` : ""}${p.out_of_action ? '<div class="facts">out of action</div>' : ""}`;
    }
    box.innerHTML = html;
    box.style.display = "block";
    const wrap = $("#board-wrap").getBoundingClientRect();
    let x = ev.clientX - wrap.left + 18, y = ev.clientY - wrap.top + 18;
    if (x + box.offsetWidth > wrap.width - 4) x = Math.max(4, ev.clientX - wrap.left - box.offsetWidth - 18);
    if (y + box.offsetHeight > wrap.height - 4) y = Math.max(4, wrap.height - box.offsetHeight - 4);
    Object.assign(box.style, { left: `${x}px`, top: `${y}px`, right: "auto", bottom: "auto" });
  }
  // the front arc: ahead of the front edge, between rays at 45° from its corners [MT §7.2],
  // drawn out to the unit's range (or 12″)
  function drawArc(u, rng, layer) {
    const R = rng || 12, [fl, fr] = corners(u.x, u.y, u.heading, u.frontage, u.depth), hd = u.heading;
    const P = [fr];
    const arcAt = (c, a0, a1) => { for (let i = 0; i <= 8; i++) { const a = rad(a0 + (a1 - a0) * i / 8); P.push([c[0] + R * Math.cos(a), c[1] + R * Math.sin(a)]); } };
    arcAt(fr, hd - 45, hd);
    arcAt(fl, hd, hd + 45);
    P.push(fl);
    el("polygon", { points: pts(P), class: "arc" + (rng ? " range" : "") }, layer);
  }

  // ----- input ---------------------------------------------------------------------------------------
  function setupInput() {
    const s = svg();
    s.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      if (T.drag && T.drag.pose && T.drag.mode !== "rotate") {   // while dragging a unit: turn it
        T.drag.pose.heading += ev.deltaY > 0 ? -5 : 5;
        T.drag.key = keyOfDrag(T.drag);
        schedulePreview();
        drawOver(T.st, (px) => px / pxPerInch());
        return;
      }
      const [mx, my] = toTable(ev);
      zoom(ev.deltaY > 0 ? 1.15 : 1 / 1.15, mx, T.H - my);
    }, { passive: false });
    s.addEventListener("pointerdown", (ev) => {
      if (ev.button !== 0) return;
      const st = T.st;
      const hnd = ev.target.closest("[data-handle]");
      const piece = ev.target.closest("[data-piece]");
      const [x, y] = toTable(ev);
      if (hnd && st) {
        const u = T.pieces[hnd.dataset.handle].p;
        T.drag = { id: u.id, mode: dragKind(st, u.id), kind: "rotate", start: [x, y], pose: { x: u.x, y: u.y, heading: u.heading }, moved: false };
      } else if (piece && st && dragKind(st, piece.dataset.piece)) {
        const u = T.pieces[piece.dataset.piece].p;
        T.drag = { id: u.id, mode: dragKind(st, u.id), kind: T.drag && T.drag.id === u.id ? "move" : "move", start: [x, y], pose: null, from: { x: u.x, y: u.y }, moved: false };
      } else {
        T.drag = { kind: "pan", sx: ev.clientX, sy: ev.clientY, vb: T.vb.slice(), moved: false, target: ev.target };
      }
      s.setPointerCapture(ev.pointerId);
    });
    s.addEventListener("pointermove", (ev) => {
      const d = T.drag;
      if (d && (ev.buttons & 1)) {
        if (d.kind === "pan") {
          const dx = ev.clientX - d.sx, dy = ev.clientY - d.sy;
          if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
          if (d.moved) {
            const b = s.getBoundingClientRect();
            T.vb = [d.vb[0] - dx / b.width * d.vb[2], d.vb[1] - dy / b.height * d.vb[3], d.vb[2], d.vb[3]];
            setVB();
          }
          return;
        }
        const [x, y] = toTable(ev), u = T.pieces[d.id].p;
        if (d.kind === "rotate") {
          // a wheel about the front edge's centre, toward the pointer, in steps of 5°
          const [fl, fr] = corners(u.x, u.y, u.heading, u.frontage, u.depth), mx = (fl[0] + fr[0]) / 2, my = (fl[1] + fr[1]) / 2;
          const want = Math.round(Math.atan2(y - my, x - mx) * 180 / Math.PI / 5) * 5;
          const turn = norm(want - u.heading), hd = u.heading + turn;
          d.pose = { x: mx - Math.cos(rad(hd)) * u.depth / 2, y: my - Math.sin(rad(hd)) * u.depth / 2, heading: hd };
          d.moved = Math.abs(turn) > 0.5;
        } else {
          const dx = x - d.start[0], dy = y - d.start[1];
          if (Math.hypot(dx, dy) * pxPerInch() > 4) d.moved = true;
          if (!d.moved) return;
          const hd = d.pose ? d.pose.heading : u.heading;
          d.pose = { x: Math.round((d.from.x + dx) * 10) / 10, y: Math.round((d.from.y + dy) * 10) / 10, heading: hd };
        }
        const key = keyOfDrag(d);
        if (key !== d.key) { d.key = key; schedulePreview(); }
        document.body.dataset.dragging = d.id;
        drawOver(T.st, (px) => px / pxPerInch());
        $("#hover").style.display = "none";
        $("#tarc").replaceChildren();
        return;
      }
      const piece = ev.target.closest ? ev.target.closest("[data-piece]") : null;
      drawHover(piece ? piece.dataset.piece : null, ev);
    });
    const up = (ev) => {
      const d = T.drag;
      T.drag = null;
      delete document.body.dataset.dragging;
      if (!d) return;
      if (d.kind === "pan") { if (!d.moved) click(d.target, ev); return; }
      if (!d.moved || !d.pose) { drawOver(T.st, (px) => px / pxPerInch()); if (d.kind !== "rotate") click(ev.target, ev); return; }
      finishDrag(d);
    };
    s.addEventListener("pointerup", up);
    s.addEventListener("pointercancel", () => { T.drag = null; if (T.st) drawOver(T.st, (px) => px / pxPerInch()); });
    s.addEventListener("pointerleave", () => { $("#hover").style.display = "none"; $("#tarc").replaceChildren(); });
    $("#zoom-in").onclick = () => zoom(1 / 1.3);
    $("#zoom-out").onclick = () => zoom(1.3);
    $("#zoom-fit").onclick = fit;
    document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && T.sel) { T.sel = null; K.render(); } });
  }
  function keyOfDrag(d) { return d.pose ? `${d.id}|${d.pose.x.toFixed(2)}|${d.pose.y.toFixed(2)}|${d.pose.heading.toFixed(1)}` : ""; }
  function dragAction(d) {
    const u = T.pieces[d.id].p;
    if (d.mode === "place") return { type: "place", unit: u.id, x: Math.round(d.pose.x * 100) / 100, y: Math.round(d.pose.y * 100) / 100, heading: Math.round(norm(d.pose.heading) * 100) / 100 };
    return { type: "move", unit: u.id, path: pathTo(u, d.pose.x, d.pose.y, d.pose.heading) };
  }
  // the engine's preview of the dragged move: its cost, the allowance, or why not (throttled:
  // one request at a time, the latest pose next)
  function schedulePreview() {
    const P = T.preview;
    if (P.busy) { P.dirty = true; return; }
    const d = T.drag;
    if (!d || !d.pose || d.mode !== "move") return;
    const st = K.mine(T.st);
    if (!st) return;
    const key = d.key, a = dragAction(d), menu = T.menu;
    P.busy = true;
    const body = { action: a };
    if (menu && menu.selection) body.selection = menu.selection;
    api(`/api/games/${K.GAME}/preview`, { method: "POST", body: JSON.stringify(body) }, K.tokenFor(st))
      .then((r) => { if (r && r.preview) P.last = { key, r: r.preview }; })
      .catch(() => {})
      .finally(() => {
        P.busy = false;
        if (T.drag) drawOver(T.st, (px) => px / pxPerInch());
        if (P.dirty) { P.dirty = false; schedulePreview(); }
      });
  }
  function finishDrag(d) {
    const a = dragAction(d);
    if (d.mode === "place") { K.act(a, null); return; }
    send(a, T.menu);
  }
  function send(a, menu) {
    if (menu && menu.selection) { const sel = menu.selection; T.sel = null; K.act(a, sel); }
    else K.act(a, null);
  }

  // a click on the table: a piece (select it, or act on it as a target), a point (a catapult's
  // aim, a leader's move), or nothing (drop a free selection)
  function click(target, ev) {
    const st = T.st;
    if (!st) return;
    const mine = K.mine(st);
    const piece = target && target.closest ? target.closest("[data-piece]") : null;
    const id = piece ? piece.dataset.piece : null;
    const menu = currentMenu(st), sels = selects(st);
    if (!mine) return;
    const ghost = target && target.closest ? target.closest(".ghost[data-action]") : null;
    if (ghost && menu) { send(JSON.parse(ghost.dataset.action), menu); return; }
    if (id && menu && T.targets && T.targets.has(id) && id !== menu.actor) { pickAmong(T.targets.get(id), menu, st); return; }
    if (id && menu && id === menu.actor) { if (T.sel) { T.sel = null; K.render(); } return; }
    if (id && sels.has(id) && !(menu && !T.sel)) { select(sels.get(id), id); return; }
    if (menu) {
      const [x, y] = toTable(ev);
      const pointy = menu.acts.find((a) => typeof a.x === "number" && typeof a.y === "number");
      if (pointy && !id) {   // any point: the engine says whether it may
        const [f, who] = actorOf(pointy);
        send({ type: pointy.type, [f]: who, x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 }, menu);
        return;
      }
      if (T.sel && !id) { T.sel = null; K.render(); }
      return;
    }
    if (id && !sels.has(id) && !String(st.view.phase || "").startsWith("deploy")) {
      // not a piece that may act: ask anyway, so the refusal names its rule
      K.act({ type: "select", actor: id }, null);
    }
  }
  function pickAmong(acts, menu, st) {
    if (acts.length === 1) { send(acts[0], menu); return; }
    const box = $("#chooser-body");
    box.replaceChildren();
    for (const a of acts) { const b = h("button", { class: "act " + a.type, "data-action": JSON.stringify(a), text: labelOf(menu, a, st) }, box); b.onclick = () => { $("#chooser").hidden = true; send(a, menu); }; }
    $("#chooser").hidden = false;
  }
  // selecting: what the piece may do, asked of the engine on a copy (free); a selection that
  // rolls a die (a random move rate) is played instead
  async function select(a, id) {
    const st = K.mine(T.st);
    if (!st || S.busy) return;
    let r = null;
    try {
      r = await api(`/api/games/${K.GAME}/preview`, { method: "POST", body: JSON.stringify({ action: a }) }, K.tokenFor(st));
    } catch (e) { K.showError(e); return; }
    if (r && Array.isArray(r.then) && K.current() && K.current().version === st.version) {
      T.sel = { action: a, actor: id, then: r.then, labels: r.then_labels || [], version: st.version };
      closeIn(id);
      $("#chooser").hidden = true;
      K.render();
      return;
    }
    await K.act(a, null);
  }

  // ----- the panels ------------------------------------------------------------------------------------
  function drawTracks(st) {
    const v = st.view, tt = $("#turn-track");
    tt.replaceChildren();
    h("span", { class: "lbl", text: "Turn" }, tt);
    for (let t = 1; t <= (v.turns || v.turn || 1); t++) h("span", { class: "box" + (t === v.turn ? " now" : ""), text: t }, tt);
    const who = v.result ? `<b class="result">${esc(K.resultText(v.result))}</b>` : v.to_act ? `<b>${esc(sideName(v.to_act))}</b> to act` : "";
    $("#phase-bar").innerHTML = `<span class="phase">${esc(v.phase_name || v.phase || "")}</span> · ${who}`;
    const dm = $("#dm-track");
    dm.replaceChildren();
    for (const [army, pts_] of Object.entries(v.demoralization || {})) {
      const at = (v.demoralized_at || {})[army] || 0, pct = at ? Math.min(100, 100 * pts_ / at) : 0;
      const c = h("span", { class: "dm" + (at && pts_ >= at ? " demoralized" : ""), title: `${army}: ${pts_} of ${at} demoralization points [MT §9]` }, dm);
      c.innerHTML = `${esc(army)} <span class="bar"><span style="width:${pct}%"></span></span> ${pts_}/${at}`;
    }
  }

  function drawPanel(st) {
    const v = st.view, prompt = $("#prompt"), box = $("#main-actions"), fb = $("#focus-box"), mine = K.mine(st);
    box.replaceChildren();
    fb.replaceChildren();
    $("#all-actions").hidden = true;
    $("#offmap").hidden = true;
    $("#stack").hidden = true;
    const menu = T.menu;
    if (K.REPLAY) prompt.textContent = "Replay: step through the game with the buttons above (or the arrow keys).";
    else if (v.result) prompt.innerHTML = `<b>Game over.</b> ${esc(K.resultText(v.result))}`;
    else if (!mine) {
      const seat = (st.seats || {})[v.to_act];
      prompt.textContent = v.to_act ? `Waiting for ${sideName(v.to_act)}${seat && seat.kind === "ai" ? " (AI)" : ""}…` : "";
    } else {
      const deploying = String(v.phase || "").startsWith("deploy");
      const what = deploying ? "set up: drag your units to adjust them, then say you are done"
        : v.phase === "reaction" ? "a reaction [MT §6.6]"
          : menu ? `choose what ${T.pieces[menu.actor] ? T.pieces[menu.actor].p.name : menu.actor} does`
            : "turn a card, or click a highlighted piece";
      prompt.innerHTML = `<b>${esc(sideName(st.seat))}</b>: ${esc(what)}` + (v.pips !== undefined && !deploying ? ` <span class="pips" title="impetus left">${v.pips} impetus${v.forced_pips ? `, ${v.forced_pips} forced to the arrivals` : ""}</span>` : "");
    }
    if (!mine) return;
    // the decisions that name no piece: a card, the bank, passing, the set-up's end, reactions
    const general = mine.legal.filter((a) => a.type !== "select" && (!menu || !T.sel) && !actorOf(a)[0]);
    general.sort((a, b) => GENERAL_ORDER.indexOf(a.type) - GENERAL_ORDER.indexOf(b.type));
    if (!menu || T.sel) for (const a of general) actionButton(a, null, st, box);
    if (!menu || T.sel) {
      // reactions and other decisions that name a piece but are not selections
      for (const a of mine.legal.filter((x) => x.type !== "select" && actorOf(x)[0])) actionButton(a, null, st, box);
    }
    const sels = selects(st);
    if (sels.size && !(menu && !T.sel)) {
      // folded away while a piece is selected
      const wrap = menu ? h("details", { class: "actors-box" }, fb) : fb;
      h(menu ? "summary" : "div", { class: "hint", text: `${sels.size} piece(s) may act (yellow): click one on the table, or here` }, wrap);
      const row = h("div", { class: "actors" }, wrap);
      for (const [id, a] of sels) {
        const p = T.pieces[id] ? T.pieces[id].p : { name: id };
        const c = h("button", { class: "chip" + (menu && menu.actor === id ? " focus" : " actable"), "data-select": id, text: `${p.name} [${id}]` }, row);
        c.onclick = () => (menu && menu.actor === id ? (T.sel = null, K.render()) : select(a, id));
      }
    }
    if (menu) {
      const p = T.pieces[menu.actor] ? T.pieces[menu.actor].p : { name: menu.actor };
      h("div", { class: "focus-name", text: `Selected: ${p.name} [${menu.actor}]` + (v.rolled && v.rolled[menu.actor] !== undefined ? ` (rolled ${v.rolled[menu.actor]}″)` : "") }, fb);
      const moves = menu.acts.filter((a) => a.type === "move" && a.unit === menu.actor).length;
      h("div", { class: "hint", text: (moves ? "drag the unit to move it (the handle or the mouse wheel turns it), or click a dashed outline; " : "") +
        (T.targets && T.targets.size ? "pieces it can act on are outlined in red; " : "") + (T.sel ? "Esc or a click on it again to drop it" : "the engine holds this selection: choose an action") }, fb);
      const row = h("div", { class: "actions menu" }, fb);
      for (const a of menu.acts) actionButton(a, menu, st, row);
    }
  }
  function actionButton(a, menu, st, parent) {
    const b = h("button", { class: "act " + a.type, "data-action": JSON.stringify(a), text: labelOf(menu, a, st) }, parent);
    b.onclick = () => send(a, menu);
    if (a.path) {
      b.onmouseenter = () => { const g = document.querySelector(`#tghosts [data-path="${CSS.escape(a.path)}"]`); if (g) g.classList.add("hot"); };
      b.onmouseleave = () => document.querySelectorAll("#tghosts .hot").forEach((g) => g.classList.remove("hot"));
    }
    return b;
  }

  function drawStatus(st) {
    const v = st.view, rows = [];
    rows.push(`<div>Turn <b>${esc(v.turn)}</b> of ${esc(v.turns)} · Round <b>${esc(v.round)}</b> · phase pool <b>${esc(v.phase_pool)}</b></div>`);
    if (v.active) rows.push(`<div><b>${esc(sideName(v.active))}</b> has the impetus: <b class="pips">${esc(v.pips)}</b> left${v.forced_pips ? ` (${esc(v.forced_pips)} forced to the arrivals [MT §5.4])` : ""}</div>`);
    const decks = v.decks || {};
    rows.push('<table class="decks"><tr><th></th><th>card</th><th>left</th><th>bank</th><th>spells</th></tr>' +
      Object.entries(decks).map(([s, d]) => `<tr data-side="${esc(s)}"><td><b>${esc(sideName(s))}</b></td><td class="card">${esc(d.current_name || "—")}</td><td>${esc(d.cards_left)}</td><td>${esc(d.bank)}</td><td>${esc(d.spell_points)}</td></tr>`).join("") + "</table>");
    const facts = [];
    if (v.darkness) facts.push("the Darkness holds");
    if (v.great_gate_broken) facts.push("the Great Gate is broken");
    const sc = Object.values(v.sector_control || {}), lost = sc.filter((c) => c === "dark-lord").length;
    if (sc.length) facts.push(`city sectors: ${sc.length - lost} West, ${lost} Dark Lord`);
    if (facts.length) rows.push(`<div class="hint">${esc(facts.join(" · "))}</div>`);
    const seats = st.seats || {};
    if (Object.keys(seats).length) rows.push("<div>Seats: " + Object.entries(seats).map(([s, x]) => `${esc(s)} (${x.kind === "ai" ? "AI " + esc(x.agent || "") : "human"})`).join(", ") + "</div>");
    if (v.result) rows.push(`<div class="result">${esc(K.resultText(v.result))}</div>`);
    $("#status-body").innerHTML = rows.join("");
  }

  // ----- small helpers ------------------------------------------------------------------------------
  function lerp(a, b, t) { return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]; }
  function grey(c) {
    const n = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const g = Math.round(0.3 * n[0] + 0.59 * n[1] + 0.11 * n[2]) / 2 + 70 | 0, x = g.toString(16).padStart(2, "0");
    return `#${x}${x}${x}`;
  }
  function range(u) { let r = 0; for (const w of u.weapons || []) r = Math.max(r, (T.map.ranges || {})[w] || 0); return r; }
  function missile(u) { return range(u) > 0; }
  function initials(name) {
    const raw = String(name || "").replace(/[-_]/g, " ").split(/\s+/).filter(Boolean);
    if (raw.length && /^\d+$/.test(raw[raw.length - 1])) return (raw[0][0].toUpperCase() + raw[raw.length - 1]).slice(0, 3);
    const words = raw.filter((w) => w[0] === w[0].toUpperCase() && /[A-Z]/i.test(w[0]));
    if (!words.length) return String(name || "").slice(0, 2);
    if (words.length === 1) return words[0].slice(0, 2);
    return (words[0][0] + words[words.length - 1][0]).toUpperCase();
  }
  function sideName(s) { return String(s ?? ""); }

  return { load, render };
}

window.RingwarBoards = Object.assign(window.RingwarBoards || {}, { table: createTable });
