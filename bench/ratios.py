#!/usr/bin/env python3
"""Prints one ratio per workload, backend and size: SpeedupLab's time per iteration divided
by the reference's (PyTorch or NumPy), from two SpeedupLab-format CSVs measured side by side.
A ratio below 1 means SpeedupLab is faster.

  bench/ratios.py ours.csv reference.csv [--pair gpu:launch=eager --pair gpu:graph=graph]
"""
import argparse
import csv


def load(path):
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    return [r for r in csv.DictReader(lines) if r["status"] == "ok"]


def per_iter(r):
    return float(r["median_s"]) / max(1, int(r["iterations"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ours")
    ap.add_argument("reference")
    ap.add_argument("--pair", action="append", default=[],
                    help="GPU series to compare, ours=theirs by mode or variant, e.g. launch=eager, cublas=torch")
    a = ap.parse_args()
    pairs = dict(p.split("=", 1) for p in a.pair) or {"launch": "eager", "graph": "graph", "fused": "eager",
                                                      "cublas": "torch", "cublas-tf32": "torch-tf32"}
    ours, ref = load(a.ours), load(a.reference)
    print(f"{'workload':9} {'series':28} {'n':>6} {'ours us/iter':>13} {'ref us/iter':>12} {'ours/ref':>9}")
    for o in ours:
        for r in ref:
            if o["workload"] != r["workload"] or o["n"] != r["n"] or o["backend"] != r["backend"]:
                continue
            if o["backend"] == "cpu":
                if o["threads"] != r["threads"]:
                    continue
                label = f"cpu {o['threads']} threads ({o['variant'] or '-'})"
            else:
                if o["workload"] == "gemm":
                    if pairs.get(o["variant"]) != r["variant"] or o["mode"] != r["mode"].replace("eager", "launch"):
                        continue
                elif o["workload"] == "transfer":
                    if o["variant"] != r["variant"]:
                        continue
                elif pairs.get(o["mode"]) != r["mode"]:
                    continue
                label = f"gpu {o['mode']} {o['variant']}".strip() + f" vs {r['mode']}"
            po, pr = per_iter(o), per_iter(r)
            print(f"{o['workload']:9} {label:28} {o['n']:>6} {po * 1e6:13.3f} {pr * 1e6:12.3f} {po / pr:9.2f}")


if __name__ == "__main__":
    main()
