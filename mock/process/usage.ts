// `contacts-mock --help`: every flag and variable with its default (config.ts reads them).
export const USAGE = `Usage: contacts-mock [flags]     (in this repository: npm start -- [flags])
  --help                   this text
  --version                the version of contacts-mock-kit
  --port N                 port; 0 picks a free one (PORT, default 4010)
  --host ADDRESS           address to listen on (HOST, default 127.0.0.1); on any address
                           but loopback the admin API needs --admin-token
  --db FILE                data file, created from the fixtures when absent (DB_FILE,
                           default data/db.json)
  --store URL              a PostgreSQL database as the store instead of the data file:
                           postgres://user:password@host:5432/db; several instances on
                           one database act as one mock; an empty database gets the seed
                           (DATABASE_URL, default none: the data file)
  --pool-size N            connections to the database per instance (POOL_SIZE, default
                           twice this machine's cores; set the database machine's)
  --data FILE              a seed file of your own (JSON, fixtures/seed.schema.json): what a
                           new data file starts from and a reset restores; read, never
                           written (DATA_FILE, default: the generated fixtures)
  --document FILE          your version of openapi.yaml: the same operations with other
                           constraints (DOCUMENT, default the bundled document)
  --watch                  when the document changes, recompile the validators and keep
                           the data; a document that does not load is reported and the
                           previous one stays (default off)
  --seed N                 faker seed of the fixtures and of the fault draws (SEED,
                           default 20261122)
  --allowed-host NAME      a host name accepted in the Host header, besides localhost,
                           *.localhost, IP addresses and the --host name; repeat it or
                           separate names with commas (ALLOWED_HOSTS, default none)
  --admin-token TOKEN      bearer token the admin API (/__admin) requires (ADMIN_TOKEN,
                           default none: the admin API answers on loopback only)
  --recover                start on a damaged journal: keep its intact entries and move
                           the damaged file aside (default off: refuse to start)
  --headers-timeout MS     time for a request's headers to arrive, else 408
                           (HEADERS_TIMEOUT, default 10000)
  --request-timeout MS     time for a whole request to arrive, else 408; 0 for none
                           (REQUEST_TIMEOUT, default 30000)
  --keep-alive-timeout MS  how long an idle connection stays open (KEEP_ALIVE_TIMEOUT,
                           default 5000)
  --delay MS|MIN-MAX       every API request waits MS, or MIN to MAX ms drawn uniformly
                           (DELAY, default none; at most 60000)
  --faults FILE            fault rules to start with: a JSON list of what
                           POST /__admin/faults takes (FAULTS_FILE, default none)
  --no-faults              no fault simulation: Prefer is ignored and the fault rules API
                           answers 403, e.g. on a mock a whole team shares (default off)
  --no-inspector           no recording of requests for /__inspector (default: the last
                           500 are kept in memory)
  --token-ttl DURATION     how long a login token lasts: 30s, 15m, 2h, 7d (TOKEN_TTL,
                           default: login tokens do not expire)
  --quiet                  no request log (default off)
  --validate-responses     check every response against the document (default off)
Flags win over the environment variables in parentheses.`
