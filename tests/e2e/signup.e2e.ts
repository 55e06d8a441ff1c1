import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, latestOtp, MOBILE, otpCount, otpInput, shot, submitEmail, submitOtp, uniqueEmail, emailInput } from './support.ts';

// The sign-up and login screen as a user clicks it (spec part 1 §2, §4, §5, §8): e-mail, code,
// details, the resend countdown, wrong codes, and logging back in with a redirect.

/** Screenshots of the current step at 1440 px and 390 px. */
async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-1440`);
  await page.setViewportSize(MOBILE);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function pickApp(page: Page, text: string) {
  const apps = page.getByRole('combobox', { name: /apps you want to integrate/i });
  await apps.click();
  await apps.fill(text);
  await page.keyboard.press('Enter');
}

test('a new user signs up, lands on getting started, logs out and logs back in through the redirect', async ({ page, request }) => {
  // The second login waits out the 60 s resend countdown of the first code.
  test.setTimeout(180_000);
  const email = uniqueEmail('signup');

  await page.goto('/');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await shotBoth(page, 'signup-step0-email');

  await submitEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByTestId('resend-countdown')).toBeVisible();
  await shotBoth(page, 'signup-step1-code');

  await submitOtp(page, await latestOtp(request, email));
  await expect(page.getByRole('heading', { name: 'Tell us about your team' })).toBeVisible();
  await shotBoth(page, 'signup-step2-details');

  // The contract's messages appear when the required details are missing.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Please select at least one app')).toBeVisible();

  await page.getByRole('textbox', { name: /name/i }).first().fill('  Ada Lovelace  ');
  await page.getByRole('textbox', { name: /organisation name/i }).fill('Analytical Engines');
  await pickApp(page, 'Acme Payroll Suite');
  // The spec's options, in order (part 1 §5).
  await page.getByRole('combobox', { name: /organisation size/i }).click();
  await expect(page.getByRole('option', { name: '1000+' })).toBeVisible();
  const sizes = (await page.getByRole('option').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  expect(sizes).toEqual(['01-50', '51-100', '101-250', '251-1000', '1000+']);
  await page.getByRole('option', { name: '51-100', exact: true }).click();
  await page.getByRole('combobox', { name: /plan to go live/i }).click();
  await page.getByRole('option', { name: 'Within 30 days' }).click();
  await shot(page, 'signup-step2-details-filled-1440');
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.waitForURL('**/dashboard/getting-started');
  await expect(page.getByRole('heading', { name: 'Getting Started' })).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/signup\?login=true/);

  // Logged out, a dashboard path sends to the login tab with the path as redirect.
  await page.goto('/dashboard/getting-started');
  await expect(page).toHaveURL('/signup?login=true&redirect=%2Fdashboard%2Fgetting-started');
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');

  await submitEmail(page, email);
  // The first code was used; a new one comes with Resend once the countdown is over.
  const resend = page.getByTestId('resend-code');
  await expect(resend).toBeDisabled();
  await expect(resend).toBeEnabled({ timeout: 70_000 });
  const before = await otpCount(request, email);
  await resend.click();
  await expect(page.getByTestId('signup-notice')).toHaveText(`New OTP sent to ${email}`);
  await expect(page.getByTestId('resend-countdown')).toBeVisible();
  await submitOtp(page, await latestOtp(request, email, before));
  await page.waitForURL('**/dashboard/getting-started');
});

test('the resend button shows its 60 s countdown and stays disabled meanwhile', async ({ page }) => {
  await page.goto('/signup');
  await submitEmail(page, uniqueEmail('resend'));
  const countdown = page.getByTestId('resend-countdown');
  await expect(countdown).toHaveText(/^(1:00|0:5\d)$/);
  await expect(page.getByTestId('resend-code')).toBeDisabled();
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(page.getByRole('button', { name: 'Previous' })).toBeEnabled();
});

test('a wrong code shows the spec message, and Previous returns to the e-mail step', async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  await page.goto('/signup');
  await submitEmail(page, email);
  const real = await latestOtp(request, email);
  const wrong = real === '111111' ? '222222' : '111111';
  await submitOtp(page, wrong);
  await expect(page.getByTestId('signup-error')).toHaveText('Please enter valid OTP');
  await shot(page, 'signup-wrong-code-1440');

  // A malformed code is refused by the form before any call, with the same message.
  await otpInput(page).fill('12ab');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Please enter valid OTP').first()).toBeVisible();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(emailInput(page)).toHaveValue(email);
});

test('five wrong codes send the user back to the e-mail step', async ({ page, request }) => {
  const email = uniqueEmail('dead');
  await page.goto('/signup?login=false');
  await submitEmail(page, email);
  const real = await latestOtp(request, email);
  const wrong = real === '111111' ? '222222' : '111111';
  for (let attempt = 1; attempt <= 4; attempt++) {
    await submitOtp(page, wrong);
    await expect(page.getByTestId('signup-error')).toHaveText('Please enter valid OTP');
  }
  await submitOtp(page, wrong);
  await expect(emailInput(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByTestId('signup-error')).toBeVisible();
  await shot(page, 'signup-code-dead-1440');
});

test('the login tab is selected by login=true and the tabs toggle the mode', async ({ page }) => {
  await page.goto('/signup?login=true');
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await emailInput(page).fill('not-an-email');
  await expect(page.getByText('Not a valid email!')).toBeVisible();
});
