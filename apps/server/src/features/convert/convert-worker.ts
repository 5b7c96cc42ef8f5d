import { parentPort, workerData } from 'node:worker_threads';
import { convertFile } from './convert.service.ts';
import { ConvertError } from './convert-error.ts';
import {
  type ConvertJob,
  type ConvertOutcome,
  transferable,
  WORKER_DATA,
  WORKER_READY,
} from './convert-jobs.ts';

/**
 * A conversion worker (convert-pool.ts): converts the jobs it is posted, one at a time, and
 * answers each. Its heap is limited and the pool ends it when a job overruns the time limit, so
 * a hostile file costs this thread, never the server's.
 */
async function outcomeOf(job: ConvertJob): Promise<ConvertOutcome> {
  try {
    return { id: job.id, file: await convertFile(job.request, job.limits) };
  } catch (error) {
    if (error instanceof ConvertError) {
      const { statusCode, code, message, issues } = error;
      return { id: job.id, refusal: { statusCode, code, message, issues } };
    }
    const { name, message, stack } =
      error instanceof Error ? error : { name: 'Error', message: String(error), stack: undefined };
    return { id: job.id, failure: { name, message, stack } };
  }
}

const port = parentPort;
if (port && workerData?.convertWorker === WORKER_DATA.convertWorker) {
  port.on('message', async (job: ConvertJob) => {
    const outcome = await outcomeOf(job);
    if ('file' in outcome) {
      const { bytes, buffer } = transferable(outcome.file.body);
      port.postMessage({ ...outcome, file: { ...outcome.file, body: bytes } }, [buffer]);
    } else {
      port.postMessage(outcome);
    }
  });
  port.postMessage(WORKER_READY);
}
