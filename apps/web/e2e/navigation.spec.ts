import { expect, test } from '@playwright/test';
import { apiAs, bookOnline, OWNER, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await signIn(page, OWNER);
});

test('the breadcrumb labels each segment from the menu, else from the segment; the last crumb is the current page', async ({ page }) => {
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await page.goto('/admin/manage-center');
  await expect(crumbs).toHaveText(['Home', 'Administrator', 'Manage Center']);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]')).toHaveText('Manage Center');

  await page.goto('/crm-management/todays-action/payment-due');
  await expect(crumbs).toHaveText(['Home', 'CRM Management', "Today's Action", 'Payment Due']);

  // A member's step names the member once the page has them (issue 20 §5), never the id.
  const owner = await apiAs(page, OWNER);
  const [m] = (await owner.get('/member-management/member/?page_size=1')).results as {
    id: number;
    full_name: string;
    member_code: string;
  }[];
  await page.goto(`/membership/members/${m.id}/payment-history`);
  await expect(crumbs).toHaveText(['Home', 'Membership', 'Members', `${m.full_name} (${m.member_code})`, 'Payment History']);

  await page.goto('/settings');
  await expect(crumbs).toHaveText(['Home', 'Settings']);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown path shows Page Not Found with its ways out', async ({ page }) => {
  await page.goto('/this-page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('the requested page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
  await expect(page.getByRole('link', { name: 'Site Map' })).toHaveAttribute('href', '/sitemap');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'This Page',
    'Does Not Exist',
  ]);
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
});

test('Alt+1, Alt+2 and Alt+3 open Add Member, Enquiries and Complaints from anywhere, and so does the plus menu', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Alt+1');
  await expect(page).toHaveURL('/membership/add-member');
  await page.getByRole('combobox', { name: 'Search' }).focus();
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL('/crm-management/all-enquiries');
  await page.keyboard.press('Alt+3');
  await expect(page).toHaveURL('/crm-management/complaints');

  await page.getByRole('button', { name: 'Quick add' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Add MemberAlt+1', 'EnquiriesAlt+2', 'ComplaintsAlt+3']);
  await page.getByRole('menuitem', { name: /Add Member/ }).click();
  await expect(page).toHaveURL('/membership/add-member');
});

test('messages and notifications show the real entries: delivery failures and the owner’s notifications', async ({ page }) => {
  await page.goto('/');
  // Messages: the messaging engine's latest delivery failures (the demo has some), each opening the delivery log.
  await page.getByRole('button', { name: /^Messages/ }).click();
  const failure = page.getByRole('menuitem', { name: /Not delivered/ }).first();
  await expect(failure).toBeVisible();
  await failure.click();
  await expect(page).toHaveURL('/admin/messaging/logs');
  // Notifications: the owner's own, newest first (a visitor has just booked online; earlier journeys
  // may have pushed the demo's own ones down the list).
  await bookOnline(page, { name: 'Menu Visitor', email: 'menu.visitor@example.com', mobile_no: '9845033333' }, 24);
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menuitem', { name: /New online booking/ }).first()).toBeVisible();
  await expect(page.getByText('No notifications')).toBeHidden();
});
