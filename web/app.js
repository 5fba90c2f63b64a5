// The web board: puts on screen what the wasm module computes (the board as SVG, the state as
// JSON, the desk's standings as HTML) and passes clicks and keys back. No game logic lives
// here: the moves, the players, the clocks, the records and the results are the module's.
import init, * as hp from './pkg/hetproba_web.js';

const $ = (id) => document.getElementById(id);
let table = null;        // the wasm Table of the game on the board
let state = null;        // its state, parsed
let players = ['human', 'mcts:1s'];  // who plays each side, kept from game to game
let worker = null;       // the Web Worker that thinks, while it does
let thinking = null;     // {id, hint} of the request being thought about
let requestId = 0;
let setup = null;        // set-up by hand: {code} of the piece being placed
let seed = Date.now() % 1000000;

await init();
const games = JSON.parse(hp.list());
const agents = JSON.parse(hp.agents());

// ---- the list of games ----
for (const g of games) {
  const li = document.createElement('li');
  const b = document.createElement('button');
  b.className = 'game';
  b.dataset.id = g.id;
  b.innerHTML = `<strong></strong><span></span>`;
  b.querySelector('strong').textContent = g.name;
  b.querySelector('span').textContent = g.summary;
  b.addEventListener('click', () => open(() => hp.Table.builtin(g.id, seed++)));
  li.append(b);
  $('game-list').append(li);
}

$('file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await f.text();
  $('source').value = text;
  open(() => hp.Table.from_text(f.name, text, seed++));
});

// Opens a game made by `make`; the players chosen stay, unless `fromRecord` (its own players).
function open(make, fromRecord = false) {
  let t;
  try { t = make(); } catch (err) { say(String(err)); return false; }
  stopThinking();
  if (table) table.free();
  table = t;
  setup = null;
  $('palette').hidden = true;
  $('title').textContent = JSON.parse(table.state()).name;
  $('words').textContent = table.rules_in_words();
  $('legend').innerHTML = table.legend();
  $('source').value = table.text();
  location.hash = table.id();
  for (const b of document.querySelectorAll('#game-list .game')) {
    b.setAttribute('aria-current', b.dataset.id === table.id());
    if (b.dataset.id === table.id()) b.scrollIntoView({ block: 'nearest' });
  }
  if (fromRecord) players = JSON.parse(table.state()).agents;
  else players.forEach((p, side) => { try { table.set_player(side, p); } catch (err) { players[side] = 'human'; } });
  $('clock').value = table.clock();
  $('player-rows').dataset.game = '';
  say('');
  render();
  return true;
}

// ---- players: any the engine's registry knows ----
function playerRows() {
  const rows = $('player-rows');
  rows.innerHTML = '';
  const list = document.createElement('datalist');
  list.id = 'agents';
  for (const kind of agents) for (const a of kind.examples) list.append(new Option(kind.about, a));
  rows.append(list);
  state.players.forEach((name, side) => {
    const label = document.createElement('label');
    label.textContent = `${name} `;
    const input = document.createElement('input');
    input.setAttribute('list', 'agents');
    input.value = players[side];
    input.size = 10;
    input.spellcheck = false;
    input.dataset.side = side;
    input.title = agents.map((k) => `${k.forms}: ${k.about}`).join('\n');
    input.addEventListener('change', () => {
      stopThinking();
      try {
        table.set_player(side, input.value.trim() || 'human');
        players[side] = JSON.parse(table.state()).agents[side];
        say('');
      } catch (err) { say(String(err)); }
      input.value = players[side];
      render();
    });
    label.append(input);
    rows.append(label);
  });
}

