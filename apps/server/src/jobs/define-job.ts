import type { JobKind } from '../domain/jobs/job-kind.js';
import type { JobOutcome } from '../domain/jobs/job-outcome.js';

/** What a run of a job knows of the job beside its payload. */
export interface JobRun {
  id: string;
  /** Runs started so far, this one included: 1 on the first run. */
  attempts: number;
  /** When the run started. */
  now: Date;
  /** Whether this run takes over one that never ended (its process stopped). */
  interrupted: boolean;
  /**
   * Aborted when the run should end early: its process is stopping, or its lease was lost to
   * another process. A run may go on regardless; what it answers then changes nothing.
   */
  signal: AbortSignal;
}

/** One kind of job, with what runs it, as the runner takes it. */
export interface JobDefinition {
  kind: string;
  /**
   * How long a run may go without its lease renewed before the job counts as abandoned (its
   * process stopped) and another process takes it over. A live run renews it as it works, so
   * this bounds how long a dead process holds the job, not how long a run may take.
   */
  leaseMs: number;
  /**
   * How many jobs of this kind one process runs at once, at most (all of its slots unless
   * given): a kind that waits on others (slow webhook receivers) never holds every slot.
   */
  concurrency?: number;
  run(payload: Record<string, unknown>, run: JobRun): Promise<JobOutcome>;
}

/**
 * Says how jobs of `kind` run: `run` gets the payload as the kind declares it.
 * @example defineJob(pdfExportJob, { leaseMs: 60_000, run: ({ key }, run) => makePdf(key, run.now) });
 */
export function defineJob<Payload>(
  kind: JobKind<Payload>,
  {
    leaseMs,
    concurrency,
    run,
  }: {
    leaseMs: number;
    concurrency?: number;
    run(payload: Payload, run: JobRun): Promise<JobOutcome>;
  },
): JobDefinition {
  return {
    kind: kind.name,
    leaseMs,
    ...(concurrency === undefined ? {} : { concurrency }),
    run: (payload, context) => {
      let read: Payload;
      try {
        read = kind.readPayload(payload);
      } catch (error) {
        // A row this kind cannot read stays unreadable: kept as failed at once, saying why.
        return Promise.resolve({ failed: error instanceof Error ? error.message : String(error) });
      }
      return run(read, context);
    },
  };
}
