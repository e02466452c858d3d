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
}

export function useOwnCluster(): OwnCluster {
  let cluster: Cluster | undefined
  const started: RunningMock[] = []
  beforeAll(async () => {
    cluster = await startCluster({ settings: { fsync: 'off' } })
  })
  afterAll(() => {
    for (const mock of started) mock.child.kill('SIGKILL')
    cluster?.stop()
  })
  return {
    createDatabase: () => {
      if (!cluster) throw new Error('the cluster starts in beforeAll: use it inside a test')
      return cluster.createDatabase()
    },
    async startInstance(args) {
      const mock = await startMock(args)
      started.push(mock)
      return mock
    },
  }
}
