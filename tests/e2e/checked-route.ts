/**
 * Browser-side doubles that keep the server's contracts (issue 10, item 2): a request the paths
 * hold in Chromium (`page.route`) and answer themselves is first checked against the real server's
 * route table; one its contracts refuse gets the server's own 400 instead of the scripted answer,
 * so a screen that sends a bad body fails its path here as it would against the server.
 */
import type { Route } from 'playwright-core';
import { checkAgainstServer } from '../support/contract-routes';

function requestBody(route: Route): unknown {
  const request = route.request();
  const text = request.postData();
  if (!text) return undefined;
  return (request.headers()['content-type'] ?? '').includes('json') ? (JSON.parse(text) as unknown) : text;
}

export async function fulfillChecked(route: Route, reply: Parameters<Route['fulfill']>[0]): Promise<void> {
  const request = route.request();
  const refusal = await checkAgainstServer({ method: request.method(), url: request.url(), body: requestBody(route) });
  await route.fulfill(refusal ? { status: refusal.status, json: refusal.body } : reply);
}
