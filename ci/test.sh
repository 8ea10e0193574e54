#!/usr/bin/env bash
# The README's test command: builds every module and runs all tests (unit and property tests).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B verify "$@"
