/** Requests over loopback with a fixed number in flight, and their p99: the payments and store benches' load. */
import http from 'node:http';

export interface Shot {
  ms: number;
  status: number;
  body: string;
}

/** An HTTP client of `concurrency` keep-alive sockets. */
export function shooter(concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  function request(port: number, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Shot> {
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: url, method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  /** Runs the shots with `concurrency` in flight; answers them and the wall time. */
  async function fire(shots: (() => Promise<Shot>)[]): Promise<{ results: Shot[]; seconds: number }> {
    const results: Shot[] = new Array(shots.length);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(concurrency, shots.length) }, async () => {
        while (next < shots.length) {
          const i = next++;
          results[i] = await shots[i]();
        }
      }),
    );
    return { results, seconds: (performance.now() - started) / 1000 };
  }
  return { request, fire, close: () => agent.destroy() };
}

export const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
