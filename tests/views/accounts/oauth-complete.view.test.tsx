import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import type { Tokens } from '#contracts/shared/session';
import { ApiError } from '#src/services/shared/api';
import { oauthCompleteMachine, type OAuthResult } from '#src/machines/accounts/oauth-complete.machine';
import { takeOAuthResult } from '#src/services/accounts/oauth-result';
import { theme } from '#src/theme';
import { OAuthCompleteView } from '#src/views/accounts/oauth-complete.view';
import { createFakeActor } from '../../support/fake-actor';
import { provideChecked } from '../../support/contract-double';

function renderComplete(result: OAuthResult) {
  const signIn = createFakeActor<string, Tokens>('completeSignIn');
  const machine = provideChecked(oauthCompleteMachine, { actors: { completeSignIn: signIn.actor } });
  const location = memoryLocation({ path: '/oauth/complete', record: true });
  render(
    <MantineProvider env="test" theme={theme}>
      <Router hook={location.hook}>
        <OAuthCompleteView machine={machine} result={result} />
      </Router>
    </MantineProvider>,
  );
  return { user: userEvent.setup({ delay: null }), signIn, path: () => location.history!.at(-1) };
}

describe('oauth completion view', () => {
  it('shows only a quiet "Signing you in…" and goes where completeSignIn says', async () => {
    const driver = renderComplete({ tokens: { access: 'A', refresh: 'R' } });
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(driver.signIn.pending.map((call) => call.input)).toEqual([{ access: 'A', refresh: 'R' }]);
    driver.signIn.resolve('/onboard/4/location');
    await waitFor(() => expect(driver.path()).toBe('/onboard/4/location'));
  });

  it('explains a provider error with a way back to /login', () => {
    renderComplete({ error: 'Google sign-in is not configured.' });
    expect(screen.getByRole('heading', { name: 'Sign-in did not complete' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in is not configured.');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers Try again when the sign-in after the provider failed', async () => {
    const driver = renderComplete({ tokens: { access: 'A', refresh: 'R' } });
    driver.signIn.reject(new ApiError('Service unavailable.', { status: 503 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable.');
    await driver.user.click(screen.getByRole('button', { name: 'Try again' }));
    driver.signIn.resolve('/admin');
    await waitFor(() => expect(driver.path()).toBe('/admin'));
  });
});

describe('reading the address of /oauth/complete', () => {
  function fakeWindow(href: string) {
    const replaced: string[] = [];
    const win = {
      location: { href } as Location,
      history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) } as unknown as History,
    };
    return { win, replaced };
  }

  it('takes the tokens from the hash and removes them from the address, keeping the rest', () => {
    const { win, replaced } = fakeWindow('https://app.example/oauth/complete?x=1#access=AAA&refresh=RRR');
    expect(takeOAuthResult(win)).toEqual({ tokens: { access: 'AAA', refresh: 'RRR' } });
    expect(replaced).toEqual(['/oauth/complete?x=1']);
  });

  it('takes them from the query too', () => {
    const { win, replaced } = fakeWindow('https://app.example/oauth/complete?access=A&refresh=R');
    expect(takeOAuthResult(win)).toEqual({ tokens: { access: 'A', refresh: 'R' } });
    expect(replaced).toEqual(['/oauth/complete']);
  });

  it('reports an error, and leaves a clean address alone', () => {
    const failed = fakeWindow('https://app.example/oauth/complete#error=access_denied');
    expect(takeOAuthResult(failed.win)).toEqual({ error: 'access_denied' });
    expect(failed.replaced).toEqual(['/oauth/complete']);
    const clean = fakeWindow('https://app.example/oauth/complete');
    expect(takeOAuthResult(clean.win)).toEqual({ error: '' });
    expect(clean.replaced).toEqual([]);
  });
});
