import { SALON_NAME } from '../../shared/constants';

/** What a builder gives the mailer: the same words as plain text and as HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every interpolated value goes through this: names and links come from users and requests. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const FOOTER_NOTE = 'You received this e-mail because someone used this address on our website.';
const ACCENT = '#b03a62';

/**
 * The HTML frame of every message. Inline styles and tables, because many mail clients drop
 * <style> blocks and ignore modern layout.
 */
function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f7f1f3;font-family:Helvetica,Arial,sans-serif;color:#2d2327;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f1f3;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #eadde2;">
<h1 style="margin:0;font-size:22px;font-weight:600;color:${ACCENT};">${escapeHtml(SALON_NAME)}</h1>
</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6;">
${paragraphs.join('\n')}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eadde2;font-size:12px;color:#8a7a80;">
${escapeHtml(SALON_NAME)}. ${escapeHtml(FOOTER_NOTE)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** Takes HTML: callers escape what they interpolate. */
const paragraph = (html: string) => `<p style="margin:0 0 16px;">${html}</p>`;

/** A button, and the same link spelled out for clients that block styled links. */
const linkButton = (label: string, link: string) => {
  const href = escapeHtml(link);
  return [
    `<p style="margin:0 0 16px;"><a href="${href}" style="display:inline-block;padding:12px 24px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(label)}</a></p>`,
    paragraph(`Or copy this link into your browser:<br><a href="${href}" style="color:${ACCENT};word-break:break-all;">${href}</a>`),
  ].join('\n');
};

/** Lines of the text part; short lines, and links alone on theirs so clients link all of it. */
const textBody = (lines: string[]) => [...lines, '', '-- ', SALON_NAME, FOOTER_NOTE].join('\n');

/** The one-time code a customer types to verify their e-mail address. */
export function otpMail(code: string): MailContent {
  const subject = 'Your verification code';
  const text = textBody([
    `Your ${SALON_NAME} verification code is: ${code}`,
    '',
    'The code is valid for 10 minutes.',
    '',
    'If you did not ask for this code, you can ignore this e-mail.',
  ]);
  const html = layout(subject, [
    paragraph(`Your ${escapeHtml(SALON_NAME)} verification code is:`),
    `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;">${escapeHtml(code)}</p>`,
    paragraph('The code is valid for 10 minutes.'),
    paragraph('If you did not ask for this code, you can ignore this e-mail.'),
  ]);
  return { subject, text, html };
}

/** The link that lets an account holder choose a new password. */
export function passwordResetMail(link: string, fullName: string): MailContent {
  const subject = 'Reset your password';
  const text = textBody([
    `Hello ${fullName},`,
    '',
    `To choose a new password for your ${SALON_NAME} account,`,
    'open this link:',
    '',
    link,
    '',
    'The link is valid for 1 hour and works once.',
    '',
    'If you did not ask to reset your password, you can ignore this e-mail;',
    'your password stays the same.',
  ]);
  const html = layout(subject, [
    paragraph(`Hello ${escapeHtml(fullName)},`),
    paragraph(`To choose a new password for your ${escapeHtml(SALON_NAME)} account, open this link:`),
    linkButton('Reset password', link),
    paragraph('The link is valid for 1 hour and works once.'),
    paragraph('If you did not ask to reset your password, you can ignore this e-mail; your password stays the same.'),
  ]);
  return { subject, text, html };
}

/**
 * Sent instead of a verification code when someone signs up with an address that already has an
 * account: the owner learns how to get in, and the sign-up form reveals nothing to a stranger.
 */
export function accountExistsMail(loginLink: string): MailContent {
  const subject = 'You already have an account';
  const text = textBody([
    `Someone, hopefully you, tried to create a ${SALON_NAME} account`,
    'with this e-mail address. You already have an account, so you can',
    'simply log in:',
    '',
    loginLink,
    '',
    'Forgot your password? Use "Forgot password" on the login page.',
    '',
    'If this was not you, you can ignore this e-mail; nothing has changed.',
  ]);
  const html = layout(subject, [
    paragraph(
      `Someone, hopefully you, tried to create a ${escapeHtml(SALON_NAME)} account with this e-mail address. ` +
        'You already have an account, so you can simply log in:',
    ),
    linkButton('Log in', loginLink),
    paragraph('Forgot your password? Use &quot;Forgot password&quot; on the login page.'),
    paragraph('If this was not you, you can ignore this e-mail; nothing has changed.'),
  ]);
  return { subject, text, html };
}
