#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when it is missing (as root, through apt-get).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "The browser tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
