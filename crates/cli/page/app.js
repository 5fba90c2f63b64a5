// The web board: puts on screen what the wasm module computes (the board as SVG, the state as
// JSON, the desk's standings as HTML) and passes clicks and keys back. No game logic lives
// here: the moves, the players, the clocks, the records and the results are the module's.
import init, * as hp from './pkg/hetproba_web.js';
import { LANGS, initialLang, setLang, currentLang, t } from './i18n.js';

const $ = (id) => document.getElementById(id);
let table = null;        // the wasm Table of the game on the board
let state = null;        // its state, parsed
let players = ['human', 'mcts:1s'];  // who plays each side, kept from game to game
let worker = null;       // the Web Worker that thinks, while it does
let thinking = null;     // {id, hint} of the request being thought about
let requestId = 0;
let setup = null;        // set-up by hand: {code} of the piece being placed
let seed = Date.now() % 1000000;
let games = [];

await init();
const agents = JSON.parse(hp.agents());

// ---- language ----
for (const [code, name] of Object.entries(LANGS)) $('lang').append(new Option(name, code));
function applyLang(code) {
  setLang(code);
  $('lang').value = currentLang();
  games = JSON.parse(hp.list(currentLang()));
  listGames();
  $('desk-games').innerHTML = '';
  for (const g of games) $('desk-games').append(new Option(g.name, g.id));
  if (table) {
    table.set_lang(currentLang());
    $('words').textContent = table.rules_in_words();
    $('legend').innerHTML = table.legend();
    $('player-rows').dataset.game = '';
    render();
  }
  if (!$('desk').hidden) showDesk();
}
$('lang').addEventListener('change', () => applyLang($('lang').value));

// ---- the list of games ----
function listGames() {
  const list = $('game-list');
  list.innerHTML = '';
  for (const g of games) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.className = 'game';
    b.dataset.id = g.id;
    b.innerHTML = '<strong></strong><span></span>';
    b.querySelector('strong').textContent = g.name;
    b.querySelector('span').textContent = g.summary;
    b.addEventListener('click', () => { if (open(() => hp.Table.builtin(g.id, seed++))) $('play').scrollIntoView({ block: 'start' }); });
    if (table && g.id === table.id()) b.setAttribute('aria-current', 'true');
    li.append(b);
    list.append(li);
  }
}

$('file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await f.text();
  editorLoad(f.name, text);
  open(() => hp.Table.from_text(f.name, text, seed++));
});

