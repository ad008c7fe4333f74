// The lobby: create a game (seats human or AI), import a record file, list recent games.
const $ = (s) => document.querySelector(s);
let systems = [];
let levels = [];     // the AI's difficulty levels (GET /api/levels), weakest first

// a notice fixed at the top of the window: the player never has to scroll to find it
function say(text, error = true) {
  const m = $("#message");
  m.textContent = text;
  m.className = "message" + (text ? (error ? " error" : " info") : "");
}

async function api(path, opts = {}) {
  const r = await fetch(path, opts);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || `${r.status} ${r.statusText}`);
  return body;
}

function seatSelect(side, id) {
  return `<label class="seat">${side} <select id="${id}" data-side="${side}">
    <option value="human">human</option>
    ${levels.map((lv) => `<option value="ai:${esc(lv.name)}" title="${esc(lv.description)}">AI: ${esc(lv.title)}</option>`).join("")}
    <option value="ai:heuristic">AI: rules of thumb (instant)</option>
    <option value="ai:mcts">AI: search (plans each turn, thinks)</option>
    <option value="ai:random">AI: random (for testing)</option></select></label>`;
}

function esc(s) { return String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c])); }

// the option's kind, as the server describes it ({type, min, max, choices, nullable}); an older
// description ({default, doc}) is read from the default's type
function optType(o) {
  if (o.type) return o.type;
  if (typeof o.default === "boolean") return "bool";
  if (typeof o.default === "number") return Number.isInteger(o.default) ? "int" : "float";
  if (typeof o.default === "string") return "str";
  return "int";
}

// one control per option that lets through only the values it accepts: a checkbox, a number
// within its bounds, a list of its choices
function optionControl(k, o) {
  const id = `opt-${k}`, type = optType(o), doc = esc((o.doc || "") + (o.accepts && type !== "bool" ? ` (accepts ${o.accepts})` : ""));
  const nullable = o.nullable || o.default === null;
  if (type === "bool" && !nullable)
    return `<label class="opt" title="${doc}"><input type="checkbox" id="${id}" data-opt="${k}" data-type="bool" ${o.default ? "checked" : ""}> ${esc(k)}<small>${doc}</small></label>`;
  if (Array.isArray(o.choices) && o.choices.length || type === "bool") {
    const choices = Array.isArray(o.choices) && o.choices.length ? o.choices : [true, false];
    const opts = (nullable ? [`<option value="" ${o.default === null ? "selected" : ""}>${esc(o.null_means || "scenario")}</option>`] : [])
      .concat(choices.map((c) => `<option value="${esc(JSON.stringify(c))}" ${c === o.default ? "selected" : ""}>${esc(String(c))}</option>`));
    return `<label class="opt" title="${doc}">${esc(k)} <select id="${id}" data-opt="${k}" data-type="choice">${opts.join("")}</select><small>${doc}</small></label>`;
  }
  if (type === "int" || type === "float") {
    const lo = o.min ?? null, hi = o.max ?? null;
    const range = lo !== null && hi !== null ? `${lo} to ${hi}` : lo !== null ? `at least ${lo}` : hi !== null ? `at most ${hi}` : "";
    // a null default means "the scenario's value": left empty unless the player sets one
    return `<label class="opt" title="${doc}">${esc(k)} <input type="number" id="${id}" data-opt="${k}" data-type="${type}"` +
      ` step="${type === "int" ? 1 : "any"}"${lo !== null ? ` min="${lo}"` : ""}${hi !== null ? ` max="${hi}"` : ""}` +
      ` value="${o.default ?? ""}" placeholder="${o.default === null ? esc(o.null_means || "scenario") : ""}"${nullable ? "" : " required"}>` +
      (range ? ` <span class="range">${esc(range)}</span>` : "") + `<small>${doc}</small></label>`;
  }
  return `<label class="opt" title="${doc}">${esc(k)} <input type="text" id="${id}" data-opt="${k}" data-type="str" value="${esc(o.default ?? "")}" placeholder="${o.default === null ? "scenario" : ""}"><small>${doc}</small></label>`;
}

function showSystem() {
  const sys = systems.find((s) => s.name === $("#system").value);
  if (!sys) return;
  $("#scenario").innerHTML = sys.scenarios.map((s) => `<option>${esc(s)}</option>`).join("");
  $("#options").innerHTML = Object.entries(sys.options).map(([k, o]) => optionControl(k, o)).join("");
  // an option that changes the seats (the Battle of the Ring's players) redraws them
  for (const k of Object.keys(sys.sides_by_option || {})) {
    const c = document.getElementById(`opt-${k}`);
    if (c) c.addEventListener("change", () => showSeats(sys));
  }
  showSeats(sys);
}

// the seats of the game these options make (the server lists them per choice)
function showSeats(sys) {
  let sides = sys.sides;
  for (const [k, by] of Object.entries(sys.sides_by_option || {})) {
    const c = document.getElementById(`opt-${k}`);
    const v = c ? (c.value === "" ? JSON.stringify(sys.options[k].default) : c.value) : JSON.stringify(sys.options[k].default);
    if (by[v]) sides = by[v];
  }
  $("#seats").innerHTML = "<legend>Seats</legend>" + sides.map((s) => seatSelect(s, `seat-${s}`)).join("");
}

