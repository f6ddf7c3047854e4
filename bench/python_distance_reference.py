"""The Python distance field a technical artist would write: scipy's Dijkstra over the 8-neighbour
pixel graph of the sprite's mask (graph build included), and scikit-fmm fast marching, timed.

    python bench/python_distance_reference.py SPRITE.png [--runs N]

The mask is alpha >= 0.05 (limber pads it by 1 px more); the source is the longest horizontal run of
mask pixels through the middle row, as in limber's `distance_fields` bench.
"""

import argparse
import statistics
import time

import numpy as np
import scipy.sparse as sparse
from PIL import Image
from scipy.sparse.csgraph import dijkstra


def body_source(mask):
    y = mask.shape[0] // 2
    row = np.concatenate([mask[y], [False]])
    best, start = (0, 0), None
    for x, inside in enumerate(row):
        if inside and start is None:
            start = x
        elif not inside and start is not None:
            if x - start > best[1] - best[0]:
                best = (start, x)
            start = None
    return y, best


def dijkstra8(mask, sources):
    h, w = mask.shape
    index = -np.ones(mask.shape, dtype=np.int64)
    ys, xs = np.nonzero(mask)
    index[ys, xs] = np.arange(len(ys))
    rows, cols, costs = [], [], []
    for dy, dx, cost in [(0, 1, 1.0), (1, 0, 1.0), (1, 1, 2 ** 0.5), (1, -1, 2 ** 0.5)]:
        a = index[0:h - dy, max(0, -dx):w - max(0, dx)]
        b = index[dy:h, max(0, dx):w - max(0, -dx)]
        ok = (a >= 0) & (b >= 0)
        rows.append(a[ok]); cols.append(b[ok]); costs.append(np.full(ok.sum(), cost))
    graph = sparse.csr_matrix((np.concatenate(costs), (np.concatenate(rows), np.concatenate(cols))),
                              shape=(len(ys), len(ys)))
    source_ids = index[sources]
    return dijkstra(graph, directed=False, indices=source_ids[source_ids >= 0], min_only=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sprite")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    alpha = np.asarray(Image.open(args.sprite).convert("RGBA"))[:, :, 3]
    mask = alpha >= 0.05 * 255
    y, (x0, x1) = body_source(mask)
    sources = (np.full(x1 - x0, y), np.arange(x0, x1))
    times = {"dijkstra8": [], "fmm": []}
    import skfmm
    for _ in range(args.runs):
        t0 = time.perf_counter()
        dijkstra8(mask, sources)
        t1 = time.perf_counter()
        phi = np.ones(mask.shape)
        phi[sources] = -1
        skfmm.distance(np.ma.MaskedArray(phi, ~mask))
        t2 = time.perf_counter()
        times["dijkstra8"].append(t1 - t0)
        times["fmm"].append(t2 - t1)
    for name, values in times.items():
        print(f"python {name} {1000 * statistics.median(values):.1f} ms (mask pixels {mask.sum()})")


if __name__ == "__main__":
    main()
