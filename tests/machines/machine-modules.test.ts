import { describe, expect, it } from 'vitest';

/**
 * Every module of src/machines loads. XState checks a machine's configuration when the module
 * creates it: an initial state that names no child, a target or an id it cannot resolve, throws
 * there. A test file that imports such a module fails before any of its tests run, which a
 * test runner may report as a failed file with no failed test (Stryker's vitest runner counts
 * such a run as a surviving mutant); imported here inside a test, the refusal fails this test.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.ts');

describe('the machine modules', () => {
  it('are all found', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(40);
  });

  for (const [path, load] of Object.entries(modules)) {
    it(`${path.replace('../../', '')} loads and exports what it defines`, async () => {
      const exports = await load();
      expect(Object.keys(exports).length).toBeGreaterThan(0);
    });
  }
});
