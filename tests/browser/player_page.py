"""player_page.py — Selenium helpers for the kakuro player page's DOM contract (issue 14):
starting headless Chromium, waiting for the page, reading the board, clicking and typing;
the one-line-per-check reporting (begin, ok, need) and the board check every New uses.

The checks themselves are in test_player.py (the page) and cli_checks.py (against the CLI).
"""
import json
import os
import re
import time

import kakuro_rules as K

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_S = 10  # any single wait on the page


class CheckFailed(Exception):
    pass


def start_driver():
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
              "--window-size=1000,900", "--allow-file-access-from-files",
              "--no-first-run", "--disable-extensions"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


def file_url(path):
    return "file://" + os.path.abspath(path)


def js(driver, script, *args):
    return driver.execute_script(script, *args)


def wait_for(driver, what, predicate_js, timeout=WAIT_S, *args):
    """Waits until the JS expression (a function body returning a truthy value) holds."""
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(
            lambda d: d.execute_script(predicate_js, *args))
    except Exception as e:  # TimeoutException, or a script error
        raise CheckFailed(f"timed out after {timeout} s waiting for {what} "
                          f"({type(e).__name__})") from None


def wait_ready(driver, timeout=20):
    wait_for(driver, 'document.body.dataset.ready === "1"',
             'return !!document.body && document.body.dataset.ready === "1" '
             '&& !!window.pbPlayer && !!window.pbPlayer.puzzle;', timeout)


def puzzle(driver):
    """window.pbPlayer.puzzle, copied through JSON."""
    return json.loads(js(driver, "return JSON.stringify(window.pbPlayer.puzzle);"))


BOARD_JS = """
        return Array.from(document.querySelectorAll('#board .cell')).map((e, i) => ({
            i: i, cls: (e.getAttribute('class') || '').split(/\\s+/), r: e.dataset.r,
            c: e.dataset.c, down: e.dataset.down, right: e.dataset.right,
            text: e.textContent}));"""


def board(driver):
    """Every .cell of #board: class list, data-r/-c/-down/-right, textContent, DOM index."""
    return js(driver, BOARD_JS)


def snapshot(driver):
    """(pbPlayer.puzzle, #status text, board(driver)) in one round trip."""
    p, status, cells = js(driver, "const b = (() => {" + BOARD_JS + "})(); return ["
                          "JSON.stringify(window.pbPlayer.puzzle), "
                          "(document.getElementById('status') || {}).textContent, b];")
    return json.loads(p), status, cells


def white_texts(driver):
    """{(r, c): textContent} of every white cell."""
    return {(int(x["r"]), int(x["c"])): x["text"] for x in board(driver) if "white" in x["cls"]}


def bad_cells(driver):
    """(r, c) of every white cell marked bad, plus the DOM index of any other .bad element."""
    return {(int(x["r"]), int(x["c"])) if "white" in x["cls"] else ("index", x["i"])
            for x in board(driver) if "bad" in x["cls"]}


def marked_cells(driver, cls):
    """(r, c) of every white cell with class cls ("clash", "hinted", ...)."""
    return {(int(x["r"]), int(x["c"])) for x in board(driver) if "white" in x["cls"] and cls in x["cls"]}


def text_of(driver, css):
    els = driver.find_elements(By.CSS_SELECTOR, css)
    return els[0].text if els else None


def click(driver, css):
    els = driver.find_elements(By.CSS_SELECTOR, css)
    if not els:
        raise CheckFailed(f"no element {css}")
    els[0].click()


def white(driver, rc):
    css = f'#board .cell.white[data-r="{rc[0]}"][data-c="{rc[1]}"]'
    els = driver.find_elements(By.CSS_SELECTOR, css)
    if len(els) != 1:
        raise CheckFailed(f"{len(els)} elements match {css}")
    return els[0]


def select_cell(driver, rc):
    white(driver, rc).click()
    el = white(driver, rc)
    if "selected" not in (el.get_attribute("class") or "").split():
        raise CheckFailed(f"clicking white cell {rc} did not give it class 'selected'")


def type_digit(driver, rc, digit, pad=False):
    """Clicks cell rc and enters digit by keyboard, or by the #pad button."""
    el = white(driver, rc)
    if pad:
        el.click()
        click(driver, f'#pad [data-digit="{digit}"]')
    else:
        ActionChains(driver).click(el).send_keys(str(digit)).perform()


def selected(driver):
    """(r, c) of the cell with class 'selected', or None."""
    rc = js(driver, "const e = document.querySelector('#board .cell.selected');"
                    "return e ? [e.dataset.r, e.dataset.c] : null;")
    return (int(rc[0]), int(rc[1])) if rc else None


def arrow_digit(driver, rc, digit):
    """ArrowRight from the selected cell, which must then be rc, and types digit there."""
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    if selected(driver) != rc:
        raise CheckFailed(f"ArrowRight selected {selected(driver)}, not the next white cell {rc}")
    ActionChains(driver).send_keys(str(digit)).perform()


