/**
 * Test doubles that enforce the server's contracts. A fake actor answers what the test says, but
 * each call first runs the machine's REAL actor (the real service function, the real ky client)
 * against a fake HTTP layer: every request it sends is checked against the real server's route
 * and contract (tests/support/contract-routes.ts). A request the server would refuse fails the
 * call with the very error the real client raises for the server's 400 `{detail, code, fields}`,
 * so a machine that builds a wrong body fails its tests as it fails in production.
 *
 * The dry run stops at the first answer: each accepted request is answered 418 (a status no
 * client retries or treats specially), so a call's first request, and every request it sends at
 * once (Promise.all), is checked; requests it would send only after a real answer are not.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { StateMachine, createActor, fromPromise, toPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { ContractViolation } from '#contracts/shared/validation';
import { ApiError } from '#src/services/shared/api';
import { checkAgainstServer, serverRoutes, type CheckedRequest, type Refusal } from './contract-routes';

// Built while the test file loads, so no test's own time (or a findBy's one second) pays for it.
await serverRoutes();

export type Refused = { request: CheckedRequest; refusal: Refusal };

/** How an accepted request is answered: by default 418, which ends a call at its first request. */
export type Answer = (request: CheckedRequest) => Response | Promise<Response>;

/** What one dry run sent: every request checked, and the ones the server would refuse. */
type DryRun = { checked: CheckedRequest[]; refused: Refused[]; answer?: Answer };

const dryRuns = new AsyncLocalStorage<DryRun>();

/** Every refusal any double met in this worker, for failure messages. */
export const refusals: Refused[] = [];

export const PASSED_STATUS = 418;

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  return (request.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : text;
}

export const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch that answers as the real server's validation would: 400 with the server's body for a
 * request its contract refuses, else `accepted(request)`.
 */
export function contractFetch(accepted: Answer, log?: DryRun): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const checked: CheckedRequest = { method: request.method, url: request.url, body: await readBody(request) };
    log?.checked.push(checked);
    const refusal = await checkAgainstServer(checked);
    if (!refusal) return accepted(checked);
    const refused = { request: checked, refusal };
    refusals.push(refused);
    log?.refused.push(refused);
    return jsonResponse(refusal.status, refusal.body);
  };
}

const passed = () => jsonResponse(PASSED_STATUS, { detail: 'Checked by the contract double.', code: 'contract_double_passed' });

// Outside a dry run every request goes to the fetch that was there before.
let outerFetch: typeof fetch = globalThis.fetch;
const doubleFetch: typeof fetch = (input, init) => {
  const run = dryRuns.getStore();
  return run ? contractFetch(run.answer ?? passed, run)(input, init) : outerFetch(input, init);
};

/**
 * Puts the double in front of the global fetch. A worker's files share one window, and the DOM
 * environment may set its own fetch again for the next file while this module stays loaded: so
 * each dry run checks, not only the first import.
 */
function installDoubleFetch(): void {
  if (globalThis.fetch === doubleFetch) return;
  outerFetch = globalThis.fetch;
  globalThis.fetch = doubleFetch;
}
installDoubleFetch();

/**
 * Calls not dry-run. completeSignIn and signOut change the browser's state before they send
 * anything (they store or forget the tokens), which would change what the test sees; their
 * requests carry no body from machine input (GET /auth/me/) or are covered by the client audit
 * (tests/support/contract-audit.test.ts). Uploads are multipart, which no contract describes
 * (the upload route checks the file in its handler), and ky never settles a FormData request
 * under happy-dom. The survey's loadDraft reads the browser's storage and sends nothing.
 */
const NOT_DRY_RUN = new Set(['completeSignIn', 'signOut', 'uploadHero', 'uploadLogo', 'uploadImage', 'uploadTerritoryImages', 'loadDraft']);

/**
 * Runs the real actor with `input` against the contract fetch. Answers the error the real call
 * fails with when the server (or the client's own contract check) would refuse it, else null.
 */
export function contractRefusal(real: AnyActorLogic, input: unknown, name = ''): Promise<unknown> {
  const check = dryRun(real, input, name);
  inFlight.add(check);
  void check.finally(() => inFlight.delete(check));
  return check;
}

const inFlight = new Set<Promise<unknown>>();

