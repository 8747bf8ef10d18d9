#!/usr/bin/env bash
# Times `test:contract` at two git revisions in one run, paired rounds in alternating order, and
# prints each round and the median of per-round ratios (old / new). The numbers in results.md come
# from `contract-tests/bench/compare-revisions.sh <old> <new>`; it is not part of `tools/dev bench`
# because the old revision's checker is no longer a dependency.
#   usage: contract-tests/bench/compare-revisions.sh <old-rev> <new-rev> [rounds=5]
set -euo pipefail
old_rev=$1 new_rev=$2 rounds=${3:-5}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/specbound-contract-bench-XXXXXX")
cleanup() { git -C "$repo" worktree remove --force "$work/old" 2>/dev/null || true
            git -C "$repo" worktree remove --force "$work/new" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
for side in old new; do
  rev=old_rev; [ "$side" = new ] && rev=new_rev
  git -C "$repo" worktree add -q --detach "$work/$side" "${!rev}"
  # Install, build what test:contract needs, and one unmeasured run (pacts, caches, page cache).
  (cd "$work/$side" && pnpm install --frozen-lockfile --reporter=silent \
    && pnpm exec turbo run build --filter=@specbound/contract-tests^... --output-logs=none >/dev/null \
    && cd contract-tests && pnpm test:contract >/dev/null 2>&1)
done
echo "round order old_s new_s old/new load1"
ratios=()
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) = 1 ]; then order="old new"; else order="new old"; fi
  declare -A took
  for side in $order; do
    start=$(date +%s.%N)
    (cd "$work/$side/contract-tests" && pnpm test:contract >"$work/$side.log" 2>&1) || { echo "test:contract failed at $side"; cat "$work/$side.log"; exit 1; }
    took[$side]=$(echo "$(date +%s.%N) - $start" | bc)
  done
  ratio=$(echo "scale=2; ${took[old]} / ${took[new]}" | bc)
  ratios+=("$ratio")
  printf '%s %s %.1f %.1f %s %s\n' "$round" "${order// /,}" "${took[old]}" "${took[new]}" "$ratio" "$(cut -d' ' -f1 /proc/loadavg)"
done
printf 'median old/new: %s (min %s, max %s)\n' \
  "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" \
  "$(printf '%s\n' "${ratios[@]}" | sort -n | head -1)" "$(printf '%s\n' "${ratios[@]}" | sort -n | tail -1)"