def choose(driver, size, level):
    Select(driver.find_element(By.ID, "size")).select_by_value(size)
    Select(driver.find_element(By.ID, "difficulty")).select_by_value(level)


def options(driver, css):
    return [o.get_attribute("value")
            for o in driver.find_elements(By.CSS_SELECTOR, css + " option")]


def click_new(driver, timeout=20):
    """Clicks #new and waits for a different puzzle object and a ready page."""
    js(driver, "window.__pbOld = window.pbPlayer.puzzle;")
    click(driver, "#new")
    wait_for(driver, "a new puzzle after #new",
             'return !!window.pbPlayer.puzzle && window.pbPlayer.puzzle !== window.__pbOld '
             '&& document.body.dataset.ready === "1";', timeout)


def cdp(driver, cmd, **params):
    return driver.execute_cdp_cmd(cmd, params)


def visible(driver, css):
    els = driver.find_elements(By.CSS_SELECTOR, css)
    return bool(els) and els[0].is_displayed()


def console_errors(driver):
    """The browser log since the last call: (SEVERE messages, WARNING messages)."""
    log = driver.get_log("browser")
    return ([e["message"] for e in log if e["level"] == "SEVERE"],
            [e["message"] for e in log if e["level"] == "WARNING"])


def browser_generate(driver, rows, cols, level, seed, index):
    """window.pbPlayer.generate(...) with the level's name; if the page takes only the number
    (0 easy, 1 medium, 2 hard), with that. Returns (puzzle, the form of level it took)."""
    res = js(driver, """
        const [r, c, name, num, s, i] = arguments;
        const tryGen = (lv) => { try { const p = window.pbPlayer.generate(r, c, lv, s, i);
            return p && p.grid ? JSON.stringify(p) : null; } catch (e) { return null; } };
        let p = tryGen(name);
        if (p) return [p, 'name'];
        p = tryGen(num);
        return p ? [p, 'number'] : [null, null];""",
             rows, cols, level, ["easy", "medium", "hard"].index(level), seed, index)
    return (json.loads(res[0]) if res[0] else None), res[1]


def status_numbers(status):
    return set(re.findall(r"\d+", status or ""))


STATE = {"check": "setup", "t0": time.monotonic()}


def begin(name):
    STATE["check"] = name


def ok(detail):
    print(f"ok   {STATE['check']}: {detail}  [{time.monotonic() - STATE['t0']:.1f} s]", flush=True)


def need(cond, msg):
    if not cond:
        raise CheckFailed(msg)


def no_console_errors(d, where):
    severe, warnings = console_errors(d)
    need(not severe, f"console errors {where}: {severe[:3]}")
    for w in warnings[:3]:
        print(f"note console warning {where}: {w}")


def check_board(d, p, cells=None, empty=True):
    """The board (cells as board() reads them) shows puzzle p: the white cells where p has
    them (empty when `empty`), the clue cells with p's clues, the other cells .black; and
    p's solution keeps the rules (so every data-down/-right is its run's sum)."""
    cells = cells or board(d)
    w = {(int(x["r"]), int(x["c"])): x["text"] for x in cells if "white" in x["cls"]}
    need(set(w) == set(K.whites(p)),
         f"{p['name']}: white cells in #board differ from pbPlayer.puzzle.grid "
         f"(only in DOM: {sorted(set(w) - set(K.whites(p)))[:3]}, "
         f"only in grid: {sorted(set(K.whites(p)) - set(w))[:3]})")
    need(not empty or all(t == "" for t in w.values()), f"{p['name']}: a new board is not empty")
    dom = [x for x in cells if "clue" in x["cls"]]
    want = K.clues(p)
    if all(x["r"] is not None and x["c"] is not None for x in dom):
        pos = [(int(x["r"]), int(x["c"])) for x in dom]
    else:  # clue cells without data-r/-c: row-major DOM order
        pos = sorted(want)[:len(dom)]
    got = {rc: (int(x["down"] or 0), int(x["right"] or 0)) for rc, x in zip(pos, dom)}
    need(got == want, f"{p['name']}: clue cells differ: DOM "
         f"{sorted(set(got.items()) - set(want.items()))[:3]} vs grid "
         f"{sorted(set(want.items()) - set(got.items()))[:3]}")
    blacks = [x for x in cells if "black" in x["cls"] and not {"clue", "white"} & set(x["cls"])]
    need(len(blacks) == p["rows"] * p["cols"] - len(w) - len(want),
         f"{p['name']}: {len(blacks)} .cell.black without clues, want "
         f"{p['rows'] * p['cols'] - len(w) - len(want)}")
    errs = K.rule_errors(p)
    need(not errs, f"{p['name']}: the solution breaks the rules: {errs[:3]}")
    return len(w), len(dom)
