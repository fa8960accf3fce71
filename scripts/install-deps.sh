#!/usr/bin/env bash
# Installs the Debian packages symplex needs, and only those that are missing.
set -euo pipefail
pkgs=(cmake make gcc python3 llvm-16-dev clang-16 libclang-rt-16-dev libz3-dev libglpk-dev libffi-dev
      zlib1g-dev gcovr libxml2-utils python3-matplotlib csmith libcsmith-dev libicu72 openmpi-bin libopenmpi-dev
      musl-tools)
# npm (for the SARIF validator) comes with nodejs from NodeSource, or from Debian's npm package
command -v npm >/dev/null || pkgs+=(nodejs npm)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
# Microsoft's SARIF multitool, which tests/test_sarif.py validates results.sarif with (npm registry)
npm_dir="$(cd "$(dirname "$0")/.." && pwd)/.npm-tools"
tool="$npm_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$tool" ]; then
  echo "install-deps: installing @microsoft/sarif-multitool into $npm_dir" >&2
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error @microsoft/sarif-multitool@5.7.0
  chmod u+x "$tool" # its postinstall step does only this; npm no longer runs it unasked
fi
