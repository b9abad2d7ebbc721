import { lazy } from 'react';
import { defineModule, menuBuilder } from '../../lib/web-module';

const screens = {
  contact: lazy(() => import('./ContactPage')),
  help: lazy(() => import('./HelpPage')),
  sitemap: lazy(() => import('./SitemapPage')),
};
const { entry } = menuBuilder<keyof typeof screens>();

/** Ways out and ways in: Contact Support (and the menu's Contact Us), the Help Center and the Site Map. */
export const supportModule = defineModule({
  name: 'support',
  screens,

  menu: [
    { order: 190, node: entry('Contact Us', 'contact-us', { module: null, screen: 'contact' }) },
    { order: 191, node: entry('Contact Support', 'contact', { module: null, hidden: true, screen: 'contact' }) },
    { order: 192, node: entry('Help Center', 'help', { module: null, hidden: true, screen: 'help' }) },
    { order: 193, node: entry('Site Map', 'sitemap', { module: null, hidden: true, screen: 'sitemap' }) },
  ],
});
