#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The figures of scripts/device-check.sh, each measured one printed next to what is expected
# (an issue's target, or the reference figure of ../shared/ANCHORS.md measured on the H200 on
# 2026-11-30), from the JSON files the CLI wrote. One subcommand a stage:
#   device_figures.py STAGE FILE...
# It reads result files only, never fails the check (a figure off its target is reported, not
# an error) and prints "missing" for a file a stage did not leave. A figure with a target ends in
# "met" or "NOT MET".
import json
import re
import sys

# Reference figures (ANCHORS.md, H200, 2026-11-30) and the issues' targets.
COPY_TBS = 4.13  # device-to-device copy, read + write
TORCH_FP32_4096_TFLOPS = 51.0
TORCH_TF32_4096_TFLOPS = 406.0


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print("missing: %s (%s)" % (path, e))
        return None


def line(what, measured, expected, ok=None):
    verdict = "" if ok is None else ("  met" if ok else "  NOT MET")
    print("%-44s measured %-26s expected %s%s" % (what, measured, expected, verdict))


def series(r):
    if r["backend"] == "cpu":
        return "CPU %s thr %s" % (r.get("threads", 0), r.get("variant", ""))
    return "GPU %s %s" % (r.get("variant", ""), r.get("mode", ""))


def per_op_us(r):
    return 1e6 * r["median_s"] / max(1, r["iterations"])


def ceilings(doc):
    raw = (doc or {}).get("machine", {}).get("ceilings", {})
    return {k: float(v) for k, v in raw.items() if isinstance(v, (int, float))}


# The reasons `verify` may skip a point for on the GPU machine without anything being wrong: each a
# label, why it is benign, and a pattern searched in the SKIP line. Any other skip is printed and
# the figure is not met; a CUDA point skipped for want of a GPU, a driver or a CUDA build is never
# one of these.
KNOWN_SKIPS = [
    ("blas-bf16: no cblas_sbgemm", "the carried OpenBLAS 0.3.21 has no bf16 GEMM",
     r"\(blas-bf16\).*has no cblas_sbgemm"),
    ("blas-bf16: no AVX-512 BF16", "a CPU without bf16 instructions", r"\(blas-bf16\).*no AVX-512 BF16 instructions"),
    ("clblast in graph mode", "a library call: command buffers record kernels only",
     r"graph mode records OpenCL kernels only, and gemm \(clblast\) is not one"),
    ("OpenCL graph mode: no command buffers", "the driver has no cl_khr_command_buffer",
     r"has no cl_khr_command_buffer, which graph mode records"),
]


def verify(paths):
    # `speeduplab-cli verify`'s text: a PASS, FAIL or SKIP line a point, "GPU not checked: ..." or
    # "OpenCL not checked: ..." when a backend had no device, and "N passed, N failed, N skipped".
    try:
        lines = open(paths[0], errors="replace").read().splitlines()
    except (OSError, IndexError) as e:
        print("missing: verify's output (%s)" % e)
        return
    points = [l for l in lines if l.startswith(("PASS", "FAIL", "SKIP"))]
    totals = [l for l in lines if re.match(r"^\d+ passed, \d+ failed, \d+ skipped$", l)]
    failed = [l for l in points if l.startswith("FAIL")]
    known = {label: 0 for label, _, _ in KNOWN_SKIPS}
    unknown = []
    for l in points:
        if l.startswith("SKIP"):
            label = next((label for label, _, pattern in KNOWN_SKIPS if re.search(pattern, l)), None)
            if label:
                known[label] += 1
            else:
                unknown.append(l)
    twice = len(points) - len(set(points))
    gpu = [l for l in lines if l.startswith("GPU not checked")]
    ok = bool(totals) and not failed and not unknown and not twice and not gpu
    line("verify", totals[-1] if totals else "no totals (did not finish)",
         "0 failed, every skip for a known reason, no point twice", ok)
    for label, why, _ in KNOWN_SKIPS:
        if known[label]:
            line("  skipped: " + label, str(known[label]), "known: " + why)
    if unknown:
        line("  skipped for an unknown reason", str(len(unknown)), "0", False)
        for l in unknown[:20]:
            print("    " + l)
        if len(unknown) > 20:
            print("    ... and %d more (verify.txt in all.tgz)" % (len(unknown) - 20))
    for l in failed[:20]:
        print("    " + l)
    if twice:
        line("  points listed twice", str(twice), "0", False)
    for l in gpu + [l for l in lines if l.startswith("OpenCL not checked")]:
        line("  " + l.split(":", 1)[0], l.split(":", 1)[1].strip(),
             "a GPU machine checks its GPU" if l in gpu else "NVIDIA's OpenCL, where installed", False if l in gpu else None)


