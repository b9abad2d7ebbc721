/**
 * A business module as the app sees it: one manifest in the module's folder, listed once in
 * `src/modules/manifests.ts`. The app registers its routes, the demo seed calls its seed, the
 * scheduler runs its jobs and the top bar's search asks its searchers — so adding a module is
 * its folder plus one line.
 */
import type { ModuleName } from '@arena/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from './db/client.js';
import type { Schedule, Task } from './jobs.js';
import type { Ctx } from './request-context.js';

/** One result of the global search: what it is, how it reads, and the screen that shows it. */
export interface SearchHit {
  kind: string;
  id: number;
  title: string;
  subtitle: string;
  /** the web app's path that opens it, e.g. `/booking/booking?search=BK-2026-000311` */
  path: string;
}

export interface Searcher {
  /** only users allowed this module see its results */
  module: ModuleName;
  search(tx: Tx, ctx: Ctx, q: string, limit: number): Promise<SearchHit[]>;
}

export interface ModuleManifest {
  name: string;
  routes: FastifyPluginAsync;
  /** Demo data of this module for one demo organisation, through the module's services. */
  seed?: (tx: Tx, ctx: Ctx) => Promise<void>;
  /** Kinds of job the module queues (`app.jobs.add(name, payload)`) or schedules. */
  tasks?: Task[];
  /** Cron lines that queue one of the tasks, once per tick across all instances. */
  schedules?: Schedule[];
  searchers?: Searcher[];
}
