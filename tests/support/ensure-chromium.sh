#!/bin/sh
# The browser tests drive Debian's Chromium. Install it when it is missing (as root, with apt),
# or say exactly what to do.
set -e
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $browser: run 'sudo apt-get install chromium', or set CHROMIUM_PATH." >&2
exit 1
