// Layering check: dependencies run downward only.
//
//   src/spec → src/tpp → src/session → src/bank | src/suite | src/fuzz → steps/ | properties/ | src/cli
//                                                  src/suite → src/report → src/run → src/cli
//
// src/suite is the scenarios' library (what the steps call); src/report turns a run's messages into
// results and reports; src/run is the run machinery (plan, coordinator, hosts, bundle, shards). The
// steps use the library only: never the reports or the run.
//
// src/transport (the one transport: every connection to a target or a proxy) sits under them all:
// it imports nothing of the project, and no other module imports undici.
//
// (src/mutants and src/bundle sit beside src/cli, above the three middle layers.) Run with
// `npm run deps`; `npm test` runs it before vitest.

/** Project code outside node_modules (what a layer rule may forbid). */
const PROJECT = '^(src|steps|properties|test|bench|bin|fixtures)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere, type-only imports included (options.tsPreCompilationDeps keeps them).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'spec-is-the-bottom',
      severity: 'error',
      comment: 'src/spec is the spec as data: it imports nothing else of the project.',
      from: { path: '^src/spec/' },
      to: { path: PROJECT, pathNot: '^src/spec/' },
    },
    {
      name: 'transport-is-the-bottom',
      severity: 'error',
      comment: 'src/transport (the one transport) imports nothing else of the project.',
      from: { path: '^src/transport/' },
      to: { path: PROJECT, pathNot: '^src/transport/' },
    },
    {
      name: 'one-transport',
      severity: 'error',
      comment:
        'Only src/transport opens connections: no other module imports undici (its dispatchers, request, fetch).',
      from: { pathNot: '^src/transport/' },
      to: { path: '(^|/)node_modules/undici/' },
    },
    {
      name: 'sockets-only-in-transport',
      severity: 'error',
      comment:
        'Sockets (node:net, tls, http, https, http2, dgram) only in src/transport (connections) and src/bank (the reference bank serves); bench/ holds test tooling (a delaying proxy).',
      from: { pathNot: '^(src/transport|src/bank|bench)/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(net|tls|http|https|http2|dgram)$' },
    },
    {
      name: 'tpp-only-from-spec',
      severity: 'error',
      comment: 'src/tpp (the TPP toolkit) builds on src/spec (and the transport) only.',
      from: { path: '^src/tpp/' },
      to: { path: PROJECT, pathNot: '^src/(spec|tpp|transport)/' },
    },
    {
      name: 'session-only-from-spec-and-tpp',
      severity: 'error',
      comment:
        'src/session (scenario session, profile, SCA drivers, evidence) builds on src/spec and src/tpp only: not on the bank, the suite, the fuzzer, steps/ or the CLI.',
      from: { path: '^src/session/' },
      to: { path: PROJECT, pathNot: '^src/(spec|tpp|session|transport)/' },
    },
    {
      name: 'suite-not-from-its-neighbours',
      severity: 'error',
      comment: "src/suite (the scenarios' library) imports neither the fuzzer nor the bank.",
      from: { path: '^src/suite/' },
      to: { path: '^src/(fuzz|bank)/' },
    },
    {
      name: 'suite-not-from-reports-or-run',
      severity: 'error',
      comment: "src/suite (the scenarios' library) imports neither the reports nor the run machinery.",
      from: { path: '^src/suite/' },
      to: { path: '^src/(report|run)/' },
    },
    {
      name: 'report-not-from-run',
      severity: 'error',
      comment:
        'src/report (results, verdict, reports) builds on the library and below, never on the run machinery, the bank or the fuzzer.',
      from: { path: '^src/report/' },
      to: { path: '^src/(run|bank|fuzz)/' },
    },
    {
      name: 'run-bank-only-from-run',
      severity: 'error',
      comment:
        'In src/run only run.ts (the run that starts the embedded reference bank, a dynamic import when no target is given) imports the bank, and only its entry.',
      from: { path: '^src/run/' },
      to: { path: '^src/bank/', pathNot: '^src/bank/index[.]ts$' },
    },
    {
      name: 'run-bank-entry-only-from-run-ts',
      severity: 'error',
      comment: 'Only src/run/run.ts starts the embedded bank.',
      from: { path: '^src/run/', pathNot: '^src/run/run[.]ts$' },
      to: { path: '^src/bank/' },
    },
    {
      name: 'steps-use-the-library',
      severity: 'error',
      comment:
        "steps/ call the scenarios' library (src/suite) and the session, never the reports or the run machinery.",
      from: { path: '^steps/' },
      to: { path: '^src/(report|run)/' },
    },
    {
      name: 'fuzz-not-from-its-neighbours',
      severity: 'error',
      comment: 'src/fuzz imports neither the suite nor the bank, except the exception below.',
      from: { path: '^src/fuzz/' },
      to: {
        path: '^src/(suite|bank)/',
        // target.ts (openTarget) and model/env.ts (the stateful model's own bank with faults) start
        // the embedded reference bank: the default target of the fuzzer and the properties.
        pathNot: '^src/bank/index[.]ts$',
      },
    },
    {
      name: 'fuzz-bank-only-from-its-targets',
      severity: 'error',
      comment:
        "Only the fuzzer's target (target.ts) and the stateful model's environment (model/env.ts) may import the bank.",
      from: { path: '^src/fuzz/', pathNot: '^src/fuzz/(target|model/env)[.]ts$' },
      to: { path: '^src/bank/' },
    },
    {
      name: 'bank-not-from-its-neighbours',
      severity: 'error',
      comment: 'src/bank (the reference bank) imports neither the suite nor the fuzzer.',
      from: { path: '^src/bank/' },
      to: { path: '^src/(suite|fuzz)/' },
    },
    {
      name: 'middle-not-from-above',
      severity: 'error',
      comment: 'src/bank, src/suite and src/fuzz never import the layers above them.',
      from: { path: '^src/(bank|suite|fuzz|report|run)/' },
      to: { path: '^(steps|properties|test|bench|bin)/|^src/(cli|mutants|bundle)/' },
    },
    {
      name: 'src-not-from-tests',
      severity: 'error',
      comment: "Nothing under src/ imports the project's tests or their helpers and fixtures code (test/).",
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    {
      name: 'src-not-from-steps',
      severity: 'error',
      comment: 'Nothing under src/ imports the cucumber glue (steps/), the properties or the benchmarks.',
      from: { path: '^src/' },
      to: { path: '^(steps|properties|bench|bin)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a layer that needs another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.mjs', '.js', '.json'] },
  },
};