// ---- drawing ----
function render() {
  state = JSON.parse(table.state());
  $('board').innerHTML = table.svg();
  const s = state;
  let status;
  if (s.result) status = s.result;
  else if (!s.live && !s.computer && s.view < s.moves.length) status = `Move ${s.view} of ${s.moves.length}`;
  else status = `${s.to_move} to move${s.phase ? ` (${s.phase} phase)` : ''}`;
  if (setup) status = 'Setting up: click a cell to put the chosen piece there';
  $('status').textContent = status;
  $('pass').hidden = !s.can_pass;
  $('move-text').placeholder = s.example ? `for example ${s.example}` : 'type a move';
  const choices = $('choices');
  choices.hidden = s.choices.length === 0;
  choices.innerHTML = '';
  s.choices.forEach((name, i) => {
    const b = document.createElement('button');
    b.textContent = name;
    b.addEventListener('click', () => { table.choose(i); moved(); });
    choices.append(b);
  });
  if (s.choices.length) choices.querySelector('button').focus();
  // The moves, a numbered line per pair of plies (`1...` first when the second player began);
  // each ply steps the board there.
  const ol = $('moves');
  ol.innerHTML = '';
  s.moves.forEach((name, i) => {
    if (i === 0 || (i + s.offset) % 2 === 0) ol.append(document.createElement('li'));
    const b = document.createElement('button');
    b.textContent = name;
    b.className = i + 1 === s.view ? 'current' : '';
    b.setAttribute('aria-label', `move ${i + 1}: ${name}`);
    b.addEventListener('click', () => { table.goto(i + 1); render(); });
    ol.lastElementChild.append(b);
  });
  $('position').value = s.position;
  if ($('player-rows').dataset.game !== s.name) {
    $('player-rows').dataset.game = s.name;
    playerRows();
  }
  drawClocks(s.clocks);
  maybeThink();
}

function say(text) { $('message').textContent = text; }

// ---- clicks, drags and keys on the board ----
let down = null;
$('board').addEventListener('pointerdown', (e) => {
  const g = e.target.closest('[data-key]');
  if (!g) return;
  down = g.dataset.key;
  press(down);
});
$('board').addEventListener('pointerup', (e) => {
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const g = under && under.closest('#board [data-key]');
  if (g && down !== null && g.dataset.key !== down) press(g.dataset.key);
  down = null;
});
$('board').addEventListener('keydown', (e) => {
  const g = e.target.closest('[data-key]');
  if (!g) return;
  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); press(g.dataset.key, true); return; }
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const d = dirs[e.key];
  if (!d) return;
  e.preventDefault();
  const x = +g.dataset.x, y = +g.dataset.y;
  let best = null, bestScore = Infinity;
  for (const c of $('board').querySelectorAll('.cell')) {
    const dx = +c.dataset.x - x, dy = +c.dataset.y - y;
    const along = dx * d[0] + dy * d[1];
    if (along <= 0) continue;
    const score = along + 2 * Math.abs(dx * d[1] - dy * d[0]);
    if (score < bestScore) { best = c; bestScore = score; }
  }
  if (best) focusCell(best.dataset.key);
});

function focusCell(key) {
  for (const c of $('board').querySelectorAll('[data-key]')) c.setAttribute('tabindex', c.dataset.key === key ? '0' : '-1');
  const el = $('board').querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (el) el.focus();
}

function press(key, byKeyboard = false) {
  if (setup) { table.setup_put(+key, setup.code); render(); return; }
  if (!state.live || state.computer) return;
  const played = table.click(key);
  if (played) moved(); else render();
  if (byKeyboard) focusCell(key);
}

function moved() {
  say('');
  render();
}

