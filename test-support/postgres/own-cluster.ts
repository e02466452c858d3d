// Test support: a throw-away cluster for one test file, and mock processes started on it; all of
// them are gone when the file's tests end.
import { afterAll, beforeAll } from '@jest/globals'
import { startMock, type RunningMock } from '../spawn-mock.ts'
import { startCluster, type Cluster } from './test-cluster.ts'

export interface OwnCluster {
  /** A new empty database on the cluster, and its URL. */
  createDatabase: () => Promise<string>
  /** A mock process (`contacts-mock` with `args`), killed after the file's tests. */
  startInstance: (args: string[]) => Promise<RunningMock>
  /** Stops PostgreSQL at once (`pg_ctl stop -m immediate`), keeping its data. */
  crash: () => Promise<void>
  /** Starts it again after `crash`; resolves once it accepts connections. */
  restart: () => Promise<void>
}

export function useOwnCluster(): OwnCluster {
  let cluster: Cluster | undefined
  const instances: RunningMock[] = []
  beforeAll(async () => {
    cluster = await startCluster({ settings: { fsync: 'off' } })
  })
  afterAll(() => {
    for (const mock of instances) mock.child.kill('SIGKILL')
    cluster?.stop()
  })
  const started = (): Cluster => {
    if (!cluster) throw new Error('the cluster starts in beforeAll: use it inside a test')
    return cluster
  }
  return {
    createDatabase: () => started().createDatabase(),
    crash: () => started().crash(),
    restart: () => started().restart(),
    async startInstance(args) {
      const mock = await startMock(args)
      instances.push(mock)
      return mock
    },
  }
}
