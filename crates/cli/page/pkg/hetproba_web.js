
/**
 * A game on the board, for the page.
 */
export class Table {
static __wrap(ptr) {
                    const obj = Object.create(Table.prototype);
                    obj.__wbg_ptr = ptr;
                    TableFinalization.register(obj, obj.__wbg_ptr, obj);
                    return obj;
                }
                __destroy_into_raw() {
                const ptr = this.__wbg_ptr;
this.__wbg_ptr = 0;
TableFinalization.unregister(this);
return ptr;
            }
            free() {
                const ptr = this.__destroy_into_raw();
                wasm.__wbg_table_free(ptr, 0);
            }
            /**
 * A built-in ruleset by its id; `seed` seeds the computer players.
 * @param {string} id
 * @param {number} seed
 * @returns {Table}
 */
static builtin(id, seed) {
const val2 = +seed;
const ptr0 = passStringToWasm0(id, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_builtin(ptr0, len0, val2);
if (ret[2]) {
throw takeFromExternrefTable0(ret[1]);
}
return Table.__wrap(ret[0]);
}
/**
 * Plays the `i`-th move offered to choose from.
 * @param {number} i
 * @returns {boolean}
 */
choose(i) {
const ret = wasm.table_choose(this.__wbg_ptr, i);
return ret !== 0;
}
/**
 * A click on a cell or an edge arrow (its `data-key`), or on a type in the mover's hand
 * (`h2`, the key [`table::Held`] gives); true when it played a move.
 * @param {string} key
 * @returns {boolean}
 */
click(key) {
const ptr0 = passStringToWasm0(key, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_click(this.__wbg_ptr, ptr0, len0);
return ret !== 0;
}
/**
 * The clock's control as typed, or nothing.
 * @returns {string}
 */
clock() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_clock(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * The clocks now, as JSON (see [`table::Clocks`]), or `null`.
 * @returns {string}
 */
clocks() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_clocks(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * Plays the move the worker chose for the computer to move.
 * @param {string} text
 */
computer_move(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_computer_move(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
flip() {
wasm.table_flip(this.__wbg_ptr);
}
/**
 * The game a record is of (its `Ruleset` tag names a built-in), replayed: see
 * [`WebTable::load_record`].
 * @param {string} text
 * @param {number} seed
 * @returns {Table}
 */
static from_record(text, seed) {
const val2 = +seed;
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_from_record(ptr0, len0, val2);
if (ret[2]) {
throw takeFromExternrefTable0(ret[1]);
}
return Table.__wrap(ret[0]);
}
/**
 * A ruleset from its text (`extends` among the built-ins); `name` is what messages call it.
 * @param {string} name
 * @param {string} text
 * @param {number} seed
 * @returns {Table}
 */
static from_text(name, text, seed) {
const val3 = +seed;
let ptr0, len0, ptr1, len1;
try {
ptr0 = passStringToWasm0(name, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.table_from_text(ptr0, len0, ptr1, len1, val3);
if (ret[2]) {
throw takeFromExternrefTable0(ret[1]);
}
return Table.__wrap(ret[0]);
}
/**
 * @param {number} plies
 */
goto(plies) {
wasm.table_goto(this.__wbg_ptr, plies);
}
/**
 * The ruleset's id.
 * @returns {string}
 */
id() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_id(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * @returns {string}
 */
legend() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_legend(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * Replays a record of this ruleset, checked as `replay` checks it.
 * @param {string} text
 */
load_record(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_load_record(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * @returns {boolean}
 */
pass() {
const ret = wasm.table_pass(this.__wbg_ptr);
return ret !== 0;
}
/**
 * The pieces a position may hold: JSON `[{code, label, svg}]`.
 * @returns {string}
 */
pieces() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_pieces(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * Plays a person's move written in the game's notation; the error says why not.
 * @param {string} text
 */
play(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_play(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * The game's record (PDN where the ruleset writes its positions in PDN, else the plain format), as `play` writes it.
 * @returns {string}
 */
record() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_record(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * Resigns for the person at the table.
 * @returns {boolean}
 */
resign() {
const ret = wasm.table_resign(this.__wbg_ptr);
return ret !== 0;
}
/**
 * A new game: the same start, players and clock.
 */
restart() {
wasm.table_restart(this.__wbg_ptr);
}
/**
 * The rules in words, as `show` prints them, in the table's language.
 * @returns {string}
 */
rules_in_words() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_rules_in_words(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * The clock (`5m`, `3m+2s`; empty for none); both clocks start again from it.
 * @param {string} text
 */
set_clock(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_set_clock(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * The language of the words the table gives (`hu`, `en`; English for any other).
 * @param {string} lang
 */
set_lang(lang) {
const ptr0 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
wasm.table_set_lang(this.__wbg_ptr, ptr0, len0);
}
/**
 * Who plays `side` (0 or 1): `human`, `random`, `mcts:1000`, any player the registry knows.
 * @param {number} side
 * @param {string} text
 */
set_player(side, text) {
const val2 = +side;
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_set_player(this.__wbg_ptr, val2, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * Starts from a position in the ruleset's notation.
 * @param {string} text
 */
set_position(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_set_position(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * Begins setting up a position by hand, from the one shown.
 */
setup_begin() {
wasm.table_setup_begin(this.__wbg_ptr);
}
/**
 * Starts the game from the pieces set up, `side` (0 or 1) to move.
 * @param {number} side
 */
setup_end(side) {
const ret = wasm.table_setup_end(this.__wbg_ptr, side);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * Puts a piece (a code from [`WebTable::pieces`], 0 for none) on a cell while setting up.
 * @param {number} cell
 * @param {number} code
 */
setup_put(cell, code) {
wasm.table_setup_put(this.__wbg_ptr, cell, code);
}
/**
 * Marks the move a hint suggested on the board.
 * @param {string} text
 */
show_hint(text) {
const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.table_show_hint(this.__wbg_ptr, ptr0, len0);
if (ret[1]) {
throw takeFromExternrefTable0(ret[0]);
}
}
/**
 * What the page shows besides the board, as JSON (see [`table::State`]; with the hands,
 * [`table::Hand`]).
 * @returns {string}
 */
state() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_state(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * @returns {string}
 */
svg() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_svg(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * The ruleset's file.
 * @returns {string}
 */
text() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_text(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * A request for a worker: the computer's move (`hint` false) or a hint, as JSON.
 * @param {boolean} hint
 * @returns {string}
 */
think_request(hint) {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_think_request(this.__wbg_ptr, hint);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
/**
 * Ends the game when the mover's time has run out; true when it did now.
 * @returns {boolean}
 */
tick() {
const ret = wasm.table_tick(this.__wbg_ptr);
return ret !== 0;
}
/**
 * Takes moves back as the match does; says what it did.
 * @returns {string}
 */
undo() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.table_undo(this.__wbg_ptr);
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}
}
if (Symbol.dispose) Table.prototype[Symbol.dispose] = Table.prototype.free;

/**
 * The players the play crate's registry knows, for the page's menus: JSON
 * `[{name, forms, about, examples}]`.
 * @returns {string}
 */
export function agents() {
let deferred1_0;
let deferred1_1;
try {
const ret = wasm.agents();
deferred1_0 = ret[0];
deferred1_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
}
}

/**
 * The analysis of the position after the first `plies` moves of a request's game (see
 * [`WebTable::think_request`]), by alpha-beta for `ms` milliseconds; `progress` is called with
 * each deeper result. JSON `{depth, points, mate, line, ms}` (see [`think::Analysis`]) or
 * `{error}`.
 * @param {string} request
 * @param {number} plies
 * @param {number} ms
 * @param {Function} progress
 * @returns {string}
 */
export function analyse(request, plies, ms, progress) {
let deferred4_0;
let deferred4_1;
try {
const val2 = +plies;
const val3 = +ms;
const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.analyse(ptr0, len0, val2, val3, progress);
deferred4_0 = ret[0];
deferred4_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
}
}

/**
 * Perft of a built-in ruleset from its start, timed on the page's clock: JSON `{nodes, ms}`.
 * @param {string} id
 * @param {number} depth
 * @returns {string}
 */
export function bench_perft(id, depth) {
let deferred3_0;
let deferred3_1;
try {
const val2 = +depth;
const ptr0 = passStringToWasm0(id, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.bench_perft(ptr0, len0, val2);
deferred3_0 = ret[0];
deferred3_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
}
}

/**
 * Random playouts of a built-in ruleset from its start for about `ms` milliseconds: JSON
 * `{playouts, ms}`.
 * @param {string} id
 * @param {number} ms
 * @returns {string}
 */
export function bench_playouts(id, ms) {
let deferred3_0;
let deferred3_1;
try {
const val2 = +ms;
const ptr0 = passStringToWasm0(id, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.bench_playouts(ptr0, len0, val2);
deferred3_0 = ret[0];
deferred3_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred3_0, deferred3_1, 1);
}
}

/**
 * Checks a ruleset's text as `check` does: JSON `{ok, errors: [{line, column, message, text}],
 * words, tests: {passed, failures: [...]}}`, the rules in words in language `lang` (`hu`, `en`).
 * @param {string} name
 * @param {string} text
 * @param {string} lang
 * @returns {string}
 */
export function check(name, text, lang) {
let deferred4_0;
let deferred4_1;
try {
let ptr0, len0, ptr1, len1, ptr2, len2;
try {
ptr0 = passStringToWasm0(name, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
ptr2 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len2 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.check(ptr0, len0, ptr1, len1, ptr2, len2);
deferred4_0 = ret[0];
deferred4_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
}
}

/**
 * A duel's line for the desk's event, as the event format writes it, or why it cannot be one.
 * @param {string} game
 * @param {string} first
 * @param {string} second
 * @param {string} result
 * @returns {string}
 */
export function desk_duel(game, first, second, result) {
let deferred6_0;
let deferred6_1;
try {
let ptr0, len0, ptr1, len1, ptr2, len2, ptr3, len3;
try {
ptr0 = passStringToWasm0(game, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(first, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
ptr2 = passStringToWasm0(second, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len2 = WASM_VECTOR_LEN;
ptr3 = passStringToWasm0(result, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len3 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr3) { wasm.__wbindgen_free(ptr3, len3 * 1, 1); }
if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.desk_duel(ptr0, len0, ptr1, len1, ptr2, len2, ptr3, len3);
var ptr5 = ret[0];
var len5 = ret[1];
if (ret[3]) {
ptr5 = 0; len5 = 0;
throw takeFromExternrefTable0(ret[2]);
}
deferred6_0 = ptr5;
deferred6_1 = len5;
return getStringFromWasm0(ptr5, len5);
} finally {
wasm.__wbindgen_free(deferred6_0, deferred6_1, 1);
}
}

/**
 * A player's line (`player NAME school=S category=C`; empty school or category left out).
 * @param {string} name
 * @param {string} school
 * @param {string} category
 * @returns {string}
 */
export function desk_player(name, school, category) {
let deferred5_0;
let deferred5_1;
try {
let ptr0, len0, ptr1, len1, ptr2, len2;
try {
ptr0 = passStringToWasm0(name, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(school, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
ptr2 = passStringToWasm0(category, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len2 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.desk_player(ptr0, len0, ptr1, len1, ptr2, len2);
var ptr4 = ret[0];
var len4 = ret[1];
if (ret[3]) {
ptr4 = 0; len4 = 0;
throw takeFromExternrefTable0(ret[2]);
}
deferred5_0 = ptr4;
deferred5_1 = len4;
return getStringFromWasm0(ptr4, len4);
} finally {
wasm.__wbindgen_free(deferred5_0, deferred5_1, 1);
}
}

/**
 * The championship desk's report for an event's text: JSON `{error: {line, column, message,
 * text}, html, text, last}` (see [`desk::Report`]); `scope` is `event` or `game`, `lang` the
 * tables' language.
 * @param {string} text
 * @param {string} scope
 * @param {string} lang
 * @returns {string}
 */
export function desk_report(text, scope, lang) {
let deferred4_0;
let deferred4_1;
try {
let ptr0, len0, ptr1, len1, ptr2, len2;
try {
ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(scope, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
ptr2 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len2 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.desk_report(ptr0, len0, ptr1, len1, ptr2, len2);
deferred4_0 = ret[0];
deferred4_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred4_0, deferred4_1, 1);
}
}

/**
 * The names of a duel about to be entered that the event does not know yet, each with the
 * nearest known one: JSON `[{field, name, suggestion}]` (see [`desk::unknown_names`]).
 * @param {string} text
 * @param {string} game
 * @param {string} first
 * @param {string} second
 * @returns {string}
 */
export function desk_unknown(text, game, first, second) {
let deferred5_0;
let deferred5_1;
try {
let ptr0, len0, ptr1, len1, ptr2, len2, ptr3, len3;
try {
ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len0 = WASM_VECTOR_LEN;
ptr1 = passStringToWasm0(game, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len1 = WASM_VECTOR_LEN;
ptr2 = passStringToWasm0(first, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len2 = WASM_VECTOR_LEN;
ptr3 = passStringToWasm0(second, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
len3 = WASM_VECTOR_LEN;
} catch (e) {
if (ptr3) { wasm.__wbindgen_free(ptr3, len3 * 1, 1); }
if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
throw e;
}
const ret = wasm.desk_unknown(ptr0, len0, ptr1, len1, ptr2, len2, ptr3, len3);
deferred5_0 = ret[0];
deferred5_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred5_0, deferred5_1, 1);
}
}

/**
 * The built-in rulesets, their words in language `lang` (`hu`, `en`) where the ruleset
 * gives them: `[{id, name, summary, players}]`.
 * @param {string} lang
 * @returns {string}
 */
export function list(lang) {
let deferred2_0;
let deferred2_1;
try {
const ptr0 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.list(ptr0, len0);
deferred2_0 = ret[0];
deferred2_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
}
}

/**
 * An agent's move for a request made by [`WebTable::think_request`] (in a worker); `progress`
 * is called with JSON `{playouts, ms, best}` while it thinks. Returns JSON `{move, playouts, ms}`
 * or `{error}`.
 * @param {string} request
 * @param {Function} progress
 * @returns {string}
 */
export function think(request, progress) {
let deferred2_0;
let deferred2_1;
try {
const ptr0 = passStringToWasm0(request, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
const len0 = WASM_VECTOR_LEN;
const ret = wasm.think(ptr0, len0, progress);
deferred2_0 = ret[0];
deferred2_1 = ret[1];
return getStringFromWasm0(ret[0], ret[1]);
} finally {
wasm.__wbindgen_free(deferred2_0, deferred2_1, 1);
}
}
function __wbg_get_imports() {
            const import0 = {
            __proto__: null,
        __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
throw new Error(getStringFromWasm0(arg0, arg1));
},
__wbg_call_a410eb4b59ed5965: function() { return handleError(function (arg0, arg1, arg2) {
const ret = arg0.call(arg1, arg2);
return ret;
}, arguments); },
__wbg_now_fc2c3075ed720b59: function() {
const ret = performance.now();
return ret;
},
__wbindgen_generic_0000000000000001: function(arg0, arg1) {
// Cast intrinsic for `Ref(String) -> Externref`.
const ret = getStringFromWasm0(arg0, arg1);
return ret;
},
__wbindgen_init_externref_table: function() {
const table = wasm.__wbindgen_externrefs;
table.set(0, undefined);
table.set(1024, undefined);
table.set(1025, null);
table.set(1026, true);
table.set(1027, false);
},
};
        return {
            __proto__: null,
            "./hetproba_web_bg.js": import0,
        };
}

const TableFinalization = (typeof FinalizationRegistry === 'undefined')
? { register: () => {}, unregister: () => {} }
: new FinalizationRegistry(ptr => wasm.__wbg_table_free(ptr, 1));

function addToExternrefTable0(obj) {
                    const idx = wasm.__externref_table_alloc();
                    wasm.__wbindgen_externrefs.set(idx, obj);
                    return idx;
                }

function getStringFromWasm0(ptr, len) {
                    ptr = ptr >>> 0;
                    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
                }

let cachedUint8ArrayMemory0 = null;
                function getUint8ArrayMemory0() {
                    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
                        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
                    }
                    return cachedUint8ArrayMemory0;
                }

function handleError(f, args) {
                            try {
                                return f.apply(this, args);
                            } catch (e) {
                                const idx = addToExternrefTable0(e);
                                wasm.__wbindgen_exn_store(idx);
                            }
                        }

function passStringToWasm0(arg, malloc, realloc) {
                    if (realloc === undefined) {
                    const buf = cachedTextEncoder.encode(arg);
                    const ptr = malloc(buf.length, 1) >>> 0;
                    getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
                    WASM_VECTOR_LEN = buf.length;
                    return ptr;
                }

                let len = arg.length;
                let ptr = malloc(len, 1) >>> 0;

                const mem = getUint8ArrayMemory0();

                let offset = 0;

                for (; offset < len; offset++) {
                    const code = arg.charCodeAt(offset);
                    if (code > 0x7F) break;
                    mem[ptr + offset] = code;
                }
            if (offset !== len) {
                        if (offset !== 0) {
                            arg = arg.slice(offset);
                        }
                        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
                        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
                        const ret = cachedTextEncoder.encodeInto(arg, view);
                        
                        offset += ret.written;
                        ptr = realloc(ptr, len, offset, 1) >>> 0;
                    }

                    WASM_VECTOR_LEN = offset;
                    return ptr;
                }

function takeFromExternrefTable0(idx) {
                    const value = wasm.__wbindgen_externrefs.get(idx);
                    wasm.__externref_table_dealloc(idx);
                    return value;
                }

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
                        const MAX_SAFARI_DECODE_BYTES = 2146435072;
                        let numBytesDecoded = 0;
                        function decodeText(bytes) {
                            numBytesDecoded += bytes.length;
                            if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
                                cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
                                cachedTextDecoder.decode();
                                numBytesDecoded = bytes.length;
                            }
                            return cachedTextDecoder.decode(bytes);
                        }

const cachedTextEncoder = new TextEncoder();

                        if (!('encodeInto' in cachedTextEncoder)) {
                            cachedTextEncoder.encodeInto = function (arg, view) {
                const buf = cachedTextEncoder.encode(arg);
                view.set(buf);
                return {
                    read: arg.length,
                    written: buf.length
                };
            };
                        }

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
            function __wbg_finalize_init(instance, module) {
                wasmInstance = instance;
                wasm = instance.exports;
                wasmModule = module;
                cachedUint8ArrayMemory0 = null;
wasm.__wbindgen_start();
return wasm;
            }

            async function __wbg_load(module, imports) {
                if (typeof Response === 'function' && module instanceof Response) {
                    if (!module.ok) {
                        throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
                    }

                    if (typeof WebAssembly.instantiateStreaming === 'function') {
                        try {
                            return await WebAssembly.instantiateStreaming(module, imports);
                        } catch (e) {
                            const validResponse = expectedResponseType(module.type);

                            if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                                console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                            } else { throw e; }
                        }
                    }

                    const bytes = await module.arrayBuffer();
                    return await WebAssembly.instantiate(bytes, imports);
                } else {
                    const instance = await WebAssembly.instantiate(module, imports);

                    if (instance instanceof WebAssembly.Instance) {
                        return { instance, module };
                    } else {
                        return instance;
                    }
                }

                function expectedResponseType(type) {
                    switch (type) {
                        case 'basic': case 'cors': case 'default': return true;
                    }
                    return false;
                }
            }

            function initSync(module) {
                if (wasm !== undefined) return wasm;

                
                if (module !== undefined) {
                    if (Object.getPrototypeOf(module) === Object.prototype) {
                        ({module} = module)
                    } else {
                        console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
                    }
                }

                const imports = __wbg_get_imports();
                if (!(module instanceof WebAssembly.Module)) {
                    module = new WebAssembly.Module(module);
                }
                const instance = new WebAssembly.Instance(module, imports);
                return __wbg_finalize_init(instance, module);
            }

            let __wbg_init_promise;
            async function __wbg_init(module_or_path) {
                if (wasm !== undefined) return wasm;
                if (__wbg_init_promise === undefined) {
                    __wbg_init_promise = __wbg_init_once(module_or_path);
                    __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
                }
                return __wbg_init_promise;
            }

            async function __wbg_init_once(module_or_path) {
                
                if (module_or_path !== undefined) {
                    if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
                        ({module_or_path} = module_or_path)
                    } else {
                        console.warn('using deprecated parameters for the initialization function; pass a single object instead')
                    }
                }

                if (module_or_path === undefined) {
                            module_or_path = new URL('hetproba_web.46c379b44ef4b91b.wasm', import.meta.url);
                        }
                const imports = __wbg_get_imports();

                if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
                    module_or_path = fetch(module_or_path);
                }

                const { instance, module } = await __wbg_load(await module_or_path, imports);

                return __wbg_finalize_init(instance, module);
            }
            
export { initSync, __wbg_init as default };