// ---- buttons ----
$('new').addEventListener('click', () => { stopThinking(); table.restart(); say(''); render(); });
$('undo').addEventListener('click', () => { stopThinking(); say(table.undo()); render(); });
$('hint').addEventListener('click', () => { if (state.live && !state.computer && !thinking) startThinking(true); });
$('pass').addEventListener('click', () => { if (table.pass()) moved(); });
$('resign').addEventListener('click', () => { stopThinking(); if (table.resign()) render(); });
$('flip').addEventListener('click', () => { table.flip(); render(); });
$('first').addEventListener('click', () => { table.goto(0); render(); });
$('back').addEventListener('click', () => { table.goto(Math.max(0, state.view - 1)); render(); });
$('forward').addEventListener('click', () => { table.goto(state.view + 1); render(); });
$('last').addEventListener('click', () => { table.goto(state.moves.length); render(); });
$('typed').addEventListener('submit', (e) => {
  e.preventDefault();
  try { table.play($('move-text').value); $('move-text').value = ''; moved(); } catch (err) { say(String(err)); }
});
$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  stopThinking();
  try { table.set_position($('position').value); say(''); render(); } catch (err) { say(String(err)); }
});
$('copy-position').addEventListener('click', () => copy(state.position));
$('copy-record').addEventListener('click', () => { $('record').value = table.record(); copy(table.record()); });
$('load-record').addEventListener('click', () => loadRecord($('record').value));
$('record-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) { const text = await f.text(); $('record').value = text; loadRecord(text); }
});

// Replays a record of the game on the board, or opens the built-in game its Ruleset tag names.
function loadRecord(text) {
  stopThinking();
  try {
    table.load_record(text);
    players = JSON.parse(table.state()).agents;
    $('clock').value = table.clock();
    $('player-rows').dataset.game = '';
    say('');
    render();
  } catch (err) {
    const other = String(err).startsWith('the record is a game of');
    if (!other || !open(() => hp.Table.from_record(text, seed++), true)) say(String(err));
  }
}

function copy(text) {
  if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(text).then(() => say('Copied.'), () => say(text));
  else say(text);
}

// ---- set-up by hand ----
$('by-hand').addEventListener('click', () => {
  if (setup) { finishSetup(); return; }
  stopThinking();
  table.setup_begin();
  const pal = $('palette');
  pal.innerHTML = '';
  const pieces = JSON.parse(table.pieces());
  setup = { code: pieces.length ? pieces[0].code : 0 };
  const choose = (code, b) => { setup.code = code; for (const x of pal.querySelectorAll('button')) x.setAttribute('aria-pressed', x === b); };
  for (const p of [...pieces, { code: 0, label: 'empty', svg: '' }]) {
    const b = document.createElement('button');
    b.innerHTML = p.svg;
    b.append(p.label);
    b.setAttribute('aria-pressed', p.code === setup.code);
    b.addEventListener('click', () => choose(p.code, b));
    pal.append(b);
  }
  const side = document.createElement('label');
  side.textContent = 'To move ';
  const sel = document.createElement('select');
  state.players.forEach((n, i) => sel.append(new Option(n, i)));
  sel.value = state.side;
  side.append(sel);
  pal.append(side);
  const done = document.createElement('button');
  done.textContent = 'Start from here';
  done.addEventListener('click', finishSetup);
  pal.append(done);
  pal.hidden = false;
  $('by-hand').textContent = 'Start from here';
  render();
});

function finishSetup() {
  const side = +$('palette').querySelector('select').value;
  try { table.setup_end(side); say(''); } catch (err) { say(String(err)); }
  setup = null;
  $('palette').hidden = true;
  $('by-hand').textContent = 'Set up by hand';
  render();
}

// ---- the computer, in a worker: it replays the game's record and thinks ----
function maybeThink() {
  if (state.computer && !thinking && !setup) startThinking(false);
}

function startThinking(hint) {
  if (!worker) {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = onWorker;
  }
  const id = ++requestId;
  thinking = { id, hint };
  $('thinking').textContent = hint ? 'Looking for a hint…' : `${state.to_move} is thinking…`;
  worker.postMessage({ id, request: table.think_request(hint) });
}

