import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

/**
 * Issue 20 §3: a full batch offers its waiting list a freed seat (the desk confirms it), and the
 * trainer takes today's roll call with one tap per member.
 */
test('a full batch’s waiting list takes a freed seat, and the roll call marks present and absent in one tap', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const members = (await api.get('/member-management/member/?status=active&page_size=60')).results as {
    id: number;
    full_name: string;
    centre: number;
  }[];
  // Members who have not come through the door today (a door check-in shows present on the roll call).
  const today = (await api.get('/member-management/member-attendance-list/')).results as { member: number }[];
  const free = members.filter((m) => !today.some((v) => v.member === m.id));
  const centre = free[0].centre;
  const [first, second, third, fourth] = free.filter((m) => m.centre === centre);
  const name = `Sunrise Pilates ${Date.now().toString(36)}`;
  const made = await api.post('/member-management/batch/', {
    name,
    centre,
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    start_time: '06:00',
    end_time: '07:00',
    capacity: 2,
  });
  expect(made.status()).toBe(201);
  const batch = (await made.json()).id as number;
  for (const m of [first, second])
    expect((await api.post(`/member-management/batch/${batch}/members/`, { member: m.id })).status()).toBe(201);
  expect((await api.post(`/member-management/batch/${batch}/waitlist/`, { member: third.id })).status()).toBe(201);

  await signIn(page, OWNER);
  await page.goto('/membership/batch');
  await page.getByPlaceholder('Search batch').fill(name);
  const table = page.getByRole('table', { name: 'Batches' });
  await expect(table.getByText(name)).toBeVisible();
  await expect(table.getByText('1 waiting', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Members of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `${name}: members` });
  // Full: adding puts a member on the waiting list.
  await expect(dialog.getByRole('heading', { name: 'Add to the waiting list' })).toBeVisible();
  const waitlist = dialog.getByRole('list', { name: `Waiting list of ${name}` });
  await expect(waitlist.getByText(third.full_name)).toBeVisible();
  await expect(waitlist.getByText('Waiting', { exact: true })).toBeVisible();

  // A member leaves: the first in line is offered the seat; the desk confirms it.
  await dialog.getByRole('button', { name: `Remove ${first.full_name} from ${name}` }).click();
  await expect(waitlist.getByText('Seat offered')).toBeVisible();
  await dialog.getByRole('button', { name: `Confirm the seat for ${third.full_name}` }).click();
  await expect(page.getByText(`${third.full_name} joined ${name}.`)).toBeVisible();
  const inBatch = dialog.getByRole('list', { name: `Members of ${name}` });
  await expect(inBatch.getByText(third.full_name)).toBeVisible();
  await expect(waitlist).toBeHidden();

  // Full again: the Add button of a found member reads Join waitlist, and puts them on the list.
  await expect(dialog.getByRole('heading', { name: 'Add to the waiting list' })).toBeVisible();
  await dialog.getByLabel('Find member').fill(fourth.full_name);
  await dialog.getByRole('button', { name: `Join waitlist ${fourth.full_name}` }).click();
  await expect(page.getByText(`${fourth.full_name} is 1st on the waiting list for ${name}.`)).toBeVisible();
  await expect(waitlist.getByText(fourth.full_name)).toBeVisible();

  // Today's roll call, from the batch, while the notifications (top right) still lie over the
  // dialog's header: a toast lets clicks through to what is under it.
  const note = page.getByText(`${fourth.full_name} is 1st on the waiting list`);
  await expect(note).toBeVisible();
  const box = (await note.boundingBox())!;
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.textContent ?? '',
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(under, 'the pointer over a toast reaches what is under it').not.toContain('is 1st on the waiting list');
  await dialog.getByRole('link', { name: 'Roll call' }).click();
  await expect(page).toHaveURL(new RegExp(`/membership/batch/${batch}/roll-call$`));
  await expect(page.getByRole('heading', { name: `${name}: roll call` })).toBeVisible();
  const present = page.getByRole('button', { name: `Present ${second.full_name}` });
  const absent = page.getByRole('button', { name: `Absent ${third.full_name}` });
  await expect(present).toHaveAttribute('aria-pressed', 'false');
  await present.click();
  await expect(present).toHaveAttribute('aria-pressed', 'true');
  await absent.click();
  await expect(absent).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 present', { exact: true })).toBeVisible();
  await expect(page.getByText('1 absent', { exact: true })).toBeVisible();

  // The marks are kept; the present mark wrote a visit with source "Roll call".
  await page.reload();
  await expect(page.getByRole('button', { name: `Present ${second.full_name}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Absent ${third.full_name}` })).toHaveAttribute('aria-pressed', 'true');
  const register = await api.get('/member-management/member-attendance-list/');
  expect(register.results.some((v: { member: number; source: string }) => v.member === second.id && v.source === 'batch')).toBe(true);

  // A tap on the pressed button clears the mark.
  await page.getByRole('button', { name: `Absent ${third.full_name}` }).click();
  await expect(page.getByRole('button', { name: `Absent ${third.full_name}` })).toHaveAttribute('aria-pressed', 'false');
});

test('the owner sets how long a lapsed member keeps a batch seat from Seat rules', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const before = (await api.get('/member-management/settings/')) as { reminder_days: number; batch_seat_grace_days: number };
  await signIn(page, OWNER);
  await page.goto('/membership/batch');
  await page.getByRole('button', { name: 'Seat rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seat rules' });
  const grace = dialog.getByLabel('Lapsed members keep their seat for');
  await expect(grace).toHaveValue(String(before.batch_seat_grace_days));
  await grace.fill('61');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/60/).first()).toBeVisible();
  await grace.fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The seat rules were saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await api.get('/member-management/settings/')).toEqual({ ...before, batch_seat_grace_days: 3 });
  expect((await api.put('/member-management/settings/', before)).status()).toBe(200);
});
