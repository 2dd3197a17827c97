"""The kakuro section's plots: generation time and attempts against grid side, and
the checkers' steps per puzzle. Open symbols are lower bounds (limit hits)."""

import math

from ..plotting import GRID, Plot, open_point, quote, series_style

# Levels get colours from easy (green) to hard (red), in the listing's order.
LEVEL_COLOURS = ("#2ca02c", "#ff7f0e", "#d62728", "#9467bd", "#8c564b")
# The generation methods' styles (colour, dash, point), in the order of METHODS in
# kakuro.py; other methods grey.
METHOD_STYLES = {"combo-diff": ("#1f77b4", 1, 7), "thesis-all-seed": ("#9467bd", 1, 5),
                 "combo-all": ("#17becf", 2, 9), "thesis-diff": ("#8c564b", 2, 11)}
OTHER_METHOD = ("#7f7f7f", 4, 13)
FONT_SIZES = "font ',13' noenhanced"
PUZZLE_BOUND_KEY = "open: a lower bound (a puzzle hit the limit)"


def _x_axis(cells):
    sides = [c.rows for c in cells]
    lo, hi = min(sides), max(sides)
    step = 5 if hi - lo > 12 else 1
    return [f"set xrange [{lo - 1}:{hi + 1}]", f"set xtics {step} out nomirror", f"set mxtics {step}"]


def generation_time(ctx, methods, cells, levels, title, describe, made_on):
    """A panel per method (at most four): median, p90 and max time per puzzle vs side,
    a colour per level; made_on says how the puzzles were made (one core, or threads)."""
    shown = methods[:4]
    n = len(shown)
    rows_, cols_, width, height = {1: (1, 1, 900, 640), 2: (1, 2, 1300, 640)}.get(n, (2, 2, 1300, 1000))
    values = [v for c in cells for v in (c.median_ms[0], c.p90_ms[0], c.max_ms[0]) if v > 0]
    lo, hi = (min(values), max(values)) if values else (0.01, 1)
    hi = max(hi, 10000)
    counts = sorted({c.n for c in cells})
    per = str(counts[0]) if counts[0] == counts[-1] else f"{counts[0]}-{counts[-1]}"
    plot = Plot("kakuro-gen-time", "kakuro: generation time per puzzle vs grid side, a panel per method",
                width, height)
    heading = (f"kakuro: generation time per puzzle vs grid side ({made_on}; {per} puzzles per point, limit hits "
               "counted at the time they ran)")
    plot.add(f"set multiplot title {quote(heading)} {FONT_SIZES}",
             "set logscale y", "set format y '10^{%L}'", f"set yrange [{lo / 2:g}:{hi * 3:g}]", *_x_axis(cells), GRID,
             "set xlabel 'grid side (rows = columns, clue row included)'", "set ylabel 'time per puzzle [ms]'",
             "unset key",
             # The seed's marks: 1 s and 10 s.
             "set arrow 1 from graph 0, first 1000 to graph 1, first 1000 nohead lc rgb '#888888' dt 1 lw 0.7 back",
             "set arrow 2 from graph 0, first 10000 to graph 1, first 10000 nohead lc rgb '#888888' dt 1 lw 0.7 back",
             "set label 1 '1 s' at graph 0.01, first 1000 offset 0,0.6 font ',9' tc rgb '#555555'",
             "set label 2 '10 s' at graph 0.01, first 10000 offset 0,0.6 font ',9' tc rgb '#555555'")
    key_h, top = 0.05, 0.93
    any_bound = False
    for i, method in enumerate(shown):
        r, c = divmod(i, cols_)
        pw, ph = 0.98 / cols_, (top - key_h - 0.01) / rows_
        plot.add(f"set lmargin at screen {0.01 + c * pw + 0.075:.3f}; "
                 f"set rmargin at screen {0.01 + (c + 1) * pw - 0.015:.3f}",
                 f"set tmargin at screen {top - r * ph - 0.035:.3f}; "
                 f"set bmargin at screen {top - (r + 1) * ph + 0.075:.3f}",
                 f"set title {quote(title(method) + ': ' + describe[method])} noenhanced")
        clauses = []
        for j, level in enumerate(levels):
            mine = [x for x in cells if x.method == method and x.level == level]
            if not mine:
                continue
            colour = quote(LEVEL_COLOURS[j % len(LEVEL_COLOURS)])
            rows = [(x.rows, x.median_ms[0], int(x.median_ms[1]), x.p90_ms[0], int(x.p90_ms[1]), x.max_ms[0],
                     int(x.max_ms[1])) for x in mine]
            any_bound = any_bound or any(r[2] or r[4] or r[6] for r in rows)
            data = plot.block(f"{method}, level {level}: time per puzzle [ms] (bound: 1 = a lower bound)",
                              ("side", "median", "bound", "p90", "bound", "max", "bound"), rows)
            clauses += [
                f"{data} using 1:($2 > 0 ? $2 : NaN) with lines lc rgb {colour} dt 1 lw 1.6 notitle",
                f"{data} using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb {colour} pt 7 ps 0.8 notitle",
                f"{data} using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb {colour} pt 6 ps 1.1 notitle",
                f"{data} using 1:($4 > 0 ? $4 : NaN) with lines lc rgb {colour} dt (10,6) lw 1.1 notitle",
                f"{data} using 1:($4 > 0 && $5 == 0 ? $4 : NaN) with points lc rgb {colour} pt 5 ps 0.5 notitle",
                f"{data} using 1:($4 > 0 && $5 == 1 ? $4 : NaN) with points lc rgb {colour} pt 4 ps 0.9 notitle",
                f"{data} using 1:($6 > 0 ? $6 : NaN) with lines lc rgb {colour} dt (2,5) lw 1.4 notitle",
                f"{data} using 1:($6 > 0 && $7 == 1 ? $6 : NaN) with points lc rgb {colour} pt 8 ps 1.0 notitle",
            ]
        plot.add("plot " + (", \\\n     ".join(clauses) if clauses else "NaN notitle"))
    # The shared legend strip at the bottom; the key fills column by column.
    plot.add("unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale; "
             "unset arrow; unset label", "set xrange [0:1]; set yrange [0:1]",
             f"set lmargin at screen 0.02; set rmargin at screen 0.98; set tmargin at screen {key_h}; "
             "set bmargin at screen 0.003",
             "set key center center horizontal Left reverse maxcols 4 font ',10' samplen 3 width 2")
    keys = []
    styles = [("median", "dt 1 lw 1.6 pt 7"), ("p90 (nearest rank)", "dt (10,6) lw 1.1 pt 5"),
              ("max", "dt (2,5) lw 1.4 pt -1")]
    for j, level in enumerate(levels[:3]):
        keys.append(f"NaN with linespoints lc rgb {quote(LEVEL_COLOURS[j])} dt 1 lw 1.6 pt 7 title {quote(level)} "
                    "noenhanced")
        keys.append(f"NaN with linespoints lc rgb 'black' {styles[j][1]} title {quote(styles[j][0])}")
    keys.append("NaN with lines lc rgb '#888888' dt 1 lw 0.7 title 'the seed''s marks: 1 s, 10 s'")
    if any_bound:
        keys.append(f"NaN with points lc rgb 'black' pt 6 title {quote(PUZZLE_BOUND_KEY)}")
    plot.add("plot " + ", ".join(keys), "unset multiplot")
    return plot


