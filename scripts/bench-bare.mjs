// The bare Fastify the benchmarks compare with (issue 17): its own process, no logger, no hooks, no plugins.
// Routes: GET /hello answers { hello: 'world' }; GET /same/<name> sends the bytes of BENCH_BODIES' <name> file
// (e.g. the tutor list as the product sends it) as JSON, prepared once.
import fs from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}');
for (const [name, file] of Object.entries(bodies)) {
  const bytes = fs.readFileSync(file);
  app.get(`/same/${name}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ port: app.server.address().port });
