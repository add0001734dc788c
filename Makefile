# Every habit of the project, listed by `make help`. CI (.ci/run) runs the
# README's test command, then `make ci`.
.DEFAULT_GOAL := help
PYTHON ?= python

# The thread-safe API (cards, evaluation, rules, errors: no shared Hand),
# whose tests `make parallel` runs on several threads at once.
PARALLEL_TESTS := tests/test_cards.py tests/test_eval_order.py tests/test_rank_many.py \
	tests/test_errors.py tests/test_limits.py tests/test_category.py tests/test_bounds.py

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

dev: ## build the extension in place (release) with the test dependencies
	$(PYTHON) -m pip install -e '.[test]'

test: test-python test-rust ## the README's test command plus the Rust tests

test-python: ## the README's test command (after `make dev`)
	$(PYTHON) -m pytest

test-rust: ## the Rust unit tests, optimised as the benches build
	cargo test --release

parallel: ## the thread-safe API's tests, each on 4 threads at once (pytest-run-parallel)
	$(PYTHON) -m pytest -q --parallel-threads=4 $(PARALLEL_TESTS)

coverage: ## the Python tests with a coverage report of razz_fast (fails under the floor)
	$(PYTHON) -m pytest --cov

thorough: ## the property tests with many more examples (minutes)
	RAZZ_HYPOTHESIS_PROFILE=thorough $(PYTHON) -m pytest

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

ci: test-rust lint parallel ## what CI runs after the README's test command

bench: ## criterion benches of the core, then the Python comparison with peers
	cargo bench
	$(PYTHON) -m pip install -q -e '.[bench]'
	$(PYTHON) benches/bench_eval.py

.PHONY: help dev test test-python test-rust parallel coverage thorough lint fmt ci bench
