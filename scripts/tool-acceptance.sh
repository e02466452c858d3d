#!/usr/bin/env bash
# The acceptance runs of issue 48: two testers nobody here wrote build their requests from
# openapi/openapi.yaml alone and run them against the mock (docs/contract-suite.md, "Testers from
# elsewhere"). Each run starts the mock on a free port with a fresh data file, and stops it.
#
#   bash scripts/tool-acceptance.sh schemathesis   # Schemathesis 4.25 (Python 3.10+)
#   bash scripts/tool-acceptance.sh specmatic      # Specmatic 2.55 (Java 17, its jar from npm)
#   bash scripts/tool-acceptance.sh all
#
# Both are configured only with the identity of the bundled fixtures (Acme's org id, alice-token)
# and, for Schemathesis, dictionaries of the ids the mock holds. Reports: reports/tools/.
# TOOLS_DIR (default ~/.cache/contacts-mock-kit/tools) keeps what is installed between runs.
# Schemathesis is built from its source: SCHEMATHESIS_GIT is a git directory or URL of
# schemathesis/schemathesis (default the GitHub repository); where the Python index lacks a
# dependency at the version 4.25 asks, HARFILE_GIT, HYPOTHESIS_GRAPHQL_GIT and
# STARLETTE_TESTCLIENT_GIT name their sources the same way (schemathesis/harfile,
# Stranger6667/hypothesis-graphql, Kludex/starlette-testclient).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

TOOLS=${TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/contacts-mock-kit/tools}
REPORTS=${REPORTS_DIR:-$ROOT/reports/tools}
ORG=11111111-1111-4111-8111-111111111111
TOKEN=alice-token
SCHEMATHESIS_VERSION=4.25.0
SPECMATIC_VERSION=2.55.1
mkdir -p "$TOOLS" "$REPORTS"

mock_pid=
work=
stop_mock() {
  if [[ -n "$mock_pid" ]]; then
    kill "$mock_pid" 2>/dev/null || true
    wait "$mock_pid" 2>/dev/null || true
    mock_pid=
  fi
  if [[ -n "$work" ]]; then
    rm -rf "$work"
    work=
  fi
}
trap stop_mock EXIT

# Starts the mock on a free port with a fresh data file; sets $url. Its request log (one JSON line
# per request: method, url, status, ms) goes to $work/mock.out after the banner.
start_mock() {
  work=$(mktemp -d)
  "$ROOT/node_modules/.bin/tsx" mock/process/main.ts --port 0 --db "$work/db.json" --log json \
    >"$work/mock.out" 2>&1 &
  mock_pid=$!
  url=
  for _ in $(seq 1 240); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/mock.out" | head -n 1 || true)
    [[ -n "$url" ]] && return 0
    kill -0 "$mock_pid" 2>/dev/null || break
    sleep 0.5
  done
  cat "$work/mock.out" >&2
  echo "the mock did not start" >&2
  exit 1
}

# build_wheel SOURCE REF [PATHS...]: a wheel of SOURCE (a git directory or URL) at REF (a tag, or
# HEAD), into $wheels; from a git directory, only PATHS (a partial copy may lack the rest).
build_wheel() {
  local source=$1 ref=$2 dir
  shift 2
  dir=$(mktemp -d)
  if [[ -d "$source" ]]; then
    git --git-dir="$source" archive "$ref" "$@" | tar -x -C "$dir"
  elif [[ "$ref" == HEAD ]]; then
    git clone -q --depth 1 "$source" "$dir"
  else
    git clone -q --depth 1 --branch "$ref" "$source" "$dir"
  fi
  (cd "$dir" && "$venv/bin/pip" wheel -q --no-deps --no-build-isolation . -w "$wheels")
  rm -rf "$dir"
}

