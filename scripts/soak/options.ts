// What `npm run soak` is told through the environment, read once.
export const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
export const SOAK_CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
/** Concurrent writers during the fault sections. */
export const SOAK_WRITERS = Number(process.env.SOAK_WRITERS ?? 8);
/** Writes acknowledged between one fault and the next. */
export const WRITES_BETWEEN_FAULTS = Number(process.env.SOAK_WRITES_BETWEEN_FAULTS ?? 200);

/** A section's verdict: its figures are printed as it goes; `failures` say what broke a promise. */
export type SectionResult = { name: string; failures: string[] };
