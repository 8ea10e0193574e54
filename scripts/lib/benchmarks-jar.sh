# Shared by the benchmark scripts and CI's perf check (source it, with $root set): the JMH
# benchmarks jar, built when it is missing or older than a pom or a main source file.
jar="$root/experiments/target/benchmarks.jar"

ensure_benchmarks_jar() {
  if [ ! -f "$jar" ] || [ -n "$(find "$root" -path "$root/results" -prune -o \
      \( -name pom.xml -o -path '*/src/main/*' \) -type f -newer "$jar" -print -quit)" ]; then
    echo "building benchmarks.jar ..." >&2
    (cd "$root" && mvn -B -q -DskipTests -pl experiments -am package) >&2
  fi
}
