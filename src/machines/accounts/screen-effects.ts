/**
 * What the accounts screens' machines ask their views to do (docs/architecture.md, "Screens: one
 * way from machine to view"): the machine emits, the view performs it in `useScreen`.
 */

/** Leave the screen for `to`, replacing it in the history (a finished sign-in is not a page to come back to). */
export type ScreenNavigate = { type: 'screen.navigate'; to: string; replace: true };

/** A submit was refused (by the contract here or by the server): the focus goes to what to fix. */
export type ScreenRefused = { type: 'screen.refused' };

/** A password was reset for `email`: the login screen opens with that address filled in. */
export type ScreenPasswordChanged = { type: 'screen.passwordChanged'; email: string };

/** What any accounts screen's machine may emit (each emits some of these); `useAuthScreen` performs them all. */
export type AuthScreenEffect = ScreenNavigate | ScreenRefused | ScreenPasswordChanged;

export const navigateTo = (to: string): ScreenNavigate => ({ type: 'screen.navigate', to, replace: true });

export const REFUSED: ScreenRefused = { type: 'screen.refused' };

/** Where /forgot and /reset send the person once the password is changed (spec section 2). */
export const AFTER_RESET = '/login?reset=1';
