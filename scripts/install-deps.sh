#!/usr/bin/env bash
# Installs the Debian packages MarkupKit needs, only those missing. Idempotent; run as root
# (or with sudo available). Usage: scripts/install-deps.sh [build|test]
set -euo pipefail

build_packages=(pkg-config wasi-libc zlib1g-dev libdeflate-dev libssl-dev libxml2-dev libsqlite3-dev libpq-dev libwebsockets-dev libcjson-dev libpoppler-glib-dev libcairo2-dev libpango1.0-dev libgdk-pixbuf-2.0-dev fonts-dejavu-core fonts-urw-base35 fonts-noto-color-emoji)
test_packages=(chromium webkit2gtk-driver xvfb xauth nodejs python3 python3-venv poppler-utils xournalpp inkscape postgresql nginx)

wanted=("${build_packages[@]}")
if [ "${1:-build}" = "test" ]; then
  wanted+=("${test_packages[@]}")
fi

missing=()
for package in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing missing packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
