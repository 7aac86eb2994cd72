#!/bin/bash
# On a machine with an NVIDIA GPU and the CUDA toolkit: measures the
# wavefronts of every access pattern in cases.txt with Nsight Compute and
# compares them with countBankConflicts' predictions.
set -euo pipefail
cd "$(dirname "$0")"
out=${OUT:-/tmp}
nvcc -O3 -arch=sm_90 bank_conflicts.cu -o "$out/bank_conflicts"
ncu --csv --metrics \
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum \
  "$out/bank_conflicts" cases.txt > "$out/ncu.csv"
python3 compare.py cases.txt "$out/ncu.csv"
