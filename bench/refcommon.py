# SPDX-License-Identifier: MIT
"""Shared pieces of the reference benchmarks (PyTorch, NumPy): the timing loop and the
writer of SpeedupLab's own CSV format, so that a reference run opens in the app and overlays
our curves."""
import json
import math
import os
import platform
import statistics
import tempfile
import time

COLUMNS = ("workload,backend,variant,threads,mode,transfers,device,n,elements,bytes,flops,iterations,reps,"
           "median_s,min_s,max_s,mean_s,stddev_s,cv,noisy,verified,max_error,status,reason").split(",")

BYTES_PER_ELEMENT_OP = {"add": 8, "saxpy": 12, "reduce": 4, "gemm": 12, "transfer": 8, "scan": 8}


def blas_kernel():
    """The kernel the OpenBLAS loaded in this process runs ("SkylakeX", "Haswell"), asked of
    openblas_get_corename; or why it cannot be told ("not OpenBLAS: ..."). Call it after the
    reference's BLAS is loaded (after importing torch or numpy)."""
    import ctypes
    try:
        with open("/proc/self/maps") as maps:
            paths = [line.split()[-1] for line in maps if line.split()]
        # Debian's NumPy reaches OpenBLAS as libblas.so.3 under .../openblas-pthread/.
        libs = sorted({p for p in paths if "openblas" in p.lower() and ".so" in os.path.basename(p)})
    except OSError as e:
        return "unknown: /proc/self/maps cannot be read (%s)" % e
    for lib in libs:
        try:
            f = ctypes.CDLL(lib).openblas_get_corename
        except (OSError, AttributeError):
            continue
        f.restype = ctypes.c_char_p
        name = f()
        if name:
            return name.decode(errors="replace")
    return "not OpenBLAS: no libopenblas in this process (MKL, or another BLAS)"


def write_blas_kernel(path):
    """Writes blas_kernel() to path (compare.sh reads it), when a path is given."""
    if path:
        with open(path, "w") as f:
            f.write(blas_kernel() + "\n")


def work(workload, n, iterations):
    e = float(n) * n
    if workload == "spmv":  # as core/model/workload.cpp: per row k values, k indices, k gathers of x, y and a row pointer
        k = min(8.0, e)
        return e, 4 * (3 * k + 2) * e * iterations, 2 * k * e * iterations
    flops = {"add": e, "saxpy": 2 * e, "reduce": e, "gemm": 2.0 * n * e, "scan": e}.get(workload, 0.0) * iterations
    return e, BYTES_PER_ELEMENT_OP[workload] * e * iterations, flops


def measure(rep, sync, min_time, max_reps):
    """Warm-up, then repetitions until min_time of measured time and 3 reps (or one rep of a
    second or more), as the engine does. rep() runs one repetition; sync() waits for the device."""
    rep()
    sync()
    samples = []
    while True:
        sync()
        t0 = time.perf_counter()
        rep()
        sync()
        samples.append(time.perf_counter() - t0)
        total = sum(samples)
        if len(samples) >= max_reps or (total >= min_time and len(samples) >= 3) or total >= max(1.0, min_time):
            break
    return samples


def row(workload, backend, variant, threads, mode, n, iterations, samples, status="ok",
        reason="reference run: its output is not checked by SpeedupLab"):
    e, b, f = work(workload, n, iterations)
    s = sorted(samples)
    mean = statistics.fmean(s) if s else 0.0
    sd = statistics.stdev(s) if len(s) > 1 else 0.0
    cv = sd / mean if mean > 0 else 0.0
    return {"workload": workload, "backend": backend, "variant": variant, "threads": threads, "mode": mode,
            "transfers": "none", "device": 0 if backend == "gpu" else -1, "n": n, "elements": e, "bytes": b,
            "flops": f, "iterations": iterations, "reps": len(s), "median_s": statistics.median(s) if s else 0.0,
            "min_s": s[0] if s else 0.0, "max_s": s[-1] if s else 0.0, "mean_s": mean, "stddev_s": sd, "cv": cv,
            "noisy": "true" if cv > 0.05 else "false", "verified": "false", "max_error": 0.0,
            "status": status, "reason": reason}


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def write_csv(path, rows, program, gpus=()):
    meta = {"cpu_model": cpu_model(), "logical_cores": os.cpu_count(), "os": platform.platform(),
            "program_version": program, "build_type": "reference", "gpus": list(gpus),
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}

    def fmt(v):
        if isinstance(v, float):
            return repr(v) if math.isfinite(v) else ("nan" if math.isnan(v) else ("inf" if v > 0 else "-inf"))
        v = str(v)
        return '"' + v.replace('"', '""') + '"' if any(c in v for c in ',"\n') else v

    # As SpeedupLab writes it: the header and the rows, and the machine in the metadata file beside
    # it, PATH.meta.json (docs/results-format.md), so that pandas reads one row a point.
    text = ",".join(COLUMNS) + "\n"
    text += "".join(",".join(fmt(r[c]) for c in COLUMNS) + "\n" for r in rows)
    metadata = {"format": "speeduplab-csv-metadata", "version": 1, "csv": os.path.basename(path),
                "machine": meta}
    d = os.path.dirname(os.path.abspath(path))
    for target, content in ((path, text), (path + ".meta.json", json.dumps(metadata, separators=(",", ":")) + "\n")):
        fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-")
        with os.fdopen(fd, "w") as f:
            f.write(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
