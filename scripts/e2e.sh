#!/usr/bin/env bash
# Runs the web editor's end-to-end tests in Debian's headless Chromium through Playwright, then its
# main flow in WebKitGTK (Safari's engine) through its WebDriver with Selenium, on a virtual X display.
# The failover test runs the editor behind nginx (deploy/nginx.conf) before two servers on one PostgreSQL.
# Playwright and Selenium come from PyPI into a virtual environment under .build (made once); they
# drive the system's browsers, so no browser is downloaded. Usage: scripts/e2e.sh [MARKUPKIT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-.build/debug/markupkit}"
venv=.build/e2e-venv
playwright_version=1.65.2
selenium_version=4.51.0

if ! "$venv/bin/python" -c "import playwright" 2>/dev/null; then
  rm -rf "$venv"
  /usr/bin/python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "playwright==$playwright_version"
fi
if ! "$venv/bin/python" -c "import selenium" 2>/dev/null; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$selenium_version"
fi

timeout 600 "$venv/bin/python" Tests/e2e/editor_test.py "$binary"
timeout 300 "$venv/bin/python" Tests/e2e/failover_test.py "$binary"
timeout 300 xvfb-run -a "$venv/bin/python" Tests/e2e/webkit_test.py "$binary"
