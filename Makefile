# Every habit of the project, listed by `make help`.
.DEFAULT_GOAL := help
PYTHON ?= python

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-8s %s\n", $$1, $$2}'

dev: ## build the extension in place (release) with the test dependencies
	$(PYTHON) -m pip install -e '.[test]'

test: ## the README's test command plus the Rust tests
	$(PYTHON) -m pytest
	cargo test --release

thorough: ## the property tests with many more examples (minutes)
	RAZZ_HYPOTHESIS_PROFILE=thorough $(PYTHON) -m pytest

lint: ## rustfmt, clippy (core and bindings), ruff
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --features python -- -D warnings
	ruff check python tests benches
	ruff format --check python tests benches

fmt: ## format Rust and Python
	cargo fmt
	ruff format python tests benches

bench: ## criterion benches of the core, then the Python comparison with peers
	cargo bench
	$(PYTHON) -m pip install -q -e '.[bench]'
	$(PYTHON) benches/bench_eval.py

.PHONY: help dev test thorough lint fmt bench
