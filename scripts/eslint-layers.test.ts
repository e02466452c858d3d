// The layers rule of eslint.config.js, on files planted where a back-edge would be.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { layersPlugin } from './eslint-layers.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { layers: layersPlugin },
      rules: { 'layers/direction': 'error' },
    },
  ],
})

async function messagesOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) })
  return (result?.messages ?? []).map((message) => message.message)
}

describe('the layers rule', () => {
  test.each([
    [
      'mock/store/planted.ts',
      "import { createCore } from '../pipeline/core.ts'",
      'store may not import pipeline',
    ],
    [
      'mock/shared/planted.ts',
      "import { HANDLERS } from '../handlers/index.ts'",
      'shared may not import handlers',
    ],
    [
      'mock/pipeline/planted.ts',
      "import { createFace } from '../face/face-routes.ts'",
      'may not import mock/face/face-routes.ts',
    ],
    [
      'mock/faults/planted.ts',
      "export * from '../pipeline/core.ts'",
      'faults may not import pipeline',
    ],
    [
      'mock/pull/planted.ts',
      "import { serve } from '../process/serve.ts'",
      'pull may not import process',
    ],
    ['mock/pull/planted.ts', "import { createMock } from '../app.ts'", 'pull may not import app'],
    ['mock/pipeline/planted.ts', "import { readFileSync } from 'node:fs'", 'transport-free core'],
    ['mock/store/memory/planted.ts', "import express from 'express'", 'transport-free core'],
    ['mock/fetch/planted.ts', "import { readFileSync } from 'node:fs'", 'transport-free core'],
    [
      'mock/fetch/node/planted.ts',
      "import { serve } from '../../process/serve.ts'",
      'fetch may not import process',
    ],
    [
      'mock/process/planted.ts',
      "import { createTestApp } from '../../test-support/test-app.ts'",
      'test support',
    ],
    [
      'contract-tests/runner/planted.ts',
      "import { x } from '../self-test/run-suite.ts'",
      'test support',
    ],
    [
      'mock/mcp/planted.ts',
      "import { createCore } from '../pipeline/core.ts'",
      'mcp may not import pipeline',
    ],
    [
      'mock/process/planted.ts',
      "import { runMcpCommand } from '../mcp/mcp-command.ts'",
      'process may not import mcp',
    ],
    [
      'mock/handlers/planted.ts',
      "import { loadSeedFile } from '../../fixtures/seed-file.ts'",
      'fixtures/seed-file.ts imports node:',
    ],
  ])('When %s has %s, then the lint fails: %s', async (file, code, why) => {
    // Act
    const messages = await messagesOf(file, code)

    // Assert
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(why)
  })

  test.each([
    ['mock/pipeline/planted.ts', "import type { StorageEngine } from '../store/repositories.ts'"],
    ['mock/store/memory/planted.ts', "import type { Journal } from './disk/journal.ts'"],
    ['mock/process/planted.ts', "import { readFileSync } from 'node:fs'"],
    ['mock/store/memory/disk/planted.ts', "import { open } from 'node:fs/promises'"],
    [
      'mock/fetch/node/planted.ts',
      "import { openStore } from '../../store/memory/disk/open-store.ts'",
    ],
    ['mock/test/planted.ts', "import { createApp } from '../process/node-app.ts'"],
    ['mock/process/main.ts', "const { runMcpCommand } = await import('../mcp/mcp-command.ts')"],
    ['mock/mcp/planted.ts', "import { startMock } from '../process/start-mock.ts'"],
    ['bench/planted.ts', "import { startCluster } from '../test-support/postgres/test-cluster.ts'"],
  ])('When %s has %s, then the lint lets it be', async (file, code) => {
    // Act
    const messages = await messagesOf(file, code)

    // Assert
    expect(messages).toEqual([])
  })
})
