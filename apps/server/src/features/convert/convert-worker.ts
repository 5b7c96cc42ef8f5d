import { convertFile } from './convert.service.ts';
import { ConvertError } from './convert-error.ts';
import { type ConvertJob, type ConvertOutcome, WORKER_FLAG, WORKER_READY } from './convert-jobs.ts';

/**
 * A conversion worker, a process of its own (convert-pool.ts): converts the jobs it is sent, one
 * at a time, and answers each. Its heap is limited and the pool kills it when a job overruns the
 * time limit, so a hostile file costs this process, never the server.
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

const send = process.send?.bind(process);
if (send && process.argv.includes(WORKER_FLAG)) {
  process.on('message', async (job: ConvertJob) => {
    send(await outcomeOf(job));
  });
  // The server is gone (or closing): nothing more will come.
  process.on('disconnect', () => process.exit(0));
  send(WORKER_READY);
}
