import { lazy } from 'react';
import { defineModule, menuBuilder } from '../../lib/web-module';

const screens = { logout: lazy(() => import('./LogoutPage')) };
const { entry } = menuBuilder<keyof typeof screens>();

/** Accounts: signing in and out. Its public pages (login, sign-up, reset) are routes of app/router.tsx. */
export const accountsModule = defineModule({
  name: 'accounts',
  screens,
  menu: [{ order: 200, node: entry('Logout', 'logout', { module: null, screen: 'logout' }) }],
});
