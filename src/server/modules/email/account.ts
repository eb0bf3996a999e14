/**
 * The e-mails of sign-up. A sign-up is answered the same way whether or not the address has
 * an account, so the e-mail is where the two part: a new address gets the link that creates
 * the account, a known one is told it already has an account.
 */
import type { ConfirmationContent } from './confirmation.js';
import { escapeHtml } from '../../infra/html.js';
import { button, layout, type NoticeOptions } from './notices.js';

export const SIGN_UP_KIND = 'account_sign_up';
export const ACCOUNT_EXISTS_KIND = 'account_exists';

export function renderSignUpConfirmation(confirmUrl: string, options: NoticeOptions): ConfirmationContent {
  const subject = `Confirm your ${options.siteName} account`;
  const html = layout(
    subject,
    options,
    null,
    `<h1 style="font-size:24px;margin:8px 0 4px">Confirm your e-mail address</h1>
<p style="margin:0 0 16px;color:#374151">Someone, we hope you, asked to create an account at ${escapeHtml(options.siteName)} with this address. Confirm it to finish; the link works once, for 24 hours.</p>
${button(confirmUrl, 'Confirm my account')}
<p style="margin:0;color:#6b7280;font-size:14px">If it wasn't you, ignore this e-mail: no account is made without the link.</p>`,
  );
  const text = [
    'Confirm your e-mail address',
    '',
    `Someone, we hope you, asked to create an account at ${options.siteName} with this address.`,
    `Confirm it to finish (the link works once, for 24 hours): ${confirmUrl}`,
    '',
    "If it wasn't you, ignore this e-mail: no account is made without the link.",
  ].join('\n');
  return { subject, html, text };
}

export function renderAccountExists(signInUrl: string, options: NoticeOptions): ConfirmationContent {
  const subject = `You already have a ${options.siteName} account`;
  const html = layout(
    subject,
    options,
    null,
    `<h1 style="font-size:24px;margin:8px 0 4px">You already have an account</h1>
<p style="margin:0 0 16px;color:#374151">Someone asked to create an account at ${escapeHtml(options.siteName)} with this address, which already has one. Nothing has changed: sign in with your password.</p>
${button(signInUrl, 'Sign in')}
<p style="margin:0;color:#6b7280;font-size:14px">If it wasn't you, you can ignore this e-mail.</p>`,
  );
  const text = [
    'You already have an account',
    '',
    `Someone asked to create an account at ${options.siteName} with this address, which already has one.`,
    `Nothing has changed: sign in with your password at ${signInUrl}`,
    '',
    "If it wasn't you, you can ignore this e-mail.",
  ].join('\n');
  return { subject, html, text };
}
