import Fastify from 'fastify';

// The baseline: a bare Fastify hello-world on the same machine.
const app = Fastify();
app.get('/api/health', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3301), host: '127.0.0.1' });
