import { Agent, request } from 'node:http'

export interface ProbeSample {
  sentMs: number
  latencyMs: number
}

export interface StallProbe {
  samples: () => readonly ProbeSample[]
  errors: () => readonly string[]
  /** Stops sending and waits (a little) for the probe in flight. */
  stop: () => Promise<void>
}

/**
 * A client that sends a cheap GET every `intervalMs` on a connection of its own and times each
 * answer. One probe at a time: while one waits, the ticks that fall due are skipped, so a stall of
 * the server shows as one long probe, not as a queue of them.
 */
export function startProbe(
  url: string,
  path: string,
  headers: Record<string, string>,
  intervalMs: number,
): StallProbe {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples: ProbeSample[] = []
  const errors: string[] = []
  let inFlight: Promise<void> | undefined
  const send = (): Promise<void> =>
    new Promise((resolve) => {
      const sentMs = performance.now()
      const req = request(url + path, { agent, headers, timeout: 30_000 }, (res) => {
        res.resume()
        res.once('end', () => {
          if (res.statusCode === 200) {
            samples.push({ sentMs, latencyMs: performance.now() - sentMs })
          } else errors.push(`probe answered ${String(res.statusCode)}`)
          resolve()
        })
      })
      req.once('timeout', () => req.destroy(new Error('no answer in 30 s')))
      req.once('error', (error) => {
        errors.push(`probe failed: ${error.message}`)
        resolve()
      })
      req.end()
    })
  const timer = setInterval(() => {
    inFlight ??= send().finally(() => {
      inFlight = undefined
    })
  }, intervalMs)
  return {
    samples: () => samples,
    errors: () => errors,
    async stop() {
      clearInterval(timer)
      if (inFlight) await Promise.race([inFlight, new Promise((r) => setTimeout(r, 31_000))])
      agent.destroy()
    },
  }
}
