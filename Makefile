# Signalbox — the two commands a new machine needs:
#   make demo   installs what is missing, builds and runs the todo demo on http://127.0.0.1:8080
#   make test   installs what is missing, runs every test (unit, in-process, loopback, curl, browser)

SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
TEST_OUTPUT ?= test-output

.PHONY: demo test deps test-deps format format-check unit-tests e2e curl-tests browser-tests build release bench stress clean

demo: deps
	$(SWIFT) build -c release --product todo-demo
	.build/release/todo-demo --host $(HOST) --port $(PORT)

test: test-deps format-check unit-tests e2e

deps:
	@.ci/install-deps

test-deps:
	@.ci/install-deps --test

build: deps
	$(SWIFT) build

# The style is .swift-format (hummingbird's rules, 120 columns); `make format` applies it.
FORMATTED = Sources Tests Examples Package.swift

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

format-check:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

unit-tests:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

e2e: curl-tests browser-tests

curl-tests:
	$(SWIFT) build --product todo-demo
	mkdir -p $(TEST_OUTPUT)
	Tests/EndToEnd/curl-suite.sh .build/debug/todo-demo $(TEST_OUTPUT)

browser-tests:
	$(SWIFT) build --product todo-demo
	mkdir -p $(TEST_OUTPUT)/screenshots
	python3 Tests/EndToEnd/browser_test.py .build/debug/todo-demo $(TEST_OUTPUT)/screenshots

bench:
	Benchmarks/run.sh

# Minutes-long reliability checks (soak, session flood, tree bombs, SIGTERM under load); see RELIABILITY.md.
stress: deps
	@command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	Stress/run.sh

clean:
	rm -rf .build $(TEST_OUTPUT)
