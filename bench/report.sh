#!/usr/bin/env bash
# The issue 9 performance report in one run: makes bench/.venv with the Python pipeline's packages,
# then runs bench/report.py (limber's stages via `cargo bench --bench stage_report`, Python beside).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x bench/.venv/bin/python ]; then
  python3 -m venv bench/.venv
fi
bench/.venv/bin/pip install -q numpy scipy scikit-image scikit-fmm triangle mapbox_earcut pillow matplotlib
exec bench/.venv/bin/python bench/report.py "$@"
