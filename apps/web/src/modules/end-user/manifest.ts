import { defineModule } from '../../lib/web-module';

/**
 * End User Login (issue 27): the members' own app, served on the organisation's host at `/me`
 * (me.html → src/me-main.tsx → ./me/), a bundle of its own that loads none of the staff app.
 */
export const endUserModule = defineModule({
  name: 'end-user',
  screens: {},
  publicPages: [{ path: '/me', html: 'me.html', title: 'Member App' }],
  menu: [],
});