function onWorker(e) {
  const { id, progress, answer } = e.data;
  if (!thinking || id !== thinking.id) return;
  if (progress) {
    $('thinking').textContent = `${thinking.hint ? 'Hint' : state.to_move}: ${progress.playouts} playouts, ${(progress.ms / 1000).toFixed(1)} s, best so far ${progress.best}`;
    return;
  }
  const was = thinking;
  thinking = null;
  if (answer.error) { say(answer.error); $('thinking').textContent = ''; return; }
  $('thinking').textContent = `${was.hint ? 'Hint' : 'Played'}: ${answer.move} (${answer.playouts} playouts, ${(answer.ms / 1000).toFixed(1)} s)`;
  if (was.hint) {
    try { table.show_hint(answer.move); say(`Hint: ${answer.move}`); } catch (err) { say(String(err)); }
    render();
    return;
  }
  try { table.computer_move(answer.move); } catch (err) { say(String(err)); }
  moved();
}

function stopThinking() {
  if (thinking && worker) { worker.terminate(); worker = null; }
  thinking = null;
  $('thinking').textContent = '';
}

// ---- clocks: the match keeps them; the page shows them and asks the match to look ----
$('clock').addEventListener('change', () => {
  stopThinking();
  try { table.set_clock($('clock').value); say(''); } catch (err) { say(String(err)); }
  $('clock').value = table.clock();
  render();
});

function drawClocks(clocks) {
  const el = $('clocks');
  el.innerHTML = '';
  if (!clocks || !state) return;
  clocks.text.forEach((text, i) => {
    const span = document.createElement('span');
    span.className = i === clocks.running ? 'clock running' : 'clock';
    span.textContent = `${state.players[i]} ${text}`;
    el.append(span);
  });
}
setInterval(() => {
  if (!table || !state || !state.clocks || state.clocks.running === null) return;
  if (table.tick()) { stopThinking(); render(); return; }
  drawClocks(JSON.parse(table.clocks()));
}, 200);

// ---- views ----
function view(name) {
  for (const v of ['play', 'edit', 'desk']) {
    $(v).hidden = v !== name;
    $(`tab-${v}`).setAttribute('aria-pressed', v === name);
  }
  $('games').hidden = name === 'desk';
}
$('tab-play').addEventListener('click', () => view('play'));
$('tab-edit').addEventListener('click', () => { view('edit'); check(); });
$('tab-desk').addEventListener('click', () => { view('desk'); showDesk(); });

function goToLine(ta, line, column) {
  const lines = ta.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += lines[i].length + 1;
  at += column - 1;
  ta.focus();
  ta.setSelectionRange(at, at + 1);
}

// ---- the rule editor: checked in a worker as the user types ----
let checker = null, checkTimer = null, checkId = 0;
$('source').addEventListener('input', () => { clearTimeout(checkTimer); checkTimer = setTimeout(check, 300); });
function check() {
  if (checker) checker.terminate();
  checker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const id = ++checkId;
  $('check-status').textContent = 'Checking…';
  $('play-edited').disabled = true;
  checker.onmessage = (e) => {
    if (e.data.id !== id || !e.data.checked) return;
    checker.terminate();
    checker = null;
    showCheck(e.data.checked);
  };
  checker.postMessage({ id, check: { name: 'edited.toml', text: $('source').value } });
}
function showCheck(c) {
  $('check-status').textContent = c.ok ? `ok: ${c.summary}` : `${c.errors.length} problem${c.errors.length === 1 ? '' : 's'}`;
  const ul = $('problems');
  ul.innerHTML = '';
  for (const p of c.errors) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.className = 'problem';
    b.textContent = p.line ? `${p.file}:${p.line}:${p.column}: ${p.message}` : p.message;
    if (p.line && p.file === 'edited.toml') b.addEventListener('click', () => goToLine($('source'), p.line, p.column));
    // The report's first line is the button's words: the rest is the source line and its caret.
    const pre = document.createElement('pre');
    pre.textContent = p.text.startsWith(b.textContent) ? p.text.slice(b.textContent.length).replace(/^\n/, '') : p.text;
    li.append(b);
    if (pre.textContent.trim()) li.append(pre);
    ul.append(li);
  }
  $('edited-words').textContent = c.words || '';
  $('play-edited').disabled = !c.ok;
}
$('play-edited').addEventListener('click', () => {
  if (open(() => hp.Table.from_text('edited.toml', $('source').value, seed++))) view('play');
});

