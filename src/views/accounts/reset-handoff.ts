/**
 * The address whose password was just reset, handed from /forgot or /reset to the login screen
 * (/login?reset=1) so that it opens with that address filled in. Kept in memory rather than in
 * the address bar: /login?reset=1 is the specification's address, and an email has no place in
 * the history list or a server's access log. A reload of the login page simply loses it.
 */
let resetEmail = '';

/** `email` as typed on the reset screen; kept as the server knows it (trimmed, lower case). */
export function handOverResetEmail(email: string): void {
  resetEmail = email.trim().toLowerCase();
}

/** The address to prefill on /login?reset=1 ('' when none was reset in this page's life). */
export function resetEmailForLogin(): string {
  return resetEmail;
}
