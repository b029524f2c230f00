import type { MailMessage } from './mailer.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password-reset email. `url` is Better Auth's link, which leads to /reset-password. */
export function passwordResetEmail(input: {
  shopName: string;
  to: string;
  name: string;
  url: string;
}): MailMessage {
  const { shopName, to, name, url } = input;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone asked to reset the password of your ${shopName} account.`,
    'Open this link to choose a new password (it works for one hour and only once):',
    '',
    url,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your ${escapeHtml(shopName)} account.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a> (the link works for one hour and only once).</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to, subject: `Reset your ${shopName} password`, text, html, link: url };
}

/**
 * The address-verification email sent at sign-up and on "Resend". `url` is Better Auth's
 * /verify-email link, which verifies the address and then opens the shop's /email-verified page.
 */
export function verificationEmail(input: {
  shopName: string;
  to: string;
  name: string;
  url: string;
}): MailMessage {
  const { shopName, to, name, url } = input;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Please confirm that ${to} is your email address for your ${shopName} account.`,
    'Open this link to confirm it (it works for 24 hours):',
    '',
    url,
    '',
    'If you did not sign up, ignore this email: the account stays unconfirmed.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Please confirm that ${escapeHtml(to)} is your email address for your ${escapeHtml(shopName)} account.</p>
<p><a href="${escapeHtml(url)}">Confirm my email address</a> (the link works for 24 hours).</p>
<p>If you did not sign up, ignore this email: the account stays unconfirmed.</p>`;
  return { to, subject: `Confirm your ${shopName} email address`, text, html, link: url };
}
