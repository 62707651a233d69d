// The ceiling: a bare Fastify route answering a constant JSON body, no logger, no plugins. Run as
// its own process (PORT, HOST) so it gets a CPU of its own as the product's server does.
import Fastify from 'fastify';

const body = { statusCode: 200, data: { status: 'ok' }, message: 'constant', success: true };
const app = Fastify({ logger: false });
app.get('/', () => body);
await app.listen({ port: Number(process.env.PORT ?? 3999), host: process.env.HOST ?? '127.0.0.1' });
console.log('baseline listening');
