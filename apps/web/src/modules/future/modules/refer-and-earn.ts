import { entry } from '../../../lib/web-module';
import type { FutureMenu } from '../entries';

/** Refer & Earn: not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 180,
    node: entry('Refer & Earn', 'refer-and-earn', {
      module: null,
      note: 'Invite another sports or fitness center to Arena and earn credit on your subscription.',
    }),
  },
];
