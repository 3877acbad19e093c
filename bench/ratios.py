#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints one ratio per workload, backend and size: SpeedupLab's time per iteration divided
by the reference's (PyTorch or NumPy), from SpeedupLab-format CSVs measured side by side.
A ratio below 1 means SpeedupLab is faster.

  bench/ratios.py ours.csv reference.csv [ours2.csv reference2.csv ...] [--pair launch=eager ...]

Each pair of files is one round (ours, then the reference, run one after the other). With
several rounds, the table gives the median of the per-round times and ratios, and the range
of the ratios: on a shared, noisy machine one round can be off by a third.
"""
import argparse
import csv
import os
import statistics


def load(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    return [r for r in csv.DictReader(lines) if r["status"] == "ok"]


# PyTorch runs an element-wise operation or a reduction over fewer elements than its grain size
# (at::internal::GRAIN_SIZE) on the calling thread alone, whatever set_num_threads asked: against
# our fork/join on every thread asked for, the ratio says nothing of either kernel.
GRAIN = 32768


def below_grain(o):
    return (o["backend"] == "cpu" and int(o["threads"]) > 1 and o["workload"] in ("add", "saxpy", "reduce")
            and int(o["n"]) * int(o["n"]) < GRAIN)


def per_iter(r):
    return float(r["median_s"]) / max(1, int(r["iterations"]))


def matches(o, r, pairs):
    """The label of the comparison of our row o with reference row r, or None."""
    if o["workload"] != r["workload"] or o["n"] != r["n"] or o["backend"] != r["backend"]:
        return None
    if o["backend"] == "cpu":
        if o["threads"] != r["threads"]:
            return None
        return f"cpu {o['threads']} threads ({o['variant'] or '-'})"
    if o["workload"] == "gemm":
        if pairs.get(o["variant"]) != r["variant"] or o["mode"] != r["mode"].replace("eager", "launch"):
            return None
    elif o["workload"] == "transfer":
        if o["variant"] != r["variant"]:
            return None
    elif pairs.get(o["mode"]) != r["mode"]:
        return None
    return f"gpu {o['mode']} {o['variant']}".strip() + f" vs {r['mode']}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="ours.csv reference.csv, once per round")
    ap.add_argument("--pair", action="append", default=[],
                    help="GPU series to compare, ours=theirs by mode or variant, e.g. launch=eager, cublas=torch")
    a = ap.parse_args()
    if len(a.files) % 2:
        ap.error("give the files in pairs: ours.csv reference.csv")
    pairs = dict(p.split("=", 1) for p in a.pair) or {"launch": "eager", "graph": "graph", "fused": "eager",
                                                      "cublas": "torch", "cublas-tf32": "torch-tf32",
                                                      "cublas-fp16": "torch-fp16", "cublas-bf16": "torch-bf16"}
    # (workload, label, n) -> list of (ours, ref) per-iteration times, one per round
    found = {}
    serial = set()  # (workload, label, n) that PyTorch ran on one thread, whatever it was asked
    for ours_path, ref_path in zip(a.files[0::2], a.files[1::2]):
        ours, ref = load(ours_path), load(ref_path)
        torch_ref = "torch" in os.path.basename(ref_path)
        for o in ours:
            for r in ref:
                label = matches(o, r, pairs)
                if label:
                    key = (o["workload"], label, int(o["n"]))
                    found.setdefault(key, []).append((per_iter(o), per_iter(r)))
                    if torch_ref and below_grain(o):
                        serial.add(key)
    rounds = len(a.files) // 2
    spread = f" {'range':>11}" if rounds > 1 else ""
    print(f"{'workload':9} {'series':28} {'n':>6} {'ours us/iter':>13} {'ref us/iter':>12} {'ours/ref':>9}{spread}")
    for (w, label, n), times in found.items():
        ratios = [o / r for o, r in times]
        po = statistics.median(o for o, _ in times)
        pr = statistics.median(r for _, r in times)
        line = f"{w:9} {label:28} {n:>6} {po * 1e6:13.3f} {pr * 1e6:12.3f} {statistics.median(ratios):9.2f}"
        if rounds > 1:
            line += f" {min(ratios):5.2f}-{max(ratios):.2f}"
            if len(times) < rounds:
                line += f" ({len(times)} of {rounds} rounds)"
        if (w, label, n) in serial:
            line += f"  not like for like: PyTorch ran it on 1 thread (under its grain size, {GRAIN:,} elements)"
        print(line)


if __name__ == "__main__":
    main()
