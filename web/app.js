// The web board: puts on screen what the wasm module computes (the board as SVG, the state as
// JSON) and passes clicks and keys back. No game logic lives here.
import init, * as hp from './pkg/hetproba_web.js';

const $ = (id) => document.getElementById(id);
let table = null;        // the wasm Table of the game on the board
let state = null;        // its state, parsed
let players = ['human', 'mcts:1s'];
let worker = null;       // the Web Worker that thinks, while it does
let thinking = null;     // {id, side, hint} of the request being thought about
let requestId = 0;
let setup = null;        // set-up by hand: {code} of the piece being placed
let clock = null;        // {left: [ms, ms], inc, running side, since}
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
  b.addEventListener('click', () => open(() => hp.Table.builtin(g.id)));
  li.append(b);
  $('game-list').append(li);
}

$('file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await f.text();
  $('source').value = text;
  open(() => hp.Table.from_text(f.name, text), f.name);
});

function open(make) {
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
  resetClock();
  say('');
  render();
  return true;
}

// ---- players ----
function playerRows() {
  const rows = $('player-rows');
  rows.innerHTML = '';
  const list = document.createElement('datalist');
  list.id = 'agents';
  for (const a of ['human', ...agents]) list.append(new Option(a));
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
    input.addEventListener('change', () => { players[side] = input.value.trim() || 'human'; stopThinking(); render(); });
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
  else if (!s.live) status = `Move ${s.view} of ${s.moves.length}`;
  else status = `${s.to_move} to move${s.phase ? ` (${s.phase} phase)` : ''}`;
  if (setup) status = 'Setting up: click a cell to put the chosen piece there';
  $('status').textContent = status;
  $('pass').hidden = !s.can_pass;
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
  // The moves, a numbered line per pair of plies; each ply steps the board there.
  const ol = $('moves');
  ol.innerHTML = '';
  s.moves.forEach((name, i) => {
    if (i % 2 === 0) ol.append(document.createElement('li'));
    const b = document.createElement('button');
    b.textContent = name;
    b.className = i + 1 === s.view ? 'current' : '';
    b.setAttribute('aria-label', `move ${i + 1}: ${name}`);
    b.addEventListener('click', () => { table.goto(i + 1); render(); });
    ol.lastElementChild.append(b);
  });
  $('position').value = s.position;
  if (!$('player-rows').childElementCount || $('player-rows').dataset.game !== s.name) {
    $('player-rows').dataset.game = s.name;
    playerRows();
  }
  drawClocks();
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
  if (!state.live || players[state.side] !== 'human' || thinking) return;
  const played = table.click(key);
  if (played) moved(); else render();
  if (byKeyboard) focusCell(key);
}

function moved() {
  say('');
  clockMoved();
  render();
}

// ---- buttons ----
$('new').addEventListener('click', () => { stopThinking(); table.restart(); resetClock(); say(''); render(); });
$('undo').addEventListener('click', () => {
  stopThinking();
  // Against the computer, the computer's reply and the player's move go back together.
  const humanSide = players.findIndex((p) => p === 'human');
  let n = 1;
  if (humanSide >= 0 && players[1 - humanSide] !== 'human') {
    n = state.side === humanSide ? 2 : 1;
  }
  if (!table.undo(Math.min(n, state.moves.length))) say('Nothing to undo.');
  render();
});
$('hint').addEventListener('click', () => {
  if (!state.live || thinking) return;
  const agent = players.find((p) => p !== 'human') || 'mcts:1000';
  startThinking(agent, true);
});
$('pass').addEventListener('click', () => { if (table.pass()) moved(); });
$('resign').addEventListener('click', () => { if (state.live) { stopThinking(); table.resign(state.side); render(); } });
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
  try { table.set_position($('position').value); resetClock(); say(''); render(); } catch (err) { say(String(err)); }
});
$('copy-position').addEventListener('click', () => copy(state.position));

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
  resetClock();
  render();
}

