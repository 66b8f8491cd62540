# Signalbox — the commands a new machine needs:
#   make demo      installs what is missing, builds and runs the todo demo on http://127.0.0.1:8080
#   make test      installs what is missing, runs every test (unit, PostgreSQL, cluster, in-process,
#                  loopback, curl, browser), two parts at a time once built, and prints each part's
#                  time; the PostgreSQL and cluster tests start a throwaway PostgreSQL of their own
#   make cluster   installs what is missing (PostgreSQL, nginx), builds and runs INSTANCES (3) demos
#                  sharing one PostgreSQL behind nginx on http://127.0.0.1:8080; Ctrl-C stops it all
#                  (POSTGRES_URL=… uses that server, INSTANCE_ARGS=--dev is passed to every instance)
#   make hummingbird-example   a Hummingbird service with /api/health, /api/stats and the demo at
#                  http://127.0.0.1:8080/todo (ARGS=… goes to it: --in-memory, --dev, …)
#   make vapor-example         the same service on Vapor

SWIFT ?= swift
# .ci/swift-test runs this swift.
export SWIFT
HOST ?= 127.0.0.1
PORT ?= 8080
TEST_OUTPUT ?= test-output
INSTANCES ?= 3
POSTGRES_URL ?=
INSTANCE_ARGS ?=
POSTGRES_PACKAGE = Integrations/Postgres
HUMMINGBIRD_PACKAGE = Integrations/SignalboxHummingbird
VAPOR_PACKAGE = Integrations/SignalboxVapor
# The three packages' tests and programs, built in one .build (Integrations/Package.swift): SwiftNIO
# and Signalbox compile once for all three.
INTEGRATIONS = Integrations
INTEGRATIONS_BUILD = $(INTEGRATIONS)/.build/debug
ARGS ?=

.PHONY: demo test test-parts docs docs-check allocation-tests deps test-deps format format-check root-build integrations-build unit-tests integration-tests postgres-tests embedding-tests hummingbird-tests vapor-tests cluster-tests e2e curl-tests api-tests browser-tests readme-tests flake-check build release bench stress cluster hummingbird-example vapor-example clean

demo: deps
	$(SWIFT) build -c release --product todo-demo
	.build/release/todo-demo --host $(HOST) --port $(PORT)

# Two parts at a time (the machine CI uses has 2 cores): the two builds side by side, then each
# part as soon as what it needs is built. Each part's output comes whole when it ends (-O); the
# times come last, whether the run passed or not.
test: test-deps
	@rm -rf $(TIMES); mkdir -p $(TIMES)
	@date +%s > $(TIMES)/.started
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-parts; status=$$?; $(REPORT_TIMES); exit $$status

test-parts: format-check root-build integrations-build unit-tests allocation-tests integration-tests docs-check \
	curl-tests api-tests cluster-tests browser-tests readme-tests

