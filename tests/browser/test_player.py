#!/usr/bin/python3
"""test_player.py — the browser test of the kakuro player page (issue 14).

Drives Debian's headless Chromium through Debian's python3-selenium over kakuro.html opened
from file://, and checks, through the page's DOM contract (bench/player, issue 14):
  1 load and ready        5 hint                  9 screenshot (kept, compared to nothing)
  2 New at every size     6 undo and redo        10 the same (seed, index) in the page's
    and difficulty        6b pencil marks           wasm (pbPlayer.generate, New, the URL
                                                    hash) and in the CLI (no Node)
  3 solve through the UI  6c ARIA labels, titles 11 a `generate kakuro --html` page (option)
  4 a wrong digit marks   6d digit sets on hover 12 SVGs load and parse (option)
    exactly its two runs  6e 320 px wide, print
                          6f help and its sums
                          7 reload keeps the
                            puzzle and digits
                          7b one-cell runs
                          7c clashes, hints, Solution
                          7d bad saves and links
                          8 no console errors
One line per check; the first failure ends the run with exit 1, a missing browser, driver or
selenium with exit 77 (skip). Bounded by --timeout (default 150 s; about a minute in practice).
Run it with /usr/bin/python3 (Debian's, which has selenium).
"""
import argparse
import json
import os
import re
import signal
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kakuro_rules as K  # noqa: E402

try:
    import selenium  # noqa: F401
except ImportError as e:
    print(f"SKIP: python3-selenium is not importable ({e}); run with /usr/bin/python3")
    sys.exit(77)
import cli_checks as C  # noqa: E402
import player_page as P  # noqa: E402
from player_page import STATE, begin, check_board, need, no_console_errors, ok  # noqa: E402

SIZES = ["6x6", "9x9", "11x11", "13x13", "15x15"]


def check_generate(d):
    begin("2 generate")
    sizes, levels = P.options(d, "#size"), P.options(d, "#difficulty")
    need(set(SIZES) <= set(sizes), f"#size options {sizes}, want {SIZES}")
    need(levels == K.LEVELS, f"#difficulty options {levels}, want {K.LEVELS}")
    made = []
    for size in sizes:
        rows, cols = map(int, size.split("x"))
        for level in levels:
            P.choose(d, size, level)
            # Not generated here yet: nothing measured slow, no warning.
            need(not P.visible(d, "#warning"), f"{size} {level}: #warning shown before any generation")
            t = time.monotonic()
            P.click_new(d)
            p, status, cells = P.snapshot(d)
            need((p["rows"], p["cols"], p["level"]) == (rows, cols, level),
                 f"New at {size} {level} gave {p['rows']}x{p['cols']} {p['level']}")
            white, clue = check_board(d, p, cells)
            made.append(p)
            need(re.search(r"\d\s*ms\b", status or "") and "attempt" in status,
                 f"{size} {level}: #status {status!r} lacks the time in ms or the attempts")
            need(str(p["attempts"]) in P.status_numbers(status),
                 f"{size} {level}: #status {status!r} lacks the {p['attempts']} attempts")
            # The warning follows this generation's own time: over a second, shown.
            took = re.search(r"in ([0-9.]+) ms", status or "")
            warn = bool(took) and float(took.group(1)) > 1000
            need(P.visible(d, "#warning") == warn,
                 f"{size} {level}: #warning {'hidden' if warn else 'shown'} after New ({status!r})")
            ok(f"{p['name']}: {white} white, {clue} clue cells match the grid, runs valid; "
               f"{1000 * (time.monotonic() - t):.0f} ms; status {status!r}")
    no_console_errors(d, "while generating")
    return made


