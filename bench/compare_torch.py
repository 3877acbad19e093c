#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The same sweep as `speeduplab-cli run`, through PyTorch (CPU and CUDA), written as a
SpeedupLab CSV. GPU timing brackets the region with torch.cuda.synchronize().

  bench/compare_torch.py --workload add --sizes 4,40,400,4000 --threads 1,16 --iterations 1000 --csv torch.csv
"""
import argparse
import sys

from refcommon import measure, row, write_blas_kernel, write_csv


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workload", default="add", choices=["add", "saxpy", "reduce", "gemm", "transfer", "scan", "spmv"])
    ap.add_argument("--sizes", required=True)
    ap.add_argument("--threads", default="1")
    ap.add_argument("--iterations", type=int, default=0)
    ap.add_argument("--min-time", type=float, default=0.1)
    ap.add_argument("--max-reps", type=int, default=1000)
    ap.add_argument("--cpu-only", action="store_true")
    ap.add_argument("--gpu-only", action="store_true")
    ap.add_argument("--modes", default="eager,graph", help="GPU: eager and/or graph (torch.cuda.graph)")
    ap.add_argument("--csv", required=True)
    ap.add_argument("--blas-kernel", default="", help="write the BLAS kernel this process ran to this file")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        sys.exit("compare_torch.py: PyTorch is not installed here")

    defaults = {"add": 1000, "saxpy": 100, "reduce": 100, "gemm": 1, "transfer": 10, "scan": 10, "spmv": 10}
    it = a.iterations or defaults[a.workload]
    sizes = [int(s) for s in a.sizes.split(",")]
    threads = list(range(1, torch.get_num_threads() + 1)) if a.threads == "all" else [int(t) for t in a.threads.split(",")]
    rows = []
    w = a.workload

    said = set()  # the devices whose fallback was announced

    def op_for(dev, n, variant):
        """Returns one repetition (it operations) of workload w on dev."""
        g = torch.Generator(device="cpu").manual_seed(1)
        x = (torch.rand(n, n, generator=g) * 2 - 1).to(dev)
        y = (torch.rand(n, n, generator=g) * 2 - 1).to(dev)
        if w == "add":
            def rep():
                for _ in range(it):
                    x.add_(x)
            return rep
        if w == "saxpy":
            def rep():
                for _ in range(it):
                    y.add_(x, alpha=0.5)
            return rep
        if w == "reduce":
            def rep():
                for _ in range(it):
                    x.sum()
            return rep
        if w == "gemm":
            # torch-fp16/bf16: torch.mm on half tensors (half in and out, fp32 accumulation on the
            # tensor cores), converted before timing as SpeedupLab's cublas-fp16/bf16 convert at setup.
            dtype = {"torch-fp16": torch.float16, "torch-bf16": torch.bfloat16}.get(variant, torch.float32)
            x, y = x.to(dtype), y.to(dtype)
            c = torch.empty(n, n, device=dev, dtype=dtype)
            def rep():
                for _ in range(it):
                    torch.mm(x, y, out=c)
            return rep
        if w == "scan":  # the running sum of the flattened tensor, as SpeedupLab's scan
            flat, c = x.view(-1), torch.empty(n * n, device=dev)
            def rep():
                for _ in range(it):
                    torch.cumsum(flat, 0, out=c)
            return rep
        if w == "spmv":
            # y = A x with SpeedupLab's shape (backend/sparsematrix.h): n*n rows and columns, 8
            # nonzeros per row at seeded random columns, 32-bit indices. Not the same matrix (its
            # generator is SpeedupLab's own), the same size and access pattern; cuSPARSE SpMV on
            # the GPU, as the cusparse variant.
            m = n * n
            k = min(8, m)
            cols = torch.randint(0, m, (m, k), generator=g)
            while True:  # distinct columns in each row, as CSR asks: rows with a repeat draw again
                cols = cols.sort(dim=1).values
                repeat = (cols[:, 1:] == cols[:, :-1]).any(dim=1)
                if not repeat.any():
                    break
                cols[repeat] = torch.randint(0, m, (int(repeat.sum()), k), generator=g)
            crow = torch.arange(0, k * m + 1, k, dtype=torch.int32)
            vals = torch.randint(1, 3, (k * m,), generator=g).float() * (torch.randint(0, 2, (k * m,), generator=g) * 2 - 1)
            a_ = torch.sparse_csr_tensor(crow, cols.reshape(-1).to(torch.int32), vals, size=(m, m)).to(dev)
            v = x.reshape(-1)
            try:
                torch.mv(a_, v)
            except RuntimeError as e:  # a PyTorch without MKL has no CSR product on the CPU
                if dev not in said:
                    said.add(dev)
                    print(f"spmv on {dev}: {str(e).splitlines()[0]} Using the COO product instead.", flush=True)
                a_, v = a_.to_sparse_coo(), v.reshape(-1, 1)
                def rep():
                    for _ in range(it):
                        torch.sparse.mm(a_, v)
                return rep
            def rep():
                for _ in range(it):
                    torch.mv(a_, v)  # y from the caching allocator: no copy added to the product
            return rep
        if w == "transfer":
            pinned = variant == "pinned"
            h = torch.rand(n, n, pin_memory=pinned and dev != "cpu")
            d = torch.empty(n, n, device=dev)
            def rep():
                for _ in range(it):
                    d.copy_(h, non_blocking=pinned)
                    h.copy_(d, non_blocking=pinned)
            return rep
        raise ValueError(w)

    if not a.gpu_only:
        for n in sizes:
            for t in threads:
                torch.set_num_threads(t)
                rep = op_for("cpu", n, "torch")
                rows.append(row(w, "cpu", "torch", t, "", n, it, measure(rep, lambda: None, a.min_time, a.max_reps)))
                print(f"cpu {t:2d} threads n={n}: {rows[-1]['median_s'] / it * 1e6:.3f} us/iter", flush=True)

    gpus = []
    if not a.cpu_only and torch.cuda.is_available():
        p = torch.cuda.get_device_properties(0)
        gpus.append({"index": 0, "name": p.name, "compute_capability": f"{p.major}.{p.minor}",
                     "sm_count": p.multi_processor_count, "memory_bytes": float(p.total_memory)})
        sync = torch.cuda.synchronize
        variants = (["pageable", "pinned"] if w == "transfer" else
                    ["torch", "torch-tf32", "torch-fp16", "torch-bf16"] if w == "gemm" else ["torch"])
        for n in sizes:
            for variant in variants:
                torch.backends.cuda.matmul.allow_tf32 = variant == "torch-tf32"
                for mode in a.modes.split(","):
                    rep = op_for("cuda", n, variant)
                    if mode == "graph":
                        if w == "transfer":
                            continue
                        s = torch.cuda.Stream()
                        s.wait_stream(torch.cuda.current_stream())
                        with torch.cuda.stream(s):
                            rep()  # warm-up on a side stream before capture, as the docs ask
                        torch.cuda.current_stream().wait_stream(s)
                        graph = torch.cuda.CUDAGraph()
                        try:
                            with torch.cuda.graph(graph):
                                rep()
                        except RuntimeError as e:  # an op this PyTorch cannot capture: said, not hidden
                            print(f"gpu graph {variant} n={n}: not captured: {e}", flush=True)
                            continue
                        rep = graph.replay
                    samples = measure(rep, sync, a.min_time, a.max_reps)
                    rows.append(row(w, "gpu", variant, 0, mode, n, it, samples))
                    print(f"gpu {mode} {variant} n={n}: {rows[-1]['median_s'] / it * 1e6:.3f} us/iter", flush=True)
        torch.backends.cuda.matmul.allow_tf32 = False
    write_csv(a.csv, rows, f"PyTorch {torch.__version__}", gpus)
    write_blas_kernel(a.blas_kernel)
    print(f"wrote {a.csv}")


if __name__ == "__main__":
    main()
