/** `@arena/contracts/platform`: the calls every signed-in page shares (search) and the probes. */
export * from './endpoints.js';
