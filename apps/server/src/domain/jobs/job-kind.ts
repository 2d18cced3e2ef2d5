import { enqueueJob, enqueueJobs } from '../../store/jobs.js';
import type { Executor } from '../../store/schema.js';

type FieldType = 'string' | 'number';

/** The payload a job kind's rows carry, read from the names and types of its fields. */
export type PayloadOf<Fields extends Record<string, FieldType>> = {
  [Name in keyof Fields]: Fields[Name] extends 'number' ? number : string;
};

/** A kind of background job: its name in the `jobs` table, and the payload its rows carry. */
export interface JobKind<Payload> {
  readonly name: string;
  /**
   * Reads the payload of a stored row; a row that does not carry this kind's payload (written by
   * another version of the server) throws, and the runner keeps it as failed, saying why.
   */
  readPayload(stored: Record<string, unknown>): Payload;
}

/**
 * Declares a job kind. The domain queues its jobs with {@link queueJob}; `jobs/` says how to run
 * them (`defineJob`), so queueing and running agree on the payload by type.
 * @example export const pdfExportJob = jobKind('pdf.export', { key: 'string' });
 */
export function jobKind<const Fields extends Record<string, FieldType>>(
  name: string,
  fields: Fields,
): JobKind<PayloadOf<Fields>> {
  return {
    name,
    readPayload(stored) {
      for (const [field, type] of Object.entries(fields)) {
        if (typeof stored[field] !== type) {
          throw new TypeError(`A ${name} job needs a ${type} ${field} in its payload`);
        }
      }
      return stored as PayloadOf<Fields>;
    },
  };
}

/** Queues one job in `trx`, usually the transaction of the change that calls for it. */
export function queueJob<Payload extends Record<string, unknown>>(
  trx: Executor,
  kind: JobKind<Payload>,
  payload: Payload,
  { runAt, now, lane }: { runAt: Date; now: Date; lane?: string },
): Promise<string> {
  return enqueueJob(trx, { kind: kind.name, payload, runAt, lane }, now);
}

/** Queues jobs of one kind in one statement (see {@link queueJob}). */
export function queueJobs<Payload extends Record<string, unknown>>(
  trx: Executor,
  kind: JobKind<Payload>,
  payloads: readonly Payload[],
  {
    runAt,
    now,
    laneOf,
  }: {
    runAt: Date;
    now: Date;
    /** The lane of the job of each payload, if it has one (`NewJob.lane`). */
    laneOf?: (payload: Payload, index: number) => string;
  },
): Promise<void> {
  return enqueueJobs(
    trx,
    payloads.map((payload, index) => ({
      kind: kind.name,
      payload,
      runAt,
      lane: laneOf?.(payload, index),
    })),
    now,
  );
}
