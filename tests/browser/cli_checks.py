"""cli_checks.py — the browser test's checks against puzzlebench's own output: the page's
wasm generator against `generate kakuro` (check 10), a page written by `generate kakuro
--html` (check 11), and the SVGs of `puzzlebench render` (check 12). Used by test_player.py.
"""
import glob
import os
import xml.etree.ElementTree as ET

import kakuro_rules as K
import player_page as P
from player_page import begin, check_board, need, no_console_errors, ok


def check_determinism(d, pb, page, made=()):
    """pbPlayer.generate against the CLI for fixed cases, the puzzles `made` by New (random
    seeds) against the CLI for their seeds, and a puzzle opened by the URL hash."""
    begin("10 determinism")
    d.get("about:blank")  # a fresh load: the hash alone would not reload the page
    d.get(P.file_url(page) + "#seed=7&index=2&size=11x11&difficulty=hard")
    P.wait_ready(d)
    p, c = P.puzzle(d), K.cli_solutions(pb, 11, 11, "hard", 7, 3)[-1]
    need(p["name"] == c["name"] and not K.grid_diff(p, c), f"#seed=7&index=2&size=11x11&"
         f"difficulty=hard opened {p['name']}, not {c['name']}: {K.grid_diff(p, c)}")
    check_board(d, p)
    ok(f"the URL hash #seed=7&index=2&size=11x11&difficulty=hard opens {p['name']}, "
       "the CLI's, on an empty board")
    for p in made:
        c = K.cli_solutions(pb, p["rows"], p["cols"], p["level"], p["seed"], p["index"] + 1)[-1]
        need(p["name"] == c["name"] and not K.grid_diff(p, c) and p["attempts"] == c["attempts"],
             f"New made {p['name']}, the CLI {c['name']}: {K.grid_diff(p, c)}, "
             f"{p['attempts']} vs {c['attempts']} attempts")
        ok(f"New's {p['name']} (a random seed) equals the CLI's")
    for rows, cols, level, seed, count in ((11, 11, "hard", 7, 3), (6, 6, "easy", 3, 1),
                                           (9, 9, "medium", 4242, 2)):
        cli = K.cli_solutions(pb, rows, cols, level, seed, count)
        for i in range(count):
            p, form = P.browser_generate(d, rows, cols, level, seed, i)
            need(p is not None, f"pbPlayer.generate({rows}, {cols}, {level!r}, {seed}, {i}) "
                 "gave no puzzle (level by name or number)")
            c = cli[i]
            diff = K.grid_diff(p, c)
            need(p["name"] == c["name"], f"browser {p['name']} vs CLI {c['name']}")
            need(not diff, f"{c['name']}: browser and CLI grids differ at {diff}")
            need(p["attempts"] == c["attempts"],
                 f"{c['name']}: {p['attempts']} attempts in the browser, "
                 f"{c['attempts']} in the CLI")
            ok(f"{c['name']}: same clues and digits, {c['attempts']} attempts "
               f"(level passed by {form})")
    no_console_errors(d, "after pbPlayer.generate")


def check_cli_page(d, path, pb):
    begin("11 CLI page")
    P.js(d, "localStorage.clear();")
    d.get(P.file_url(path))
    P.wait_ready(d)
    puzzles = P.js(d, "return JSON.parse(document.getElementById('pb-puzzles').textContent);")
    n = len(puzzles)
    need(n > 0, f"{path}: #pb-puzzles is empty")
    for sel in ("#size", "#difficulty"):
        need(not d.find_element(P.By.CSS_SELECTOR, sel).is_enabled(), f"{sel} not disabled")
    groups = {}
    for q in puzzles:
        key = (q["rows"], q["cols"], q["level"], q["seed"])
        groups[key] = max(groups.get(key, 0), q["index"] + 1)
    cli = {c["name"]: c for key, cnt in groups.items() for c in K.cli_solutions(pb, *key, cnt)}
    for step, k in enumerate(list(range(1, n + 1)) + [1]):
        want = puzzles[k - 1]
        if step:
            P.click(d, "#new")
        P.wait_for(d, f"puzzle {k} of {n}", "return window.pbPlayer.puzzle.name === arguments[0]"
                   " && document.getElementById('status').textContent.toLowerCase()"
                   ".includes(arguments[1]);",
                   P.WAIT_S, want["name"], f"puzzle {k} of {n}")
        shown, c = P.puzzle(d), cli[want["name"]]
        check_board(d, shown)
        for q, what in ((want, "#pb-puzzles"), (shown, "pbPlayer.puzzle")):
            need(not K.grid_diff(q, c), f"{want['name']}: {what} and CLI differ "
                 f"{K.grid_diff(q, c)}")
            need(q["attempts"] == c["attempts"], f"{want['name']}: {what}'s attempts "
                 f"{q['attempts']}, the CLI's {c['attempts']}")
        ok(f"puzzle {k} of {n}: {want['name']} shown, equal to the CLI's text output")
    no_console_errors(d, "on the CLI page")


def check_svgs(d, svg_dir):
    begin("12 SVGs")
    files = sorted(glob.glob(os.path.join(svg_dir, "*.svg")))
    need(files, f"no *.svg in {svg_dir}")
    for f in files:
        try:
            ET.parse(f)
        except ET.ParseError as e:
            raise P.CheckFailed(f"{f}: xml.etree: {e}") from None
        d.get(P.file_url(f))
        ns, name, w, h, errs = P.js(d, """const e = document.documentElement,
            b = e.getBoundingClientRect(); return [e.namespaceURI, e.localName, b.width,
            b.height, document.getElementsByTagName('parsererror').length];""")
        need(ns == "http://www.w3.org/2000/svg" and name == "svg" and not errs,
             f"{f}: the browser's root is {ns} {name}, {errs} parse errors")
        need(w > 0 and h > 0, f"{f}: rendered {w}x{h}")
        no_console_errors(d, f"loading {f}")
        ok(f"{os.path.basename(f)}: parses, renders {w:.0f}x{h:.0f}")
