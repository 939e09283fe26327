#!/usr/bin/env bash
# Builds the page's ink module, Sources/MarkupServer/Web/markupink.wasm, from the same MarkupCore and
# MarkupInk sources as the native build (plus Sources/MarkupInkWasm), with the Swift toolchain's
# Embedded Swift for wasm32 and Debian's wasi-libc for malloc, mem* and libm. Usage: scripts/build-wasm.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=Sources/MarkupServer/Web/markupink.wasm
work=.build/wasm
sources=$(find Sources/MarkupCore Sources/MarkupInk Sources/MarkupInkWasm -name '*.swift' -o -name '*.c' | sort)
if [ -f "$out" ] && [ -z "$(find $sources scripts/build-wasm.sh -newer "$out" 2>/dev/null)" ]; then
  exit 0
fi

swiftc_path=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc_path")")")
wasi=/usr/lib/wasm32-wasi
[ -f "$wasi/libc.a" ] || { echo "build-wasm: wasi-libc is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
mkdir -p "$work"
flags=(-target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -enable-experimental-feature Extern
       -wmo -O -parse-as-library -I "$work")

swiftc "${flags[@]}" -module-name MarkupCore $(find Sources/MarkupCore -name '*.swift' | sort) \
  -emit-module -emit-module-path "$work/MarkupCore.swiftmodule" -c -o "$work/core.o"
swiftc "${flags[@]}" -module-name MarkupInk $(find Sources/MarkupInk -name '*.swift' | sort) \
  -emit-module -emit-module-path "$work/MarkupInk.swiftmodule" -c -o "$work/ink.o"
swiftc "${flags[@]}" -module-name MarkupInkWasm Sources/MarkupInkWasm/*.swift -c -o "$work/module.o"
"$toolchain/bin/clang" --target=wasm32-unknown-unknown -O2 -nostdlib -isystem /usr/include/wasm32-wasi -c \
  Sources/MarkupInkWasm/runtime.c -o "$work/runtime.o"

exports=(mk_buffer mk_result mk_result_count mk_begin mk_append mk_end mk_grain mk_grain_result mk_layer_count mk_layer_opacity mk_recognize)
"$toolchain/bin/wasm-ld" --no-entry --gc-sections --strip-all --stack-first -z stack-size=1048576 ${exports[@]/#/--export=} \
  "$work/module.o" "$work/ink.o" "$work/core.o" "$work/runtime.o" "$wasi/libc.a" -o "$work/markupink.wasm"
mv "$work/markupink.wasm" "$out"
echo "build-wasm: $out ($(stat -c %s "$out") bytes)"
