import path from 'node:path';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { demoLoginLines, seedDemo } from './seed.js';

/** `npm run seed`: creates the demo organisations that are missing (existing ones are left alone). */
const config = loadConfig();
const handle = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await seedDemo(handle.db, config);
await handle.close();
console.log(['Demo data is in place. Logins:', ...demoLoginLines()].join('\n'));
