"""Report sections. A family's section is the module named by the `report` field of
`puzzlebench families --csv` (sections/<report>.py); it has one function,
section(ctx, family, files), which returns the section's Markdown lines. The other
modules here are the sections common to every family (parallel scaling, micro-benchmarks).
"""
