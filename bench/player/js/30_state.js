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

  function stored() {
    try {
      const s = JSON.parse(localStorage.getItem(KEY));
      const p = s && s.puzzle;
      return p && Array.isArray(p.grid) && p.grid.length === p.rows * p.cols ? s : null;
    } catch (e) { return null; }
  }

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
    load, stored, wrongRuns,
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
