import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import { CatalogueError, catalogueLines, editAddon, editPlan, ensureCatalogue } from '../modules/subscription/index.js';

const USAGE = `The provider's catalogue (plans and add-ons):
  npm run catalogue                                   lists it
  npm run catalogue -- plan NAME [options]            changes a plan, or adds one (a new plan needs --price, --price-yearly, --modules)
      --price 999  --price-yearly 9990  --max-centres 1  --max-users 3  --sms 500
      --modules "Administrator Management,Membership Management"  --description "…"  --sort 1  --active true|false
  npm run catalogue -- addon CODE [options]           changes an add-on (extra_centre, sms_1000, whatsapp)
      --price 499  --name "…"  --description "…"  --sort 1  --active true|false
With the embedded database, stop the app first (one process holds it); with DATABASE_URL, any time:
every organisation sees a plan's change at once, and new prices apply from its next payment.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: Object.fromEntries(
    ['price', 'price-yearly', 'max-centres', 'max-users', 'sms', 'modules', 'description', 'sort', 'active', 'name'].map((k) => [
      k,
      { type: 'string' as const },
    ]),
  ),
});
const options = Object.fromEntries(Object.entries(values).map(([k, v]) => [k.replace(/-/g, '_'), String(v)]));
const [command, key] = positionals;
if (command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
if (command && (!['plan', 'addon'].includes(command) || !key)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const handle = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
try {
  await ensureCatalogue(handle.db);
  if (command === 'plan') await editPlan(handle.db, key, options);
  else if (command === 'addon') await editAddon(handle.db, key, options);
  console.log((await catalogueLines(handle.db)).join('\n'));
} catch (err) {
  if (!(err instanceof CatalogueError)) throw err;
  console.error(err.message);
  process.exitCode = 2;
} finally {
  await handle.close();
}
