/**
 * The checks cannot run: bad usage, or a target that cannot be reached or started. The runner
 * stops with exit code 2 and this one-line message, instead of reporting every check as failed.
 */
export class CannotRunError extends Error {}
