/**
 * Requests over loopback with a fixed number in flight, and their p99: the payments and store
 * benches' load. The client runs on a worker thread (bench/shots-worker.mjs), as autocannon does
 * in bench/run.ts, so the server under test has its event loop to itself.
 */
import { Worker } from 'node:worker_threads';

export interface Shot {
  ms: number;
  status: number;
  body: string;
}

/** One request, as data: `fire` sends many with the shooter's concurrency. */
export interface ShotSpec {
  port: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export const shot = (port: number, method: string, url: string, headers: Record<string, string>, body?: string): ShotSpec => ({
  port,
  method,
  url,
  headers,
  body,
});

/** An HTTP client of `concurrency` keep-alive sockets on a thread of its own. */
export function shooter(concurrency: number) {
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<number, (r: { results: Shot[]; seconds: number }) => void>();
  const started = () => {
    if (!worker) {
      worker = new Worker(new URL('./shots-worker.mjs', import.meta.url), { workerData: { concurrency } });
      worker.on('message', (m: { id: number; results: Shot[]; seconds: number }) => {
        waiting.get(m.id)?.(m);
        waiting.delete(m.id);
      });
    }
    return worker;
  };
  /** Sends the shots with `concurrency` in flight; answers them (in order) and the wall time. */
  function fire(shots: ShotSpec[]): Promise<{ results: Shot[]; seconds: number }> {
    const id = ++seq;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      started().postMessage({ id, shots });
    });
  }
  async function request(port: number, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Shot> {
    return (await fire([shot(port, method, url, headers, body)])).results[0];
  }
  return { request, fire, close: () => void worker?.terminate() };
}

export const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
