#!/usr/bin/env python3
"""Writes a RIG.json for the slot stress measurements of docs/RELIABILITY.md ("Slot keys at scale"):
SLOTS slots of one point attachment each on a root bone, for `limber new body.png --rig RIG.json`
(any PNG of at least 32 x 32 px).

  bench/slot_stress.py colour SLOTS KEYS RIG.json   KEYS linear colour keys per slot over 1 s
  bench/slot_stress.py order SLOTS KEYS RIG.json    KEYS draw-order keys in all, each moving a slot
  bench/slot_stress.py skin N 0 RIG.json            one slot of N point attachments, a skin of N entries
  bench/slot_stress.py swaps N KEYS RIG.json        one slot of N point attachments, KEYS attachment keys
"""
import json
import sys


def main():
    kind, slots, keys, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    records = [
        {"name": f"s{i}", "draw_order": i + 1, "setup": "p",
         "attachments": [{"name": "p", "type": "point", "bone": "root", "position": [16, 16]}]}
        for i in range(slots)
    ]
    skins = []
    if kind in ("skin", "swaps"):
        points = [{"name": f"p{i}", "type": "point", "bone": "root", "position": [16, 16]}
                  for i in range(slots)]
        records = [{"name": "spawn", "draw_order": 1, "setup": "p0", "attachments": points}]
    if kind == "skin":
        skins = [{"name": "alt", "slots": {"spawn": {f"p{i}": f"p{(i + 1) % slots}"
                                                     for i in range(slots)}}}]
        slot_keys = []
    elif kind == "swaps":
        slot_keys = [
            {"slot": "spawn", "time": k / keys, "attachment": f"p{(k * 7919) % slots}"}
            for k in range(keys)
        ]
    elif kind == "colour":
        slot_keys = [
            {"slot": f"s{i}", "time": k / keys, "color": [1, k % 2, 1, 1]}
            for i in range(slots) for k in range(keys)
        ]
    elif kind == "order":
        slot_keys = [
            {"slot": f"s{k % slots}", "time": (k + 1) / (keys + 1), "draw_order": slots - k}
            for k in range(keys)
        ]
    else:
        sys.exit(f"unknown kind {kind}: colour or order")
    rig = {
        "bones": [{"name": "root", "head": [16, 31], "tail": [16, 1]}],
        "slots": records,
        "skins": skins,
        "clips": [{"name": "stress", "duration": 1, "slots": slot_keys}],
    }
    with open(out, "w") as f:
        json.dump(rig, f)


if __name__ == "__main__":
    main()
