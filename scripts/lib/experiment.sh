# Shared by the figure and table scripts (source it): run descriptors with `planlab run`, report
# each with `planlab report`, print the tables and where the figures are, and the wall time.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
planlab="$root/planlab"
script_start=$(date +%s)

# run_and_report DESCRIPTOR [report options...]: runs the descriptor (a failed point does not
# stop the script: it shows as failed in the table), reports results/<name>/ and prints the
# report's tables without the figure links, then the paths it wrote.
run_and_report() {
  local descriptor="$1"; shift
  local name
  name="$(sed -n 's/^name:[[:space:]]*\([A-Za-z0-9._-]*\).*/\1/p' "$descriptor" | head -1)"
  local status=0
  "$planlab" run "$descriptor" || status=$?
  if [ "$status" -eq 2 ]; then
    echo "$(basename "$0"): $descriptor is not a valid descriptor" >&2
    exit 2
  fi
  report "$root/results/$name" "$@"
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

# finish: prints the script's wall time.
finish() {
  local end
  end=$(date +%s)
  echo
  echo "$(basename "$0"): wall time $(( (end - script_start) / 60 )) min $(( (end - script_start) % 60 )) s"
}
