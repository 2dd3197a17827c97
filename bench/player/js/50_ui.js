/* 50_ui.js — everything around the board: the buttons and pad, the status line,
 * the digit sets in #combos, clashes and hints marked, the long-generation warning
 * (where generation was measured slow here), and the help dialog. */
const UI = (() => {
  const $ = id => document.getElementById(id);
  const status = $("status"), combos = $("combos"), dialog = $("help-dialog");
  let info = "";       // the puzzle's own line; edits bring the status back to it
  let pencil = false;
  let clashes = true;         // mark clashing runs as you type
  let revealed = false;       // the solution was shown for this puzzle
  const hinted = new Set();   // cells whose digit came from a hint
  const slowMs = {};          // the last generation time of each size-difficulty here

  const say = text => { status.textContent = text; };
  const setInfo = text => { info = text; say(text); };

  // Each run's digit sets; the sets that cannot hold the digits already entered are struck.
  function showCombos(runs) {
    combos.replaceChildren(...runs.map(run => {
      const line = document.createElement("span"), inRun = run.cells.map(Game.digit).filter(Boolean);
      line.className = "combo";
      line.append(`${run.dir === "down" ? "↓" : "→"} ${run.sum} in ${run.cells.length}:`);
      for (const set of Combos.sets(run.sum, run.cells.length)) {
        const fits = inRun.every(d => set.includes(d)) && new Set(inRun).size === inRun.length;
        const item = document.createElement(fits ? "b" : "s");
        item.textContent = set;
        line.append(" ", item);
      }
      return line;
    }));
  }
  const showClueCombos = i => showCombos(Game.runs().filter(run => run.clue === i));

  function refresh() {
    $("undo").disabled = !Game.canUndo();
    $("redo").disabled = !Game.canRedo();
    if (Board.selected >= 0) showCombos(Object.values(Game.runsOf(Board.selected)));
  }

  // The cells of runs whose digits repeat, or that no digit set of their sum can hold.
  function clashCells() {
    const out = new Set();
    for (const run of Game.runs()) {
      const filled = run.cells.filter(Game.digit), digits = filled.map(Game.digit);
      const fits = new Set(digits).size === digits.length &&
        Combos.sets(run.sum, run.cells.length).some(set => digits.every(d => set.includes(d)));
      if (!fits) filled.forEach(i => out.add(i));
    }
    return out;
  }
  const solvedText = () => revealed ? "Solution shown: every run adds up." : "Congratulations, the puzzle is solved!";

  // After every change of the digits: stale Check marks go, clashes and hints are marked
  // again, and a full right board is praised (unless the solution was shown).
  function edited() {
    for (const i of hinted) if (Game.digit(i) !== Game.solution(i)) hinted.delete(i);
    Board.markBad(new Set());
    Board.paint();
    Board.mark("clash", clashes ? clashCells() : new Set());
    Board.mark("hinted", hinted);
    refresh();
    const solved = Game.isFull() && Game.wrongRuns().length === 0;
    say(solved ? solvedText() : info);
    return solved;
  }

  function check() {
    const wrong = Game.wrongRuns();
    Board.markBad(new Set(wrong.flatMap(run => run.cells)));
    const empty = Game.whites().filter(i => !Game.digit(i)).length;
    if (wrong.length) say(`${wrong.length} wrong run${wrong.length > 1 ? "s" : ""}, marked in red.`);
    else if (!empty) say(solvedText());
    else say(`No wrong runs so far; ${empty} cell${empty > 1 ? "s" : ""} to fill.`);
  }

  // With no selection, the hint goes to the first cell that is empty or wrong.
  function hint() {
    let i = Board.selected;
    if (i < 0) i = Game.whites().find(j => Game.digit(j) !== Game.solution(j));
    if (i === undefined) return say("Nothing to hint: every cell is right.");
    Board.select(i);
    if (!Game.setDigit(i, Game.solution(i))) return say("This cell is already right.");
    hinted.add(i);
    if (!edited()) say(`Hint: ${Game.solution(i)} goes here.`);
  }

  const sizeSel = $("size"), levelSel = $("difficulty");
  // The warning shows for a size and difficulty whose last generation here took over
  // a second: measured on this machine, not assumed.
  function updateWarning() {
    $("warning").hidden = sizeSel.disabled || !(slowMs[`${sizeSel.value}-${levelSel.value}`] > 1000);
  }
  function generated(size, level, ms) {
    slowMs[`${size}-${level}`] = ms;
    updateWarning();
  }

  function buildSums() {
    const all = Combos.uniqueSums(), table = document.createElement("table");
    table.innerHTML = "<thead><tr><th scope=col>cells</th><th scope=col>sum: its only digits</th></tr></thead>";
    const body = table.createTBody();
    for (let length = 2; length <= 9; length++) {
      const row = body.insertRow(), these = all.filter(u => u.length === length);
      if (length === 8) row.className = "new-sum";
      row.insertCell().textContent = length;
      const cell = row.insertCell();
      these.forEach((u, k) => {
        const item = document.createElement("span"); // one sum and its set never break apart
        item.textContent = `${u.sum}: ${u.set}` + (k < these.length - 1 ? "," : "");
        cell.append(item, " ");
      });
      if (length === 8) row.title = "Not in the thesis's table of 25 unique sums";
    }
    $("sums-count").textContent = all.length;
    $("sums-table").replaceChildren(table);
  }

  const tabs = [...dialog.querySelectorAll("[role=tab]")];
  function showTab(name) {
    for (const tab of tabs) {
      const on = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", on);
      tab.tabIndex = on ? 0 : -1;
      $(tab.getAttribute("aria-controls")).hidden = !on;
      if (on && dialog.open) tab.focus();
    }
  }
  function openHelp(name) {
    if (!dialog.open) dialog.showModal();
    showTab(name);
  }

  function init(cliMode) {
    const act = (id, fn) => $(id).addEventListener("click", fn);
    act("new", () => Source.fresh());
    act("check", check);
    act("hint", hint);
    act("reset", () => { if (Game.reset()) { edited(); say("Cleared: every digit and mark is gone (Undo brings them back)."); } });
    act("solution", () => { revealed = true; if (Game.solve()) edited(); say("This is the solution (Undo takes it back)."); });
    act("clashes", () => {
      clashes = !clashes;
      $("clashes").setAttribute("aria-pressed", clashes);
      edited();
    });
    act("undo", () => Game.undo() && edited());
    act("redo", () => Game.redo() && edited());
    act("help", () => openHelp("rules"));
    act("sums", () => openHelp("sums"));
    act("pencil", () => {
      pencil = !pencil;
      $("pencil").setAttribute("aria-pressed", pencil);
    });
    $("pad").addEventListener("click", e => {
      const b = e.target.closest("[data-digit]");
      if (!b) return;
      const d = Number(b.dataset.digit);
      Board.enter(d, pencil && d > 0);
      // A mouse user goes on typing on the board; a keyboard user stays on the pad.
      if (e.detail > 0 && Board.selected >= 0) Board.select(Board.selected);
    });
    document.addEventListener("keydown", e => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || dialog.open) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) Game.undo() && edited();
      else if (k === "y" || (k === "z" && e.shiftKey)) Game.redo() && edited();
      else return;
      e.preventDefault();
    });

    sizeSel.disabled = levelSel.disabled = cliMode;
    sizeSel.addEventListener("change", updateWarning);
    levelSel.addEventListener("change", updateWarning);
    updateWarning();

    buildSums();
    tabs.forEach(tab => tab.addEventListener("click", () => showTab(tab.dataset.tab)));
    dialog.querySelector("[role=tablist]").addEventListener("keydown", e => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
      if (!step) return;
      const at = tabs.findIndex(t => t.getAttribute("aria-selected") === "true");
      showTab(tabs[(at + step + tabs.length) % tabs.length].dataset.tab);
    });
    dialog.querySelector(".close").addEventListener("click", () => dialog.close());
    showTab("rules");
  }

  // A puzzle was opened: the selects follow it, and the rest starts over.
  function opened(p, text) {
    if (!sizeSel.disabled) {
      const size = `${p.rows}x${p.cols}`;
      if ([...sizeSel.options].some(o => o.value === size)) sizeSel.value = size;
      if (Wasm.LEVELS.includes(p.level)) levelSel.value = p.level;
      updateWarning();
    }
    combos.textContent = "Hover or focus a clue to see the digit sets of its sum.";
    revealed = false;
    hinted.clear();
    Board.mark("hinted", hinted);
    Board.mark("clash", clashes ? clashCells() : new Set());
    refresh();
    setInfo(text);
  }

  return { init, say, opened, edited, generated, showCombos, showClueCombos };
})();