def add_large(paths):
    doc = load(paths[0])
    if not doc:
        return
    for r in doc["rows"]:
        if r["status"] != "ok":
            line("add n = %d %s" % (r["n"], r.get("mode", "")), r["status"], "ok (n^2 above 2^31): " + r["reason"],
                 False)
            continue
        rate = r["bytes"] / r["median_s"] / 1e12
        expect = "ok, verified; launch/graph near %.2f TB/s (HBM copy)" % COPY_TBS
        if r["mode"] == "fused":
            expect = "ok, verified (registers: far above HBM)"
        line("add n = %d %s" % (r["n"], r["mode"]), "%.3g ms/iter, %.2f TB/s" % (per_op_us(r) / 1e3, rate), expect,
             bool(r.get("verified", True)))


def gemm(paths):
    doc = load(paths[0])
    if not doc:
        return
    ceil = ceilings(doc)
    peak = {"cublas": "gpu_cublas_flops_per_s", "cublas-tf32": "gpu_cublas_tf32_flops_per_s",
            "cublas-fp16": "gpu_cublas_fp16_flops_per_s", "cublas-bf16": "gpu_cublas_bf16_flops_per_s"}
    anchor = {"cublas": "%.0f TFLOP/s (torch fp32)" % TORCH_FP32_4096_TFLOPS,
              "cublas-tf32": "%.0f TFLOP/s (torch TF32)" % TORCH_TF32_4096_TFLOPS,
              "cublas-fp16": "within 5 % of torch.mm fp16 (call 2, compare)",
              "cublas-bf16": "within 5 % of torch.mm bf16 (call 2, compare)"}
    for r in doc["rows"]:
        what = "gemm %s %s n = %d" % (r["variant"], r["mode"], r["n"])
        if r["status"] != "ok":
            line(what, r["status"], "ok: " + r["reason"], False)
            continue
        rate = r["flops"] / r["median_s"]
        p = ceil.get(peak.get(r["variant"], ""), 0)
        share = " (%.0f %% of peak)" % (100 * rate / p) if p > 0 else ""
        line(what, "%.1f TFLOP/s%s" % (rate / 1e12, share),
             anchor.get(r["variant"], "") if r["n"] == 4096 else "ok, verified", bool(r.get("verified", True)))


def scan(paths):
    doc = load(paths[0])
    if not doc:
        return
    # The device copy the gemm stage calibrated, else the anchor's.
    try:
        with open(paths[1]) as f:
            copy = ceilings(json.load(f)).get("gpu_copy_bytes_per_s", COPY_TBS * 1e12)
    except (IndexError, OSError, ValueError):
        copy = COPY_TBS * 1e12
    for r in doc["rows"]:
        what = "scan %s n = %d" % (series(r), r["n"])
        if r["status"] != "ok":
            line(what, r["status"], "ok: " + r["reason"], False)
            continue
        rate = r["bytes"] / r["median_s"]
        if r["backend"] == "gpu" and r["variant"] == "cub" and r["n"] == 4096:
            line(what, "%.0f GB/s = %.0f %% of copy" % (rate / 1e9, 100 * rate / copy), ">= 70 % of the device copy",
                 rate >= 0.7 * copy)
        else:
            line(what, "%.2f us, %.0f GB/s" % (per_op_us(r), rate / 1e9), "ok, verified")


def spmv(paths):
    doc = load(paths[0])
    if not doc:
        return
    by = {}
    for r in doc["rows"]:
        what = "spmv %s n = %d" % (series(r), r["n"])
        if r["status"] != "ok":
            capture = "could not be captured" in r.get("reason", "")
            line(what, r["status"], "ok, or skipped saying why graph capture failed: " + r["reason"],
                 capture and r["status"] == "skipped")
            continue
        by[(r["variant"], r["mode"], r["n"])] = r
        line(what, "%.2f us, %.0f GB/s" % (per_op_us(r), r["bytes"] / r["median_s"] / 1e9), "ok, verified")
    for (variant, mode, n), r in sorted(by.items()):
        if mode == "graph" and (variant, "launch", n) in by:
            g, l = per_op_us(r), per_op_us(by[(variant, "launch", n)])
            line("spmv %s n = %d graph / launch" % (variant, n), "%.2f" % (g / l),
                 "< 1 where the launch dominates (small n), ~1 above", None)