def generation_attempts(ctx, methods, cells, levels, title):
    """A panel per level: median attempts per puzzle vs side, a line per method."""
    values = [c.median_attempts[0] for c in cells if c.median_attempts[0] > 0]
    lo, hi = (min(values), max(values)) if values else (1, 10)
    plot = Plot("kakuro-gen-attempts", "kakuro: median attempts per puzzle vs grid side, a panel per level", 1500, 560)
    plot.add("set multiplot title 'kakuro: median filled candidates checked (attempts) per puzzle vs grid side' "
             + FONT_SIZES, "set logscale y", "set format y '10^{%L}'", f"set yrange [{min(lo / 2, 0.5):g}:{hi * 3:g}]",
             *_x_axis(cells), GRID, "set xlabel 'grid side'", "unset key")
    any_bound = False
    pw = 0.98 / max(1, len(levels))
    for i, level in enumerate(levels):
        plot.add(f"set lmargin at screen {0.01 + i * pw + 0.055:.3f}; "
                 f"set rmargin at screen {0.01 + (i + 1) * pw - 0.01:.3f}",
                 "set tmargin at screen 0.86; set bmargin at screen 0.22",
                 "set ylabel 'attempts per puzzle (median)'" if i == 0 else "unset ylabel",
                 f"set title {quote('difficulty ' + level)} noenhanced")
        clauses = []
        for method in methods:
            mine = [c for c in cells if c.method == method and c.level == level]
            if not mine:
                continue
            colour, dash, point = METHOD_STYLES.get(method, OTHER_METHOD)
            rows = [(c.rows, c.median_attempts[0], int(c.median_attempts[1])) for c in mine]
            any_bound = any_bound or any(r[2] for r in rows)
            data = plot.block(f"{method}, level {level}: median attempts per puzzle (bound: 1 = a lower bound)",
                              ("side", "median", "bound"), rows)
            clauses += [f"{data} using 1:($2 > 0 ? $2 : NaN) with lines lc rgb {quote(colour)} dt {dash} lw 1.5 "
                        "notitle",
                        f"{data} using 1:($2 > 0 && $3 == 0 ? $2 : NaN) with points lc rgb {quote(colour)} pt {point} "
                        "ps 0.9 notitle",
                        f"{data} using 1:($2 > 0 && $3 == 1 ? $2 : NaN) with points lc rgb {quote(colour)} "
                        f"pt {open_point(point)} ps 1.2 notitle"]
        plot.add("plot " + (", \\\n     ".join(clauses) if clauses else "NaN notitle"))
    plot.add("unset title; unset xlabel; unset ylabel; unset border; unset tics; unset grid; unset logscale",
             "set xrange [0:1]; set yrange [0:1]",
             "set lmargin at screen 0.02; set rmargin at screen 0.98",
             "set tmargin at screen 0.09; set bmargin at screen 0.003",
             "set key center center horizontal Left reverse maxrows 1 font ',10' samplen 3 width 2")
    keys = []
    for method in methods:
        colour, dash, point = METHOD_STYLES.get(method, OTHER_METHOD)
        keys.append(f"NaN with linespoints lc rgb {quote(colour)} dt {dash} pt {point} lw 1.5 "
                    f"title {quote(title(method))} noenhanced")
    if any_bound:
        keys.append(f"NaN with points lc rgb 'black' pt 6 title {quote(PUZZLE_BOUND_KEY)}")
    plot.add("plot " + ", ".join(keys), "unset multiplot")
    return plot


