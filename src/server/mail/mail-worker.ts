// The mail thread's side (mail-thread.ts): each message it is given goes through the ordinary
// mailer, and its outcome goes back under the message's id.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerReply } from './mail-thread';
import { createMailer, type MailMessage } from './mailer';

const port = parentPort;
if (!port) throw new Error('mail-worker.ts runs only as the mail thread (mail-thread.ts)');
const reply = (answer: WorkerReply) => {
  port.postMessage(answer);
};

const mailer = createMailer(workerData as Parameters<typeof createMailer>[0], {
  info: (obj, msg) => {
    reply({ log: { obj, msg } });
  },
});

port.on('message', ({ id, message }: { id: number; message: MailMessage }) => {
  mailer.send(message).then(
    () => {
      reply({ id });
    },
    (error: unknown) => {
      reply({ id, error: error instanceof Error ? error.message : String(error) });
    },
  );
});
