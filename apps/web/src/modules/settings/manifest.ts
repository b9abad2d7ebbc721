import { lazy } from 'react';
import { defineModule, menuBuilder } from '../../lib/web-module';

const screens = { settings: lazy(() => import('./SettingsPage')) };
const { entry } = menuBuilder<keyof typeof screens>();

/** Settings: the look of the app on this device (theme, colours, font size). */
export const settingsModule = defineModule({
  name: 'settings',
  screens,
  menu: [{ order: 170, node: entry('Settings', 'settings', { module: null, screen: 'settings' }) }],
});
