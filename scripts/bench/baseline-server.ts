// The ceiling: a bare Fastify route answering a constant JSON body, no logger, no plugins. Run as
// its own process (PORT, HOST) so it gets a CPU of its own as the product's server does.
// With SAME_BYTES_FILE (a JSON file: { headers, body } with the body in base64), it also answers
// `/same-bytes` with exactly those headers and bytes: the product's answer sent by a route that
// does nothing else, to tell what the bytes cost from what the product adds.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

interface SameBytes {
  headers: Record<string, string>;
  body: string;
}

const body = { statusCode: 200, data: { status: 'ok' }, message: 'constant', success: true };
const app = Fastify({ logger: false });
app.get('/', () => body);
const sameBytesFile = process.env.SAME_BYTES_FILE;
if (sameBytesFile) {
  const same = JSON.parse(readFileSync(sameBytesFile, 'utf8')) as SameBytes;
  const bytes = Buffer.from(same.body, 'base64');
  app.get('/same-bytes', (_request, reply) => reply.headers(same.headers).send(bytes));
}
await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
console.log('baseline listening');
