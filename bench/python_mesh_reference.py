"""The Python pipeline a technical artist would write for sprite -> mesh, timed stage by stage.

The alpha threshold (numpy), scikit-image find_contours (marching squares) + approximate_polygon
(Douglas-Peucker), then the `triangle` quality mesher (Shewchuk's Triangle) with holes: everything
after decoding the PNG. Used as the reference in docs/PERFORMANCE.md. Run it with
bench/run_python_reference.sh, which makes the virtual environment.

With --limber BINARY, each run also runs `BINARY mesh --timings SPRITE` (a fresh process, as a user
would) right after the Python pipeline, so that both are measured in the same run, interleaved, and
the ratio of the medians of everything after decoding is printed.

    python bench/python_mesh_reference.py SPRITE.png [--runs N] [--tolerance PX] [--spacing PX]
        [--limber target/release/limber]
"""

import argparse
import statistics
import subprocess
import time

import numpy as np
import triangle
from PIL import Image
from skimage.measure import approximate_polygon, find_contours


def polygon_area(ring):
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def threshold(rgba):
    """The mask as find_contours takes it: alpha / 255 >= 0.05, i.e. alpha >= 13, the threshold the
    limber run is given (`--alpha-threshold 0.05`; its default is 1/255 since issue 39)."""
    return (rgba[:, :, 3] >= 0.05 * 255).astype(np.float64)


def mesh(alpha, tolerance, spacing):
    timings = {}
    t0 = time.perf_counter()
    # Pad by one pixel so contours touching the image border close.
    contours = find_contours(np.pad(alpha, 1), 0.5)
    t1 = time.perf_counter()
    rings = []
    for c in contours:
        ring = approximate_polygon(c, tolerance)[:-1]
        if len(ring) >= 3 and abs(polygon_area(ring)) >= 16.0:
            rings.append(ring[:, ::-1] - 1.0)  # (row, col) -> (x, y), undo the padding
    t2 = time.perf_counter()
    vertices, segments, holes = [], [], []
    for ring in rings:
        base = len(vertices)
        vertices.extend(ring.tolist())
        n = len(ring)
        segments.extend([[base + i, base + (i + 1) % n] for i in range(n)])
    # Triangle needs a point inside each hole; Triangle's own flood fill from the convex hull
    # removes the outside. Holes are the rings wound opposite to the outer ones: give each a point
    # just to its inner side.
    for ring in rings:
        if polygon_area(ring) < 0:  # find_contours winds holes this way in (x, y)
            p, q = ring[0], ring[1]
            mid = (p + q) / 2.0
            normal = np.array([q[1] - p[1], p[0] - q[0]])
            normal /= max(np.linalg.norm(normal), 1e-12)
            holes.append((mid - 0.01 * normal).tolist())
    data = {"vertices": np.array(vertices), "segments": np.array(segments)}
    if holes:
        data["holes"] = np.array(holes)
    max_area = spacing * spacing * 3 ** 0.5 / 4.0
    result = triangle.triangulate(data, f"pq25a{max_area:.3f}")
    t3 = time.perf_counter()
    timings["trace"] = t1 - t0
    timings["simplify"] = t2 - t1
    timings["triangulate"] = t3 - t2
    return result, timings


def limber_timings(binary, sprite):
    """Runs `limber mesh --timings` once; its stage times in seconds."""
    out = subprocess.run(
        [binary, "mesh", "--timings", "--alpha-threshold", "0.05", sprite], capture_output=True, text=True, check=True
    )
    timings = {}
    for line in out.stderr.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "timing:":
            timings[parts[1]] = float(parts[2]) / 1000.0
    return timings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sprite")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tolerance", type=float, default=1.0)
    parser.add_argument("--spacing", type=float, default=None)
    parser.add_argument("--limber", default=None, help="limber binary to time in the same run")
    args = parser.parse_args()
    image = Image.open(args.sprite).convert("RGBA")
    rgba = np.asarray(image)
    spacing = args.spacing or max(max(image.size) / 20.0, 4.0)
    runs, limber_runs = [], []
    for _ in range(args.runs + 1):
        start = time.perf_counter()
        alpha = threshold(rgba)
        took = time.perf_counter() - start
        result, timings = mesh(alpha, args.tolerance, spacing)
        timings["threshold"] = took
        runs.append(timings)
        if args.limber:
            limber_runs.append(limber_timings(args.limber, args.sprite))
    # The first run warms caches and imports.
    runs, limber_runs = runs[1:], limber_runs[1:]
    stages = ["threshold", "trace", "simplify", "triangulate"]
    for stage in stages:
        print(f"python {stage} {1000 * statistics.median(r[stage] for r in runs):.2f} ms")
    total = statistics.median(sum(r[s] for s in stages) for r in runs)
    print(f"python threshold+trace+simplify+triangulate {1000 * total:.2f} ms")
    print(f"python mesh: {len(result['vertices'])} vertices, {len(result['triangles'])} triangles")
    if limber_runs:
        for stage in ["mask", "trace", "simplify", "triangulate", "meshing", "decode"]:
            ms = 1000 * statistics.median(r[stage] for r in limber_runs)
            print(f"limber {stage} {ms:.2f} ms")
        meshing = statistics.median(r["meshing"] for r in limber_runs)
        print(f"python / limber, everything after decoding: {total / meshing:.1f}x")


if __name__ == "__main__":
    main()