// Opens a game made by `make`; the players chosen stay, unless `fromRecord` (its own players).
function open(make, fromRecord = false) {
  let t0;
  try { t0 = make(); } catch (err) { say(String(err)); return false; }
  stopThinking();
  if (table) table.free();
  table = t0;
  table.set_lang(currentLang());
  setup = null;
  $('palette').hidden = true;
  $('words').textContent = table.rules_in_words();
  $('legend').innerHTML = table.legend();
  if (!editorEdited()) editorLoad(`${table.id()}.toml`, table.text(), false);
  history.replaceState(null, '', `#${table.id()}`);
  for (const b of document.querySelectorAll('#game-list .game')) b.setAttribute('aria-current', b.dataset.id === table.id());
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
    label.append(chip(side), ` ${name} `);
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

// A disc in a player's colours, to say which colour a name is.
function chip(side) {
  const [fill, stroke] = state.colours[side];
  const span = document.createElement('span');
  span.className = 'chip';
  span.setAttribute('aria-hidden', 'true');
  span.style.background = fill;
  span.style.borderColor = stroke;
  return span;
}

// ---- drawing ----
function render() {
  state = JSON.parse(table.state());
  const s = state;
  $('title').textContent = s.name;
  $('board').innerHTML = table.svg();
  fitBoard();
  drawHands(s);
  let status;
  if (s.result) status = s.result;
  else if (!s.live && !s.computer && s.view < s.moves.length) status = t('moveOf', s.view, s.moves.length);
  else status = s.phase ? t('toMovePhase', s.to_move, s.phase) : t('toMove', s.to_move);
  if (setup) status = t('settingUp');
  $('status-text').textContent = status;
  const showChip = !s.result && !setup;
  $('status-chip').replaceChildren(...(showChip ? [chip(s.side)] : []));
  banner(s);
  $('pass').hidden = !s.can_pass;
  $('move-text').placeholder = s.example ? t('forExample', s.example) : t('typeMove');
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
  if (s.note) say(s.note);
  // The moves, a numbered line per pair of plies (`1...` first when the second player began);
  // each ply steps the board there.
  const ol = $('moves');
  ol.innerHTML = '';
  s.moves.forEach((name, i) => {
    if (i === 0 || (i + s.offset) % 2 === 0) ol.append(document.createElement('li'));
    const b = document.createElement('button');
    b.textContent = name;
    b.className = i + 1 === s.view ? 'current' : '';
    b.setAttribute('aria-label', t('moveN', i + 1, name));
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
  if (analysing) analyseShown();
}

// The hands of a game that keeps them, above and below the board: each piece type held, drawn
// as on the board with its count; the mover's hand is marked, and a piece of it that may be
// dropped is a button (then the board marks where it may go).
function drawHands(s) {
  ['hand-top', 'hand-bottom'].forEach((id, i) => {
    const el = $(id);
    const hand = s.hands[i];
    el.hidden = !hand;
    el.replaceChildren();
    if (!hand) return;
    el.dataset.side = hand.side;
    el.classList.toggle('to-move', hand.to_move && !s.result && !setup);
    el.setAttribute('aria-label', t('hand', hand.player));
    const title = document.createElement('span');
    title.className = 'hand-title';
    title.append(chip(hand.side), ` ${t('hand', hand.player)}`);
    el.append(title);
    if (!hand.pieces.length) {
      const none = document.createElement('span');
      none.className = 'hand-empty';
      none.textContent = t('handEmpty');
      el.append(none);
    }
    for (const p of hand.pieces) {
      const held = document.createElement(p.key ? 'button' : 'span');
      held.className = 'held';
      held.title = t('held', p.count, p.name);
      held.innerHTML = p.svg;
      // Read out as "rook: 1" (the words before the count, unseen), not as the figure's letter.
      held.firstElementChild.setAttribute('aria-hidden', 'true');
      const [before, after] = t('held', '\u0000', p.name).split('\u0000');
      const words = document.createElement('span');
      words.className = 'unseen';
      words.textContent = before;
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = p.count;
      held.append(words, count, after);
      if (p.key) {
        held.dataset.key = p.key;
        held.setAttribute('aria-pressed', p.chosen);
        held.addEventListener('click', () => press(p.key));
      } else {
        held.setAttribute('role', 'img');
        held.setAttribute('aria-label', held.title);
      }
      el.append(held);
    }
  });
}

// The end of a game: a banner with the winner and the reason, not a status line.
function banner(s) {
  const el = $('banner');
  const over = s.result && s.view === s.moves.length;
  el.hidden = !over;
  if (!over) return;
  const [head, ...rest] = s.result.split(': ');
  $('banner-title').textContent = s.winner === null ? t('draw') : t('wins', s.players[s.winner]);
  $('banner-reason').textContent = rest.length ? rest.join(': ') : head;
  el.className = s.winner === null ? 'drawn' : 'won';
}

// On a touch screen every cell gets at least 44 px: a board with many cells scrolls.
function fitBoard() {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const cell = $('board').querySelector('.cell .ground');
  const touch = matchMedia('(pointer: coarse)').matches;
  if (!touch || !cell) { svg.style.minWidth = ''; return; }
  const width = svg.viewBox.baseVal.width;
  const unit = cell.getBBox().width || 60;
  svg.style.minWidth = `${Math.ceil((width / unit) * 44)}px`;
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
  say('');
  const played = table.click(key);
  if (played) moved(); else render();
  // A choice to make (a promotion) keeps the focus on its buttons.
  if (byKeyboard && !state.choices.length) focusCell(key);
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
    return true;
  } catch (err) {
    const other = String(err).startsWith('the record is a game of');
    if (other && open(() => hp.Table.from_record(text, seed++), true)) return true;
    say(String(err));
    return false;
  }
}

function copy(text, done = t('copied')) {
  if (navigator.clipboard && isSecureContext) navigator.clipboard.writeText(text).then(() => say(done), () => say(text));
  else say(text);
}

// ---- a game by link: the record in the address, base64url of its UTF-8 ----
function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64url(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}
$('share').addEventListener('click', () => {
  const url = `${location.origin}${location.pathname}#record=${toBase64url(table.record())}`;
  history.replaceState(null, '', url);
  copy(url, t('linkCopied', url));
});

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
  for (const p of [...pieces, { code: 0, label: t('empty'), svg: '' }]) {
    const b = document.createElement('button');
    b.innerHTML = p.svg;
    b.append(p.label);
    b.setAttribute('aria-pressed', p.code === setup.code);
    b.addEventListener('click', () => choose(p.code, b));
    pal.append(b);
  }
  const side = document.createElement('label');
  side.textContent = `${t('toMoveLabel')} `;
  const sel = document.createElement('select');
  state.players.forEach((n, i) => sel.append(new Option(n, i)));
  sel.value = state.side;
  side.append(sel);
  pal.append(side);
  const done = document.createElement('button');
  done.textContent = t('startHere');
  done.addEventListener('click', finishSetup);
  pal.append(done);
  pal.hidden = false;
  $('by-hand').textContent = t('startHere');
  render();
});

