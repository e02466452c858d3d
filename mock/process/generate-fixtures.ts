import type { Data } from '../shared/data.ts'

/**
 * The generated fixtures. Faker is loaded only when they are needed (a new data file, a reset):
 * it is a fifth of the mock's start-up otherwise.
 */
export async function generateFixtures(seed: number | undefined): Promise<Data> {
  const { createSeed } = await import('../../fixtures/seed.ts')
  return createSeed({ seed })
}
