/**
 * The least a Node gateway can do, as the gateway bench's reference: read the JSON body, forward the same request
 * the prompt app sends to the mock (BARE_PROXY_UPSTREAM) through an undici pool, answer the reply's text as JSON.
 * No key, no validation, no template, no trace: what Node's HTTP on both sides costs on this machine, so the bench
 * shows how much of the gateway's added latency any Node proxy would add.
 */
import { createServer } from 'node:http';
import { Pool } from 'undici';
import { DIRECT_BODY } from './prompt-app';

const upstream = new URL(process.env['BARE_PROXY_UPSTREAM']!);
const pool = new Pool(upstream.origin, { connections: 128 });
const path = `${upstream.pathname.replace(/\/$/, '')}/chat/completions`;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    void (async () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString());
        const reply = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer bench' }, body: DIRECT_BODY });
        const answer = await reply.body.json() as { choices: Array<{ message: { content: string } }> };
        const out = JSON.stringify({ data: answer.choices[0]!.message.content });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) }).end(out);
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    })();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`bare proxy listening on http://127.0.0.1:${address.port}\n`);
});
