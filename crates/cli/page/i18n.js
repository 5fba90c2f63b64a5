// The page's own words in English and Hungarian. Elements of index.html name theirs by
// data-t (text), data-t-placeholder, data-t-label (aria-label) and data-t-title; the script
// asks t(key, ...values), where {0}, {1} are filled in order. The games' own names come from
// their rulesets ([lang.CODE]), the rules in words from the engine.
export const LANGS = { en: 'English', hu: 'Magyar' };

const STRINGS = {
  en: {
    title: 'hetproba — board games in the browser',
    language: 'Language',
    views: 'Views',
    tabPlay: 'Play', tabEdit: 'Rules editor', tabDesk: 'Championship desk',
    games: 'Games', openRuleset: 'Open a ruleset file',
    newGame: 'New game', undo: 'Undo', hint: 'Hint', pass: 'Pass', resign: 'Resign', flip: 'Flip board',
    share: 'Share link', analyse: 'Analyse',
    move: 'Move', playMove: 'Play', typeMove: 'type a move', forExample: 'for example {0}',
    boardNote: 'Tap or click a piece, then where it goes (a capture: each landing in turn; a piece in hand: it, then an empty cell), or type the move as the game writes it. Hint suggests a move; the move list steps back.',
    chooseMove: 'Choose a move',
    players: 'Players', clock: 'Clock', none: 'none',
    moves: 'Moves', firstPos: 'First position', back: 'Back one move', forward: 'Forward one move', lastPos: 'Last position',
    positionRecord: 'Position and record', position: 'Position', setUp: 'Set up', copyPosition: 'Copy position',
    byHand: 'Set up by hand', startHere: 'Start from here', copyRecord: "Copy the game's record",
    recordLabel: 'Record (PDN or the plain format)', recordPlaceholder: 'paste a record to replay it',
    loadRecord: 'Load record', orFile: 'or a file', rules: 'Rules',
    toMove: '{0} to move', toMovePhase: '{0} to move ({1} phase)', moveOf: 'Move {0} of {1}',
    settingUp: 'Setting up: tap a cell to put the chosen piece there', empty: 'empty', toMoveLabel: 'To move',
    hand: "{0}'s hand", handEmpty: 'no pieces', held: '{1}: {0}',
    moveN: 'move {0}: {1}', copied: 'Copied.', linkCopied: 'Link copied: {0}',
    gameOver: 'Game over', wins: '{0} wins', draw: 'Draw',
    lookingHint: 'Looking for a hint…', thinking: '{0} is thinking…',
    progress: '{0}: {1} playouts, {2} s, best so far {3}', played: 'Played: {0} ({1} playouts, {2} s)',
    hintDone: 'Hint: {0} ({1} playouts, {2} s)', hintIs: 'Hint: {0}', hintWord: 'Hint',
    analysis: 'Analysis', evaluation: 'Evaluation', bestLine: 'Best line: {0}', depth: 'depth {0}',
    analysing: 'Analysing…', scoreFor: '{0} is better', even: 'Even', winIn: '{0} wins in {1}',
    editorSource: 'Ruleset (TOML)', playEdited: 'Play this ruleset', download: 'Download', openFile: 'Open a file',
    revert: 'Back to the built-in', checking: 'Checking…', ok: 'ok: {0}', problems: '{0} problems', problem: '1 problem',
    kept: 'Your edits are kept in this browser.',
    deskTitle: 'Championship desk',
    deskNote: 'Enter each duel as it is played: the limits are checked as it is entered (at most three opponents a game, at most two duels with the same opponent; players of one school play hors concours) and the standings follow. The event is kept in this browser.',
    eventName: 'Event', eventDate: 'Date',
    enterDuel: 'Enter a duel', game: 'Game', first: 'First', second: 'Second', result: 'Result',
    firstWon: '1-0 (first won)', secondWon: '0-1 (second won)', drawn: '1/2-1/2 (draw)', enterDuelButton: 'Enter duel',
    addPlayer: 'Add a player', player: 'Player', school: 'School', category: 'Category', addPlayerButton: 'Add player',
    scopeLabel: 'The same-opponent limit counts', overEvent: 'over the event', inGame: 'in each game',
    eventFile: 'The event file (one duel a line: GAME FIRST SECOND RESULT)',
    print: 'Print the standings', copyEvent: 'Copy the event file', openEvent: 'Open an event file', asCli: 'As the command line prints it',
    added: 'Added: {0}',
    unknownGame: "'{0}' is no game of the list.", unknownPlayer: "'{0}' has not played or been added yet.",
    didYouMean: "Did you mean '{0}'?", useSuggestion: "Use '{0}'", enterAnyway: 'Enter it anyway',
    confirmNew: 'Enter the duel again, or choose below, to take it as written.',
    duelCounted: 'Line {0}, {1}: {2} – {3} {4}: counted, {5} +{6}.',
    duelDrawn: 'Line {0}, {1}: {2} – {3} {4}: counted, a draw (no points).',
    duelHors: 'Line {0}, {1}: {2} – {3} {4}: hors concours (one school), not scored.',
    duelOver: 'Line {0}, {1}: {2} – {3} {4}: NOT counted: {5}.',
  },
  hu: {
    title: 'hetproba — táblás játékok a böngészőben',
    language: 'Nyelv',
    views: 'Nézetek',
    tabPlay: 'Játék', tabEdit: 'Szabályszerkesztő', tabDesk: 'Versenyiroda',
    games: 'Játékok', openRuleset: 'Szabályfájl megnyitása',
    newGame: 'Új játszma', undo: 'Visszalépés', hint: 'Súgó', pass: 'Passz', resign: 'Feladás', flip: 'Tábla megfordítása',
    share: 'Link megosztása', analyse: 'Elemzés',
    move: 'Lépés', playMove: 'Lépek', typeMove: 'írj be egy lépést', forExample: 'például {0}',
    boardNote: 'Érints meg vagy kattints egy bábura, aztán oda, ahová lép (ütésnél minden érkezési mezőre sorban; kézben lévő bábunál a bábura, aztán egy üres mezőre), vagy írd be a lépést úgy, ahogy a játék írja. A Súgó lépést javasol; a lépéslistán visszaléphetsz.',
    chooseMove: 'Válassz lépést',
    players: 'Játékosok', clock: 'Óra', none: 'nincs',
    moves: 'Lépések', firstPos: 'Kezdőállás', back: 'Egy lépés vissza', forward: 'Egy lépés előre', lastPos: 'Utolsó állás',
    positionRecord: 'Állás és játszmalap', position: 'Állás', setUp: 'Felállítás', copyPosition: 'Állás másolása',
    byHand: 'Felállítás kézzel', startHere: 'Innen indul', copyRecord: 'A játszmalap másolása',
    recordLabel: 'Játszmalap (PDN vagy egyszerű formátum)', recordPlaceholder: 'illessz be egy játszmalapot a visszajátszáshoz',
    loadRecord: 'Játszmalap betöltése', orFile: 'vagy fájlból', rules: 'Szabályok',
    toMove: '{0} lép', toMovePhase: '{0} lép ({1} szakasz)', moveOf: '{0}. lépés / {1}',
    settingUp: 'Felállítás: érints meg egy mezőt, hogy a választott bábut odategye', empty: 'üres', toMoveLabel: 'Lép',
    hand: '{0} kézben lévő bábui', handEmpty: 'nincs bábu', held: '{1}: {0}',
    moveN: '{0}. lépés: {1}', copied: 'Másolva.', linkCopied: 'Link másolva: {0}',
    gameOver: 'Vége a játszmának', wins: '{0} nyert', draw: 'Döntetlen',
    lookingHint: 'Súgó keresése…', thinking: '{0} gondolkodik…',
    progress: '{0}: {1} szimuláció, {2} mp, eddig a legjobb {3}', played: 'Lépett: {0} ({1} szimuláció, {2} mp)',
    hintDone: 'Súgó: {0} ({1} szimuláció, {2} mp)', hintIs: 'Súgó: {0}', hintWord: 'Súgó',
    analysis: 'Elemzés', evaluation: 'Értékelés', bestLine: 'Legjobb folytatás: {0}', depth: '{0} lépés mélyen',
    analysing: 'Elemzés folyik…', scoreFor: '{0} áll jobban', even: 'Kiegyenlített', winIn: '{0} nyer {1} lépésben',
    editorSource: 'Szabályfájl (TOML)', playEdited: 'Játék ezzel a szabállyal', download: 'Letöltés', openFile: 'Fájl megnyitása',
    revert: 'Vissza a beépítetthez', checking: 'Ellenőrzés…', ok: 'rendben: {0}', problems: '{0} hiba', problem: '1 hiba',
    kept: 'A módosításaidat ez a böngésző megőrzi.',
    deskTitle: 'Versenyiroda',
    deskNote: 'Minden párbajt akkor rögzíts, amikor lejátszották: a korlátokat azonnal ellenőrzi (játékonként legfeljebb három ellenfél, ugyanazzal az ellenféllel legfeljebb két párbaj; egy iskola játékosai versenyen kívül játszanak), és az állás követi. A verseny ebben a böngészőben marad.',
    eventName: 'Verseny', eventDate: 'Dátum',
    enterDuel: 'Párbaj rögzítése', game: 'Játék', first: 'Első', second: 'Második', result: 'Eredmény',
    firstWon: '1-0 (az első nyert)', secondWon: '0-1 (a második nyert)', drawn: '1/2-1/2 (döntetlen)', enterDuelButton: 'Párbaj rögzítése',
    addPlayer: 'Játékos felvétele', player: 'Játékos', school: 'Iskola', category: 'Kategória', addPlayerButton: 'Játékos felvétele',
    scopeLabel: 'Az azonos ellenfél korlátja', overEvent: 'az egész versenyre', inGame: 'játékonként',
    eventFile: 'A versenyfájl (soronként egy párbaj: JÁTÉK ELSŐ MÁSODIK EREDMÉNY)',
    print: 'Az állás nyomtatása', copyEvent: 'A versenyfájl másolása', openEvent: 'Versenyfájl megnyitása', asCli: 'Ahogy a parancssor kiírja',
    added: 'Felvéve: {0}',
    unknownGame: "'{0}' nincs a játékok között.", unknownPlayer: "'{0}' még nem játszott, és nincs felvéve.",
    didYouMean: "Erre gondoltál: '{0}'?", useSuggestion: "Legyen '{0}'", enterAnyway: 'Rögzítsd így',
    confirmNew: 'Rögzítsd újra a párbajt, vagy válassz lent, hogy így maradjon.',
    duelCounted: '{0}. sor, {1}: {2} – {3} {4}: számít, {5} +{6}.',
    duelDrawn: '{0}. sor, {1}: {2} – {3} {4}: számít, döntetlen (nincs pont).',
    duelHors: '{0}. sor, {1}: {2} – {3} {4}: versenyen kívül (egy iskola), nem számít.',
    duelOver: '{0}. sor, {1}: {2} – {3} {4}: NEM számít: {5}.',
  },
};

const KEY = 'hetproba-lang';

// The language: chosen here before, else the browser's first of ours, else English.
export function initialLang() {
  const kept = localStorage.getItem(KEY);
  if (kept && STRINGS[kept]) return kept;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = l.slice(0, 2).toLowerCase();
    if (STRINGS[code]) return code;
  }
  return 'en';
}

let lang = 'en';

export function setLang(code) {
  lang = STRINGS[code] ? code : 'en';
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  document.title = t('title');
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll('[data-t-placeholder]')) el.placeholder = t(el.dataset.tPlaceholder);
  for (const el of document.querySelectorAll('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel));
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = t(el.dataset.tTitle);
}

export function currentLang() { return lang; }

export function t(key, ...values) {
  const text = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(values[+i] ?? ''));
}

// Every key of one language is in the other (the tests call this).
export function missingKeys() {
  const out = [];
  for (const a of Object.keys(STRINGS)) for (const b of Object.keys(STRINGS)) {
    for (const k of Object.keys(STRINGS[a])) if (!(k in STRINGS[b])) out.push(`${b}.${k}`);
  }
  return out;
}
