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
  // More than ten audiences (every messaging module's), so the field is a combobox.
  await dialog.getByLabel('Send to').fill('A contact group');
  await page.getByRole('option', { name: 'A contact group', exact: true }).click();
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

test('the owner lists people in a contact group, sees them, adds and takes out people, renames it and deletes it', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const members = (await api.get('/member-management/member/?page_size=3&ordering=member_code')).results as {
    full_name: string;
    member_code: string;
  }[];
  const [first, second, third] = members;
  const name = `Saturday regulars ${Date.now().toString(36)}`;

  await signIn(page, OWNER);
  await page.goto('/crm-management/contact-groups');
  await page.getByRole('button', { name: 'Add Group' }).click();
  const add = page.getByRole('dialog', { name: 'Add Contact Group' });
  await add.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(add.getByLabel('Who is in it')).toHaveValue('list');
  // Saving with nobody chosen says so.
  await add.getByRole('button', { name: 'Save Group' }).click();
  await expect(add.getByText('Add at least one person.')).toBeVisible();
  for (const m of [first, second]) {
    await add.getByLabel('Find people').fill(m.member_code);
    await add.getByRole('button', { name: `Add ${m.full_name}` }).click();
  }
  await expect(add.getByRole('list', { name: 'Chosen people' }).getByRole('listitem')).toHaveCount(2);
  await add.getByRole('button', { name: 'Save Group' }).click();

  // The group's page: its people by name.
  await expect(page).toHaveURL(/\/crm-management\/contact-groups\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const people = page.getByRole('table', { name: `People in ${name}` });
  await expect(people.getByRole('link', { name: first.full_name })).toBeVisible();
  await expect(people.getByRole('link', { name: second.full_name })).toBeVisible();
  await expect(people.getByRole('row')).toHaveCount(3);

  // Add a third; those already in it cannot be added twice.
  await page.getByRole('button', { name: 'Add People' }).click();
  const more = page.getByRole('dialog', { name: `Add people to ${name}` });
  await more.getByLabel('Find people').fill(first.member_code);
  await expect(more.getByRole('list', { name: 'People found' }).getByText('In the group')).toBeVisible();
  await more.getByLabel('Find people').fill(third.member_code);
  await more.getByRole('button', { name: `Add ${third.full_name}` }).click();
  await more.getByRole('button', { name: 'Add to Group' }).click();
  await expect(more).toBeHidden();
  await expect(people.getByRole('row')).toHaveCount(4);

  // Take one out.
  await people.getByRole('button', { name: `Take ${second.full_name} out` }).click();
  await expect(page.getByText(`${second.full_name} taken out of ${name}.`)).toBeVisible();
  await expect(people.getByRole('link', { name: second.full_name })).toBeHidden();
  await expect(people.getByRole('row')).toHaveCount(3);

  // Rename it: its people stay.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} (weekend)`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: `${name} (weekend)` })).toBeVisible();
  await expect(page.getByText('2 people listed', { exact: false })).toBeVisible();

  // Delete it, after confirming.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete group' }).click();
  await expect(page).toHaveURL(/\/crm-management\/contact-groups$/);
  await expect(page.getByText(`Contact group ${name} (weekend) deleted.`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Contact groups' }).getByText(name)).toBeHidden();

  // A saved filter: who it finds today, nobody to add or take out by hand.
  await page.getByRole('link', { name: 'Open Open leads' }).click();
  await expect(page.getByRole('heading', { name: 'Open leads' })).toBeVisible();
  const open = (await api.get('/crm/enquiry/?status=open&page_size=1')).count as number;
  await expect(page.getByRole('table', { name: 'People in Open leads' })).toBeVisible();
  await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toHaveText(new RegExp(` of ${open}$`));
  await expect(page.getByRole('button', { name: 'Add People' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Take .* out$/ })).toHaveCount(0);
});
