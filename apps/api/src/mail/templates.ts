import type { MailMessage } from './message.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface LinkEmailInput {
  shopName: string;
  to: string;
  name: string;
  url: string;
}

/** An email whose point is one link: a greeting, why, the link, and what to do if unasked. */
function linkEmail(
  { to, name, url }: LinkEmailInput,
  parts: {
    subject: string;
    why: string;
    open: string;
    linkText: string;
    validity: string;
    unasked: string;
  },
): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [greeting, '', parts.why, parts.open, '', url, '', parts.unasked].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(parts.why)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(parts.linkText)}</a> (${escapeHtml(parts.validity)}).</p>
<p>${escapeHtml(parts.unasked)}</p>`;
  return { to, subject: parts.subject, text, html, link: url };
}

/** The password-reset email. `url` is Better Auth's link, which leads to /reset-password. */
export function passwordResetEmail(input: LinkEmailInput): MailMessage {
  return linkEmail(input, {
    subject: `Reset your ${input.shopName} password`,
    why: `Someone asked to reset the password of your ${input.shopName} account.`,
    open: 'Open this link to choose a new password (it works for one hour and only once):',
    linkText: 'Choose a new password',
    validity: 'the link works for one hour and only once',
    unasked: 'If you did not ask for this, ignore this email: your password stays as it is.',
  });
}

/**
 * The address-verification email sent at sign-up and on "Resend". `url` is Better Auth's
 * /verify-email link, which verifies the address and then opens the shop's /email-verified page.
 */
export function verificationEmail(input: LinkEmailInput): MailMessage {
  return linkEmail(input, {
    subject: `Confirm your ${input.shopName} email address`,
    why: `Please confirm that ${input.to} is your email address for your ${input.shopName} account.`,
    open: 'Open this link to confirm it (it works for 24 hours):',
    linkText: 'Confirm my email address',
    validity: 'the link works for 24 hours',
    unasked: 'If you did not sign up, ignore this email: the account stays unconfirmed.',
  });
}
