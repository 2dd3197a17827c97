/* 40_board.js — the board: draws the puzzle into #board, keeps the selection, and
 * turns clicks and keys on the board into game actions. Only one cell is in the tab
 * order at a time (roving tabindex); arrows move over the white cells. */
const Board = (() => {
  const el = document.getElementById("board");
  let cells = [], sel = -1;

  function runLabel(runs) {
    const parts = ["down", "across"].filter(d => runs[d]).map(d => `${runs[d].sum} ${d}`);
    return parts.length ? "run sums " + parts.join(" ") : "no runs";
  }

  function render() {
    const p = Game.puzzle;
    el.style.setProperty("--cols", p.cols);
    el.setAttribute("aria-rowcount", p.rows);
    el.setAttribute("aria-colcount", p.cols);
    cells = [];
    const rows = [];
    for (let r = 0; r < p.rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      for (let c = 0; c < p.cols; c++) {
        const i = r * p.cols + c, v = p.grid[i], cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.dataset.i = i;
        if (Game.isWhite(v)) {
          cell.className = "cell white";
          cell.dataset.r = r;
          cell.dataset.c = c;
          cell.tabIndex = -1;
          cell.setAttribute("aria-label", `row ${r} column ${c}, ${runLabel(Game.runsOf(i))}`);
        } else if (v[0] || v[1]) {
          cell.className = "cell clue";
          if (v[0]) cell.dataset.down = v[0];
          if (v[1]) cell.dataset.right = v[1];
          cell.tabIndex = -1; // focusable by mouse, for its digit sets; not in the tab order
          const said = [v[0] && `${v[0]} down`, v[1] && `${v[1]} across`].filter(Boolean);
          cell.setAttribute("aria-label", "clue " + said.join(", "));
        } else {
          cell.className = "cell black";
          cell.setAttribute("aria-label", "blank");
        }
        cells.push(cell);
        row.append(cell);
      }
      rows.push(row);
    }
    el.replaceChildren(...rows);
    sel = -1;
    paint();
  }

  // Brings every white cell up to the game's state (cheap: at most 225 cells).
  function paint() {
    const first = Game.whites()[0];
    for (const i of Game.whites()) {
      const cell = cells[i], d = Game.digit(i), m = Game.marks(i);
      cell.textContent = d ? String(d) : "";
      const ms = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(k => m & (1 << k)).join("");
      if (ms) cell.dataset.marks = ms; else delete cell.dataset.marks;
      cell.setAttribute("aria-description", d ? String(d) : ms ? "pencil " + ms.split("").join(" ") : "empty");
      cell.classList.toggle("selected", i === sel);
      cell.setAttribute("aria-selected", i === sel ? "true" : "false");
      cell.tabIndex = i === sel || (sel < 0 && i === first) ? 0 : -1;
    }
  }

  function select(i, focus = true) {
    if (i < 0 || !Game.isWhite(Game.puzzle.grid[i])) return;
    sel = i;
    paint();
    if (focus && document.activeElement !== cells[i]) cells[i].focus();
    UI.showCombos(Object.values(Game.runsOf(i)));
  }

  // Steps from the selection in (dr, dc) to the next white cell, jumping dark cells.
  function move(dr, dc) {
    const p = Game.puzzle;
    if (sel < 0) return select(Game.whites()[0]);
    for (let r = Math.floor(sel / p.cols) + dr, c = sel % p.cols + dc;
         r >= 0 && c >= 0 && r < p.rows && c < p.cols; r += dr, c += dc)
      if (Game.isWhite(p.grid[r * p.cols + c])) return select(r * p.cols + c);
  }

  // d: 1..9 a digit, 0 clear; pencil toggles a mark instead.
  function enter(d, pencil) {
    if (sel < 0) return UI.say("Select a white cell first.");
    const changed = d === 0 ? Game.clear(sel) : pencil ? Game.toggleMark(sel, d) : Game.setDigit(sel, d);
    if (changed) UI.edited();
  }

  // Cells marked with a class: "bad" by Check, "clash" as you type, "hinted" for hints.
  function mark(cls, cellsToMark) {
    cells.forEach((cell, i) => cell.classList.toggle(cls, cellsToMark.has(i)));
  }
  function markBad(cellsToMark) {
    mark("bad", cellsToMark);
  }

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  el.addEventListener("keydown", e => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // e.code keeps Shift+1 a digit whatever the layout makes of e.key ("!" on US keyboards).
    const m = /^(?:Digit|Numpad)([0-9])$/.exec(e.code) || /^([0-9])$/.exec(e.key);
    if (m) enter(Number(m[1]), e.shiftKey && m[1] !== "0");
    else if (e.key === "Backspace" || e.key === "Delete") enter(0);
    else if (ARROWS[e.key]) move(...ARROWS[e.key]);
    else return;
    e.preventDefault();
  });

  const cellOf = e => e.target.closest && e.target.closest(".cell");
  el.addEventListener("click", e => {
    const cell = cellOf(e);
    if (cell && cell.classList.contains("white")) select(Number(cell.dataset.i));
  });
  el.addEventListener("focusin", e => {
    const cell = cellOf(e);
    if (!cell) return;
    if (cell.classList.contains("white")) { if (Number(cell.dataset.i) !== sel) select(Number(cell.dataset.i), false); }
    else if (cell.classList.contains("clue")) UI.showClueCombos(Number(cell.dataset.i));
  });
  el.addEventListener("mouseover", e => {
    const cell = cellOf(e);
    if (cell && cell.classList.contains("clue")) UI.showClueCombos(Number(cell.dataset.i));
  });
  el.addEventListener("mouseleave", () => {
    if (sel >= 0) UI.showCombos(Object.values(Game.runsOf(sel)));
  });

  return { render, paint, select, enter, mark, markBad, get selected() { return sel; } };
})();