install_schemathesis() {
  venv=$TOOLS/schemathesis-$SCHEMATHESIS_VERSION
  wheels=$TOOLS/wheels
  [[ -x "$venv/bin/st" ]] && return 0
  rm -rf "$venv"
  python3 -m venv "$venv"
  mkdir -p "$wheels"
  "$venv/bin/pip" install -q hatchling
  build_wheel "${SCHEMATHESIS_GIT:-https://github.com/schemathesis/schemathesis.git}" \
    "v$SCHEMATHESIS_VERSION" src pyproject.toml README.md LICENSE
  if [[ -n "${HARFILE_GIT:-}" ]]; then
    build_wheel "$HARFILE_GIT" v0.5.0 src pyproject.toml README.md LICENSE
  fi
  if [[ -n "${HYPOTHESIS_GRAPHQL_GIT:-}" ]]; then
    build_wheel "$HYPOTHESIS_GRAPHQL_GIT" v0.13.1 src pyproject.toml README.md LICENSE
  fi
  if [[ -n "${STARLETTE_TESTCLIENT_GIT:-}" ]]; then
    # 0.4.1, which 4.25 asks for, is its main branch's version: it has no tag
    build_wheel "$STARLETTE_TESTCLIENT_GIT" "${STARLETTE_TESTCLIENT_REF:-HEAD}" \
      starlette_testclient pyproject.toml README.md LICENSE
  fi
  if ! "$venv/bin/pip" install -q --find-links "$wheels" "schemathesis==$SCHEMATHESIS_VERSION"; then
    # An index without jsonschema_rs 0.50.x (4.25 pins <0.51): the wheels built above, and the
    # rest of its dependencies with the jsonschema_rs the index has. Said, not hidden.
    echo "schemathesis $SCHEMATHESIS_VERSION: its pinned dependencies are not all to be had here;" \
      "installing them with a newer jsonschema_rs" >&2
    "$venv/bin/pip" install -q --no-deps "$wheels"/*.whl
    "$venv/bin/pip" install -q 'click>=8.0,<9' 'hypothesis>=6.130.12,<7' 'graphql-core>=3.1,<3.3' \
      'pyrate-limiter>=4.0,<5.0' 'pytest>=9,<10' 'PyYAML>=5.1,<7.0' 'requests>=2.22,<3' \
      'rich>=13.9.4' 'typing-extensions>=4.12.2' 'werkzeug>=0.16.0,<4' 'httpx' 'jsonschema_rs>=0.50'
    "$venv/bin/pip" check || true
  fi
}

# The ids a tester cannot guess (a schema says "a UUID", not which): the org's contacts, Alice's
# relationships, the catalog's types, as dictionaries of a Schemathesis configuration.
write_schemathesis_config() {
  node --input-type=module - "$url" "$ORG" "$TOKEN" >"$work/schemathesis.toml" <<'EOF'
const [url, org, token] = process.argv.slice(2)
const get = async (path) => {
  const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return res.json()
}
const contacts = (await get(`/api/v1/orgs/${org}/contacts?limit=100`)).contacts
const links = (await get(`/api/v1/orgs/${org}/user_relationships?limit=100`)).user_relationships
const types = (await get('/api/v1/relationships')).relationships
const list = (records) => JSON.stringify(records.map((record) => record.id))
console.log(`headers = { Authorization = "Bearer ${token}" }

[dictionaries.contacts]
values = ${list(contacts)}

[dictionaries.user_relationships]
values = ${list(links)}

[dictionaries.relationship_types]
values = ${list(types)}

[parameters]
"path.org_id" = "${org}"
"path.contact_id" = { dictionary = "contacts", probability = 0.9 }
"path.user_relationship_id" = { dictionary = "user_relationships", probability = 0.9 }
"body.user_relationship.contact_id" = { dictionary = "contacts", probability = 1.0 }
"body.user_relationship.relationship_id" = { dictionary = "relationship_types", probability = 1.0 }`)
EOF
}

run_schemathesis() {
  install_schemathesis
  start_mock
  write_schemathesis_config
  local status=0
  # from the run's folder, where it keeps its .schemathesis cache
  (cd "$work" && "$venv/bin/st" --config-file schemathesis.toml run "$ROOT/openapi/openapi.yaml" \
    --url "$url" --phases examples,coverage,fuzzing,stateful --checks all \
    --exclude-checks use_after_free --seed "${SEED:-1}" --no-color --report junit \
    --report-dir "$REPORTS/schemathesis") || status=$?
  stop_mock
  return "$status"
}

run_specmatic() {
  local prefix=$TOOLS/specmatic-$SPECMATIC_VERSION status=0
  local jar=$prefix/node_modules/specmatic/specmatic.jar
  if [[ ! -f "$jar" ]]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-audit --no-fund "specmatic@$SPECMATIC_VERSION" >/dev/null
  fi
  start_mock
  # Specmatic reads a bearer scheme's token from a variable named as the scheme. A url-encoded
  # body whose example leaves fields out is sent in every combination of the values Specmatic
  # draws for them (each value of each field at least once, then the rest of their product: the
  # contact update had sent 5,600 and was still going); MAX_TEST_REQUEST_COMBINATIONS keeps the
  # first SPECMATIC_COMBINATIONS (default 100) of each, the prioritised ones first.
  (cd "$work" && MAX_TEST_REQUEST_COMBINATIONS=${SPECMATIC_COMBINATIONS:-100} bearerAuth=$TOKEN \
    java -jar "$jar" test "$ROOT/openapi/openapi.yaml" --testBaseURL "$url" \
    --junitReportDir "$REPORTS/specmatic") || status=$?
  # The mock's request log, from which the purged records' 404s are counted.
  mkdir -p "$REPORTS/specmatic"
  grep '^{' "$work/mock.out" >"$REPORTS/specmatic/requests.jsonl" || true
  stop_mock
  return "$status"
}

case "${1:-}" in
  schemathesis) run_schemathesis ;;
  specmatic) run_specmatic ;;
  all)
    status=0
    run_schemathesis || status=$?
    run_specmatic || status=$?
    exit "$status"
    ;;
  *)
    echo "usage: bash scripts/tool-acceptance.sh schemathesis|specmatic|all" >&2
    exit 2
    ;;
esac