def checkers(ctx, groups):
    """Steps per puzzle, a point per checker/order and file; open: a lower bound."""
    listing = ctx.listing
    instances = list(dict.fromkeys(g.instance for g in groups))
    series = []
    for g in sorted((g for g in groups if g.steps is not None),
                    key=lambda g: (listing.engine_rank(g.engine), listing.order_rank(g.order), g.label)):
        if g.label not in [s.label for s in series]:
            series.append(g)
    n = len(series)
    modes = sorted({g.mode for g in groups})
    mode_text = ", ".join(m + (": stop at the second solution" if m == "unique" else "") for m in modes)
    plot = Plot("kakuro-checkers", "kakuro checkers on the same inputs: steps per puzzle", 1300, 700)
    tics = plot.tics(dict(enumerate(instances)))
    heading = f"kakuro checkers on the same inputs: steps per puzzle (median over done reps; mode {mode_text})"
    plot.add(f"set title {quote(heading)} font ',12' noenhanced", "set logscale y", "set format y '10^{%L}'",
             "set grid ytics lc rgb '#dddddd' lw 1", f"set xrange [-0.6:{len(instances) - 0.4:g}]")
    steps = [g.steps for g in groups if g.steps is not None and g.steps > 0]
    if steps:
        lo, hi = min(steps), max(steps)
        plot.add(f"set yrange [{10 ** int(math.log10(lo) - (lo < 1)):g}:{10 ** (int(math.log10(hi)) + 1):g}]")
    plot.add("set xtics out nomirror rotate by 30 right font ',10' noenhanced",
             "set ylabel 'steps per puzzle'", "set bmargin 8")
    for i in range(1, len(instances)):
        plot.add(f"set arrow from {i - 0.5:g}, graph 0 to {i - 0.5:g}, graph 1 nohead lc rgb \"#cccccc\" lw 0.8 back")
    plot.add("set offsets 0, 0, graph 0.05, graph 0.05",
             "set key outside right top Left reverse font ',10' samplen 1.5 spacing 1.3")
    clauses = []
    any_bound = False
    for s_index, s in enumerate(series, 1):
        style = series_style(listing, s.engine, s.order)
        rows = [(instances.index(g.instance) + (s_index - (n + 1) / 2) * 0.085, g.steps, int(g.lower), g.instance)
                for g in groups if g.label == s.label and g.steps is not None and g.steps > 0]
        if not rows:
            continue
        any_bound = any_bound or any(r[2] for r in rows)
        data = plot.block(f"{s.label}: steps per puzzle per file (bound: 1 = a lower bound)",
                          ("x", "steps", "bound", "file"), rows)
        clauses += [f"{data} using 1:($3 == 0 ? $2 : NaN) with points lc rgb {quote(style.colour)} pt {style.point} "
                    f"ps 1.5 title {quote(s.label)} noenhanced",
                    f"{data} using 1:($3 == 1 ? $2 : NaN) with points lc rgb {quote(style.colour)} "
                    f"pt {open_point(style.point)} ps 1.5 notitle"]
    if any_bound:
        clauses.append("NaN with points lc rgb 'black' pt 6 ps 1.5 title "
                       + quote("open: lower bound", "(the run hit its limit)"))
    plot.add("plot " + ", \\\n     ".join(clauses + [tics]))
    return plot
