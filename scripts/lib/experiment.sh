# Shared by the figure and table scripts (source it): run descriptors with `planlab run`, report
# each with `planlab report`, print the tables and where the figures are, and the wall time.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
planlab="$root/planlab"
script_start=$(date +%s)
# extra options of every `planlab run` (e.g. --new), set by a script before it runs
run_args=()
# the exit status of the last `planlab run` (1 when a point failed)
run_status=0

# run_and_report DESCRIPTOR [report options...]: runs the descriptor (a failed point does not
# stop the script: it shows as failed in the table), reports the run folder and prints the
# report's tables without the figure links, then the paths it wrote.
run_and_report() {
  local descriptor="$1"; shift
  local log
  log="$(mktemp)"
  local status=0
  "$planlab" run "$descriptor" "${run_args[@]}" | tee "$log" || status=$?
  if [ "$status" -eq 2 ]; then
    echo "$(basename "$0"): $descriptor is not a valid descriptor" >&2
    exit 2
  fi
  # the run folder as the runner reports it (a resumed run keeps its folder)
  local run
  run="$(sed -n 's/^run folder: //p' "$log")"
  rm -f "$log"
  run_status=$status
  report "$run" "$@"
  return 0
}

# report RESULTS_DIR [report options...]: `planlab report` with md, png and html, then prints it.
report() {
  local dir="$1"; shift
  local log
  log="$(mktemp)"
  "$planlab" report "$dir" --format md,png,html "$@" > "$log"
  echo
  local table
  table="$(sed -n 's/^table: //p' "$log")"
  grep -v '^!\[' "$table"
  echo
  grep -E '^(table|figure):' "$log" | sed 's/^/  /'
  rm -f "$log"
}

# on_master DESCRIPTOR URL OUT: writes DESCRIPTOR to OUT with its local[2] Spark master
# replaced by URL (a standalone cluster's spark:// address).
on_master() {
  sed "s#master: \"local\\[2\\]\"#master: \"$2\"#" "$1" > "$3"
}

# finish: prints the script's wall time.
finish() {
  local end
  end=$(date +%s)
  echo
  echo "$(basename "$0"): wall time $(( (end - script_start) / 60 )) min $(( (end - script_start) % 60 )) s"
}
