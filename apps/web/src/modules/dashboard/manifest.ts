import { lazy } from 'react';
import { defineModule, menuBuilder } from '../../lib/web-module';

const screens = { dashboard: lazy(() => import('./DashboardPage')) };
const { entry } = menuBuilder<keyof typeof screens>();

/** The main dashboard (/): the tiles every module contributes through its manifest. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  screens,
  menu: [{ order: 10, node: entry('Dashboard', '', { module: 'Administrator Management', screen: 'dashboard' }) }],
});
