// What a run starts and creates, stopped and removed at its end whatever happened.
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopProcess } from './target/processes.ts'

export interface Resources {
  processes: ChildProcess[]
  tempDirs: string[]
  /** What runs in this process (the relay of --fetch-module), stopped first. */
  closers?: (() => Promise<void>)[]
}

export const createResources = (): Resources => ({ processes: [], tempDirs: [], closers: [] })

export async function makeTempDir(resources: Resources, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  resources.tempDirs.push(dir)
  return dir
}

export async function releaseResources(resources: Resources): Promise<void> {
  // Last started first: Prism's proxy goes before the mock behind it.
  for (const close of (resources.closers ?? []).splice(0).reverse()) await close()
  for (const child of resources.processes.splice(0).reverse()) await stopProcess(child)
  await Promise.all(
    resources.tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })),
  )
}
