// The benches' HTTP client, on a thread of its own (as autocannon's worker in bench/run.ts): the
// load it makes costs the server's event loop nothing. Plain JavaScript so it runs under any loader.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function send(s) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port: s.port, path: s.url, method: s.method, agent, headers: s.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', (err) => resolve({ ms: performance.now() - started, status: 0, body: String(err) }));
    req.end(s.body);
  });
}

parentPort.on('message', async ({ id, shots }) => {
  const results = new Array(shots.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, shots.length) }, async () => {
      while (next < shots.length) {
        const i = next++;
        results[i] = await send(shots[i]);
      }
    }),
  );
  parentPort.postMessage({ id, results, seconds: (performance.now() - started) / 1000 });
});