function finishSetup() {
  const side = +$('palette').querySelector('select').value;
  try { table.setup_end(side); say(''); } catch (err) { say(String(err)); }
  setup = null;
  $('palette').hidden = true;
  $('by-hand').textContent = t('byHand');
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
  $('thinking').textContent = hint ? t('lookingHint') : t('thinking', state.to_move);
  worker.postMessage({ id, request: table.think_request(hint) });
}

function onWorker(e) {
  const { id, progress, answer } = e.data;
  if (!thinking || id !== thinking.id) return;
  const secs = (ms) => (ms / 1000).toFixed(1);
  if (progress) {
    $('thinking').textContent = t('progress', thinking.hint ? t('hintWord') : state.to_move, progress.playouts, secs(progress.ms), progress.best);
    return;
  }
  const was = thinking;
  thinking = null;
  if (answer.error) { say(answer.error); $('thinking').textContent = ''; return; }
  $('thinking').textContent = t(was.hint ? 'hintDone' : 'played', answer.move, answer.playouts, secs(answer.ms));
  if (was.hint) {
    try { table.show_hint(answer.move); say(t('hintIs', answer.move)); } catch (err) { say(String(err)); }
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

// ---- the analysis board: the position shown, searched in a worker of its own ----
let analysing = false, analyst = null, analysed = null;
$('analyse').addEventListener('click', () => {
  analysing = !analysing;
  $('analyse').setAttribute('aria-pressed', analysing);
  $('analysis').hidden = !analysing;
  $('evalbar').hidden = !analysing;
  if (!analysing && analyst) { analyst.terminate(); analyst = null; }
  analysed = null;
  if (analysing) analyseShown();
});

function analyseShown() {
  const key = `${state.view}/${state.moves.length}/${state.position}`;
  if (key === analysed) return;
  analysed = key;
  if (analyst) analyst.terminate();
  analyst = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  $('analysis-score').textContent = t('analysing');
  $('analysis-line').textContent = '';
  const id = ++requestId;
  analyst.onmessage = (e) => {
    if (e.data.id !== id) return;
    const a = e.data.analysis || e.data.progress;
    if (a) showAnalysis(a);
    if (e.data.analysis) { analyst.terminate(); analyst = null; }
  };
  analyst.postMessage({ id, analyse: { request: table.think_request(false), plies: state.view, ms: 1500 } });
}

function showAnalysis(a) {
  if (a.error) { $('analysis-score').textContent = a.error; return; }
  const first = state.players[0], second = state.players[1];
  let words, share;
  if (a.mate !== null && a.mate !== undefined) {
    words = t('winIn', a.mate > 0 ? first : second, Math.abs(a.mate));
    share = a.mate > 0 ? 1 : 0;
  } else if (a.points !== null && a.points !== undefined) {
    const p = a.points / 100;
    words = Math.abs(p) < 0.2 ? t('even') : t('scoreFor', p > 0 ? first : second);
    words += ` (${p > 0 ? '+' : ''}${p.toFixed(2)}, ${t('depth', a.depth)})`;
    share = 1 / (1 + Math.exp(-p / 2));
  } else {
    words = a.line.length ? '' : '—';
    share = 0.5;
  }
  $('analysis-score').textContent = `${t('evaluation')}: ${words}`;
  $('analysis-line').textContent = a.line.length ? t('bestLine', a.line.join(' ')) : '';
  $('evalfill').style.height = `${Math.round(share * 100)}%`;
  $('evalfill').style.background = state.colours[0][0];
  $('evalbar').style.background = state.colours[1][0];
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

// ---- the rule editor: kept in this browser, checked in a worker as the user types ----
const EDITOR_KEY = 'hetproba-editor';
function editorState() {
  try { return JSON.parse(localStorage.getItem(EDITOR_KEY)) || null; } catch (err) { return null; }
}
function editorEdited() { const s = editorState(); return !!(s && s.edited); }
function editorLoad(name, text, edited = true) {
  $('source').value = text;
  $('source').dataset.name = name;
  localStorage.setItem(EDITOR_KEY, JSON.stringify({ name, text, edited }));
}
$('source').addEventListener('input', () => {
  localStorage.setItem(EDITOR_KEY, JSON.stringify({ name: $('source').dataset.name || 'edited.toml', text: $('source').value, edited: true }));
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 300);
});
$('download-source').addEventListener('click', () => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([$('source').value], { type: 'text/plain' }));
  a.download = $('source').dataset.name || 'edited.toml';
  a.click();
  URL.revokeObjectURL(a.href);
});
$('source-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) { editorLoad(f.name, await f.text()); check(); }
});
$('revert-source').addEventListener('click', () => { editorLoad(`${table.id()}.toml`, table.text(), false); check(); });