// ---- the championship desk: the event file, kept in this browser, judged on every change ----
const EVENT_KEY = 'hetproba-desk-event';
let deskTimer = null;
$('event').value = localStorage.getItem(EVENT_KEY) || '';
for (const g of games) $('desk-games').append(new Option(g.name, g.id));

function deskReport(text) { return JSON.parse(hp.desk_report(text, $('desk-scope').value)); }

function showDesk() {
  const text = $('event').value;
  localStorage.setItem(EVENT_KEY, text);
  const r = deskReport(text);
  const problem = $('desk-problem');
  problem.innerHTML = '';
  if (r.error) {
    const b = document.createElement('button');
    b.className = 'problem';
    b.textContent = r.error.text;
    b.addEventListener('click', () => goToLine($('event'), r.error.line, r.error.column));
    problem.append(b);
    return;
  }
  $('standings').innerHTML = r.html;
  $('desk-report').textContent = r.text;
  const names = $('desk-players');
  names.innerHTML = '';
  for (const n of r.players) names.append(new Option(n));
}

function duelWords(d) {
  const duel = `Line ${d.line}, ${d.game}: ${d.first} – ${d.second} ${d.result}`;
  switch (d.status) {
    case 'won': return `${duel}: counted, ${d.winner} +${d.points}.`;
    case 'drawn': return `${duel}: counted, a draw (no points).`;
    case 'hors concours': return `${duel}: hors concours (one school), not scored.`;
    default: return `${duel}: NOT counted: ${d.breaks.join('; and ')}.`;
  }
}

// Adds a line to the event when the event still reads with it; says what became of a duel.
function enter(line, isDuel) {
  let text = $('event').value;
  if (text && !text.endsWith('\n')) text += '\n';
  const r = deskReport(text + line + '\n');
  if (r.error) { $('desk-message').textContent = r.error.text; return false; }
  $('event').value = text + line + '\n';
  showDesk();
  $('desk-message').textContent = isDuel ? duelWords(r.last) : `Added: ${line}`;
  return true;
}

$('duel-form').addEventListener('submit', (e) => {
  e.preventDefault();
  let line;
  try { line = hp.desk_duel($('duel-game').value, $('duel-first').value, $('duel-second').value, $('duel-result').value); } catch (err) { $('desk-message').textContent = String(err); return; }
  if (enter(line, true)) { $('duel-first').value = ''; $('duel-second').value = ''; $('duel-first').focus(); }
});
$('player-form').addEventListener('submit', (e) => {
  e.preventDefault();
  let line;
  try { line = hp.desk_player($('player-name').value, $('player-school').value, $('player-category').value); } catch (err) { $('desk-message').textContent = String(err); return; }
  if (enter(line, false)) { $('player-name').value = ''; $('player-name').focus(); }
});
$('event').addEventListener('input', () => { clearTimeout(deskTimer); deskTimer = setTimeout(showDesk, 200); });
$('desk-scope').addEventListener('change', showDesk);
$('print-standings').addEventListener('click', () => window.print());
$('copy-event').addEventListener('click', () => copy($('event').value));
$('event-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) { $('event').value = await f.text(); showDesk(); }
});

// ---- start ----
const wanted = decodeURIComponent(location.hash.slice(1));
open(() => hp.Table.builtin(games.some((g) => g.id === wanted) ? wanted : games[0].id, seed++));

if ('serviceWorker' in navigator && isSecureContext) navigator.serviceWorker.register('sw.js').catch(() => {});
