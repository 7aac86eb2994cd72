"""GPU time of one launch, without the host: the timing shared by the GEMM
benchmarks (bench/matmul.py, bench/warp_specialize.py)."""

import torch


def graph_time(fn, flush_buf, n=10):
    """The GPU time of one launch of fn in ms: n launches, each after an L2
    flush (zeroing flush_buf, a 256 MiB buffer, as do_bench does), captured
    in a CUDA graph and replayed, minus the same graph without the
    launches (median of 7 replays each); None when fn cannot be captured."""
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            fn()
            flush_buf.zero_()
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()
        graphs = []
        for with_fn in (True, False):
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                for _ in range(n):
                    flush_buf.zero_()
                    if with_fn:
                        fn()
            graphs.append(g)
        times = []
        for g in graphs:
            g.replay()
            torch.cuda.synchronize()
            ts = []
            for _ in range(7):
                e0 = torch.cuda.Event(enable_timing=True)
                e1 = torch.cuda.Event(enable_timing=True)
                e0.record()
                g.replay()
                e1.record()
                torch.cuda.synchronize()
                ts.append(e0.elapsed_time(e1))
            times.append(sorted(ts)[3])
        return (times[0] - times[1]) / n
    except Exception as e:  # noqa: BLE001
        print(f"graph capture failed: {type(e).__name__}: {e}")
        torch.cuda.synchronize()
        return None
