#!/usr/bin/env bash
# Runs the GPU suite under compute-sanitizer: memcheck, racecheck and
# synccheck, each over every case at its two smallest shapes (the tools slow
# kernels 10-1000x; the small shapes still cover every kernel, every masked
# edge and every layout the suite has).
#
#   bash test/gpu/sanitize.sh ARTIFACTS [TOOL...]      # on the GPU machine
#
# ARTIFACTS is the directory test/gpu/build_artifacts.py wrote. TOOLs default
# to "memcheck racecheck synccheck". torch's own kernels (random inputs,
# references) are excluded from instrumentation. Each tool's log goes to
# $SANITIZE_LOGS (default: a temporary directory), and the script prints one
# line per tool; it exits 1 when any tool reports an error or a case fails.
set -u
artifacts=${1:?usage: sanitize.sh ARTIFACTS [TOOL...]}
shift
tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(memcheck racecheck synccheck)
here=$(cd "$(dirname "$0")" && pwd)
logs=${SANITIZE_LOGS:-$(mktemp -d)}
mkdir -p "$logs"
small=${SANITIZE_SHAPES:-2}

if ! command -v compute-sanitizer >/dev/null; then
  echo "SKIP: compute-sanitizer is not on PATH (it ships with the CUDA toolkit)"
  exit 0
fi
# Torch's kernels (randn, references, poison fills) are not ours: leave them
# uninstrumented when this compute-sanitizer can filter by kernel name.
exclude=()
if compute-sanitizer --help 2>&1 | grep -q -- '--kernel-name-exclude'; then
  exclude=(--kernel-name-exclude kns=at::)
fi

status=0
for tool in "${tools[@]}"; do
  start=$(date +%s)
  # --report-api-errors no: the suite makes failing driver calls on purpose
  # (a cubin for another GPU, bad launches) and checks the errors itself.
  # application-only: the cases that run a kernel in a child process on
  # purpose (a device assert that must fire) stay uninstrumented.
  compute-sanitizer --tool "$tool" --error-exitcode 86 --print-limit 20 \
    --report-api-errors no --target-processes application-only \
    "${exclude[@]}" \
    python3 "$here/run_gpu_tests.py" --artifacts "$artifacts" --small "$small" \
    >"$logs/$tool.log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/$tool.log" | tail -1)
  cases=$(grep -E '^[0-9]+/[0-9]+ passed' "$logs/$tool.log" | tail -1)
  if [ $rc -eq 0 ]; then
    echo "$tool: clean ($cases; ${summary:-no summary}; ${secs}s)"
  else
    status=1
    echo "$tool: FAILED (exit $rc; $cases; ${summary:-no summary}; ${secs}s); log: $logs/$tool.log"
    grep -E '^=+ +(Error|ERROR|Race|Warning)|FAIL' "$logs/$tool.log" | head -20
  fi
done
exit $status
