/** A reason the mock cannot start; main prints its message alone, without a stack trace. */
export class StartupError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'StartupError'
  }
}
