/* 60_source.js — where puzzles come from: the generator (a random seed, or the seed
 * and index in the URL hash), the CLI's puzzles embedded in #pb-puzzles, or the game
 * saved in localStorage; and opening one on the board. */
const Source = (() => {
  const $ = id => document.getElementById(id);
  let list = []; // the CLI's puzzles; empty in the plain player
  try {
    const v = JSON.parse($("pb-puzzles").textContent);
    if (Array.isArray(v)) list = v;
  } catch (e) { /* an unfilled template: the plain player */ }
  let at = -1;   // which of them is shown

  const same = (a, b) => !!a && !!b && a.name === b.name && JSON.stringify(a.grid) === JSON.stringify(b.grid);
  const figures = p => `attempts ${p.attempts}, seed ${p.seed}, index ${p.index}`;
  const hashOf = p => `seed=${p.seed}&index=${p.index}&size=${p.rows}x${p.cols}&difficulty=${p.level}`;

  // Progress is restored only onto the very puzzle it was made on. The URL names a
  // generated puzzle (so a reload or a shared link finds it); a listed one needs none.
  function open(p, text, hash = "") {
    history.replaceState(null, "", hash ? "#" + hash : location.pathname + location.search);
    const saved = Game.stored(), mine = saved && same(saved.puzzle, p);
    Game.load(p, mine ? saved : null);
    Board.render();
    UI.opened(p, text);
    if (mine && saved.undo.length) UI.say(text + " Your progress is back.");
  }

  function generate(rows, cols, level, seed, index) {
    try {
      const { puzzle, ms } = Wasm.generate(rows, cols, level, seed, index);
      UI.generated(`${rows}x${cols}`, level, ms);
      open(puzzle, `Generated ${rows}x${cols} ${puzzle.level} in ${ms.toFixed(1)} ms: ${figures(puzzle)}.`, hashOf(puzzle));
      return true;
    } catch (e) {
      UI.say(`No puzzle: the ${e.message} (${rows}x${cols} ${level}, seed ${seed}, index ${index}).`);
      return false;
    }
  }

  function openListed(k) {
    at = k;
    const p = list[k];
    open(p, `Puzzle ${k + 1} of ${list.length}, ${p.name}: made by the CLI in ` +
            `${(p.wall_s * 1000).toFixed(1)} ms, ${figures(p)}.`);
  }

  // New: the next CLI puzzle (wrapping), or a fresh 32-bit seed at index 0.
  function fresh() {
    if (list.length) return openListed((at + 1) % list.length);
    const [rows, cols] = $("size").value.split("x").map(Number);
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    generate(rows, cols, $("difficulty").value, seed, 0);
  }

  // The sizes a link may ask for: those the page offers, and any between. The
  // generator takes far larger boards, but one of them would freeze the tab.
  const sizeOptions = () => Array.from($("size").options, o => o.value.split("x").map(Number));
  const largest = () => sizeOptions().reduce(([r, c], [r2, c2]) => [Math.max(r, r2), Math.max(c, c2)], [3, 3]);

  let linkWhy = ""; // why the last link could not be followed

  // #seed=S&index=I[&size=RxC][&difficulty=LEVEL]; the selects fill in what is missing.
  // Returns true when it opened a puzzle, else false, saying why when the hash was a
  // link that could not be followed.
  function fromHash() {
    if (location.hash.length <= 1) return false;
    const h = new URLSearchParams(location.hash.slice(1));
    const seed = h.get("seed"), index = h.get("index") || "0", level = h.get("difficulty") || $("difficulty").value;
    const sizeText = h.get("size") || $("size").value, size = /^(\d{1,5})x(\d{1,5})$/.exec(sizeText);
    const [maxRows, maxCols] = largest();
    let why = "";
    if (!/^\d{1,20}$/.test(seed || "") || BigInt(seed) >= 1n << 64n) why = `seed "${seed ?? ""}" is not a whole number below 2^64`;
    else if (!/^\d{1,9}$/.test(index)) why = `index "${index}" is not a whole number`;
    else if (!Wasm.LEVELS.includes(level)) why = `difficulty "${level}" is not one of ${Wasm.LEVELS.join(", ")}`;
    else if (!size) why = `size "${sizeText}" is not ROWSxCOLS`;
    else if (+size[1] < 3 || +size[2] < 3 || +size[1] > maxRows || +size[2] > maxCols)
      why = `size ${sizeText} is not between 3x3 and ${maxRows}x${maxCols}`;
    linkWhy = why && `This link names no puzzle the player can make: its ${why}.`;
    if (why) {
      UI.say(linkWhy);
      return false;
    }
    return generate(Number(size[1]), Number(size[2]), level, seed, Number(index));
  }

  function start() {
    addEventListener("hashchange", fromHash);
    if (!fromHash()) openStart();
    const dropped = Game.dropped();
    const why = [linkWhy, dropped && `Your saved game could not be read (${dropped}), so it was dropped.`];
    if (why.some(Boolean)) UI.say(why.filter(Boolean).join(" "));
  }

  function openStart() {
    const saved = Game.stored();
    if (list.length) return openListed(Math.max(0, list.findIndex(p => same(p, saved && saved.puzzle))));
    if (saved) {
      const p = saved.puzzle;
      return open(p, `Your ${p.rows}x${p.cols} ${p.level} puzzle, as you left it: ${figures(p)}.`, hashOf(p));
    }
    fresh();
  }

  return { start, fresh, get cliMode() { return list.length > 0; } };
})();
