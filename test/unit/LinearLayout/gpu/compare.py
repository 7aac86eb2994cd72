"""Compares Nsight Compute wavefront counts with the predicted ones."""
import csv
import sys

cases = [line.split()[:3] for line in open(sys.argv[1]) if line.strip()]
rows = [r for r in csv.reader(open(sys.argv[2])) if len(r) > 10]
header = rows[0]
idx_id = header.index("ID")
idx_kernel = header.index("Kernel Name")
idx_metric = header.index("Metric Name")
idx_value = header.index("Metric Value")
values = {}
for r in rows[1:]:
    values.setdefault(int(r[idx_id]), {"kernel": r[idx_kernel]})[
        r[idx_metric]] = float(r[idx_value].replace(",", ""))
launches = [values[k] for k in sorted(values)]
assert len(launches) == 2 * len(cases), (len(launches), len(cases))
bad = 0
for i, (name, nbytes, predicted) in enumerate(cases):
    ld = launches[2 * i]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"]
    st = launches[2 * i + 1]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]
    ok = int(predicted) == ld == st
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} {name:40s} bytes={nbytes:>2} "
          f"predicted={predicted:>2} load={ld:g} store={st:g}")
print(f"{len(cases) - bad} of {len(cases)} agree")
sys.exit(1 if bad else 0)
