import { ConfigError } from '../config';

/**
 * Runs a command-line entry point and turns its outcome into the exit code: what `main` returns,
 * or 1 with the reason (a configuration mistake said plainly, anything else as it is).
 */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exitCode = 1;
    },
  );
}
