# MarkupKit: `make run` and `make test` are all a newcomer needs (see README).
SWIFT ?= swift

.PHONY: run test bench fuzz build wasm deps test-deps clean

deps:
	@scripts/install-deps.sh build

test-deps:
	@scripts/install-deps.sh test

# The page's ink: MarkupCore and MarkupInk compiled to WebAssembly, served with the web client.
wasm: deps
	@scripts/build-wasm.sh

build: wasm
	$(SWIFT) build

run: build
	$(SWIFT) run markupkit serve

# Seconds each fuzzing harness runs: `make fuzz` runs long, `make test` a short pass of each.
FUZZ_SECONDS ?= 300

test: test-deps
	@scripts/build-wasm.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/e2e.sh .build/debug/markupkit
	scripts/fuzz.sh 30

fuzz: test-deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

bench: wasm
	$(SWIFT) build -c release --product markupkit-bench
	.build/release/markupkit-bench

clean:
	$(SWIFT) package clean
