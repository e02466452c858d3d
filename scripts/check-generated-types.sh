#!/usr/bin/env bash
# Fails when openapi/types.ts is not what `npm run generate:types` would write today.
set -euo pipefail

cd "$(dirname "$0")/.."

BIN=node_modules/.bin

tmp_dir=$(mktemp -d)
trap 'rm -rf "$tmp_dir"' EXIT

# check SPEC TYPES: fails when TYPES is not what `npm run generate:types` writes from SPEC today.
check() {
  local spec=$1 types=$2
  if [[ ! -f "$types" ]]; then
    echo "$types is missing: run npm run generate:types" >&2
    exit 1
  fi
  "$BIN/openapi-typescript" "$spec" -o "$tmp_dir/raw.ts" >/dev/null
  # --stdin-filepath resolves .prettierrc.json exactly as `prettier --write` does.
  "$BIN/prettier" --stdin-filepath "$types" <"$tmp_dir/raw.ts" >"$tmp_dir/types.ts"
  if ! diff -u "$types" "$tmp_dir/types.ts" >"$tmp_dir/diff"; then
    head -n 40 "$tmp_dir/diff" >&2
    echo "$types is stale: run npm run generate:types" >&2
    exit 1
  fi
  echo "$types is up to date"
}

check openapi/openapi.yaml openapi/types.ts
check openapi/admin.yaml openapi/admin-types.ts
