#!/usr/bin/env bash
# Fails when openapi/types.ts is not what `npm run generate:types` would write today.
set -euo pipefail

cd "$(dirname "$0")/.."

SPEC=openapi/openapi.yaml
TYPES=openapi/types.ts
BIN=node_modules/.bin

tmp_dir=$(mktemp -d)
trap 'rm -rf "$tmp_dir"' EXIT

if [[ ! -f "$TYPES" ]]; then
  echo "$TYPES is missing: run npm run generate:types" >&2
  exit 1
fi

"$BIN/openapi-typescript" "$SPEC" -o "$tmp_dir/raw.ts" >/dev/null
# --stdin-filepath resolves .prettierrc.json exactly as `prettier --write openapi/types.ts` does.
"$BIN/prettier" --stdin-filepath "$TYPES" <"$tmp_dir/raw.ts" >"$tmp_dir/types.ts"

if ! diff -u "$TYPES" "$tmp_dir/types.ts" >"$tmp_dir/diff"; then
  head -n 40 "$tmp_dir/diff" >&2
  echo "$TYPES is stale: run npm run generate:types" >&2
  exit 1
fi

echo "$TYPES is up to date"
