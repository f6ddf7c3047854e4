"""The Python pipeline a technical artist would write for sprite -> mesh, timed stage by stage.

scikit-image find_contours (marching squares) + approximate_polygon (Douglas-Peucker), then the
`triangle` quality mesher (Shewchuk's Triangle) with holes. Used as the reference in
docs/PERFORMANCE.md. Run it with bench/run_python_reference.sh, which makes the virtual environment.

    python bench/python_mesh_reference.py SPRITE.png [--runs N] [--tolerance PX] [--spacing PX]
"""

import argparse
import statistics
import time

import numpy as np
import triangle
from PIL import Image
from skimage.measure import approximate_polygon, find_contours


def polygon_area(ring):
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sprite")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tolerance", type=float, default=1.0)
    parser.add_argument("--spacing", type=float, default=None)
    args = parser.parse_args()
    image = Image.open(args.sprite).convert("RGBA")
    alpha = (np.asarray(image)[:, :, 3] >= 0.05 * 255).astype(np.float64)
    spacing = args.spacing or max(max(image.size) / 20.0, 4.0)
    runs = []
    for _ in range(args.runs + 1):
        result, timings = mesh(alpha, args.tolerance, spacing)
        runs.append(timings)
    runs = runs[1:]  # the first run warms caches and imports
    stages = ["trace", "simplify", "triangulate"]
    for stage in stages:
        print(f"python {stage} {1000 * statistics.median(r[stage] for r in runs):.2f} ms")
    total = statistics.median(sum(r[s] for s in stages) for r in runs)
    print(f"python trace+simplify+triangulate {1000 * total:.2f} ms")
    print(f"python mesh: {len(result['vertices'])} vertices, {len(result['triangles'])} triangles")


if __name__ == "__main__":
    main()
