import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { addTaken } from './taken-files';
import { onFirstTaken, recordInspection } from './transition-recorder';

describe('what the Chromium pages took (npm run paths -- --coverage --browser)', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports each transition once, the first time it is taken', () => {
    const reported: string[] = [];
    onFirstTaken((machineId, label) => {
      if (machineId === 'reportedSwitch') reported.push(label);
    });
    const light = createMachine({ id: 'reportedSwitch', initial: 'off', states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } } } });
    const actor = createActor(light, { inspect: recordInspection }).start();
    for (let flips = 0; flips < 4; flips += 1) actor.send({ type: 'flip' });
    actor.stop();
    expect(reported).toEqual(['off --flip--> on', 'on --flip--> off']);
  });

  it("merges every page's labels into one taken file of this process", () => {
    dir = mkdtempSync(join(tmpdir(), 'taken-files-'));
    addTaken(dir, { a: ['x', 'y'] });
    addTaken(dir, { a: ['y', 'w'], b: ['z'] });
    const files = readdirSync(dir);
    expect(files).toEqual([`taken-${process.pid}-browser.json`]);
    expect(JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'))).toEqual({ a: ['w', 'x', 'y'], b: ['z'] });
  });
});
