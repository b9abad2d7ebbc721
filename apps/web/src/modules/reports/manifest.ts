import { defineModule, entry } from '../../lib/web-module';

/**
 * Reports (spec 2.6: no module): a group each module adds its reports to, with
 * `{ under: 'reports', order, node }` in its own manifest.
 */
export const reportsModule = defineModule({
  name: 'reports',
  screens: {},
  menu: [{ order: 160, node: entry('Reports', 'reports', { module: null, group: true }, []) }],
});
