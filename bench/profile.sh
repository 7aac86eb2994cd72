#!/usr/bin/env bash
# Profiles tile's and Triton's row softmax on the GPU machine: SASS of both
# (cuobjdump) and Nsight Compute counters of one launch each.
#   bash bench/profile.sh [--rows R --cols C --kernel NAME]   (artifacts from bench/build.sh)
# Writes tile.sass, triton.sass, ncu.txt and metrics.csv under $OUT (or
# /tmp/tile-profile) and prints a short comparison.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-/tmp/tile-profile}
mkdir -p "$out"
python3 "$here/bench/profile_softmax.py" --out "$out" "$@"
for k in tile triton; do
  cuobjdump -sass "$out/$k.cubin" > "$out/$k.sass"
done
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,\
dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,\
launch__occupancy_limit_registers,sm__warps_active.avg.pct_of_peak_sustained_active,\
smsp__inst_executed.sum,smsp__cycles_active.avg,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum,\
smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,\
smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
filter='regex:^(softmax_16384|softmax_4096|_softmax_kernel)$'
ncu --kernel-name "$filter" --launch-skip 2 --launch-count 4 --csv --metrics "$metrics" \
  python3 "$here/bench/profile_softmax.py" --launches 3 "$@" > "$out/metrics.csv"
ncu --kernel-name "$filter" --launch-skip 2 --launch-count 4 \
  --section SpeedOfLight --section Occupancy --section LaunchStats \
  --section WarpStateStats --section MemoryWorkloadAnalysis \
  python3 "$here/bench/profile_softmax.py" --launches 3 "$@" > "$out/ncu.txt"
python3 - "$out/metrics.csv" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
head, body = rows[0], rows[1:]
ki, mi, vi = head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
table = collections.OrderedDict()
for r in body:
    table.setdefault(r[mi], collections.OrderedDict()).setdefault(r[ki], []).append(r[vi])
kernels = list(dict.fromkeys(r[ki] for r in body))
print("metric".ljust(72), *[k[:16].rjust(16) for k in kernels])
for m, per in table.items():
    print(m[:72].ljust(72), *[(per.get(k, ["-"])[-1])[:16].rjust(16) for k in kernels])
PY
for k in tile triton; do
  echo "$k SASS: $(grep -c 'LDG' "$out/$k.sass") LDG, $(grep -c 'STG' "$out/$k.sass") STG," \
       "$(grep -c 'MUFU' "$out/$k.sass") MUFU, $(grep -c 'SHFL' "$out/$k.sass") SHFL," \
       "$(grep -c 'BAR' "$out/$k.sass") BAR, $(grep -cE '^\s+/\*[0-9a-f]+\*/' "$out/$k.sass") instructions"
done
