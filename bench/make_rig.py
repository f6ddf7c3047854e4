"""Writes a RIG.json of N bones spread over a sprite, for benchmarks: farthest-point sampling of the
mesh's vertices picks N well-separated points; each becomes a bone 3% of the image's longer side long,
pointing right, chained to the previously picked bone. Reads `limber mesh --json` on stdin.

    target/release/limber mesh SPRITE.png --json | python3 bench/make_rig.py 16 > RIG.json
"""

import json
import math
import sys

count = int(sys.argv[1])
mesh = json.load(sys.stdin)
points = mesh["vertices"]
length = 0.03 * max(mesh["width"], mesh["height"])
chosen = [min(range(len(points)), key=lambda i: (points[i][1], points[i][0]))]
nearest = [math.dist(p, points[chosen[0]]) for p in points]
while len(chosen) < count:
    i = max(range(len(points)), key=lambda k: nearest[k])
    chosen.append(i)
    nearest = [min(d, math.dist(p, points[i])) for d, p in zip(nearest, points)]
bones = []
for n, i in enumerate(chosen):
    x, y = points[i]
    bones.append({
        "name": f"bone{n:02d}",
        "parent": None if n == 0 else f"bone{n - 1:02d}",
        "head": [round(x, 2), round(y, 2)],
        "tail": [round(x + length, 2), round(y, 2)],
    })
json.dump({"bones": bones}, sys.stdout, indent=1)
print()
