#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Holds SpeedupLab's CPU points against the machine's own measured peaks, not against a peer
that may share the same library and its defects: BLAS sgemm against the FMA peak at the same
thread count, streaming kernels against the DRAM (STREAM triad) bandwidth at the same count.

  bench/peaks.py ceilings.json run.csv [run2.csv ...]

ceilings.json: `speeduplab-cli calibrate --cpu-only --json FILE` (or any result file whose
machine.ceilings holds cpu_fma_flops_per_s@T and cpu_triad_bytes_per_s@T). Targets (issue 8):
sgemm at n >= 2048 at >= 75 % of the FMA peak; streaming at n >= 4000 at >= 80 % of DRAM.
A streaming point whose working set fits in a cache (a CPU with a very large L3) is held
against that level's bandwidth instead, and the table says so: beating DRAM from L3 proves
nothing.
"""
import csv
import json
import sys


def ceiling(ceilings, key, threads):
    """The value at this thread count, else the plain key (the calibration's thread count)."""
    return ceilings.get(f"{key}@{threads}") or ceilings.get(key) or 0.0


def cache_bytes(caches, key):
    """'48K' / '32M' / '1024' -> bytes, 0 when unknown (as MachineInfo::cacheBytes)."""
    v = caches.get(key, "")
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(v[-1:].upper(), 1)
    try:
        return float(v.rstrip("KkMmGg")) * scale
    except ValueError:
        return 0.0


MIX = {"reduce": "_read", "spmv": "_read", "saxpy": ""}  # others: "_rw", read and written back


def level(caches, ceilings, workload, n, threads):
    """The level a streaming point's working set fits in, and that level's ceiling for the
    workload's mix of reads and writes, as core's Calibration::levelFor: the L3 as far as the
    calibration measured it to reach (cpu_l3_reach_bytes), and a file without the mixes held
    against the update's ceiling (DRAM: the triad's)."""
    ws = 4.0 * n * n * (2 if workload == "saxpy" else 1)
    mix = MIX.get(workload, "_rw")
    reach = ceiling(ceilings, "cpu_l3_reach_bytes", threads)

    def key_of(token):
        for key in (f"cpu_{token}{mix}_bytes_per_s", f"cpu_{token}_bytes_per_s"):
            if ceiling(ceilings, key, threads):
                return key
        return "cpu_triad_bytes_per_s" if token == "dram" else ""

    for name, token, cap in (("L1", "l1", cache_bytes(caches, "L1d") * threads),
                             ("L2", "l2", cache_bytes(caches, "L2") * threads),
                             ("L3", "l3", reach or cache_bytes(caches, "L3"))):
        if cap and ws <= cap and key_of(token):
            return name, key_of(token)
    return "DRAM", key_of("dram")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        machine = json.load(f)["machine"]
    ceilings, caches = machine.get("ceilings", {}), machine.get("caches", {})
    if not ceilings:
        sys.exit(f"peaks.py: {sys.argv[1]} holds no ceilings: calibrate first")
    print(f"{'workload':9} {'series':26} {'n':>6} {'achieved':>14} {'peak (level)':>15} {'share':>6}  target")
    for path in sys.argv[2:]:
        with open(path) as f:
            rows = [r for r in csv.DictReader(l for l in f if not l.startswith("#"))]
        for r in rows:
            if r["status"] != "ok" or r["backend"] != "cpu":
                continue
            w, n, t, median = r["workload"], int(r["n"]), int(r["threads"]), float(r["median_s"])
            if w == "gemm" and r["variant"] == "blas" and n >= 2048:
                got, peak, unit, target = float(r["flops"]) / median, ceiling(
                    ceilings, "cpu_fma_flops_per_s", t), "GFLOP/s", 0.75
            elif w in ("add", "saxpy", "reduce") and n >= 4000:
                name, key = level(caches, ceilings, w, n, t)
                got, peak, unit, target = float(r["bytes"]) / median, ceiling(ceilings, key, t), "GB/s", 0.80
                if name != "DRAM":
                    unit = name  # the working set is in this cache: held against its bandwidth
            else:
                continue
            if not peak:
                continue
            share = got / peak
            verdict = "ok" if share >= target else f"BELOW {target:.0%}"
            if unit not in ("GB/s", "GFLOP/s"):  # held against a cache: DRAM's share too, for reference
                dram = ceiling(ceilings, level(caches, ceilings, w, 1 << 16, t)[1], t)
                if dram:
                    verdict += f" (DRAM {dram / 1e9:.1f} GB/s: {got / dram:.0%})"
            series = f"cpu {t} threads ({r['variant'] or '-'})"
            shown = "GB/s" if unit not in ("GFLOP/s",) else unit
            print(f"{w:9} {series:26} {n:>6} {got / 1e9:10.1f} {shown:>3} {peak / 1e9:10.1f} {unit:>4}"
                  f" {share:6.0%}  {verdict}")


if __name__ == "__main__":
    main()
