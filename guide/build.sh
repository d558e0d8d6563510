#!/usr/bin/env bash
# Builds the guide (guide/src) into docs/, the committed, self-contained copy
# that opens from a clone with no server and no network.
#
#   guide/build.sh            build into docs/
#   guide/build.sh --check    build into a temporary directory and fail if it
#                             differs from the committed docs/ (CI runs this)
#
# Needs mdBook at the version below (CI installs it with cargo); the figures
# the lessons embed are made by guide/figures.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.5.4
MDBOOK="${MDBOOK:-mdbook}"
if ! "$MDBOOK" --version 2>/dev/null | grep -q "v$MDBOOK_VERSION"; then
    echo "error: guide/build.sh needs mdBook $MDBOOK_VERSION; install it with" >&2
    echo "  cargo install mdbook --version $MDBOOK_VERSION --no-default-features --locked" >&2
    exit 2
fi
if [ "${1:-}" = "--check" ]; then
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
    "$MDBOOK" build guide --dest-dir "$out/docs" >/dev/null 2>&1 || "$MDBOOK" build guide --dest-dir "$out/docs"
    if ! diff -r "$out/docs" docs; then
        echo "error: docs/ does not match guide/src: run guide/build.sh and commit docs/" >&2
        exit 1
    fi
    echo "docs/ matches guide/src"
else
    rm -rf docs
    "$MDBOOK" build guide
    echo "guide built into docs/ (open docs/index.html)"
fi
