/* 20_combos.js — kakuro's sum arithmetic: the digit sets (distinct digits 1..9) that
 * make a sum over a run of a given length, and the unique sums, those with one set. */
const Combos = (() => {
  const byKey = new Map(); // "length,sum" -> digit sets as strings, e.g. "689"
  for (let mask = 1; mask < 512; mask++) {
    const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(d => mask & (1 << (d - 1)));
    const key = digits.length + "," + digits.reduce((a, b) => a + b, 0);
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(digits.join(""));
  }
  for (const sets of byKey.values()) sets.sort();

  const sets = (sum, length) => byKey.get(length + "," + sum) || [];

  // The table of unique sums starts at length 2: a one-cell run's clue is its digit
  // (sets(s, 1) is just [s]), and generated runs are two cells or more. The seed's
  // table stopped at length 7 (plus 45 in 9): every sum of length 8 is unique too, as
  // 45 minus the missing digit.
  function uniqueSums() {
    const out = [];
    for (let length = 2; length <= 9; length++)
      for (let sum = 1; sum <= 45; sum++) {
        const s = sets(sum, length);
        if (s.length === 1) out.push({ length, sum, set: s[0], inSeed: length !== 8 });
      }
    return out;
  }

  return { sets, uniqueSums };
})();
