import { MIXED_ROUNDS } from './mixed-rounds.ts'
import { MIXED_CONNECTIONS, READ_CONNECTIONS } from './operations.ts'
import { CLUSTER_SETTINGS, LOADER_FLAGS } from './postgres-cluster.ts'
import { defaultPoolSize } from '../mock/store/postgres/open-postgres.ts'
import {
  COMPARED_CREATE_CONNECTIONS,
  P99_TARGET_MS,
  SCALE_CREATE_CONNECTIONS,
  SCALE_READ_CONNECTIONS,
} from './postgres-operations.ts'
import { CREATE_CONNECTIONS } from './steps.ts'
import { PROBE_INTERVAL_MS, STALL_CONNECTIONS } from './stall.ts'
import type { RunSummary } from './summary.ts'

const size = (contacts: number): string => contacts.toLocaleString('en-US')

/** The method of the run, with the sizes and durations it used. */
export function whatIsMeasured(summary: RunSummary): string {
  const { options } = summary
  const sizes = [
    ...new Set([10_000, ...options.mixedSizes, options.stall.contacts]),
    ...options.startupSizes.map((start) => start.contacts),
    options.postgresContacts,
  ]
  const files = [...new Set(sizes)].map(size).join(', ')
  const scale = size(options.postgresContacts)
  const settings = Object.entries(CLUSTER_SETTINGS)
    .map(([name, value]) => `\`${name}=${value}\``)
    .join(', ')
  const samples = options.startupSizes
    .map((start) => `${String(start.samples)} at ${size(start.contacts)}`)
    .join(', ')
  return `## What is measured

- **What runs.** The run starts by building the package with \`scripts/build.ts\` (as
  \`npm run build\`), copies \`dist/\` with \`package.json\` and a link to \`node_modules\` into its
  temporary folder (so that a rebuild elsewhere cannot change it mid-run), and starts every mock as
  \`node dist/mock/process/main.js --port 0 --db FILE\` (on PostgreSQL: \`--store URL\`) plus the flags its
  table names, from a folder of its own: the files \`npx contacts-mock\` runs. The baseline app,
  \`bench/baseline-server.ts\`, is compiled by TypeScript's transpiler and runs as JavaScript too.
- **Data.** Files of ${files} Acme contacts (and 12 Globex ones) made by \`fixtures/cli.ts\` (as
  \`npm run fixtures\`) in the temporary folder, each when first needed and removed after its last
  use. Every mock runs on a fresh copy.
- **Load.** One server at a time, each its own process; autocannon in the bench process on
  127.0.0.1, pipelining 1. Each row: one request of each kind checked in full (status and body),
  ${String(options.warmupSeconds)} s of warm-up (discarded), ${String(options.durationSeconds)} s
  measured. Any error, timeout or non-2xx answer fails the run. req/s is autocannon's average of
  per-second counts; p50 and p99 come from its per-request timings.
- **Against the minimal Express app.** The baseline answers the mock's fetch path with one contact
  from a \`Map\` (ETag and \`X-Powered-By\` off, as in the mock). Fetch one is the first contact of
  the mock's own list (the record the baseline holds); list is \`?page=3&limit=20\`; search is
  \`?search=\` the term below (every contact's text is searched; page 1 of the matches is
  returned). ${String(READ_CONNECTIONS)} connections each. The reads run on a mock started with
  \`--quiet\`; fetch one then runs again on a mock started with the defaults, whose request log
  (pino, asynchronous destination) writes one JSON line per request to stdout: a pipe that the
  bench process reads continuously and throws away, as a terminal would read it.
- **Mixed workload.** Each of ${String(MIXED_CONNECTIONS)} connections sends the same turn of 20
  requests over and over: 12 fetch one, 4 list, 1 search, 2 create, 1 PATCH (a new
  \`job_title\`), spread evenly over the turn; fetches and PATCHes go to each of the first 100
  listed contacts in turn. Without writes, the turn is its 17 reads. Both run on one mock started
  with the defaults, as users run it (its request log read from a pipe, as above), without
  writes first; the creates add to the org the reads go to, so the mix
  with writes ends on more contacts than it starts with. ${String(MIXED_ROUNDS)} such rounds at
  each size, each on a fresh mock from the same file; the round with the median ratio is shown,
  every round's ratio under the table (one round's ratio moved by about ±0.1 between runs here).
- **Durable creates.** The reference is a raw loop in the bench process, in the folder of the
  mocks' data files: append a 300-byte line, fdatasync, and again, one at a time, for the measured
  duration, through fs.promises (\`FileHandle.write\`, then \`datasync\`: two trips to libuv's
  thread pool); the same loop with synchronous calls is shown for comparison. The creates are
  form-encoded POSTs, a different contact each, at ${CREATE_CONNECTIONS.join(', ')} connections,
  each count on a fresh mock with the defaults (request log on) on the ${size(10_000)}-contact
  file. The mock answers
  201 only once the journal entry is on the disk: the journal is opened \`O_DSYNC\`, so each
  append is one write that returns once synced (one trip to the thread pool); concurrent writes
  share one append. A run of a few seconds crosses the background snapshot the mock writes after
  20,000 journal entries (an eighth of the records on files over 160,000).
- **Stall during sustained writes.** A mock with the defaults (nothing but \`--port\` and
  \`--db\`) on the ${size(options.stall.contacts)}-contact file; ${String(STALL_CONNECTIONS)}
  connections create contacts. After 1 s, a probe client sends a GET of one contact every
  ${String(PROBE_INTERVAL_MS)} ms on a keep-alive connection of its own, one at a time: the ticks
  that fall due while it waits are skipped, so a stall shows as one long probe. The load goes on
  until ${String(options.stall.snapshots)} background snapshots have finished, then 1 s more (at
  most ${String(options.stall.maxSeconds)} s). A snapshot is followed through the mock's files: it
  sets the journal aside as \`db.json.journal.N\` when it starts and removes it when the new data
  file is in place. "In snapshot" counts the probes that overlap one. "Bench loop max" is the bench
  process's own worst event-loop delay: a probe cannot be timed more finely than that.
- **Start-up and memory.** The defaults (request log on), a fresh copy of the file each time:
  start-up is the time from spawning \`node dist/mock/process/main.js\` to its "Mock listening" line; RSS
  ready is VmRSS from /proc right then, RSS warm after three rounds of fetch, list and search,
  peak is VmHWM. Samples: ${samples}; medians reported. The mock is then killed (SIGKILL), so no
  shutdown snapshot is written. MB are 10^6 bytes.
- **CPU columns**, over the measured run, in cores (100% = one core busy all along): the server
  process (/proc/<pid>/stat), the load generator (the bench process) and everything else on the
  machine (/proc/stat). The server near 100% means it, not the load generator, sets the pace; CPU
  µs/req is the server's CPU time per response. For the raw loops, "server" is the loop itself. A
  row, start-up or stall run during which "other" exceeds 25% of a core (someone else's work on the
  machine) is taken again, up to 3 times (stall: 2), and the least disturbed attempt is kept; if
  one stays disturbed, the bench does not write this file. "Database CPU" is PostgreSQL's
  processes (the postmaster and its children, /proc/<pid>/stat), counted apart from "other";
  "mock CPU" is the mock's process alone.
- **PostgreSQL.** A throw-away cluster of the bench's own (\`mock/test/support/postgres/test-cluster.ts\`:
  Debian's \`initdb\` and \`pg_ctl\`, 127.0.0.1 on a free port), its folder beside the temporary
  folder (the OS temp folder or \`--dir\`, on the same disk), started before the first step
  (without PostgreSQL the run fails at once) and removed at the end; ${settings} (a create is
  answered 201 once its commit is on disk), the rest its defaults. Each PostgreSQL table has a
  database of its own, loaded from the data file of that size by \`openPostgresStore\` as the mock
  seeds an empty database (the migrations, then every record in batches, one commit), in a Node
  process of its own (\`${LOADER_FLAGS.join(' ')}\`), then \`VACUUM (ANALYZE)\`, as autovacuum would
  soon do by itself; both times are given under the table. The mock runs as
  \`node dist/mock/process/main.js --port 0 --store URL\` plus the flags of the file store's rows it is
  compared with (its default pool: twice the machine's cores, ${String(defaultPoolSize())}
  connections here): in the stores compared, the reads on a mock with \`--quiet\`, then the
  creates on one with the defaults; at scale, reads then creates on one mock with the defaults.
- **Stores compared.** Fetch one, list page 3 and search at ${String(READ_CONNECTIONS)} connections,
  durable creates at ${String(COMPARED_CREATE_CONNECTIONS)}: the file store's rows of this run (its
  reads against the minimal Express app, its durable creates), and the same requests, checked the
  same way, at the same connections on PostgreSQL loaded from the same ${size(10_000)}-contact file.
  Ratio: PostgreSQL's req/s divided by the file store's; no target.
- **PostgreSQL at ${scale} contacts.** Fetch one, list page 3 and search (the search term of the
  settings) at ${String(SCALE_READ_CONNECTIONS)} connections, then durable creates at
  ${String(SCALE_CREATE_CONNECTIONS)}, on a database loaded from the ${scale}-contact file (the one
  made for the start-up, before it is removed). Targets: the p99 of list and of search under
  ${String(P99_TARGET_MS)} ms. Before the mock starts, \`pgbench\` (of the same installation)
  sends the search's own SQL, with the mock's parameters, at the search's connections for the
  row's duration: what the database alone answers on this machine, the most the mock's search row
  could reach.`
}

export function howToRun(): string {
  return `## How to run

\`\`\`sh
npm run bench                     # full run (about 10 minutes), prints the tables; exit code 1 if a target is missed
npm run bench -- --write          # the same, and rewrites this file (or BENCH_WRITE=1)
npm run bench -- --quick          # smoke run: short rows, ${size(10_000)} contacts only
npm run bench -- --duration 15    # longer rows (seconds per row)
npm run bench -- --dir /data/tmp  # the temporary folder on another disk (not tmpfs)
npm run bench -- --skip-build     # measure dist/ as it is (no npm run build first)
npm run bench -- --profile prof   # the measured mocks run under --cpu-prof; profiles land in prof/
npm run bench:postgres            # only PostgreSQL at ${size(1_000_000)} contacts (--quick: ${size(10_000)}); same options
\`\`\`

Both need Debian's \`postgresql\` package (\`initdb\` and \`pg_ctl\` under \`/usr/lib/postgresql\`).

Run it on an otherwise idle machine: the load generator and the server need a core each. A variant
of an operation (the mock started with other flags) is one entry of \`VARIANTS\` in
\`bench/steps.ts\` (its flags) and an operation in \`bench/operations.ts\` (its reference row and
target).`
}
