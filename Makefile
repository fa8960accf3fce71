# Top-level driver: `make` builds build/ (release), `make demo` runs on examples/,
# `make test` builds build-test/ with ASan+UBSan and runs every test.
JOBS ?= $(shell nproc)
BUILD ?= build
TEST_BUILD ?= build-test
PREFIX ?= /usr/local

.PHONY: all deps demo test test-long clean bench install

all: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

deps:
	@scripts/install-deps.sh

demo: all
	$(BUILD)/bin/symplex --max-time=30 examples/demo.c
	$(BUILD)/bin/symplex-ktest symplex-last/test000001.ktest
	@cat symplex-last/*.err

test: deps
	cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSYMPLEX_SANITIZE=ON >/dev/null
	cmake --build $(TEST_BUILD) -j $(JOBS)
	cd $(TEST_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest -j $(JOBS) -LE long --output-on-failure --timeout 600

# the long differential runs: the fuzzing sample and the randomised unit tests at larger counts
test-long: deps
	cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSYMPLEX_SANITIZE=ON >/dev/null
	cmake --build $(TEST_BUILD) -j $(JOBS)
	cd $(TEST_BUILD) && ASAN_OPTIONS=detect_leaks=1 ctest -j $(JOBS) -L long --output-on-failure --timeout 1800

# installs bin/, lib/symplex/, include/ and share/man/ under PREFIX (DESTDIR is honoured)
install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

bench: all
	bench/throughput/run.sh $(BUILD)

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