# Each part notes its time: $(START) first, $(STOP) last (a part that failed has no time).
TIMES = $(TEST_OUTPUT)/times
START = @mkdir -p $(TIMES) && date +%s > $(TIMES)/$@.start
STOP = @echo "$$(( $$(date +%s) - $$(cat $(TIMES)/$@.start) ))" > $(TIMES)/$@.seconds
REPORT_TIMES = echo; echo "=== make test: time per part (two at a time) ==="; \
	for start in $(TIMES)/*.start; do part=$$(basename $$start .start); \
	  if [ -f $(TIMES)/$$part.seconds ]; then printf '%-20s %5s s\n' $$part $$(cat $(TIMES)/$$part.seconds); \
	  else printf '%-20s   did not finish\n' $$part; fi; done; \
	printf '%-20s %5s s\n' "all (wall clock)" $$(( $$(date +%s) - $$(cat $(TIMES)/.started) ))

deps:
	@.ci/install-deps

test-deps:
	@.ci/install-deps --test

build: deps
	$(SWIFT) build

# The style is .swift-format (hummingbird's rules, 120 columns); `make format` applies it.
FORMATTED = Sources Tests Examples Package.swift $(INTEGRATIONS)/Tests $(INTEGRATIONS)/Package.swift \
	$(POSTGRES_PACKAGE)/Sources $(POSTGRES_PACKAGE)/Package.swift \
	$(HUMMINGBIRD_PACKAGE)/Sources $(HUMMINGBIRD_PACKAGE)/Package.swift \
	$(VAPOR_PACKAGE)/Sources $(VAPOR_PACKAGE)/Package.swift

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

format-check:
	$(START)
	$(SWIFT) format lint --strict --recursive $(FORMATTED)
	$(STOP)

# The documentation of every library product as one site; warnings are errors, so every symbol
# link resolves. The docc plugin is a dependency only when SIGNALBOX_DOCS is set (Package.swift).
DOC_TARGETS = Signalbox SignalboxHTTP SignalboxWeb SignalboxMHD SignalboxRunner SignalboxSQLite SignalboxTesting SignalboxServerTesting
DOCS_OUTPUT ?= .build/docs-site
DOCC = SIGNALBOX_DOCS=1 $(SWIFT) package --disable-sandbox

docs-check:
	$(START)
	$(DOCC) generate-documentation $(DOC_TARGETS:%=--target %) --enable-experimental-combined-documentation \
		--warnings-as-errors
	$(STOP)

# The static site: serve DOCS_OUTPUT with any file server and open /documentation/signalboxweb.
docs:
	$(DOCC) --allow-writing-to-directory $(DOCS_OUTPUT) generate-documentation $(DOC_TARGETS:%=--target %) \
		--enable-experimental-combined-documentation --warnings-as-errors \
		--transform-for-static-hosting --output-path $(DOCS_OUTPUT)

# Everything of the root package (its tests, todo-demo, hello-app), and of the integrations'
# workspace (their tests, todo-demo-postgres, todo-hummingbird).
root-build:
	$(START)
	$(SWIFT) build --build-tests
	$(STOP)

integrations-build:
	$(START)
	$(SWIFT) build --build-tests --package-path $(INTEGRATIONS)
	$(SWIFT) build --package-path $(INTEGRATIONS) --product todo-demo-postgres
	$(SWIFT) build --package-path $(INTEGRATIONS) --product todo-hummingbird
	$(STOP)

unit-tests: root-build
	$(START)
	.ci/swift-test --skip-build --parallel
	$(STOP)

# Heap allocations per operation of the in-process list page, a reshaping request, a 304 and a
# page render (release build, one thread: deterministic) against Benchmarks/render's budgets.
allocation-tests:
	$(START)
	$(SWIFT) build -c release --package-path Benchmarks/render --product AllocationCounts
	SWIFT_DETERMINISTIC_HASHING=1 Benchmarks/render/.build/release/AllocationCounts --check Benchmarks/render/allocation-budgets.json
	$(STOP)

# The integrations' tests (PostgreSQL, Hummingbird, Vapor), against a throwaway PostgreSQL cluster
# (or SIGNALBOX_TEST_POSTGRES_URL when set); the other targets run one package's tests.
WITH_POSTGRES = $(POSTGRES_PACKAGE)/scripts/with-postgres.sh
INTEGRATION_TEST = .ci/swift-test --skip-build --parallel --package-path $(INTEGRATIONS)

integration-tests: integrations-build
	$(START)
	$(WITH_POSTGRES) $(INTEGRATION_TEST)
	$(STOP)

postgres-tests: integrations-build
	$(WITH_POSTGRES) $(INTEGRATION_TEST) --filter 'SignalboxPostgresTests|TodoPostgresTests'

# The embedding adapters (issue 16): the demo mounted at /todo in each framework's example
# service, driven through the framework's own test client.
embedding-tests: hummingbird-tests vapor-tests

hummingbird-tests: integrations-build
	$(INTEGRATION_TEST) --filter SignalboxHummingbirdTests

vapor-tests: integrations-build
	$(INTEGRATION_TEST) --filter SignalboxVaporTests

# Three instances of todo-demo-postgres (developer mode: X-Served-By) behind nginx, on a throwaway
# PostgreSQL, twice: the curl suite through nginx, then cluster_test.py (two windows of one session
# at once on two instances; kill -9 of an instance; the login throttle shared by the instances;
# PostgreSQL restarted and down; a draft saved on one instance, shown by the next). Each run gets
# a fresh cluster and database. CLUSTER_BINARY picks another build of the instance program.
CLUSTER_BINARY ?= $(INTEGRATIONS_BUILD)/todo-demo-postgres
CLUSTER_ENV = INSTANCES=3 PORT=0 HOST=127.0.0.1 POSTGRES_URL= CLUSTER_DIR= INSTANCE_COMMAND= INSTANCE_ARGS=--dev \
	BINARY='$(CLUSTER_BINARY)'
CLUSTER_TEST = $(CLUSTER_ENV) $(POSTGRES_PACKAGE)/scripts/cluster.sh --run

cluster-tests: integrations-build
	$(START)
	$(CLUSTER_TEST) Tests/EndToEnd/curl-suite.sh --cluster $(TEST_OUTPUT)
	$(CLUSTER_TEST) python3 Tests/EndToEnd/cluster_test.py
	$(CLUSTER_TEST) python3 Tests/EndToEnd/browser_live.py $(TEST_OUTPUT)/screenshots-cluster
	$(STOP)

e2e: curl-tests api-tests browser-tests readme-tests

# The README's five-minute path from the README alone, next to a checkout not named signalbox.
readme-tests:
	$(START)
	Tests/EndToEnd/readme-path.sh
	$(STOP)

curl-tests: root-build
	$(START)
	Tests/EndToEnd/curl-suite.sh .build/debug/todo-demo $(TEST_OUTPUT)
	$(STOP)

# schemathesis against the demo's published OpenAPI document (Public/openapi.json), signed in;
# EXAMPLES=… per operation (default 50), SEED=… (default 1, SEED=random for a new one).
api-tests: root-build
	$(START)
	Tests/EndToEnd/api-fuzz.sh .build/debug/todo-demo $(TEST_OUTPUT)
	$(STOP)

# The same browser walk on the embedded server and on the Hummingbird example (the demo at /todo).
# The first one also looks at every kind of page in both themes: $(TEST_OUTPUT)/pages.html.
browser-tests: root-build integrations-build
	$(START)
	python3 Tests/EndToEnd/browser_test.py .build/debug/todo-demo $(TEST_OUTPUT)/screenshots --sheet $(TEST_OUTPUT)/pages.html
	python3 Tests/EndToEnd/browser_test.py $(INTEGRATIONS_BUILD)/todo-hummingbird $(TEST_OUTPUT)/screenshots-hummingbird
	$(STOP)

# Not in `make test`: the steps that could fail by timing, N times (10), alone and beside a busy
# loop on every core; prints the failures per step. PARTS=browser,cluster picks some.
N ?= 10
PARTS ?= browser,cluster
flake-check: root-build integrations-build
	$(CLUSTER_ENV) N=$(N) PARTS=$(PARTS) Tests/EndToEnd/flake-check.sh $(TEST_OUTPUT)/flake-check

bench:
	Benchmarks/run.sh

# Minutes-long reliability checks (soak, session flood, tree bombs, SIGTERM under load); see RELIABILITY.md.
stress: deps
	@command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	Stress/run.sh

# Several instances behind nginx sharing PostgreSQL (issue 15); see $(POSTGRES_PACKAGE)/scripts/cluster.sh --help.
cluster:
	@.ci/install-deps --cluster
	$(SWIFT) build -c release --package-path $(POSTGRES_PACKAGE) --product todo-demo-postgres
	INSTANCES='$(INSTANCES)' PORT='$(PORT)' HOST='$(HOST)' POSTGRES_URL='$(POSTGRES_URL)' INSTANCE_ARGS='$(INSTANCE_ARGS)' \
		$(POSTGRES_PACKAGE)/scripts/cluster.sh

# The Hummingbird example service (Integrations/SignalboxHummingbird): its own JSON API and the demo at /todo.
hummingbird-example: deps
	$(SWIFT) build -c release --package-path $(HUMMINGBIRD_PACKAGE) --product todo-hummingbird
	$(HUMMINGBIRD_PACKAGE)/.build/release/todo-hummingbird --host $(HOST) --port $(PORT) $(ARGS)

# The Vapor example service (Integrations/SignalboxVapor): the same API and the demo at /todo.
vapor-example: deps
	$(SWIFT) build -c release --package-path $(VAPOR_PACKAGE) --product todo-vapor
	$(VAPOR_PACKAGE)/.build/release/todo-vapor --host $(HOST) --port $(PORT) $(ARGS)

clean:
	rm -rf .build $(INTEGRATIONS)/.build $(POSTGRES_PACKAGE)/.build $(HUMMINGBIRD_PACKAGE)/.build $(VAPOR_PACKAGE)/.build $(TEST_OUTPUT)