// ---- the computer, in a worker ----
function maybeThink() {
  if (!state.live || thinking || setup || state.choices.length) return;
  const agent = players[state.side];
  if (agent && agent !== 'human') startThinking(agent, false);
}

function startThinking(agent, hint) {
  if (!worker) {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = onWorker;
  }
  const id = ++requestId;
  thinking = { id, side: state.side, hint };
  $('thinking').textContent = hint ? 'Looking for a hint…' : `${state.to_move} is thinking…`;
  worker.postMessage({ id, request: table.think_request(agent, seed++) });
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
  if (was.hint) { say(`Hint: ${answer.move}`); return; }
  try { table.play(answer.move); } catch (err) { say(String(err)); }
  moved();
}

function stopThinking() {
  if (thinking && worker) { worker.terminate(); worker = null; }
  thinking = null;
  $('thinking').textContent = '';
}

// ---- clocks ----
function resetClock() {
  const text = $('clock').value.trim() || table.default_clock();
  $('clock').value = text;
  clock = null;
  if (!text) { drawClocks(); return; }
  try {
    const c = JSON.parse(hp.parse_clock(text));
    clock = { left: [c.initial_ms, c.initial_ms], inc: c.increment_ms, since: null, side: null, moves: 0 };
  } catch (err) { say(String(err)); }
  drawClocks();
}
$('clock').addEventListener('change', () => { $('clock').dataset.set = '1'; resetClock(); render(); });

function clockMoved() {
  if (!clock || clock.side === null) return;
  const now = performance.now();
  clock.left[clock.side] -= now - clock.since;
  clock.left[clock.side] += clock.inc;
  clock.side = null;
}

function drawClocks() {
  const el = $('clocks');
  if (!clock || !state) { el.textContent = ''; return; }
  const now = performance.now();
  if (state.live && !setup) {
    if (clock.side !== state.side) { clock.side = state.side; clock.since = now; }
  } else clock.side = null;
  const left = clock.left.map((ms, i) => (i === clock.side ? ms - (now - clock.since) : ms));
  const out = left.findIndex((ms) => ms <= 0);
  if (out >= 0 && state.live) {
    clock.left[out] = 0;
    clock.side = null;
    stopThinking();
    table.end(1 - out, `${state.players[1 - out]} wins: ${state.players[out]}'s time ran out`);
    render();
    return;
  }
  el.innerHTML = '';
  left.forEach((ms, i) => {
    const span = document.createElement('span');
    span.className = i === clock.side ? 'clock running' : 'clock';
    span.textContent = `${state.players[i]} ${formatTime(Math.max(0, ms))}`;
    el.append(span);
  });
}
function formatTime(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
setInterval(() => { if (clock && clock.side !== null) drawClocks(); }, 250);

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
$('tab-desk').addEventListener('click', () => view('desk'));

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
    if (p.line && p.file === 'edited.toml') b.addEventListener('click', () => goToLine(p.line, p.column));
    const pre = document.createElement('pre');
    pre.textContent = p.text;
    li.append(b, pre);
    ul.append(li);
  }
  $('edited-words').textContent = c.words || '';
  $('play-edited').disabled = !c.ok;
}
function goToLine(line, column) {
  const ta = $('source');
  const lines = ta.value.split('\n');
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += lines[i].length + 1;
  at += column - 1;
  ta.focus();
  ta.setSelectionRange(at, at + 1);
}
$('play-edited').addEventListener('click', () => {
  if (open(() => hp.Table.from_text('edited.toml', $('source').value), 'edited.toml')) view('play');
});

// ---- start ----
const wanted = decodeURIComponent(location.hash.slice(1));
open(() => hp.Table.builtin(games.some((g) => g.id === wanted) ? wanted : games[0].id));

if ('serviceWorker' in navigator && isSecureContext) navigator.serviceWorker.register('sw.js').catch(() => {});
