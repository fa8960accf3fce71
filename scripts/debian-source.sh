#!/usr/bin/env bash
# debian-source.sh PACKAGE DESTDIR: downloads Debian's source package PACKAGE
# (its .dsc, upstream tarball and Debian tarball) into DESTDIR, from the Debian
# archive this system's apt is configured with, through a private apt
# configuration: deb-src entries derived from the system's deb entries, lists
# and cache under DESTDIR, so the system's apt setup and state are not touched.
# Prints the path of the upstream tarball.
set -euo pipefail
pkg=$1
dest=$(mkdir -p "$2" && cd "$2" && pwd)
apt="$dest/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/etc"

# deb entries of the main Debian archive (URI ending in /debian), one-line and deb822 styles
sources() {
  if [ -f /etc/apt/sources.list ]; then
    grep -E '^[[:space:]]*deb[[:space:]]' /etc/apt/sources.list | while read -r _ rest; do
      set -- $rest
      opts=""
      if [[ $1 == \[* ]]; then opts=$1; shift; while [[ $opts != *\] ]]; do opts="$opts $1"; shift; done; fi
      echo "$1|$2|$opts"
    done
  fi
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk -v RS= '{
      types = uris = suites = key = "";
      n = split($0, lines, "\n");
      for (i = 1; i <= n; i++) {
        line = lines[i]; sub(/^[ \t]+/, "", line);
        if (line ~ /^#/) continue;
        if (line ~ /^Types:/) types = substr(line, 7);
        else if (line ~ /^URIs:/) uris = substr(line, 6);
        else if (line ~ /^Suites:/) suites = substr(line, 8);
        else if (line ~ /^Signed-By:/) key = substr(line, 11);
      }
      if (types !~ /(^| )deb( |$)/) next;
      split(uris, u, " "); split(suites, s, " ");
      for (a in u) for (b in s) {
        gsub(/^ +| +$/, "", key);
        print u[a] "|" s[b] "|" (key != "" ? "[signed-by=" key "]" : "");
      }
    }' "$f"
  done
}

: > "$apt/etc/sources.list"
sources | while IFS='|' read -r uri suite opts; do
  [[ ${uri%/} == */debian ]] || continue
  echo "deb-src $opts $uri $suite main" >> "$apt/etc/sources.list"
done
if [ ! -s "$apt/etc/sources.list" ]; then
  echo "debian-source.sh: no Debian archive among the system's apt sources" >&2
  exit 1
fi

opts=(-o "Dir::Etc::SourceList=$apt/etc/sources.list" -o "Dir::Etc::SourceParts=$apt/etc/none"
      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "Debug::NoLocking=1"
      -o "APT::Sandbox::User=root" -q)
apt-get "${opts[@]}" update >&2
(cd "$dest" && apt-get "${opts[@]}" source --download-only "$pkg" >&2)
ls "$dest"/"${pkg}"_*.orig.tar.* | grep -v '\.asc$' | head -1