def check_solve(d):
    begin("3 solve")
    P.choose(d, "9x9", "medium")
    P.click_new(d)
    p = P.puzzle(d)
    sol = {rc: str(v) for rc, v in K.whites(p).items()}
    P.click(d, "#reset")
    need(all(t == "" for t in P.white_texts(d).values()), "#reset left digits")
    P.select_cell(d, sorted(sol)[0])  # checks the class 'selected' once
    how, prev = {"click": 0, "pad": 0, "arrow": 0}, None
    for i, rc in enumerate(sorted(sol)):  # row by row: within a run, ArrowRight moves on
        h = "arrow" if prev == (rc[0], rc[1] - 1) and i % 3 else "pad" if i % 4 == 3 else "click"
        if h == "arrow":
            P.arrow_digit(d, rc, sol[rc])
        else:
            P.type_digit(d, rc, sol[rc], pad=h == "pad")
        how[h], prev = how[h] + 1, rc
    got = P.white_texts(d)
    diff = [(rc, got[rc], sol[rc]) for rc in sorted(sol) if got[rc] != sol[rc]]
    need(not diff, f"typed digits do not show: (cell, shown, typed) {diff[:3]}")
    P.click(d, "#check")
    status = P.text_of(d, "#status")
    need("Congratulations" in (status or ""), f"after Check of the solution #status is {status!r}")
    need(not P.bad_cells(d), f"after Check of the solution .bad on {sorted(P.bad_cells(d))[:3]}")
    ok(f"{p['name']}: {len(sol)} digits entered ({how['click']} clicked and typed, "
       f"{how['arrow']} by ArrowRight and typed, {how['pad']} by #pad); status {status!r}")
    return p


