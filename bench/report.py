"""The performance report of issue 9, in one run: limber's stages and the Python pipeline on the same
sprites, side by side, with the 3x3 floor, accuracy against scikit-fmm, and the scaling plot.

    bench/report.sh [--runs N] [--skip-scaling]     (makes bench/.venv, then runs this file)

For each sprite (a mid-size character, the 2560 and the 4096 lizard) it prints, per stage, the
median of limber (`benches/stage_report.rs`) and of Python, and their ratio; each distance field as a
multiple of one 3x3 neighbourhood pass; and each metric's mean and max error against scikit-fmm's
fast-marching distance on limber's own mask. Then it times meshing and one geodesic field, with peak
memory, on the 4096 lizard scaled to 512^2 ... 4096^2 pixels and draws docs/perf_scaling.png.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).parent))
import python_distance_reference as pydist  # noqa: E402
import python_mesh_reference as pymesh  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPRITES = [
    ROOT / "assets/sprites/oc_soccer_boy_768h.png",
    ROOT / "assets/sprites/oc_lizard_2560w.png",
    ROOT / "../shared/sprites/oc_lizard_4096w.png",
]


def cargo_bench(*args):
    """Runs limber's stage_report (building it first) and returns its stdout as JSON lines."""
    env = dict(os.environ)
    env.setdefault("CARGO_TARGET_DIR", str(ROOT / "target"))
    out = subprocess.run(
        ["cargo", "bench", "--quiet", "--bench", "stage_report", "--", *map(str, args)],
        cwd=ROOT, env=env, check=True, capture_output=True, text=True,
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def median_ms(runs, work):
    work()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        work()
        times.append(1000 * (time.perf_counter() - t0))
    return statistics.median(times)


def python_stages(path, runs):
    image = Image.open(path).convert("RGBA")
    alpha = np.asarray(image)[:, :, 3]
    mask = alpha >= 0.05 * 255
    spacing = max(max(image.size) / 20.0, 4.0)
    result = {}
    timings = []
    for _ in range(runs + 1):
        _, t = pymesh.mesh(mask.astype(np.float64), 1.0, spacing)
        timings.append(t)
    timings = timings[1:]
    result["trace"] = 1000 * statistics.median(t["trace"] for t in timings)
    result["simplify+triangulate"] = 1000 * statistics.median(
        t["simplify"] + t["triangulate"] for t in timings)
    result["mesh"] = 1000 * statistics.median(sum(t.values()) for t in timings)
    # mapbox_earcut on the same simplified rings (no quality refinement, no interior vertices).
    result["earcut (outline only)"] = median_ms(runs, lambda: earcut_mesh(mask))
    y, (x0, x1) = pydist.body_source(mask)
    sources = (np.full(x1 - x0, y), np.arange(x0, x1))
    result["dijkstra8"] = median_ms(runs, lambda: pydist.dijkstra8(mask, sources))
    import skfmm

    def fmm():
        phi = np.ones(mask.shape)
        phi[sources] = -1
        skfmm.distance(np.ma.MaskedArray(phi, ~mask))

    result["fmm"] = median_ms(runs, fmm)
    result["floor-3x3"] = median_ms(runs, lambda: box3(mask))
    return result


def box3(mask):
    m = mask.astype(np.uint8)
    out = np.zeros_like(m)
    h, w = m.shape
    for dy in range(3):
        for dx in range(3):
            out[1:-1, 1:-1] += m[dy:h - 2 + dy, dx:w - 2 + dx]
    return out


def earcut_mesh(mask):
    import mapbox_earcut as earcut
    from skimage.measure import approximate_polygon, find_contours

    for contour in find_contours(np.pad(mask.astype(np.float64), 1), 0.5):
        ring = approximate_polygon(contour, 1.0)[:-1]
        if len(ring) >= 3:
            earcut.triangulate_float64(ring[:, ::-1].copy(), np.array([len(ring)], dtype=np.uint32))


def accuracy(fields_dir, width, height, bone):
    """Each metric's error against scikit-fmm on limber's own mask, for pixels >= 10 px away."""
    import skfmm

    fields = {m: np.fromfile(fields_dir / f"{m}.f32", dtype="<f4").reshape(height, width)
              for m in ("bfs4", "dijkstra8", "geodesic")}
    mask = np.isfinite(fields["bfs4"])  # inside pixels the bone reaches
    (hx, hy), (tx, ty) = bone
    y = int(hy)
    phi = np.ones((height, width))
    phi[y, int(hx):int(tx) + 1] = -1
    phi[~mask] = 1
    # The zero level lies half a pixel from the source pixels' centres, where limber measures from.
    reference = np.asarray(skfmm.distance(np.ma.MaskedArray(phi, ~mask)).filled(np.inf)) + 0.5
    keep = mask & np.isfinite(reference) & (reference >= 10.0)
    rows = {}
    for metric, f in fields.items():
        err = (f[keep] - reference[keep]) / reference[keep]
        rows[metric] = (100 * float(np.mean(np.abs(err))), 100 * float(np.max(np.abs(err))),
                        float(np.mean(np.abs(f[keep] - reference[keep]))))
    return rows


def scaling(path, out_png):
    image = Image.open(path).convert("RGBA")
    sizes = [512, 724, 1024, 1448, 2048, 2896, 4096]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for side in sizes:
            # Fit the sprite into side x side, keeping its aspect; pixel count ~ side^2.
            scale = side / max(image.size)
            scaled = image.resize((round(image.width * scale), round(image.height * scale)),
                                  Image.LANCZOS)
            canvas = Image.new("RGBA", (side, side))
            canvas.paste(scaled, ((side - scaled.width) // 2, (side - scaled.height) // 2))
            sprite = Path(tmp) / f"lizard_{side}.png"
            canvas.save(sprite)
            stage = {}
            for name in ("mesh", "field"):
                runs = [cargo_bench("memory", sprite, name)[0] for _ in range(3)]
                stage[name] = {"ms": statistics.median(r["ms"] for r in runs),
                               "peak_mb": max(r["peak_mb"] for r in runs)}
            rows.append((side, stage))
            print(f"  {side}^2: mesh {stage['mesh']['ms']:.1f} ms {stage['mesh']['peak_mb']:.0f} MB,"
                  f" field {stage['field']['ms']:.1f} ms {stage['field']['peak_mb']:.0f} MB")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mpx = np.array([s * s / 1e6 for s, _ in rows])
    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(10, 4))
    for name, colour in (("mesh", "tab:blue"), ("field", "tab:orange")):
        t = np.array([r[name]["ms"] for _, r in rows])
        m = np.array([r[name]["peak_mb"] for _, r in rows])
        label = "meshing (mask + trace + triangulate)" if name == "mesh" else "one geodesic field"
        ax_t.plot(mpx, t, "o-", color=colour, label=label)
        ax_m.plot(mpx, m, "o-", color=colour, label=label)
        # A line through the origin fitted to the points, to show linear growth.
        k = float(np.dot(mpx, t) / np.dot(mpx, mpx))
        ax_t.plot(mpx, k * mpx, ":", color=colour, label=f"{k:.1f} ms per Mpx")
    ax_t.set(xlabel="image pixels (millions)", ylabel="median time (ms)",
             title="time against image size")
    ax_m.set(xlabel="image pixels (millions)", ylabel="peak resident memory of the stage (MB)",
             title="peak memory against image size")
    for ax in (ax_t, ax_m):
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("limber on the 4096 lizard scaled to 512² … 4096²")
    fig.tight_layout()
    fig.savefig(out_png, dpi=110)
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--skip-scaling", action="store_true")
    args = parser.parse_args()
    for path in SPRITES:
        if not path.exists():
            print(f"skipping {path}: not found")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            limber = cargo_bench("report", path, "--runs", args.runs, "--fields", tmp)[0]
            acc = accuracy(Path(tmp), limber["width"], limber["height"], limber["bone"])
        py = python_stages(path, args.runs)
        ms = limber["ms"]
        ms["mesh"] = ms["trace"] + ms["simplify+triangulate"]
        print(f"\n== {path.name}: {limber['width']} x {limber['height']}, "
              f"{limber['mask_pixels']} mask pixels, limber mesh {limber['vertices']} vertices")
        print(f"{'stage':<34}{'limber ms':>11}{'python ms':>11}{'python/limber':>15}")
        pairs = [("trace", "trace"), ("simplify+triangulate", "simplify+triangulate"),
                 ("mesh (trace+simplify+triangulate)", "mesh"), ("floor: 3x3 pass", "floor-3x3"),
                 ("field bfs4", None), ("field dijkstra8 vs scipy Dijkstra", "dijkstra8"),
                 ("field geodesic vs scipy Dijkstra", "dijkstra8"),
                 ("field geodesic vs scikit-fmm", "fmm")]
        keys = {"trace": "trace", "simplify+triangulate": "simplify+triangulate",
                "mesh (trace+simplify+triangulate)": "mesh", "floor: 3x3 pass": "floor-3x3",
                "field bfs4": "bfs4", "field dijkstra8 vs scipy Dijkstra": "dijkstra8",
                "field geodesic vs scipy Dijkstra": "geodesic",
                "field geodesic vs scikit-fmm": "geodesic"}
        for label, py_key in pairs:
            ours = ms[keys[label]]
            theirs = py.get(py_key) if py_key else None
            ratio = f"{theirs / ours:.1f}x" if theirs else ""
            theirs_s = f"{theirs:.1f}" if theirs else "-"
            print(f"{label:<34}{ours:>11.1f}{theirs_s:>11}{ratio:>15}")
        print(f"{'python earcut (outline only)':<34}{'':>11}{py['earcut (outline only)']:>11.1f}")
        print(f"{'limber decode (PNG)':<34}{ms['decode']:>11.1f}")
        print(f"{'limber mask (threshold + padding)':<34}{ms['mask']:>11.1f}")
        print("field as a multiple of limber's 3x3 pass: " + ", ".join(
            f"{m} {ms[m] / ms['floor-3x3']:.2f}x" for m in ("bfs4", "dijkstra8", "geodesic")))
        print("error against scikit-fmm (+0.5 px), pixels >= 10 px from the bone:")
        for metric, (mean, worst, mean_px) in acc.items():
            print(f"  {metric:<10} mean {mean:.2f}%  max {worst:.2f}%  mean {mean_px:.2f} px")
    if not args.skip_scaling:
        lizard = SPRITES[2] if SPRITES[2].exists() else SPRITES[1]
        print("\n== scaling (median of 3 processes per point; peak = the stage's own VmHWM)")
        scaling(lizard, ROOT / "docs/perf_scaling.png")
        print("wrote docs/perf_scaling.png")


if __name__ == "__main__":
    main()
