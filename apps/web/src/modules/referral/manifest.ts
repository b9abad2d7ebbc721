import { lazy } from 'react';
import { defineModule, menuBuilder } from '../../lib/web-module';

const screens = { 'refer-and-earn': lazy(() => import('./ReferAndEarnPage')) };
const { entry } = menuBuilder<keyof typeof screens>();

/** Refer and earn (spec 2.6, issue 23 §3): the owner's referral link, QR and referrals. */
export const referralModule = defineModule({
  name: 'referral',
  screens,
  menu: [{ order: 180, node: entry('Refer & Earn', 'refer-and-earn', { module: 'Administrator Management', screen: 'refer-and-earn' }) }],
});
