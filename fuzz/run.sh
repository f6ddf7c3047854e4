#!/bin/sh
# Runs one fuzz target for SECONDS (default 600), niced, in one process, with its corpus (fuzz/corpus/,
# not committed) seeded from fuzz/seeds/ and the sample files. Needs cargo-fuzz; works on stable
# through RUSTC_BOOTSTRAP (cargo-fuzz passes nightly-only sanitizer flags).
#
#   fuzz/run.sh project_load|rig_load|png_mesh|ora_read|psd_read [SECONDS]
set -eu
cd "$(dirname "$0")/.."
target=$1
seconds=${2:-600}
corpus=fuzz/corpus/$target
mkdir -p "$corpus"
cp fuzz/seeds/"$target"/* "$corpus"/
case $target in
project_load) cp assets/projects/*.limber tests/fixtures/*.limber "$corpus"/ ;;
rig_load) cp assets/rigs/*.json tests/fixtures/*.json "$corpus"/ ;;
# Sprites of at most 128 px a side (the target skips larger ones).
png_mesh) cp assets/sprites/kenney_bee.png assets/sprites/kenney_keyBlue.png \
	assets/sprites/kenney_ladybug.png assets/sprites/kenney_wormGreen.png \
	assets/sprites/kenney_zombie_walk0.png assets/sprites/kenney_robot_jump.png "$corpus"/ ;;
# The reference PSDs of at most 200 KB (larger ones make every mutation slow).
psd_read) find tests/data/layered -name '*.psd' -size -200k -exec cp {} "$corpus"/ \; ;;
esac
# The JSON targets get a dictionary of field names and edge numbers.
dict=
case $target in project_load | rig_load) dict=-dict=fuzz/json.dict ;; esac
RUSTC_BOOTSTRAP=1 exec nice -n 15 cargo fuzz run "$target" "$corpus" -- $dict \
	-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
