/**
 * Work done after the answer has left (a mail that must not make an answer slower, or faster,
 * depending on whether an account exists). Each task's failure is logged, never thrown; the
 * graceful stop and the tests wait for the tasks still running (`idle`).
 */
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts `task` on the next turn of the event loop, after the current answer is sent.
   * @param label names the task in the error log.
   */
  run(label: string, task: () => Promise<void>): void {
    const promise: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `${label} failed`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Resolves when every task started so far (and those they start) has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