def check_wrong(d, p):
    begin("4 wrong digit")
    sol = K.whites(p)
    rc = sorted(sol)[len(sol) // 2]
    P.type_digit(d, rc, sol[rc] % 9 + 1)
    need(P.white_texts(d)[rc] == str(sol[rc] % 9 + 1), f"cell {rc} did not take a new digit")
    P.click(d, "#check")
    bad, want = P.bad_cells(d), K.runs_through(p, rc)
    status = P.text_of(d, "#status")
    need(bad == want, f"wrong {rc}: .bad on {sorted(bad, key=str)}, want its runs {sorted(want)}")
    need("Congratulations" not in status, f"wrong board congratulated: {status!r}")
    P.type_digit(d, rc, sol[rc])
    need(not P.bad_cells(d),
         f"after fixing {rc}, stale .bad on {sorted(P.bad_cells(d), key=str)[:3]}")
    P.click(d, "#check")
    need("Congratulations" in P.text_of(d, "#status"), "fixed board not congratulated")
    ok(f"{rc} -> {sol[rc] % 9 + 1}: .bad exactly on its {len(want)} run cells; "
       f"status {status!r}; fixed: no .bad, congratulated")


def check_hint(d, p):
    begin("5 hint")
    sol = K.whites(p)
    P.click(d, "#reset")
    need(all(t == "" for t in P.white_texts(d).values()), "#reset left digits")
    rc = sorted(sol)[1]
    P.select_cell(d, rc)
    P.click(d, "#hint")
    got = P.white_texts(d)
    need(got[rc] == str(sol[rc]), f"hint in {rc} shows {got[rc]!r}, solution {sol[rc]}")
    need(sum(1 for t in got.values() if t) == 1, "hint filled more than the selected cell")
    P.click(d, "#undo")
    need(P.white_texts(d)[rc] == "", "#undo did not take the hint back")
    P.click(d, "#redo")
    need(P.white_texts(d)[rc] == str(sol[rc]), "#redo did not bring the hint back")
    ok(f"{rc}: {got[rc]}, the solution digit; undone and redone")
    return rc


def check_marks(d):
    """Clashes marked as you type (and not with the toggle off), hint digits styled
    apart, and a board filled by #solution not congratulated."""
    begin("7c marks")
    P.choose(d, "9x9", "easy")
    P.click_new(d)
    p = P.puzzle(d)
    sol = K.whites(p)
    cells = max((cells for _, _, cells in K.runs(p)), key=len)
    a, b = sorted(cells)[:2]
    P.type_digit(d, a, sol[a])
    P.type_digit(d, b, sol[a])  # the same digit twice in one run
    need({a, b} <= P.marked_cells(d, "clash"), f"a repeat in {a}, {b}: .clash on {sorted(P.marked_cells(d, 'clash'))}")
    P.click(d, "#clashes")
    need(not P.marked_cells(d, "clash"), "#clashes off: cells still marked")
    P.click(d, "#clashes")
    need({a, b} <= P.marked_cells(d, "clash"), "#clashes on again: the repeat not marked")
    P.click(d, "#reset")
    need(not P.marked_cells(d, "clash"), "after #reset: .clash left")
    P.select_cell(d, a)
    P.click(d, "#hint")
    need(P.marked_cells(d, "hinted") == {a}, f"hint in {a}: .hinted on {sorted(P.marked_cells(d, 'hinted'))}")
    P.type_digit(d, a, sol[a] % 9 + 1)
    need(not P.marked_cells(d, "hinted"), "a typed digit over a hint still styled as a hint")
    P.click(d, "#solution")
    need(P.white_texts(d) == {rc: str(v) for rc, v in sol.items()}, "#solution did not show the solution digits")
    P.click(d, "#check")
    status = P.text_of(d, "#status") or ""
    need("Solution shown" in status and "Congratulations" not in status, f"after #solution, #check says {status!r}")
    ok(f"{p['name']}: repeat marked and unmarked by the toggle, hint styled, solution not congratulated")


def check_undo(d, p):
    begin("6 undo")
    sol = K.whites(p)
    rc = sorted(sol)[-1]
    P.type_digit(d, rc, sol[rc])
    texts = lambda: P.white_texts(d)[rc]  # noqa: E731
    need(texts() == str(sol[rc]), f"{rc} did not take {sol[rc]}")
    P.click(d, "#undo")
    need(texts() == "", f"#undo left {texts()!r} in {rc}")
    P.click(d, "#redo")
    need(texts() == str(sol[rc]), f"#redo gave {texts()!r} in {rc}, not {sol[rc]}")
    P.select_cell(d, rc)
    P.ActionChains(d).key_down(P.Keys.CONTROL).send_keys("z").key_up(P.Keys.CONTROL).perform()
    need(texts() == "", f"Ctrl+Z left {texts()!r} in {rc}")
    P.ActionChains(d).key_down(P.Keys.CONTROL).send_keys("y").key_up(P.Keys.CONTROL).perform()
    need(texts() == str(sol[rc]), f"Ctrl+Y gave {texts()!r} in {rc}")
    P.ActionChains(d).send_keys(P.Keys.BACKSPACE).perform()
    need(texts() == "", f"Backspace left {texts()!r} in {rc}")
    P.click(d, "#undo")
    need(texts() == str(sol[rc]), f"#undo after Backspace gave {texts()!r} in {rc}")
    ok(f"{rc}: {sol[rc]}, #undo empty, #redo {sol[rc]}, Ctrl+Z empty, Ctrl+Y {sol[rc]}, "
       f"Backspace empty, #undo {sol[rc]}")


def check_pencil(d, p):
    begin("6b pencil")
    rc = sorted(K.whites(p))[-2]
    before = P.white(d, rc).get_attribute("outerHTML")
    need(P.white_texts(d)[rc] == "", f"{rc} is not empty to start with")
    P.select_cell(d, rc)
    P.ActionChains(d).key_down(P.Keys.SHIFT).send_keys("3").key_up(P.Keys.SHIFT).perform()
    shift = P.white(d, rc).get_attribute("outerHTML")
    P.click(d, "#pencil")
    P.click(d, '#pad [data-digit="5"]')
    pad = P.white(d, rc).get_attribute("outerHTML")
    P.click(d, "#pencil")
    texts = P.white_texts(d)
    need(texts[rc] == "", f"pencil marks show in the textContent of {rc}: {texts[rc]!r}")
    need(before != shift != pad, f"Shift+3 or pencil-mode pad 5 left {rc} unchanged")
    P.select_cell(d, rc)  # the keys go to the cell again, not to #pencil
    P.ActionChains(d).key_down(P.Keys.SHIFT).send_keys("3").key_up(P.Keys.SHIFT).perform()
    need(P.white(d, rc).get_attribute("outerHTML") != pad, "a second Shift+3 changed nothing")
    need(P.white_texts(d)[rc] == "", f"pencil marks show in the textContent of {rc}")
    P.click(d, '#pad [data-digit="5"]')  # pencil mode is off again: a digit
    need(P.white_texts(d)[rc] == "5", f"the pad after leaving pencil mode gave "
         f"{P.white_texts(d)[rc]!r}, not 5")
    P.click(d, '#pad [data-digit="0"]')
    need(P.white_texts(d)[rc] == "", "the pad's clear (data-digit 0) left a digit")
    ok(f"{rc}: Shift+3, pencil-mode pad 5 and Shift+3 again change the cell, its "
       "textContent stays empty; pad 5 then pad 0 enter and clear")


def check_a11y(d, p):
    begin("6c labels")
    cells = P.js(d, """return [Array.from(document.querySelectorAll('#board .cell.white')).map(
        e => [e.dataset.r, e.dataset.c, e.getAttribute('aria-label'), e.getAttribute('role')]),
        document.getElementById('board').getAttribute('role'),
        Array.from(document.querySelectorAll('button')).filter(b => !b.title).map(
            b => b.id || b.textContent)];""")
    labels, board_role, untitled = cells
    clue = {}
    for direction, head, run in K.runs(p):
        for rc in run:
            clue[rc, direction] = K.clues(p).get(head, (0, 0))[direction == "right"]
    for r, c, label, role in labels:
        rc = (int(r), int(c))
        want = f"row {r} column {c}, run sums {clue[rc, 'down']} down {clue[rc, 'right']} across"
        need(label == want, f"{rc}: aria-label {label!r}, want {want!r}")
        need(role == "gridcell", f"{rc}: role {role!r}, want gridcell")
    need(board_role == "grid", f"#board role {board_role!r}, want grid")
    need(not untitled, f"buttons without a title tooltip: {untitled[:5]}")
    ok(f"{len(labels)} white cells labelled 'row R column C, run sums D down A across', "
       "#board a grid, every button titled")


def check_combos(d, p):
    begin("6d combos")
    cl = K.clues(p)
    heads = sorted(cl)  # row-major, as the DOM holds them
    k = max(range(len(heads)), key=lambda k: all(cl[heads[k]]))  # both clues if any
    rc = heads[k]
    el = P.js(d, """const byPos = document.querySelector(
        `#board .cell.clue[data-r="${arguments[1]}"][data-c="${arguments[2]}"]`);
        return byPos || document.querySelectorAll('#board .cell.clue')[arguments[0]];""",
              k, rc[0], rc[1])
    P.ActionChains(d).move_to_element(el).perform()
    text = P.text_of(d, "#combos") or ""
    lengths = {dr: len(cells) for dr, head, cells in K.runs(p) if head == rc}
    for dr, s in zip(("down", "right"), cl[rc]):
        if not s:
            continue
        want = K.digit_sets(s, lengths[dr])
        m = re.search(rf"\b{s} in {lengths[dr]}:([\d\s,]*)", text)
        need(m and sorted(re.findall(r"\d+", m.group(1))) == want,
             f"hovering clue {rc}: #combos {text!r}, want '{s} in {lengths[dr]}: {' '.join(want)}'")
    ok(f"hovering clue {rc} {cl[rc]}: {' | '.join(text.split(chr(10)))!r}")


def check_layout(d):
    begin("6e 320 px, print")
    P.cdp(d, "Emulation.setDeviceMetricsOverride",
          width=320, height=640, deviceScaleFactor=1, mobile=False)
    try:
        wide, right = P.js(d, """return [document.documentElement.scrollWidth,
            document.getElementById('board').getBoundingClientRect().right];""")
    finally:
        P.cdp(d, "Emulation.clearDeviceMetricsOverride")
    need(wide <= 320 and right <= 320,
         f"at 320 px the page is {wide} px wide, the board ends at {right:.0f} px")
    P.cdp(d, "Emulation.setEmulatedMedia", media="print")
    try:
        shown = {css: P.visible(d, css) for css in ("#board", "#new", "#check", "#pad")}
    finally:
        P.cdp(d, "Emulation.setEmulatedMedia", media="")
    need(shown == {"#board": True, "#new": False, "#check": False, "#pad": False},
         f"print media: shown {shown}, want the board only")
    ok(f"at 320 px the page is {wide} px wide; print shows the board, not the controls")


def check_help(d):
    begin("6f help")
    P.click(d, "#help")
    need(P.js(d, "return document.getElementById('help-dialog').open;"), "#help opened nothing")
    tabs = P.js(d, "return Array.from(document.querySelectorAll("
                   "'#help-dialog [role=tab]')).map(t => t.textContent.trim().toLowerCase());")
    need(len(tabs) == 4 and all(any(w in x for x in tabs) for w in ("rules", "controls",
                                                                    "sums", "about")),
         f"help tabs {tabs}, want rules, controls, unique sums, about")
    P.ActionChains(d).send_keys(P.Keys.ESCAPE).perform()
    need(not P.js(d, "return document.getElementById('help-dialog').open;"), "Esc left help open")
    P.click(d, "#sums")
    need(P.visible(d, "#panel-sums"), "#sums did not open the help at the unique sums")
    text = P.text_of(d, "#panel-sums")
    missing = [s for s in K.unique_sums() if not re.search(rf"\b{s}\b", text)]
    need(not missing, f"unique sums missing from the help: {missing}")
    P.ActionChains(d).send_keys(P.Keys.ESCAPE).perform()
    need(not P.js(d, "return document.getElementById('help-dialog').open;"), "Esc left help open")
    ok(f"#help opens tabs {tabs}; #sums opens the tab listing all {len(K.unique_sums())} "
       "unique sums; Esc closes")


def check_reload(d, p):
    begin("7 reload")
    sol = K.whites(p)
    for i, rc in enumerate(sorted(sol)[2:-1:3]):
        P.type_digit(d, rc, sol[rc], pad=i % 2 == 1)
    before = P.white_texts(d)
    need(P.js(d, 'return localStorage.getItem("puzzlebench.kakuro") !== null;'),
         'no localStorage item "puzzlebench.kakuro"')
    d.refresh()
    P.wait_ready(d)
    q = P.puzzle(d)
    need(q["name"] == p["name"], f"after reload puzzle {q['name']}, was {p['name']}")
    after = P.white_texts(d)
    need(after == before, "after reload the digits differ: "
         f"{[(rc, before[rc], after.get(rc)) for rc in before if after.get(rc) != before[rc]][:3]}")
    no_console_errors(d, "after reload")
    ok(f"{q['name']} with its {sum(1 for t in after.values() if t)} digits")


# A hand-made puzzle with one-cell runs (the generator makes none): 3 across in row 2 and 2
# down in column 2 are their cells' digits; 4 down and 3 across make the rest.
ONE_CELL = {"name": "one-cell runs", "rows": 3, "cols": 3, "level": "easy", "seed": 0,
            "index": 0, "attempts": 1, "fills": 1, "check_steps": 0, "runs": 4,
            "unique_runs": 4, "wall_s": 0,
            "grid": [[0, 0], [4, 0], [2, 0], [0, 3], 1, 2, [0, 3], 3, [0, 0]]}


def check_one_cell(d):
    begin("7b one-cell runs")
    p = ONE_CELL
    P.js(d, "Game.load(arguments[0], null); Board.render(); UI.opened(arguments[0], '');", p)
    runs = sorted(tuple(r) for r in P.js(
        d, "return Game.runs().map(r => [r.dir, r.sum, r.cells.length]);"))
    want = [("across", 3, 1), ("across", 3, 2), ("down", 2, 1), ("down", 4, 2)]
    need(runs == want, f"runs {runs}, want {want}")
    for rc, v in (((1, 1), 1), ((1, 2), 2), ((2, 1), 4)):
        P.type_digit(d, rc, v)
    P.click(d, "#check")
    bad = P.bad_cells(d)
    need(bad == {(1, 1), (2, 1)}, f"4 under the one-cell 3: .bad on {sorted(bad, key=str)}")
    P.type_digit(d, (2, 1), 3)
    P.click(d, "#check")
    need("Congratulations" in (P.text_of(d, "#status") or "") and not P.bad_cells(d),
         f"solved one-cell puzzle: status {P.text_of(d, '#status')!r}")
    P.js(d, "UI.showClueCombos(6);")
    text = P.text_of(d, "#combos") or ""
    need(re.search(r"\b3 in 1:\s*3\b", text), f"combos of the one-cell clue: {text!r}")
    ok(f"runs {runs}; a wrong digit marks its runs, the right one is congratulated; "
       f"combos {text!r}")


# Saves the probe found breaking the player for good, and links it could not follow:
# each is dropped or refused with a message, and the page still opens a puzzle.
BAD_SAVES = {
    "null clue": {"puzzle": {"rows": 1, "cols": 2, "grid": [None, 0]}, "entries": [0, 0],
                  "marks": [0, 0], "undo": [], "redo": []},
    "rows -1": {"puzzle": {"rows": -1, "cols": -2, "grid": [1, 2]}, "entries": [0, 0],
                "marks": [0, 0], "undo": [], "redo": []},
    "rows 0.5": {"puzzle": {"rows": 0.5, "cols": 4, "grid": [1, 2]}, "entries": [0, 0],
                 "marks": [0, 0], "undo": [], "redo": []},
    "no marks": {"puzzle": ONE_CELL, "entries": [0] * 9, "undo": [], "redo": []},
    "no undo": {"puzzle": ONE_CELL, "entries": [0] * 9, "marks": [0] * 9},
    "undo off the board": {"puzzle": ONE_CELL, "entries": [0] * 9, "marks": [0] * 9,
                           "undo": [[[99, 0, 0, 1, 0]]], "redo": []},
    "not JSON": "{puzzle",
}
BAD_LINKS = {"size=1024x1024": "not between 3x3 and", "size=2x9": "not between 3x3 and",
             "size=abc": "is not ROWSxCOLS", "difficulty=extreme": "is not one of"}


def check_bad_saves(d, page):
    begin("7d bad saves and links")
    for name, save in BAD_SAVES.items():
        text = save if isinstance(save, str) else json.dumps(save)
        P.js(d, 'localStorage.setItem("puzzlebench.kakuro", arguments[0]);', text)
        d.get(P.file_url(page))
        P.wait_ready(d)
        status = P.text_of(d, "#status") or ""
        need("could not be read" in status and "dropped" in status,
             f"save {name}: status {status!r}, want the save named as dropped")
        kept = P.js(d, 'return JSON.parse(localStorage.getItem("puzzlebench.kakuro"));')
        need(kept and kept["puzzle"]["name"] == P.puzzle(d)["name"],
             f"save {name}: the stored game is not the puzzle shown")
    for part, want in BAD_LINKS.items():
        d.get(P.file_url(page) + "#seed=1&index=0&" + part)
        P.wait_ready(d)
        status = P.text_of(d, "#status") or ""
        need("This link names no puzzle" in status and want in status,
             f"link {part}: status {status!r}, want {want!r}")
    no_console_errors(d, "after bad saves and links")
    ok(f"{len(BAD_SAVES)} bad saves dropped with a message, each then replaced by the shown "
       f"game; {len(BAD_LINKS)} bad links refused with a message")


def measure_generation(d):
    """A figure, not a check: the time the page takes to generate a hard 11x11 puzzle,
    over 21 puzzles (seeds 1..21, index 0), timed in the page around the generator.
    The issue's target is a median under 1 s; a timed assertion would only add flakes."""
    begin("generation time")
    ms = d.execute_script("""
        const ms = [];
        for (let seed = 1; seed <= 21; seed++) {
            const t0 = performance.now();
            window.pbPlayer.generate(11, 11, "hard", seed, 0);
            ms.push(performance.now() - t0);
        }
        return ms;""")
    ms.sort()
    ok(f"hard 11x11 in the page: median {ms[len(ms) // 2]:.2f} ms over {len(ms)} puzzles "
       f"(min {ms[0]:.2f}, max {ms[-1]:.2f}; seeds 1..21, index 0; one run, not a benchmark)")


def run(args):
    d = P.start_driver()
    try:
        begin("1 load")
        d.get(P.file_url(args.page))
        P.wait_ready(d)
        no_console_errors(d, "after load")
        ok(f"{args.page} ready, puzzle {P.puzzle(d)['name']}")
        made = check_generate(d)
        p = check_solve(d)
        check_wrong(d, p)
        check_hint(d, p)
        check_undo(d, p)
        check_pencil(d, p)
        check_a11y(d, p)
        check_combos(d, p)
        check_layout(d)
        check_help(d)
        check_reload(d, p)
        check_marks(d)  # a puzzle of its own; the screenshot below finds the one-cell board
        check_one_cell(d)
        begin("8 console")
        no_console_errors(d, "at the end")
        ok("no SEVERE entry in the browser log from load to here (read after each phase)")
        if args.screenshot:
            begin("9 screenshot")
            P.select_cell(d, sorted(K.whites(ONE_CELL))[0])  # the board shown last
            need(d.save_screenshot(args.screenshot), f"could not write {args.screenshot}")
            ok(args.screenshot)
        check_bad_saves(d, args.page)
        measure_generation(d)
        C.check_determinism(d, args.cli, args.page, made[4::5])
        if args.cli_page:
            C.check_cli_page(d, args.cli_page, args.cli)
        if args.svg_dir:
            C.check_svgs(d, args.svg_dir)
    finally:
        signal.alarm(0)  # the browser must be quit, even past the time limit
        d.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--page", required=True, help="the player page, kakuro.html")
    ap.add_argument("--cli", required=True, help="the puzzlebench binary (check 10)")
    ap.add_argument("--svg-dir", help="load and parse every *.svg in DIR (check 12)")
    ap.add_argument("--screenshot", metavar="OUT.png", help="save a screenshot of the player")
    ap.add_argument("--cli-page", help="a page written by 'generate kakuro --size ... "
                    "--difficulty ... --seed ... --count ... --html FILE' with no other "
                    "options: its puzzles are compared to the CLI's text output (check 11)")
    ap.add_argument("--timeout", type=int, default=150, help="seconds for all (default 150)")
    args = ap.parse_args()
    for f in (P.CHROMIUM, P.CHROMEDRIVER):
        if not os.access(f, os.X_OK):
            print(f"SKIP: {f} is missing (Debian's chromium and chromium-driver)")
            return 77
    for f in [args.page, args.cli] + ([args.cli_page] if args.cli_page else []):
        if not os.path.exists(f):
            print(f"FAIL: {f} does not exist")
            return 1

    def overtime(*_):
        raise P.CheckFailed(f"the whole test ran past --timeout {args.timeout} s")

    def stopped(signum, _):
        raise P.CheckFailed(f"stopped by signal {signum}")
    signal.signal(signal.SIGALRM, overtime)
    signal.signal(signal.SIGTERM, stopped)  # so that the browser is still quit
    signal.alarm(args.timeout)
    try:
        run(args)
    except P.CheckFailed as e:
        print(f"FAIL {STATE['check']}: {e}")
        return 1
    except Exception as e:  # a WebDriver error, a CLI error: still a failure of that check
        print(f"FAIL {STATE['check']}: {type(e).__name__}: {str(e).strip()[:500]}")
        return 1
    finally:
        signal.alarm(0)
    print(f"PASS: all checks in {time.monotonic() - STATE['t0']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