let checker = null, checkTimer = null, checkId = 0;
function check() {
  if (checker) checker.terminate();
  checker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  const id = ++checkId;
  $('check-status').textContent = t('checking');
  $('play-edited').disabled = true;
  checker.onmessage = (e) => {
    if (e.data.id !== id || !e.data.checked) return;
    checker.terminate();
    checker = null;
    showCheck(e.data.checked);
  };
  checker.postMessage({ id, check: { name: 'edited.toml', text: $('source').value, lang: currentLang() } });
}
function showCheck(c) {
  $('check-status').textContent = c.ok ? t('ok', c.summary) : (c.errors.length === 1 ? t('problem') : t('problems', c.errors.length));
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
const EVENT_TITLE_KEY = 'hetproba-desk-title';
let deskTimer = null;
$('event').value = localStorage.getItem(EVENT_KEY) || '';
try {
  const kept = JSON.parse(localStorage.getItem(EVENT_TITLE_KEY)) || {};
  $('event-name').value = kept.name || '';
  $('event-date').value = kept.date || '';
} catch (err) { /* nothing kept */ }
for (const id of ['event-name', 'event-date']) {
  $(id).addEventListener('input', () => {
    localStorage.setItem(EVENT_TITLE_KEY, JSON.stringify({ name: $('event-name').value, date: $('event-date').value }));
    printTitle();
  });
}
function printTitle() {
  $('print-title').textContent = [$('event-name').value, $('event-date').value].filter(Boolean).join(' — ');
}
printTitle();

function deskReport(text) { return JSON.parse(hp.desk_report(text, $('desk-scope').value, currentLang())); }

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
  const at = [d.line, d.game, d.first, d.second, d.result];
  switch (d.status) {
    case 'won': return t('duelCounted', ...at, d.winner, d.points);
    case 'drawn': return t('duelDrawn', ...at);
    case 'hors concours': return t('duelHors', ...at);
    default: return t('duelOver', ...at, d.breaks.join('; and '));
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
  $('desk-message').textContent = isDuel ? duelWords(r.last) : t('added', line);
  return true;
}

// A duel whose game or players the event does not know waits for a second word: the desk
// names the near name it knows and enters the duel as written only when asked again.
let pendingDuel = null;
function duelFields() { return [$('duel-game').value.trim(), $('duel-first').value.trim(), $('duel-second').value.trim(), $('duel-result').value]; }
function warnUnknown(unknown) {
  const el = $('desk-warning');
  el.innerHTML = '';
  for (const u of unknown) {
    const p = document.createElement('p');
    p.textContent = `${t(u.field === 'game' ? 'unknownGame' : 'unknownPlayer', u.name)} ${u.suggestion ? t('didYouMean', u.suggestion) : ''}`;
    if (u.suggestion) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('useSuggestion', u.suggestion);
      b.addEventListener('click', () => { $(`duel-${u.field}`).value = u.suggestion; el.hidden = true; pendingDuel = null; });
      p.append(' ', b);
    }
    el.append(p);
  }
  const confirm = document.createElement('p');
  confirm.textContent = `${t('confirmNew')} `;
  const anyway = document.createElement('button');
  anyway.type = 'button';
  anyway.id = 'enter-anyway';
  anyway.textContent = t('enterAnyway');
  anyway.addEventListener('click', () => enterDuel(true));
  confirm.append(anyway);
  el.append(confirm);
  el.hidden = false;
}

