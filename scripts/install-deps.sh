#!/usr/bin/env bash
# Installs the Debian packages symplex needs, and only those that are missing.
set -euo pipefail
pkgs=(cmake make gcc python3 llvm-16-dev clang-16 libclang-rt-16-dev libz3-dev libglpk-dev libffi-dev
      zlib1g-dev gcovr libxml2-utils python3-matplotlib csmith libcsmith-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