def unsynced(paths):
    # Mode unsynced (issue 28): the host's time to queue the launches against the same launches
    # synchronised, and the synchronised time against launch mode's. A kernel that outlasts its
    # launch (n = 4096: about 50 us against a few) leaves the host far ahead of the GPU.
    doc = load(paths[0])
    if not doc:
        return
    rows = {(r.get("mode", ""), r["n"]): r for r in doc["rows"] if r["backend"] != "cpu"}
    sizes = sorted({n for _, n in rows})
    if not any(m == "unsynced" for m, _ in rows):
        line("unsynced", "no unsynced row", "queue times at n = 64, 1024, 4096", False)
    for n in sizes:
        q, l = rows.get(("unsynced", n)), rows.get(("launch", n))
        if q and q["status"] != "ok":
            line("unsynced add n = %d" % n, q["status"], "ok: " + q.get("reason", ""), False)
            continue
        if l and l["status"] != "ok":
            line("launch add n = %d" % n, l["status"], "ok: " + l.get("reason", ""), False)
            l = None
        if not q:
            continue
        it = max(1, q["iterations"])
        queued, synced = 1e6 * q["median_s"] / it, 1e6 * q.get("synced_median_s", 0) / it
        if synced > 0:
            line("unsynced add n = %d queued / synced" % n, "%.2f us / %.2f us = %.2f" % (queued, synced, queued / synced),
                 "< 0.5 at n = 4096 (the host ahead of the GPU); ~1 where launches dominate",
                 queued / synced < 0.5 if n == 4096 else None)
        else:
            line("unsynced add n = %d synced" % n, "no synchronised time", "synced_median_s > 0", False)
        if l and synced > 0:
            same = q["synced_min_s"] <= l["max_s"] and l["min_s"] <= q["synced_max_s"]
            line("unsynced add n = %d synced vs launch" % n, "%.2f us vs %.2f us" % (synced, per_op_us(l)),
                 "the same within noise (ranges overlap)", same if n == 4096 else None)


def cache(paths):
    warm, cold = load(paths[0]), load(paths[1])
    if not warm or not cold:
        return
    for w, c in zip(warm["rows"], cold["rows"]):
        if w["status"] == c["status"] == "ok":
            line("add n = %d cold / warm (1 op a rep)" % w["n"], "%.2f" % (c["median_s"] / w["median_s"]),
                 "> 1 where the 60 MB L2 holds the tensor", c["median_s"] > w["median_s"] if w["n"] <= 2048 else None)
        else:
            line("add n = %d" % w["n"], "%s / %s" % (w["status"], c["status"]), "ok", False)
    for label, doc in (("warm", warm), ("cold", cold)):
        took = doc.get("machine", {}).get("sweep", {})
        print("sweep (%s): %s" % (label, json.dumps(took)))
    if len(paths) > 2:
        try:
            seconds = float(open(paths[2]).read().split()[0])
            line("cold GPU sweep, wall time", "%.1f s" % seconds, "< 15 s (no CPU flush on GPU points)", seconds < 15)
        except (OSError, ValueError, IndexError):
            print("missing: the cold sweep's wall time")


def calibrate(paths):
    doc = load(paths[0])
    if not doc:
        return
    c = ceilings(doc)
    expect = [("gpu_copy_bytes_per_s", 1e12, "TB/s", "4.13 TB/s"),
              ("gpu_l2_bytes_per_s", 1e12, "TB/s", "above the copy"),
              ("gpu_launch_s", 1e-6, "us", "about 4 us (one launch a kernel)"),
              ("gpu_h2d_pinned_bytes_per_s", 1e9, "GB/s", "55.3 GB/s"),
              ("gpu_h2d_pageable_bytes_per_s", 1e9, "GB/s", "8-18 GB/s"),
              ("gpu_cublas_flops_per_s", 1e12, "TFLOP/s", "51 TFLOP/s (n = 4096)"),
              ("gpu_cublas_tf32_flops_per_s", 1e12, "TFLOP/s", "406 TFLOP/s (torch TF32)"),
              ("gpu_cublas_fp16_flops_per_s", 1e12, "TFLOP/s", "above TF32"),
              ("gpu_cublas_bf16_flops_per_s", 1e12, "TFLOP/s", "above TF32"),
              ("gpu_fma_flops_per_s", 1e12, "TFLOP/s", "about 60 TFLOP/s fp32")]
    for key, unit, name, anchor in expect:
        v = c.get(key)
        line(key, "%.3g %s" % (v / unit, name) if v else "not measured", anchor, bool(v))