/** Settles once every check under way has: for tests that answer a call and look at the result in the same turn. */
export async function contractChecksDone(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/**
 * Runs `work` (real client code) with every request it sends checked against the server's
 * contracts and answered by `answer` (418 unless given) when accepted: what it sent, what was
 * refused, and how it failed.
 */
export async function checkCalls(work: () => Promise<unknown>, answer?: Answer): Promise<DryRun & { failure: unknown }> {
  installDoubleFetch();
  const run: DryRun = { checked: [], refused: [], answer };
  let failure: unknown = null;
  await dryRuns.run(run, async () => {
    try {
      await work();
    } catch (error) {
      failure = error;
    }
  });
  return { ...run, failure };
}

/** One request as a test reads it: method, path (the query kept) and body. */
export type SentRequest = { method: string; path: string; body: unknown };

/**
 * What the machine's own (real) `name` call sends for `input`, each request checked against the
 * server's contract and answered by `answer` (418 unless given, which ends the call at its first
 * request): for tests of which address, method and body a call uses, and in which order.
 */
export async function requestsOf(machine: AnyStateMachine, name: string, input: unknown, answer?: Answer): Promise<SentRequest[]> {
  const real = realActor(machine, name);
  if (!real) throw new Error(`The machine has no actor '${name}'`);
  const { checked, refused, failure } = await checkCalls(() => toPromise(createActor(real, { input }).start()), answer);
  if (refused.length > 0) throw new Error(`The server would refuse ${describeRefusal(refused[0]!)}`);
  // Under the default 418 every call fails; under a test's own answers a failure is the test's to see.
  if (answer && failure) throw failure;
  return checked.map((request) => {
    const url = new URL(request.url);
    return { method: request.method, path: url.pathname + url.search, body: request.body };
  });
}

/** The client refused its own body before sending it (src/services/menu/menu.ts checks bodies too). */
const refusedByClient = (failure: unknown, checked: CheckedRequest[]) =>
  failure instanceof ContractViolation || (checked.length === 0 && failure instanceof ApiError && failure.status === 400);

async function dryRun(real: AnyActorLogic, input: unknown, name: string): Promise<unknown> {
  const { checked, refused, failure } = await checkCalls(() => toPromise(createActor(real, { input }).start()));
  if (refused.length > 0) return failure ?? new Error(`The server would refuse ${describeRefusal(refused[0]!)}`);
  if (refusedByClient(failure, checked)) return failure;
  // Every request of a dry run is answered 418, so a real call that sent nothing and still ended
  // well never reached the client (an emptied body, a dropped request): the fake's answer must
  // not hide that.
  if (checked.length === 0 && failure === null) return new Error(`The real '${name}' call sent no request`);
  return null;
}

export function describeRefusal({ request, refusal }: Refused): string {
  return `${request.method} ${new URL(request.url).pathname} ${JSON.stringify(request.body)}: ${refusal.status} ${JSON.stringify(refusal.body)}`;
}

/**
 * `fake` in place of the real actor `real`: the fake starts at once (so the test sees the call
 * waiting, exactly as before) while the real actor's requests are checked; a call the server
 * would refuse fails with the real client's error, whatever the fake answers.
 */
export function checkedActor<T extends AnyActorLogic>(real: AnyActorLogic | undefined, fake: T, name = ''): T {
  if (!real || NOT_DRY_RUN.has(name)) return fake;
  return fromPromise<unknown, unknown>(async ({ input }) => {
    const checking = contractRefusal(real, input, name).then((refusal) => {
      if (refusal) throw refusal;
    });
    // A refusal wins over the fake's scripted failure too: it is what the real call would meet first.
    const answered = toPromise(createActor(fake as AnyActorLogic, { input }).start()).catch(async (error: unknown) => {
      await checking;
      throw error;
    });
    const [, value] = await Promise.all([checking, answered]);
    return value;
  }) as unknown as T;
}

/** The machine's own implementation of the actor `name` (the one that really calls the server). */
export function realActor(machine: AnyStateMachine, name: string): AnyActorLogic | undefined {
  return (machine.implementations.actors as Record<string, AnyActorLogic | undefined>)[name];
}

/**
 * `machine.provide(implementations)`, with each given promise actor checked against the
 * machine's own implementation of it; child machines (a resend lock with short delays) pass as given.
 */
export function provideChecked<M extends AnyStateMachine>(machine: M, implementations: Parameters<M['provide']>[0]): M {
  const given = (implementations as { actors?: Record<string, AnyActorLogic> }).actors ?? {};
  const actors = Object.fromEntries(
    Object.entries(given).map(([name, fake]) => {
      if (!(name in machine.implementations.actors)) throw new Error(`The machine has no actor '${name}' to stand in for`);
      const real = realActor(machine, name);
      return [name, real instanceof StateMachine ? fake : checkedActor(real, fake, name)];
    }),
  );
  return machine.provide({ ...implementations, actors } as never) as M;
}
