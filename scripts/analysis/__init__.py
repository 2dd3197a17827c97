"""puzzlebench's analysis tool: reads a results folder and writes REPORT.md and its plots.

Run it through scripts/report.sh, or as `python3 scripts/analysis/report.py [--no-plots] [--allow-mixed] DIR`.
"""
