#!/usr/bin/env bash
# The Debian packages Overseer uses, installed when missing: bubblewrap (bwrap), the sandbox
# generated projects' tests run in, and util-linux (prlimit, setpriv) for its limits; for the
# tests (`npm test`) also Chromium at /usr/bin/chromium for the browser tests.
# --server: only what the server needs (bubblewrap, util-linux); `npm start` runs it so.
set -euo pipefail
missing=()
if [ "${1:-}" != "--server" ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
fi
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v prlimit >/dev/null 2>&1 && command -v setpriv >/dev/null 2>&1 || missing+=(util-linux)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian packages: ${missing[*]}..."
SUDO=""
# The server's start never waits on a password prompt: it installs with sudo only when sudo asks for none.
if [ "$(id -u)" -ne 0 ]; then if [ "${1:-}" = "--server" ]; then SUDO="sudo -n"; else SUDO="sudo"; fi; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