def seed(paths):
    # The CLI's text output: its timing line says when every curve spanned the range and how long.
    try:
        text = open(paths[0]).read()
    except OSError as e:
        print("missing: %s (%s)" % (paths[0], e))
        return
    for l in text.splitlines():
        if l.lower().startswith("timing"):
            line("seed preset", l.split(":", 1)[1].strip(), "every curve within 5 s, all within 60 s (74 s on 11-30)")


def replay(paths):
    # Issue 28's targets from the replay preset run with --calibrate: at n = 4000 the queue time
    # (mode unsynced) within 2x of 1000 x the calibrated launch cost, and the synchronised time of the
    # same launches against launch mode's within its noise (their min-max ranges overlap).
    doc = load(paths[0])
    if not doc:
        return
    launch_cost = ceilings(doc).get("gpu_launch_s")
    rows = {(r.get("mode", ""), r["n"]): r for r in doc["rows"] if r["backend"] == "gpu" and r["status"] == "ok"}
    for n in (4, 40, 400, 4000):
        q, l = rows.get(("unsynced", n)), rows.get(("launch", n))
        if q:
            line("replay n = %d queued" % n, "%.4g s (%d it.)" % (q["median_s"], q["iterations"]),
                 "flat from n = 4 to 4000 while the launch queue holds them")
        if q and l:
            ok = q["synced_min_s"] <= l["max_s"] and l["min_s"] <= q["synced_max_s"]
            line("replay n = %d synced vs launch" % n, "%.4g s vs %.4g s" % (q["synced_median_s"], l["median_s"]),
                 "the same within noise", ok if n == 4000 else None)
    q = rows.get(("unsynced", 4000))
    if q and launch_cost:
        want = q["iterations"] * launch_cost
        ratio = q["median_s"] / want
        line("replay n = 4000 queued / (it. x launch)", "%.3g (launch %.3g us)" % (ratio, launch_cost * 1e6),
             "within 2x (0.5 to 2)", 0.5 <= ratio <= 2)
    elif not q:
        line("replay n = 4000 queued", "not measured", "ok", False)


def energy(paths):
    # Issue 40's targets on the seed preset with energy on: NVML energy on the GPU points at
    # n >= 1024 in launch mode, and where the GPU starts to spend less energy (the CLI's "energy:"
    # lines, in the text output, paths[1]).
    doc = load(paths[0])
    if not doc:
        return
    sweep = doc.get("machine", {}).get("sweep", {})
    line("energy counters", sweep.get("energy") or "none", "the CPU (RAPL, if readable) and cuda:0: NVML")
    if sweep.get("energy_missing"):
        line("energy missing", sweep["energy_missing"], "only RAPL's root-only sentence, if any")
    big = [r for r in doc["rows"] if r["backend"] == "gpu" and r.get("mode") == "launch" and r["n"] >= 1024
           and r["status"] == "ok"]
    with_energy = [r for r in big if "j_per_op" in r]
    line("GPU launch n >= 1024 with energy", "%d of %d" % (len(with_energy), len(big)), "all", bool(big) and
         len(with_energy) == len(big))
    for r in with_energy:
        line("  n = %d" % r["n"], "%.4g J/op, %.3g W over %.2f s" % (r["j_per_op"], r["energy_j"] / r["energy_s"],
                                                                   r["energy_s"]), "board power 70-700 W")
    try:
        said = [l for l in open(paths[1]).read().splitlines() if l.startswith("energy:")]
    except (OSError, IndexError):
        said = []
    line("energy crossover", "; ".join(s[len("energy:"):].strip() for s in said) or "none said",
         "the GPU spends less energy above some n")


STAGES = {"verify": verify, "add-large": add_large, "gemm": gemm, "scan": scan, "spmv": spmv, "cache": cache,
          "unsynced": unsynced, "calibrate": calibrate, "seed": seed, "replay": replay, "energy": energy}

if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] not in STAGES:
        sys.exit("usage: device_figures.py {%s} FILE..." % ",".join(STAGES))
    STAGES[sys.argv[1]](sys.argv[2:])