function enterDuel(confirmed) {
  const fields = duelFields();
  const key = JSON.stringify(fields);
  const unknown = JSON.parse(hp.desk_unknown($('event').value, fields[0], fields[1], fields[2]));
  if (unknown.length && !confirmed && pendingDuel !== key) {
    pendingDuel = key;
    warnUnknown(unknown);
    return;
  }
  pendingDuel = null;
  $('desk-warning').hidden = true;
  let line;
  try { line = hp.desk_duel(...fields); } catch (err) { $('desk-message').textContent = String(err); return; }
  if (enter(line, true)) { $('duel-first').value = ''; $('duel-second').value = ''; $('duel-first').focus(); }
}
$('duel-form').addEventListener('submit', (e) => { e.preventDefault(); enterDuel(false); });
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

// ---- start, and the address: `#ID` opens a built-in game, `#record=...` a shared game ----
function openAddress() {
  const hash = location.hash.slice(1);
  if (table && hash === table.id()) return;
  if (hash.startsWith('record=')) {
    try { if (open(() => hp.Table.from_record(fromBase64url(hash.slice(7)), seed++), true)) return; } catch (err) { say(String(err)); }
  }
  const wanted = decodeURIComponent(hash);
  if (table && !games.some((g) => g.id === wanted)) return;
  open(() => hp.Table.builtin(games.some((g) => g.id === wanted) ? wanted : games[0].id, seed++));
}
applyLang(initialLang());
const kept = editorState();
if (kept && kept.edited) { $('source').value = kept.text; $('source').dataset.name = kept.name; }
openAddress();
window.addEventListener('hashchange', openAddress);

if ('serviceWorker' in navigator && isSecureContext) navigator.serviceWorker.register('sw.js').catch(() => {});
