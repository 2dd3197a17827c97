/* 30_state.js — the game: the puzzle, the player's digits and pencil marks, the
 * undo/redo history, and their copy in localStorage. It knows the runs and judges
 * them; it draws nothing. */
const Game = (() => {
  const KEY = "puzzlebench.kakuro";
  const HISTORY = 500; // undo steps kept (and saved)
  let puzzle = null, runs = [], cellRuns = [], whites = [];
  let entries = [], marks = []; // per cell: digit 0..9, and pencil marks as bits 1<<d
  let undoStack = [], redoStack = [];

  const isWhite = v => typeof v === "number";

  // A run starts right of (across) or below (down) a clue and ends at the next dark cell.
  function findRuns(p) {
    runs = []; cellRuns = p.grid.map(() => ({}));
    p.grid.forEach((v, i) => {
      if (isWhite(v)) return;
      const r = Math.floor(i / p.cols), c = i % p.cols;
      [["down", v[0], 1, 0], ["across", v[1], 0, 1]].forEach(([dir, sum, dr, dc]) => {
        if (!sum) return;
        const cells = [];
        for (let rr = r + dr, cc = c + dc; rr < p.rows && cc < p.cols; rr += dr, cc += dc) {
          if (!isWhite(p.grid[rr * p.cols + cc])) break;
          cells.push(rr * p.cols + cc);
        }
        const run = { dir, sum, cells, clue: i };
        runs.push(run);
        cells.forEach(j => { cellRuns[j][dir] = run; });
      });
    });
  }

  // saved: { entries, marks, undo, redo } from storage, when it belongs to this puzzle.
  function load(p, saved) {
    puzzle = p;
    findRuns(p);
    whites = p.grid.flatMap((v, i) => (isWhite(v) ? [i] : []));
    const n = p.grid.length;
    const ok = saved && saved.entries && saved.entries.length === n && saved.marks.length === n;
    entries = ok ? saved.entries.slice() : new Array(n).fill(0);
    marks = ok ? saved.marks.slice() : new Array(n).fill(0);
    undoStack = ok ? saved.undo || [] : [];
    redoStack = ok ? saved.redo || [] : [];
    save();
  }

  // When storage is full, the digits matter more than a long history: keep the last steps only.
  function save() {
    const write = () => localStorage.setItem(KEY, JSON.stringify({ puzzle, entries, marks, undo: undoStack, redo: redoStack }));
    try { write(); } catch (e) {
      undoStack = undoStack.slice(-20); redoStack = [];
      try { write(); } catch (e2) { /* storage disabled: play on without saving */ }
    }
  }

  // What is wrong with a saved game, or "" when it can be played on: a save is the
  // page's own writing, but storage outlives versions and can be edited by hand.
  const count = (v, hi) => Number.isInteger(v) && v >= 0 && v <= hi;
  const cellOk = v => count(v, 9) && v > 0 || Array.isArray(v) && v.length === 2 && v.every(x => count(x, 45));
  function saveProblem(s) {
    const p = s && s.puzzle;
    if (!p || typeof p !== "object") return "no puzzle in it";
    if (!count(p.rows, 1e4) || !count(p.cols, 1e4) || p.rows < 1 || p.cols < 1) return `rows ${p.rows}, cols ${p.cols}`;
    if (!Array.isArray(p.grid) || p.grid.length !== p.rows * p.cols) return `a grid that is not ${p.rows}x${p.cols}`;
    const bad = p.grid.findIndex(v => !cellOk(v));
    if (bad >= 0) return `cell ${bad} is ${JSON.stringify(p.grid[bad])}, not a digit or a [down, across] clue`;
    const n = p.grid.length;
    const list = (a, ok) => Array.isArray(a) && a.length === n && a.every(ok);
    if (!list(s.entries, v => count(v, 9))) return "digits that are not one 0..9 a cell";
    if (!list(s.marks, v => count(v, 1023))) return "pencil marks that are not one 0..1023 a cell";
    const stepOk = st => Array.isArray(st) && st.every(ch => Array.isArray(ch) && ch.length === 5 &&
      count(ch[0], n - 1) && count(ch[1], 9) && count(ch[2], 1023) && count(ch[3], 9) && count(ch[4], 1023));
    if (!Array.isArray(s.undo) || !s.undo.every(stepOk)) return "an undo history that cannot be replayed";
    if (!Array.isArray(s.redo) || !s.redo.every(stepOk)) return "a redo history that cannot be replayed";
    return "";
  }

  // The saved game when it can be played on; a save that cannot is removed, and
  // dropped() tells why (once), so that one bad save does not break every reload.
  let droppedWhy = "";
  function stored() {
    let text, s;
    try { text = localStorage.getItem(KEY); } catch (e) { return null; } // storage disabled
    if (text === null) return null;
    try { s = JSON.parse(text); } catch (e) { s = undefined; }
    const why = s === undefined ? "not JSON" : saveProblem(s);
    if (!why) return s;
    droppedWhy = why;
    try { localStorage.removeItem(KEY); } catch (e) { /* storage disabled */ }
    return null;
  }
  function dropped() { const why = droppedWhy; droppedWhy = ""; return why; }

  // One user action is one undo step: a list of [cell, digit, marks before, digit, marks after].
  function act(edits) {
    const step = edits.filter(([i, d, m]) => entries[i] !== d || marks[i] !== m)
                      .map(([i, d, m]) => [i, entries[i], marks[i], d, m]);
    if (!step.length) return false;
    put(step, 3);
    undoStack.push(step);
    if (undoStack.length > HISTORY) undoStack.shift();
    redoStack = [];
    save();
    return true;
  }
  function put(step, at) { step.forEach(ch => { entries[ch[0]] = ch[at]; marks[ch[0]] = ch[at + 1]; }); }
  function travel(from, to, at) {
    const step = from.pop();
    if (!step) return false;
    put(step, at); to.push(step); save();
    return true;
  }

  // A run is wrong when a digit repeats in it, or when it is full and misses its sum.
  function wrongRuns() {
    return runs.filter(run => {
      const ds = run.cells.map(i => entries[i]).filter(Boolean);
      const total = ds.reduce((a, b) => a + b, 0);
      return new Set(ds).size < ds.length || (ds.length === run.cells.length && total !== run.sum);
    });
  }

  return {
    load, stored, dropped, wrongRuns,
    get puzzle() { return puzzle; },
    runs: () => runs,
    runsOf: i => cellRuns[i],
    whites: () => whites,
    digit: i => entries[i],
    marks: i => marks[i],
    solution: i => puzzle.grid[i],
    isWhite,
    isFull: () => whites.every(i => entries[i]),
    canUndo: () => undoStack.length > 0,
    canRedo: () => redoStack.length > 0,
    undo: () => travel(undoStack, redoStack, 1),
    redo: () => travel(redoStack, undoStack, 3),
    setDigit: (i, d) => act([[i, d, marks[i]]]),
    toggleMark: (i, d) => act([[i, entries[i], marks[i] ^ (1 << d)]]),
    clear: i => act([[i, 0, entries[i] ? marks[i] : 0]]), // the digit first, then the marks
    solve: () => act(whites.map(i => [i, puzzle.grid[i], marks[i]])),
    reset: () => act(whites.map(i => [i, 0, 0])),
  };
})();
