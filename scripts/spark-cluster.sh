#!/usr/bin/env bash
# A standalone Spark cluster on loopback, run from the Maven class path without a Spark
# distribution (DEPENDENCIES.md, "A real standalone Spark cluster without a Spark distribution"):
# a master and N workers (1 core each) as separate JVMs. The cluster carries Spark and the
# libraries planlab's modules depend on, but no planlab classes: a driver ships its own planlab
# jars to the executors (spark.jars), so a cluster never runs stale planlab code.
#
#   scripts/spark-cluster.sh start  [--workers N] [--worker-memory SIZE] [--dir DIR] [--timeout S]
#                                   [--classpath CP]
#   scripts/spark-cluster.sh stop   [--dir DIR] [--timeout S]
#   scripts/spark-cluster.sh status [--dir DIR]
#
# start   prints the master URL (spark://127.0.0.1:PORT) as the last line of stdout and records
#         it with every PID in the state folder. Each wait for a daemon is bounded by --timeout
#         (default 90 s), Maven by 10 minutes; on failure what was started is stopped again.
# stop    ends the processes start recorded and the executors their workers forked (SIGTERM,
#         then SIGKILL after --timeout, default 20 s) and removes the state; logs stay in DIR/logs.
# status  prints the master URL and each process with whether it runs; exit 3 when none runs.
#
# --classpath gives the cluster's class path (Spark and the libraries, no planlab classes) instead
# of asking Maven for it; the integration test passes its own.
# Defaults: 2 workers, 2g per worker, DIR=${TMPDIR:-/tmp}/planlab-spark-cluster. Java is
# $JAVA_HOME/bin/java, else java on PATH.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
me="spark-cluster"

usage() {
  sed -n '8,20p' "$0" | sed 's/^# \{0,1\}//'
}

die() {
  echo "$me: $*" >&2
  exit 2
}

command="${1:-}"
[ $# -gt 0 ] && shift
workers=2
worker_memory=2g
dir="${TMPDIR:-/tmp}/planlab-spark-cluster"
timeout=""
given_classpath=""
while [ $# -gt 0 ]; do
  case "$1" in
    --classpath) given_classpath="${2:?--classpath needs a class path}"; shift 2 ;;
    --workers) workers="${2:?--workers needs a number}"; shift 2 ;;
    --worker-memory) worker_memory="${2:?--worker-memory needs a size such as 2g}"; shift 2 ;;
    --dir) dir="${2:?--dir needs a folder}"; shift 2 ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
case "$command" in
  start|stop|status) ;;
  -h|--help) usage; exit 0 ;;
  "") die "start, stop or status? (see --help)" ;;
  *) die "unknown command $command (see --help)" ;;
esac
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || die "--workers must be a positive number, was $workers"
[[ "$worker_memory" =~ ^[1-9][0-9]*[mMgG]$ ]] \
  || die "--worker-memory must be a size such as 512m or 2g, was $worker_memory"
[ -z "$timeout" ] || [[ "$timeout" =~ ^[1-9][0-9]*$ ]] \
  || die "--timeout must be a positive number of seconds, was $timeout"

mkdir -p "$dir"
dir="$(cd "$dir" && pwd -P)"
pids_file="$dir/pids"
url_file="$dir/master.url"
logs="$dir/logs"
# every daemon JVM carries this property: it tells our processes from others with a reused PID
marker="-Dplanlab.sparkCluster=$dir"

# --- processes -----------------------------------------------------------------------------

alive() {
  [ -d "/proc/$1" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != "Z" ]
}

# whether PID is a daemon of this cluster (its command line carries the marker)
ours() {
  alive "$1" && grep -qzxF -- "$marker" "/proc/$1/cmdline" 2>/dev/null
}

# the child processes of PID, recursively
descendants() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    echo "$child"
    descendants "$child"
  done
}

# executors of this cluster whose worker is gone: Spark executor JVMs working in a folder under
# DIR/work (a worker starts each executor in its own folder there)
orphan_executors() {
  local p cwd
  for p in /proc/[0-9]*; do
    cwd="$(readlink "$p/cwd" 2>/dev/null)" || continue
    case "$cwd" in
      "$dir/work/"*)
        if grep -qzxF org.apache.spark.executor.CoarseGrainedExecutorBackend "$p/cmdline" \
          2>/dev/null; then
          echo "${p#/proc/}"
        fi
        ;;
    esac
  done
}

# "ROLE PID" of every running process of this cluster: recorded daemons, the executors their
# workers forked, executors left behind by a worker that died
running() {
  local role pid child
  declare -A seen=()
  if [ -f "$pids_file" ]; then
    while read -r role pid; do
      if ours "$pid"; then
        echo "$role $pid"
        seen[$pid]=1
        for child in $(descendants "$pid"); do
          if alive "$child" && [ -z "${seen[$child]:-}" ]; then
            echo "executor($role) $child"
            seen[$child]=1
          fi
        done
      fi
    done < "$pids_file"
  fi
  for child in $(orphan_executors); do
    if alive "$child" && [ -z "${seen[$child]:-}" ]; then
      echo "executor $child"
      seen[$child]=1
    fi
  done
}

