// Jest runs this file natively: in ESM mode it cannot load the TypeScript modules that
// global-teardown.ts imports, so tsx loads them.
import { tsImport } from 'tsx/esm/api'

export default async function run(globalConfig, projectConfig) {
  const { default: hook } = await tsImport('./global-teardown.ts', import.meta.url)
  await hook(globalConfig, projectConfig)
}
