#!/usr/bin/env bash
# Renders the pictures in docs/ from the checked-in sample document with the markupkit CLI:
# docs/gallery.png (every ink and element) and docs/inks/<ink>.png (one row each).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product markupkit >/dev/null
markupkit=.build/debug/markupkit
sample=docs/samples/gallery.markup.json
"$markupkit" render "$sample" -o docs/gallery.png --scale 1.5
mkdir -p docs/inks
top=40
row=48
for ink in pen pencil marker monoline fountainPen watercolor crayon reed; do
  "$markupkit" render "$sample" -o "docs/inks/$ink.png" --rect "120,$top,520,$row" --scale 1.5
  top=$((top + row))
done
echo "rendered docs/gallery.png and docs/inks/*.png"