# stop_all SECONDS: SIGTERM to every process of the cluster, SIGKILL to what still runs after
# SECONDS, then waits (bounded) until all are gone
stop_all() {
  local grace="$1" role pid deadline left
  local -a pids=()
  while read -r role pid; do
    [ -n "$pid" ] && pids+=("$pid")
  done < <(running)
  if [ ${#pids[@]} -gt 0 ]; then
    kill -TERM "${pids[@]}" 2>/dev/null || true
    deadline=$((SECONDS + grace))
    while :; do
      left=()
      for pid in "${pids[@]}"; do
        alive "$pid" && left+=("$pid")
      done
      [ ${#left[@]} -eq 0 ] && break
      if [ $SECONDS -ge $deadline ]; then
        echo "$me: ${#left[@]} process(es) ignored SIGTERM for ${grace} s, killing ${left[*]}" >&2
        kill -KILL "${left[@]}" 2>/dev/null || true
        deadline=$((SECONDS + 10))
        while [ $SECONDS -lt $deadline ]; do
          left=()
          for pid in "${pids[@]}"; do
            alive "$pid" && left+=("$pid")
          done
          [ ${#left[@]} -eq 0 ] && break
          sleep 0.2
        done
        [ ${#left[@]} -eq 0 ] || echo "$me: still alive after SIGKILL: ${left[*]}" >&2
        break
      fi
      sleep 0.2
    done
  fi
  echo "${#pids[@]}"
}

remove_state() {
  rm -rf "$pids_file" "$url_file" "$dir/classpath" "$dir/spark-home" "$dir/work" "$dir/local" \
    "$dir/mvn.log"
}

# --- start ---------------------------------------------------------------------------------

java_bin() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    echo "$JAVA_HOME/bin/java"
  elif command -v java >/dev/null 2>&1; then
    command -v java
  else
    die "no java: put a Java 17 'java' on PATH or set JAVA_HOME"
  fi
}

# the runtime class path of the spark module without planlab's own artifacts (Spark, Scala and
# the libraries planlab's modules use); offline first, then with the remote repositories. With
# -am the dependency lists of planlab's modules come from this checkout's POMs; the spark module
# is the reactor's last, so its class path is what stays in the file.
build_classpath() {
  local out="$dir/classpath" cmd
  if [ -n "$given_classpath" ]; then
    printf '%s' "$given_classpath" > "$out"
    grep -q 'spark-core_2\.13' "$out" 2>/dev/null \
      || die "the class path given with --classpath has no spark-core_2.13"
    return 0
  fi
  command -v mvn >/dev/null 2>&1 || die "no mvn on PATH: it builds the cluster's class path"
  cmd=(mvn -B -q dependency:build-classpath -pl spark -am -Dmdep.outputFile="$out"
    -DexcludeGroupIds=org.planlab -DincludeScope=runtime)
  if command -v timeout >/dev/null 2>&1; then
    # a cold build downloads Spark's ~400 MB first (DEPENDENCIES.md)
    cmd=(timeout 600 "${cmd[@]}")
  fi
  rm -f "$out"
  if ! (cd "$root" && "${cmd[@]}" -o) > "$dir/mvn.log" 2>&1; then
    if ! (cd "$root" && "${cmd[@]}") >> "$dir/mvn.log" 2>&1; then
      cat "$dir/mvn.log" >&2
      die "cannot build the class path of the spark module with Maven (above); planlab's" \
        "module POMs must be resolvable (a reactor build or installed snapshots)"
    fi
  fi
  grep -q 'spark-core_2\.13' "$out" 2>/dev/null \
    || die "the class path Maven wrote to $out has no spark-core_2.13"
}

# Spark's JVM flags for Java 17, from the root pom's spark.jvmArgs (the one list every JVM uses)
spark_flags() {
  local flags
  flags="$(sed -n 's:.*<spark.jvmArgs>\(.*\)</spark.jvmArgs>.*:\1:p' "$root/pom.xml")"
  [ -n "$flags" ] || die "no <spark.jvmArgs> in $root/pom.xml"
  echo "$flags"
}

declare -A taken_ports=()
# listening TCP ports of this machine, one a line (from /proc/net, IPv4 and IPv6)
listening() {
  local hex
  for hex in $(awk 'FNR > 1 && $4 == "0A" { split($2, a, ":"); print a[2] }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null); do
    echo $((16#$hex))
  done
}

# free_port VAR FROM: sets VAR to the first port from FROM on that nothing listens on and this
# start has not handed out yet (Spark moves on to the next port if it is taken meanwhile)
free_port() {
  local -n free_port_var="$1"
  local candidate="$2" busy
  busy=" $(listening | tr '\n' ' ') "
  while [[ "$busy" == *" $candidate "* ]] || [ -n "${taken_ports[$candidate]:-}" ]; do
    candidate=$((candidate + 1))
  done
  taken_ports[$candidate]=1
  free_port_var="$candidate"
}

# launch ROLE LOG COMMAND...: runs COMMAND in the background with its output in LOG, and records
# its PID under ROLE ($! is the JVM's PID: the forked shell execs the command)
launch() {
  local role="$1" log="$2"
  shift 2
  "$@" < /dev/null > "$log" 2>&1 &
  echo "$role $!" >> "$pids_file"
  echo "$!"
}

# wait_for_log PID LOG TEXT WHAT: until LOG holds TEXT, failing when PID ends or the timeout passes
wait_for_log() {
  local pid="$1" log="$2" text="$3" what="$4" deadline=$((SECONDS + start_timeout))
  until grep -qF -- "$text" "$log" 2>/dev/null; do
    if ! alive "$pid"; then
      start_failed "$what (pid $pid) ended before it logged \"$text\"" "$log"
    fi
    if [ $SECONDS -ge $deadline ]; then
      start_failed "$what (pid $pid) did not log \"$text\" within $start_timeout s" "$log"
    fi
    sleep 0.2
  done
}

start_failed() {
  local message="$1" log="${2:-}"
  trap - EXIT INT TERM
  if [ -n "$log" ] && [ -f "$log" ]; then
    echo "$me: last lines of $log:" >&2
    tail -n 30 "$log" >&2
  fi
  echo "$me: $message; stopping what was started" >&2
  stop_all 10 > /dev/null
  remove_state
  exit 1
}

start() {
  start_timeout="${timeout:-90}"
  if [ -n "$(running)" ]; then
    die "a cluster already runs from $dir ($(cat "$url_file" 2>/dev/null || echo "no URL yet"));" \
      "stop it first: $0 stop --dir $dir"
  fi
  remove_state
  local java flags
  java="$(java_bin)"
  flags="$(spark_flags)"
  build_classpath
  local cp
  cp="$(cat "$dir/classpath")"
  # SPARK_HOME with an empty jars/ folder: a worker builds each executor's class path from
  # SPARK_DIST_CLASSPATH, and without SPARK_SCALA_VERSION Spark's launcher looks for a source
  # build and fails every executor launch
  mkdir -p "$dir/spark-home/jars" "$dir/spark-home/conf" "$dir/work" "$dir/local" "$logs"
  export SPARK_HOME="$dir/spark-home"
  export SPARK_CONF_DIR="$dir/spark-home/conf"
  export SPARK_DIST_CLASSPATH="$cp"
  export SPARK_SCALA_VERSION=2.13
  export SPARK_LOCAL_IP=127.0.0.1
  export SPARK_LOCAL_DIRS="$dir/local"
  : > "$pids_file"
  trap 'start_failed "interrupted"' INT TERM
  trap 'start_failed "start ended unexpectedly"' EXIT

  local -a jvm
  # the daemons only coordinate: a small heap, the client compiler and the serial collector
  # leave the machine's cores to the executors and the driver
  # shellcheck disable=SC2206 # the flags are separate words
  jvm=("$java" $flags -Xmx512m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC "$marker" -cp "$cp")
  local port ui master_pid master_log="$logs/master.log"
  free_port port 7077
  free_port ui 8080
  master_pid="$(launch master "$master_log" "${jvm[@]}" org.apache.spark.deploy.master.Master \
    --host 127.0.0.1 --port "$port" --webui-port "$ui")"
  wait_for_log "$master_pid" "$master_log" "I have been elected leader" "the master"
  # the port the master bound (Spark moves to the next port when the chosen one was taken)
  local url
  url="$(grep -m 1 -o 'Starting Spark master at spark://[0-9.]*:[0-9]*' "$master_log" \
    | sed 's/^Starting Spark master at //')"
  [ -n "$url" ] || start_failed "the master's log names no spark:// URL" "$master_log"

  local i pid
  local -a worker_pids=()
  for ((i = 1; i <= workers; i++)); do
    free_port ui 8081
    mkdir -p "$dir/work/worker-$i"
    pid="$(launch "worker-$i" "$logs/worker-$i.log" "${jvm[@]}" \
      org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 \
      --memory "$worker_memory" --webui-port "$ui" --work-dir "$dir/work/worker-$i" "$url")"
    worker_pids+=("$pid")
  done
  for ((i = 1; i <= workers; i++)); do
    wait_for_log "${worker_pids[$((i - 1))]}" "$logs/worker-$i.log" \
      "Successfully registered with master" "worker $i"
  done
  echo "$url" > "$url_file"
  trap - EXIT INT TERM
  echo "$me: master $url (pid $master_pid), $workers worker(s) of 1 core and $worker_memory" \
    "(pids ${worker_pids[*]}); state and logs in $dir" >&2
  echo "$url"
}

# --- stop and status -----------------------------------------------------------------------

stop() {
  local n
  n="$(stop_all "${timeout:-20}")"
  remove_state
  echo "$me: stopped $n process(es) of the cluster in $dir" >&2
}

status() {
  local lines
  lines="$(running)"
  if [ -f "$url_file" ]; then
    echo "url $(cat "$url_file")"
  fi
  if [ -z "$lines" ]; then
    echo "$me: no cluster runs from $dir" >&2
    exit 3
  fi
  echo "$lines"
}

"$command"
