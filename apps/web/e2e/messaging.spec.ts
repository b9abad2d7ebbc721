import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

test('the owner writes an SMS template, sees its preview and parts, sends it to one member and finds it in the log', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin/messaging');
  await expect(page.getByTestId('credit-balance')).toContainText('message credits', { timeout: 30_000 });

  // A template with a live preview and its SMS parts (Hindi: Unicode, 70 a part).
  await page.getByRole('button', { name: 'Add template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add template' });
  await dialog.getByLabel('Name').fill('Renewal nudge');
  await dialog.getByLabel('Message').fill('Hi {first_name}, renew your {plan} before {end_date}. {nickname}');
  await expect(dialog.getByTestId('template-preview')).toContainText('Unknown placeholder {nickname}');
  await dialog.getByLabel('Message').fill('Hi {first_name}, renew your {plan} before {end_date}.');
  await expect(dialog.getByTestId('template-preview')).toContainText('Hi Asha, renew your Gold Quarterly before 30-11-2026.');
  await expect(dialog.getByTestId('template-segments')).toContainText('GSM-7 · 1 SMS part');
  await dialog.getByLabel('Message').fill('नमस्ते {first_name}, कृपया अपनी सदस्यता {end_date} से पहले नवीनीकृत करें। धन्यवाद, आपका जिम परिवार!');
  await expect(dialog.getByTestId('template-segments')).toContainText('UCS-2 · 2 SMS parts');
  await dialog.getByLabel('Message').fill('Hi {first_name}, renew your {plan} before {end_date}.');
  await dialog.getByRole('button', { name: 'Add template' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Message templates' }).getByText('Renewal nudge')).toBeVisible();

  // Send it to one member: find them, preview the count and credits, send.
  await page.getByLabel('Template', { exact: true }).selectOption({ label: 'Renewal nudge' });
  await page.getByLabel('To', { exact: true }).selectOption({ label: 'Chosen members' });
  await page.getByLabel('Find people (name, phone or code)').fill('MEM-00001');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const add = page.getByRole('list', { name: 'People found' }).getByRole('button').first();
  const name = ((await add.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await add.click();
  await page.getByRole('button', { name: 'Preview count and credits' }).click();
  await expect(page.getByTestId('send-preview')).toContainText('1 of 1 will be sent (0 skipped), spending 1 credits');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/1 message queued, 0 skipped, 1 credits spent/)).toBeVisible();

  // The log shows it sent (the offline provider), then delivered a moment later.
  await page.getByRole('link', { name: 'Logs' }).first().click();
  await expect(page).toHaveURL(/\/admin\/messaging\/logs$/);
  const log = page.getByRole('table', { name: 'Delivery log' });
  await page.getByPlaceholder('Search name, phone or text').fill('renew your');
  const row = log.getByRole('row').filter({ hasText: name.split(' ')[0] });
  await expect(row.first()).toBeVisible();
  await expect(row.first().getByText(/Sent|Delivered|Queued/)).toBeVisible();
});

test("the owner sends to a plan's members and a contact group chosen by name, not by id", async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const plans = (await api.get('/member-management/plan/?page_size=100')).results as { id: number; name: string }[];
  const monthly = plans.find((p) => p.name === 'Monthly')!;
  const reach = await (
    await api.post('/administrator/messaging/send/', {
      channel: 'email',
      subject: 'Count',
      text: 'Count',
      audience: 'plan_members',
      param: monthly.id,
      preview: true,
    })
  ).json();

  await signIn(page, OWNER);
  await page.goto('/admin/messaging');
  await expect(page.getByTestId('credit-balance')).toContainText('message credits', { timeout: 30_000 });
  const card = page.getByRole('region', { name: 'Send a message' });
  await card.getByLabel('Channel', { exact: true }).selectOption({ label: 'E-mail' });
  await card.getByLabel('Subject', { exact: true }).fill('New timetable');
  await card.getByLabel('Message', { exact: true }).fill('Hi {first_name}, the new timetable starts on Monday.');

  // A plan's members: the plans by name (no id to type); nothing to preview until one is chosen.
  await card.getByLabel('To', { exact: true }).selectOption({ label: "A plan's members" });
  await expect(card.getByLabel('Plan id')).toHaveCount(0);
  const plan = card.getByLabel('Plan', { exact: true });
  await expect(plan.getByRole('option')).toHaveText(['Choose a plan', ...plans.map((p) => p.name).sort((a, b) => a.localeCompare(b))]);
  const previewButton = card.getByRole('button', { name: 'Preview count and credits' });
  await expect(previewButton).toBeDisabled();
  await plan.selectOption({ label: 'Monthly' });
  await previewButton.click();
  await expect(card.getByTestId('send-preview')).toContainText(`of ${reach.count} will be sent`);

  // A contact group: the organisation's groups by name.
  await card.getByLabel('To', { exact: true }).selectOption({ label: 'A contact group' });
  const group = card.getByLabel('Contact group', { exact: true });
  await expect(group.getByRole('option', { name: 'Open leads' })).toHaveCount(1);
  await group.selectOption({ label: 'Open leads' });
  await previewButton.click();
  const open = (await api.get('/crm/enquiry/?status=open&page_size=1')).count as number;
  await expect(card.getByTestId('send-preview')).toContainText(`of ${open} will be sent`);
});
