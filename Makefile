# Every habit of the project, listed by `make help`. CI (.ci/run) runs the
# README's test command, then `make ci`.
.DEFAULT_GOAL := help
PYTHON ?= python
# The oldest Rust that builds razz_fast: rust-version in Cargo.toml (a test checks they agree).
MSRV ?= 1.88
# Release wheels: abi3 (one wheel for CPython 3.9+), glibc 2.17+ through zig's linker.
WHEEL_TARGETS ?= x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu
DIST ?= dist
# What `make wheels` and `make wheel-test` run (zig links against glibc 2.17's symbols).
RELEASE_TOOLS ?= 'maturin>=1.9.4,<2' 'ziglang>=0.13' 'auditwheel>=6' 'nox>=2024.3'

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

dev: ## build the extension in place (release) with the test dependencies
	$(PYTHON) -m pip install -e '.[test]'

test: test-python test-rust ## the README's test command plus the Rust tests

test-python: ## the README's test command (after `make dev`); the thread-safe tests on 4 threads each
	$(PYTHON) -m pytest

quick: ## the Python tests less those marked slow (the edit-test loop)
	$(PYTHON) -m pytest -m "not slow"

test-rust: ## the Rust unit tests, optimised as the benches build
	cargo test --release

coverage: ## the Python tests with a coverage report of razz_fast (fails under the floor)
	$(PYTHON) -m pytest --cov

thorough: ## the property tests with many more examples (minutes; no per-test timeout)
	RAZZ_HYPOTHESIS_PROFILE=thorough $(PYTHON) -m pytest --timeout=0

lint: ## rustfmt, clippy pedantic (core and bindings), ruff, mypy --strict
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --all-targets --features python -- -D warnings
	ruff check python tests benches
	ruff format --check python tests benches
	mypy --strict python/razz_fast

fmt: ## format Rust and Python
	cargo fmt
	ruff format python tests benches

ci: test-rust lint ## what CI runs after the README's test command

bench: ## criterion benches of the core, then the Python comparison with peers
	cargo bench
	$(PYTHON) -m pip install -q -e '.[bench]'
	$(PYTHON) benches/bench_eval.py

docs: ## the documentation site in site/ (mkdocs build --strict; `make dev` installs the tools)
	$(PYTHON) -m mkdocs build --strict

msrv: ## check the core and the bindings build with the MSRV (rust-version in Cargo.toml)
	rustup toolchain install $(MSRV) --profile minimal
	cargo +$(MSRV) check --locked --lib
	cargo +$(MSRV) check --locked --lib --features python

wheels: ## the sdist and manylinux2014 abi3 wheels (x86-64, aarch64) in dist/, shown by auditwheel
	$(PYTHON) -m pip install -q $(RELEASE_TOOLS)
	rustup target add $(WHEEL_TARGETS)
	for target in $(WHEEL_TARGETS); do \
	  nice -n 10 maturin build --release --zig --compatibility manylinux2014 \
	    --target $$target --out $(DIST) || exit 1; \
	done
	maturin sdist --out $(DIST)
	tar tzf $(DIST)/razz_fast-*.tar.gz | grep -q '/LICENSE$$'
	for wheel in $(DIST)/*.whl; do \
	  unzip -l $$wheel | grep -q 'dist-info/licenses/LICENSE' && auditwheel show $$wheel || exit 1; \
	done

wheel-test: ## install each wheel in dist/ for this machine on every CPython 3.9-3.13 here, no Rust on PATH
	$(PYTHON) -m pip install -q $(RELEASE_TOOLS)
	$(PYTHON) -m nox -s wheel

.PHONY: help dev test test-python quick test-rust coverage thorough lint fmt ci bench docs msrv wheels wheel-test
