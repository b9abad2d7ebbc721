/**
 * The mail thread: composes and delivers what the app's mailer posts to it, one answer per
 * message (`{id, messageId?, file?}` or `{id, error}`).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Mail } from './mail.js';
import { createDelivery, type MailSettings } from './mail-deliver.js';

const deliver = createDelivery(workerData as MailSettings);
parentPort?.on('message', ({ id, mail }: { id: number; mail: Mail }) => {
  deliver(mail).then(
    (done) => parentPort?.postMessage({ id, ...done }),
    (err: unknown) => parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
