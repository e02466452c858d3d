import type { Workload } from './data-files.ts'
import type { Machine } from './machine.ts'
import type { ClusterDescription, LoadedDatabase } from './postgres-cluster.ts'
import type { BenchOptions } from './options.ts'
import type { QueryAlone } from './postgres-query-alone.ts'
import type { Row } from './report.ts'
import type { StallResult } from './stall.ts'
import type { StartupResult } from './startup.ts'
import type { Measured } from './steps.ts'
import type { Check } from './targets.ts'

/** Everything one run measured: what the terminal shows and BENCHMARKS.md records. */
export interface RunSummary {
  date: Date
  options: BenchOptions
  machine: Machine
  workload: Workload
  rows: Row[]
  measured: Measured[]
  stall: StallResult
  startup: StartupResult[]
  /** The PostgreSQL cluster of the run and its databases: for the stores compared, at scale. */
  postgres: {
    cluster: ClusterDescription
    compared: LoadedDatabase
    scale: LoadedDatabase
    /** The search's query at scale sent by pgbench, with no mock. */
    searchAlone: QueryAlone
  }
  /** A sentence on the baseline app's own start-up time and RSS. */
  floor: string
  checks: Check[]
  totalSeconds: number
}
