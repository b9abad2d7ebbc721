import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

/**
 * Issue 22: the owner sends a renewal reminder to everyone expiring this week from Today's Action
 * (the count and the credits shown before sending), and sees the messages in the delivery log;
 * then schedules a promotion to a contact group and cancels it.
 */
test('the owner messages everyone expiring this week from today’s actions and sees it in the log', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const list = (await api.get('/crm/todays-action/?tab=membership-expiry&days=7&page_size=200')) as {
    count: number;
    results: { member: number; name: string }[];
  };
  expect(list.count).toBeGreaterThan(0);
  const people = new Set(list.results.map((r) => r.member)).size;
  const before = ((await api.get('/administrator/messaging/credits/')) as { balance: number }).balance;

  await signIn(page, OWNER);
  await page.goto('/crm-management/todays-action');
  await expect(page.getByRole('table', { name: 'Memberships expiring' })).toBeVisible();
  await page.getByRole('button', { name: 'Message everyone' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Channel').selectOption({ label: 'SMS' });
  await dialog.getByLabel('Template').selectOption({ label: 'Renewal reminder' });
  const reach = dialog.getByRole('status');
  await expect(reach).toContainText(people === 1 ? '1 person' : `${people} people`);
  await expect(reach).toContainText(`of ${before}`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^SMS to \d+ (person|people)/)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Each row now shows the message as its last contact.
  await expect(
    page
      .getByRole('table', { name: 'Memberships expiring' })
      .getByText(/^Message ·/)
      .first(),
  ).toBeVisible();

  // The delivery log has them, each with its own first name and plan.
  const first = list.results[0].name.split(' ')[0];
  await page.goto('/admin/messaging/logs');
  const log = page.getByRole('table', { name: 'Delivery log' });
  await page.getByPlaceholder('Search name, phone or text').fill(`Hi ${first}, your`);
  await expect(log.getByText(new RegExp(`^Hi ${first}, your .+ ends on`)).first()).toBeVisible();
  const after = ((await api.get('/administrator/messaging/credits/')) as { balance: number }).balance;
  expect(after).toBeLessThan(before);
});

test('the owner schedules a promotion to a contact group, sees its reach and cost, and cancels it', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/crm-management/promotions');
  // The demo's festive offer went to the open leads.
  const table = page.getByRole('table', { name: 'Promotions' });
  await expect(table.getByText('Festive offer', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'New Promotion' }).first().click();
  const dialog = page.getByRole('dialog');
  const name = `Monsoon offer ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByLabel('Channel').selectOption({ label: 'SMS' });
  await dialog.getByLabel('Template').selectOption({ label: 'Festive offer' });
  await dialog.getByLabel('Send to').selectOption({ label: 'A contact group' });
  await dialog.getByLabel('Contact group').selectOption({ label: 'Open leads' });
  await expect(dialog.getByRole('status')).toContainText(/\d+ (person|people)/);
  await dialog.getByLabel('Send later').check();
  await dialog.getByLabel('Time').fill('11:00');
  await dialog
    .getByLabel('Day')
    .fill(new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`${name} is scheduled for`)).toBeVisible();
  await expect(table.getByText(name)).toBeVisible();
  await page.getByRole('button', { name: `Cancel ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel promotion' }).click();
  await expect(page.getByText(`${name} is cancelled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Cancel ${name}` })).toBeHidden();
});
