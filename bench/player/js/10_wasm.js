/* 10_wasm.js — the generator: the project's C kakuro generator compiled to
 * WebAssembly, embedded in the page as base64 (#pb-wasm). Wasm.load() starts it,
 * Wasm.generate() makes one puzzle, synchronously, and times the call. */
const Wasm = (() => {
  const LEVELS = ["easy", "medium", "hard"];
  const BUF = 1 << 20; // one buffer, reused; a 15x15 puzzle's JSON is a few KB
  let ex = null, buf = 0;

  // Built for wasm32-wasi, but the library does no I/O: only the clock is ever called
  // (for the time limit and wall_s). The fd_* imports just have to exist.
  const wasi = {
    clock_time_get(id, precision, ptr) {
      const ns = BigInt(Math.round(performance.now() * 1e6));
      new DataView(ex.memory.buffer).setBigUint64(ptr, ns, true);
      return 0;
    },
    fd_close: () => 0,
    fd_seek: () => 52, // ENOSYS
    fd_write: () => 52,
  };

  async function load() {
    const b64 = document.getElementById("pb-wasm").textContent.trim();
    const bytes = Uint8Array.from(atob(b64), ch => ch.charCodeAt(0));
    const { instance } = await WebAssembly.instantiate(bytes, { wasi_snapshot_preview1: wasi });
    ex = instance.exports;
    buf = ex.pbk_alloc(BUF);
    if (!buf) throw new Error("the generator could not allocate its buffer");
  }

  const FAILURES = { "-1": "ran out of time", "-2": "failed", "-3": "bad arguments", "-4": "buffer too small" };

  // rows/cols count the whole grid; level is 0..2 or its name; seed is any integer
  // below 2^64 (number, string or BigInt). Returns { puzzle, ms }.
  function generate(rows, cols, level, seed, index = 0, maxSeconds = 60) {
    const lv = typeof level === "number" ? level : LEVELS.indexOf(level);
    const s = BigInt(seed);
    const t0 = performance.now();
    const n = ex.pbk_generate(rows, cols, lv, Number(s & 0xffffffffn), Number(s >> 32n),
                              index, maxSeconds, buf, BUF);
    const ms = performance.now() - t0;
    if (n < 0) throw new Error(`generator ${FAILURES[n] || "error " + n}`);
    const json = new TextDecoder().decode(new Uint8Array(ex.memory.buffer, buf, n));
    return { puzzle: JSON.parse(json), ms };
  }

  return { load, generate, LEVELS };
})();
