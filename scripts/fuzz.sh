#!/usr/bin/env bash
# Fuzzes MarkupKit's decoders with libFuzzer: builds markupkit-fuzz with the address sanitizer and
# coverage into .build/fuzz, then runs every harness for SECONDS each, two at a time (one a core),
# starting from the checked-in seeds in Tests/Fuzz/corpus. Fails when any harness finds a crash, a
# hang or an allocation past the limits; what it found is left in .build/fuzz/crashes.
# Usage: scripts/fuzz.sh [SECONDS] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-300}"
shift || true
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(markup markup-body json journal undo message xournal excalidraw inkml tldraw png zip)
fi

toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/.."
fuzzer_library="$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)"
scratch=.build/fuzz
swift build --scratch-path "$scratch" --product markupkit-fuzz \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,pc-table,inline-8bit-counters \
  -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker "$fuzzer_library" -Xlinker -lstdc++ -Xlinker --export-dynamic 2>&1 | grep -v "prohibited flag" | tail -3
binary="$scratch/debug/markupkit-fuzz"

mkdir -p "$scratch/crashes" "$scratch/logs"
run() {
  local harness="$1"
  mkdir -p "$scratch/corpus/$harness"
  ASAN_OPTIONS=detect_leaks=0 "$binary" "$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$scratch/crashes/$harness-" \
    "$scratch/corpus/$harness" "Tests/Fuzz/corpus/$harness" > "$scratch/logs/$harness.log" 2>&1
}

declare -A status
pids=()
for harness in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  run "$harness" & pids+=("$!:$harness")
done
for entry in "${pids[@]}"; do
  if wait "${entry%%:*}"; then status[${entry#*:}]=0; else status[${entry#*:}]=1; fi
done

total=0 passed=0 failed=0
for harness in "${harnesses[@]}"; do
  executions=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$scratch/logs/$harness.log" | tail -1 | awk '{print $2}')
  executions=${executions:-0}
  total=$((total + executions))
  if [ "${status[$harness]}" = 0 ]; then
    passed=$((passed + 1)); echo "ok     $harness: $executions executions in ${seconds} s, no crash, hang or out-of-memory"
  else
    failed=$((failed + 1)); echo "FAILED $harness after $executions executions: see $scratch/logs/$harness.log and $scratch/crashes"
    grep -E "ERROR|SUMMARY|Test unit written" "$scratch/logs/$harness.log" | head -5
  fi
done
echo "fuzz: $total executions over ${#harnesses[@]} harnesses"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