// only the seats that are not human (the default): an option may change the sides (the
// two-player Battle of the Ring has an "evil" side, not Sauron's and Saruman's)
function seatsFrom(root) {
  const seats = {};
  root.querySelectorAll("select[data-side]").forEach((s) => { if (s.value !== "human") seats[s.dataset.side] = s.value; });
  return seats;
}

function showCreated(g) {
  $("#created").hidden = false;
  $("#created-id").textContent = g.id;
  const hot = $("#play-hotseat");
  hot.href = g.hotseat || g.observer;
  hot.textContent = g.hotseat ? (Object.keys(g.tokens).length > 1
    ? "Play (hot-seat: every human side in this browser)" : `Play ${Object.keys(g.tokens)[0]}`)
    : "Watch (every seat is an AI)";
  $("#seat-links").innerHTML = Object.entries(g.seats).map(([side, link]) =>
    `<li>${side}: <a class="seat-link" data-side="${side}" href="${link}">${location.origin}${link}</a></li>`).join("");
  const obs = $("#observer-link");
  obs.href = g.observer;
  obs.textContent = location.origin + g.observer;
}

function optionValues() {
  const sys = systems.find((s) => s.name === $("#system").value), options = {};
  for (const el of document.querySelectorAll("[data-opt]")) {
    const def = sys.options[el.dataset.opt].default;
    let v;
    if (el.dataset.type === "bool") v = el.checked;
    else if (el.dataset.type === "choice") { if (el.value === "") continue; v = JSON.parse(el.value); }
    else if (el.value === "") continue;
    else if (el.dataset.type === "str") v = el.value;
    else v = Number(el.value);
    if (v !== def) options[el.dataset.opt] = v;
  }
  return options;
}

async function create(ev) {
  ev.preventDefault();
  // the browser checks each option against its bounds first (and says which one is wrong)
  const bad = [...document.querySelectorAll("[data-opt]")].find((el) => el.checkValidity && !el.checkValidity());
  if (bad) {
    $("#options-box").open = true;
    say(`option ${bad.dataset.opt}: ${bad.validationMessage}`);
    bad.reportValidity();
    return;
  }
  const body = { system: $("#system").value, scenario: $("#scenario").value, options: optionValues(),
    seats: seatsFrom($("#seats")) };
  if ($("#seed").value !== "") body.seed = Number($("#seed").value);
  try {
    const g = await api("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    showCreated(g);
    say("", false);
    listGames();
  } catch (e) { say(e.message); }
}

async function importRecord() {
  const f = $("#import-file").files[0];
  if (!f) { say("choose a record file first"); return; }
  const text = await f.text();
  let system;
  try { system = JSON.parse(text).system; } catch { say("that file is not JSON"); return; }
  try {
    const g = await api("/api/games", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ record: text, seats: seatsFrom($("#import-seats")) }) });
    showCreated(g);
    say(`imported a ${system} game`, false);
    listGames();
  } catch (e) { say(e.message); }
}

// how a game ended: by the rules, by a resignation, or by an agreed draw
function resultCell(r) {
  if (!r) return "in play";
  const text = esc(r.text || r.winner || (r.winners || []).join(", ") || "over");
  if (r.level === "resignation") return `<span class="resigned" title="${esc(r.rule || "")}">resignation</span>: ${text}`;
  if (r.agreed) return `<span class="agreed" title="${esc(r.rule || "")}">agreed draw</span>: ${text}`;
  return text;
}

async function listGames() {
  const games = await api("/api/games?limit=30");
  $("#games-table tbody").innerHTML = games.map((g) => `<tr data-game="${esc(g.id)}">
    <td><code>${esc(g.id)}</code></td><td>${esc(g.system)}</td><td>${g.moves}</td>
    <td class="result-cell">${resultCell(g.result)}</td>
    <td><a href="/play/${g.id}">watch</a> · <a href="/replay/${g.id}">replay</a></td></tr>`).join("");
}

async function main() {
  systems = await api("/api/systems");
  levels = await api("/api/levels").catch(() => []);
  $("#system").innerHTML = systems.map((s) => `<option value="${s.name}" ${s.name === "sauron" ? "selected" : ""}>${s.title || s.name}</option>`).join("");
  $("#system").addEventListener("change", showSystem);
  showSystem();
  $("#create-form").addEventListener("submit", create);
  $("#import-button").addEventListener("click", importRecord);
  $("#import-file").addEventListener("change", async () => {
    const f = $("#import-file").files[0];
    try {
      const rec = JSON.parse(await f.text());
      const sys = systems.find((s) => s.name === rec.system);
      $("#import-seats").innerHTML = sys ? sys.sides.map((s) => seatSelect(s, `import-seat-${s}`)).join("") : "";
    } catch { $("#import-seats").innerHTML = ""; }
  });
  listGames();
}

main().catch((e) => say(e.message));
