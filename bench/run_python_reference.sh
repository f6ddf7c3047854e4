#!/usr/bin/env bash
# Makes bench/.venv with the Python reference pipeline's packages and times it on the lizards, with
# `limber mesh --timings` (target/release/limber, built if missing) interleaved in the same run.
# Usage: bench/run_python_reference.sh [RUNS]   (default 7, after one warm-up run)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-7}"
if [ ! -x bench/.venv/bin/python ]; then
  python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q numpy scipy scikit-image scikit-fmm triangle pillow
fi
[ -x target/release/limber ] || cargo build --release --bin limber
for sprite in assets/sprites/oc_lizard_2560w.png ../shared/sprites/oc_lizard_4096w.png; do
  [ -f "$sprite" ] || { echo "skipping $sprite: not found"; continue; }
  echo "== $sprite"
  bench/.venv/bin/python bench/python_mesh_reference.py "$sprite" --runs "$runs" \
    --limber target/release/limber
  bench/.venv/bin/python bench/python_distance_reference.py "$sprite"
done
