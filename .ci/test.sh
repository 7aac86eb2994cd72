#!/usr/bin/env bash
# The README's test command: set up a fresh machine, build, run every test.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bash "$here/.ci/setup.sh"
bash "$here/.ci/build.sh"
bash "$here/.ci/build.sh" --target check-tile
