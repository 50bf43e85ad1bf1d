# Rewrites the code's citations of the project's documents to the files in docs/.
# Run from the repository root over every Rust source, then rewrap the comments that the
# longer names pushed past 100 columns (only comment lines change; cargo fmt stays clean):
#   find src tests benches examples fuzz -name '*.rs' -print0 | xargs -0 sed -i -f docs/citations.sed
#   python3 scripts/wrap_comments.py $(grep -rlE 'docs/(design|style)\.md' src tests benches --include='*.rs')
# Section and point numbers are kept: docs/design.md §N is the old SPEC §N, and
# docs/style.md point N the old STYLE point N.
s/STYLE\.md point \([0-9]\)/docs\/style.md point \1/g
s/STYLE point \([0-9]\)/docs\/style.md point \1/g
s/SPEC §\([0-9]\)/docs\/design.md §\1/g
s/SPEC: \([0-9]\)/docs\/design.md §6.2: \1/g
s/SPEC's /our /g
s/SPEC's$/our/
s/`reference\/machack-1980-plausibility\.md`/`docs\/machack-1980.md`/g
