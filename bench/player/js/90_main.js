/* 90_main.js — startup: start the generator, wire the controls, show the first
 * puzzle, then say so (body[data-ready="1"]). window.pbPlayer is the tests' hook. */
window.pbPlayer = {
  // The parsed puzzle JSON, as `puzzlebench generate kakuro` would write it; shows nothing.
  generate: (rows, cols, level, seed, index = 0) => Wasm.generate(rows, cols, level, seed, index).puzzle,
  get puzzle() { return Game.puzzle; },
};

Wasm.load().then(() => {
  UI.init(Source.cliMode);
  Source.start();
  document.body.dataset.ready = "1";
}).catch(e => {
  UI.say(`The generator did not start: ${e.message}`);
  console.error(e);
});
