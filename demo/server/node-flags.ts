// The Node flags the platform runs with (npm start, the e2e platform, the benchmarks' platforms).
// --max-semi-space-size=1 keeps V8's young generation at 1 MB a half: a 49 MB upload streams through
// many short-lived chunks, and with the default (growing to 16 MB a half) the first uploads after a
// start raised the resident memory by 25–38 MB; capped, by at most 8 MB, at the same upload speed
// (tests/bench/documents.ts). Scavenges of a 1 MB space take well under a millisecond.
export const PLATFORM_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--experimental-strip-types', '--experimental-sqlite'];
