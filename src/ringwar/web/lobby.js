// The lobby: create a game (seats human or AI), import a record file, list recent games.
const $ = (s) => document.querySelector(s);
let systems = [];

function say(text, error = true) {
  const m = $("#message");
  m.textContent = text;
  m.className = "message" + (error ? " error" : "");
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
    <option value="ai:heuristic">AI: rules of thumb (instant)</option>
    <option value="ai:mcts">AI: search (plans each turn, thinks)</option>
    <option value="ai:random">AI: random (for testing)</option></select></label>`;
}

function showSystem() {
  const sys = systems.find((s) => s.name === $("#system").value);
  if (!sys) return;
  $("#scenario").innerHTML = sys.scenarios.map((s) => `<option>${s}</option>`).join("");
  $("#seats").innerHTML = "<legend>Seats</legend>" + sys.sides.map((s) => seatSelect(s, `seat-${s}`)).join("");
  $("#options").innerHTML = Object.entries(sys.options).map(([k, o]) => {
    const id = `opt-${k}`;
    if (typeof o.default === "boolean")
      return `<label class="opt" title="${o.doc}"><input type="checkbox" id="${id}" data-opt="${k}" ${o.default ? "checked" : ""}> ${k}<small>${o.doc}</small></label>`;
    // a null default means "the scenario's value": left empty unless the player sets one
    return `<label class="opt" title="${o.doc}">${k} <input type="number" id="${id}" data-opt="${k}" value="${o.default ?? ""}" placeholder="${o.default === null ? "scenario" : ""}"><small>${o.doc}</small></label>`;
  }).join("");
}

function seatsFrom(root) {
  const seats = {};
  root.querySelectorAll("select[data-side]").forEach((s) => { seats[s.dataset.side] = s.value; });
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

async function create(ev) {
  ev.preventDefault();
  const options = {};
  document.querySelectorAll("[data-opt]").forEach((el) => {
    const sys = systems.find((s) => s.name === $("#system").value);
    const def = sys.options[el.dataset.opt].default;
    if (el.type !== "checkbox" && el.value === "") return;
    const v = el.type === "checkbox" ? el.checked : Number(el.value);
    if (v !== def) options[el.dataset.opt] = v;
  });
  const body = { system: $("#system").value, scenario: $("#scenario").value, options,
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

async function listGames() {
  const games = await api("/api/games?limit=30");
  $("#games-table tbody").innerHTML = games.map((g) => `<tr>
    <td><code>${g.id}</code></td><td>${g.system}</td><td>${g.moves}</td>
    <td>${g.result ? g.result.text || g.result.winner : "in play"}</td>
    <td><a href="/play/${g.id}">watch</a> · <a href="/replay/${g.id}">replay</a></td></tr>`).join("");
}

async function main() {
  systems = await api("/api/systems");
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
