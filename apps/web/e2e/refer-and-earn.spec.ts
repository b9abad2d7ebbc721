import { expect, test } from '@playwright/test';
import { linkFromOutbox, ORG, orgUrl, OWNER, PROVIDER, renewInSandbox, signIn, submitSignUp } from './support';

test('the owner shares the referral link; a club registers through it, pays its first subscription, and both are rewarded', async ({
  page,
  browser,
}) => {
  await signIn(page, OWNER);
  await page.goto(`${ORG}/refer-and-earn`);
  await expect(page.getByRole('heading', { name: 'Refer & Earn' })).toBeVisible();
  const linkField = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(linkField).toHaveValue(new RegExp(`^${PROVIDER}/\\?ref=[A-Z0-9]+$`));
  const link = await linkField.inputValue();
  const code = new URL(link).searchParams.get('ref')!;
  await expect(page.getByRole('img', { name: `QR code of ${link}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Referral link copied.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();

  // A founder opens the link in their own browser: the code is kept through sign-up, the e-mail and login.
  const founder = await browser.newContext();
  const visitor = await founder.newPage();
  const stamp = Date.now().toString(36);
  const email = `referred-${stamp}@example.com`;
  const password = 'Referred#2026';
  const slug = `ref-${stamp}`;
  const started = Date.now();
  await visitor.goto(link);
  await visitor.goto(`${PROVIDER}/signup`);
  await expect(visitor.getByText(`You were invited with referral code ${code}`)).toBeVisible();
  await submitSignUp(visitor, { firstName: 'Nikhil', lastName: 'Das', email, password });
  await expect(visitor.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await visitor.goto(await linkFromOutbox(email, /http:\/\/localhost:\d+\/accounts\/confirm-email\/[^\s]+/, started - 1000));
  await expect(visitor.getByText('Email Verified!')).toBeVisible();
  await visitor.waitForURL(`${PROVIDER}/login`, { timeout: 6_000 });
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill(password);
  await visitor.getByRole('button', { name: 'Login', exact: true }).click();
  await visitor.waitForURL(`${PROVIDER}/organization/register/`);
  await expect(visitor.getByLabel('Referral Code (optional)')).toHaveValue(code);
  await visitor.getByLabel('Organization Name').fill('Nikhil Table Tennis');
  await visitor.getByLabel('Subdomain').fill(slug);
  await visitor.getByRole('button', { name: 'Register Organization' }).click();
  await visitor.waitForURL(`${orgUrl(slug)}/`, { timeout: 15_000 });

  // The referrer sees the new club, signed up.
  await page.reload();
  const referrals = page.getByRole('table', { name: 'Your referrals' });
  const row = referrals.getByRole('row', { name: /Nikhil Table Tennis/ });
  await expect(row).toContainText('Signed up');

  // The new club pays its first subscription: both due dates move a month, once.
  await visitor.goto(`${orgUrl(slug)}/admin/subscription`);
  const dueBefore = (await visitor.getByTestId('due-date').textContent())!.trim();
  await renewInSandbox(visitor, orgUrl(slug), 'Starter — ₹999.00/month · ₹9,990.00/year', '₹999.00');
  await expect(visitor.getByTestId('due-date')).not.toHaveText(dueBefore);
  await founder.close();

  await page.reload();
  await expect(row).toContainText('Rewarded');
});
