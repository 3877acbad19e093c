#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The CPU side of a sweep through NumPy, written as a SpeedupLab CSV. NumPy's element-wise
ops run on one thread; numpy.dot uses the BLAS NumPy links (OpenBLAS on Debian), whose thread
count is set with OPENBLAS_NUM_THREADS before NumPy starts, so this script re-executes itself
once per thread count.

  bench/compare_numpy.py --workload add --sizes 256,1024,2048 --iterations 100 --csv numpy.csv
"""
import argparse
import json
import os
import subprocess
import sys

from refcommon import measure, row, write_blas_kernel, write_csv


def run_one(w, n, it, threads, min_time, max_reps):
    import numpy as np
    rng = np.random.default_rng(1)
    x = (rng.random((n, n), dtype=np.float32) * 2 - 1)
    y = (rng.random((n, n), dtype=np.float32) * 2 - 1)
    if w == "add":
        def rep():
            for _ in range(it):
                np.add(x, x, out=x)  # b += b
    elif w == "saxpy":
        a = np.float32(0.5)
        def rep():
            for _ in range(it):
                y.__iadd__(a * x)  # y += a * x, the NumPy idiom
    elif w == "reduce":
        def rep():
            for _ in range(it):
                np.sum(x)
    elif w == "gemm":
        c = np.empty_like(x)
        def rep():
            for _ in range(it):
                np.dot(x, y, out=c)
    elif w == "scan":
        flat, c = x.ravel(), np.empty(n * n, dtype=np.float32)
        def rep():
            for _ in range(it):
                np.cumsum(flat, out=c)
    elif w == "transfer":
        z = np.empty_like(x)
        def rep():
            for _ in range(it):
                np.copyto(z, x)
                np.copyto(x, z)
    else:
        raise ValueError(w)
    return measure(rep, lambda: None, min_time, max_reps)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workload", default="add", choices=["add", "saxpy", "reduce", "gemm", "transfer", "scan"])
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--threads", default="1", help="BLAS threads for gemm; element-wise NumPy is single-threaded")
    ap.add_argument("--iterations", type=int, default=0)
    ap.add_argument("--min-time", type=float, default=0.1)
    ap.add_argument("--max-reps", type=int, default=1000)
    ap.add_argument("--csv")
    ap.add_argument("--blas-kernel", default="", help="write the BLAS kernel this process ran to this file")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    defaults = {"add": 1000, "saxpy": 100, "reduce": 100, "gemm": 1, "transfer": 10, "scan": 10}
    it = a.iterations or defaults[a.workload]
    if a.child:
        n = int(a.child)
        t = int(os.environ["OPENBLAS_NUM_THREADS"])
        print(json.dumps(row(a.workload, "cpu", "numpy", t, "", n, it,
                             run_one(a.workload, n, it, t, a.min_time, a.max_reps))))
        return
    import numpy
    rows = []
    threads = [int(t) for t in a.threads.split(",")]
    if a.workload != "gemm":
        threads = [1]
    for n in [int(s) for s in a.sizes.split(",")]:
        for t in threads:
            env = dict(os.environ, OPENBLAS_NUM_THREADS=str(t), OMP_NUM_THREADS=str(t))
            out = subprocess.run([sys.executable, __file__, "--workload", a.workload, "--sizes", a.sizes,
                                  "--iterations", str(it), "--min-time", str(a.min_time), "--max-reps",
                                  str(a.max_reps), "--child", str(n)], env=env, check=True,
                                 capture_output=True, text=True).stdout
            r = json.loads(out)
            rows.append(r)
            print(f"numpy {a.workload} {t} threads n={n}: {r['median_s'] / it * 1e6:.3f} us/iter", flush=True)
    write_csv(a.csv, rows, f"NumPy {numpy.__version__}")
    write_blas_kernel(a.blas_kernel)
    print(f"wrote {a.csv}")


if __name__ == "__main__":
    main()
