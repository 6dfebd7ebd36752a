// The direction of dependencies, checked on every `npm test` (see docs/architecture.md):
// entries (functions/, infra/) → composition (shared/wiring/) → use cases → forms, tax rules, XML
// → domain. Adapters implement ports and depend on nothing above them. Configuration and the
// manifest stand above the forms, which are handed what they need of either.
const layer = (folders) => `^shared/(${folders.join('|')})/`;
const useCases = ['submission', 'transmission', 'webhooks', 'retention', 'certificates', 'notices', 'attachments', 'http', 'openapi'];
const authorities = ['sandbox', 'eric'];

// Every rule is an error: a dependency it forbids fails the check.
const forbidden = (rules) => rules.map((rule) => ({ severity: 'error', ...rule }));

module.exports = {
  forbidden: forbidden([
    { name: 'no-cycles', comment: 'A cycle ties modules so that neither can change alone.', from: {}, to: { circular: true } },
    {
      name: 'service-not-up',
      comment: 'The service knows nothing of the CDK app, the Lambda entries, the tests or the example receiver.',
      from: { path: '^shared/' },
      to: { path: '^(infra|functions|test|bench|receiver)/' },
    },
    {
      name: 'service-not-local',
      comment:
        'The local runtime (local/, the workspace package @steuerbote/local) runs the service; the service, its CDK app, its commands, the example receiver and the client know nothing of it, so nothing a stand-in lacks shapes them. Tests and benchmarks may start it.',
      from: { path: '^(shared|functions|infra|receiver|client)/' },
      to: { path: '^local/' },
    },
    {
      name: 'commands-are-leaves',
      comment: 'A command line tool runs on its own; what the stack also needs lives beside it in infra/.',
      from: { path: '^', pathNot: '^infra/cli/' },
      to: { path: '^infra/cli/' },
    },
    {
      name: 'client-apart',
      comment: 'The client is a package of its own: it knows the service only by the document it serves, and the service does not know it.',
      from: { path: '^client/' },
      to: { path: '^(shared|infra|functions|receiver|test|bench)/' },
    },
    {
      name: 'service-not-client',
      from: { path: '^(shared|infra|functions|receiver)/' },
      to: { path: '^client/' },
    },
    {
      name: 'receiver-apart',
      comment: 'The example receiver stands beside the service: it may use the shared basics and the webhook signature, not the work of the service.',
      from: { path: '^receiver/' },
      to: { path: `^(infra|functions|test|bench)/|${layer(['wiring', 'submission', 'transmission', 'retention', ...authorities])}` },
    },
    {
      name: 'domain-at-the-bottom',
      from: { path: '^shared/domain/' },
      to: { path: '^shared/', pathNot: '^shared/domain/' },
    },
    {
      name: 'tax-and-xml-below-forms',
      from: { path: layer(['tax', 'xml']) },
      to: { path: '^shared/', pathNot: `${layer(['tax', 'xml', 'domain'])}` },
    },
    {
      name: 'forms-below-use-cases',
      from: { path: layer(['forms']) },
      to: { path: layer([...useCases, 'adapters', 'wiring', ...authorities]) },
    },
    {
      name: 'forms-read-no-configuration',
      comment:
        'The forms, the tax rules, XML and the domain read no configuration, setting, manifest, log or metric: what a check needs of the day and the stage is handed to it (CheckContext in shared/forms/check.ts). So configuration and the manifest, which lists the forms, stand above them.',
      from: { path: layer(['forms', 'tax', 'xml', 'domain']) },
      to: { path: '^shared/(config|manifest|setting-names|logger|metrics|metric-names|tracing)\\.ts$' },
    },
    {
      name: 'forms-apart',
      comment: 'A form is its own folder: it never uses another form, so each function carries its own form alone.',
      from: { path: '^shared/forms/([^/]+)/' },
      to: { path: '^shared/forms/[^/]+/', pathNot: '^shared/forms/$1/' },
    },
    {
      name: 'forms-by-registry',
      comment:
        "Generic code looks a form up by its kind (shared/forms/registry.ts, load.ts); only the forms' own code and the document's showcase examples reach into a form's folder.",
      from: { path: '^shared/', pathNot: '^shared/forms/|^shared/openapi/examples\\.ts$' },
      to: { path: '^shared/forms/[^/]+/' },
    },
    {
      name: 'ports-on-domain',
      comment: 'A port (shared/ports/, one a file) says in the words of the domain what its users need; it knows no adapter, use case or configuration.',
      from: { path: '^shared/ports/' },
      to: { path: '^shared/', pathNot: `${layer(['ports', 'domain'])}` },
    },
    {
      name: 'adapters-below-use-cases',
      comment: 'An adapter implements a port; it never calls the code that uses the port.',
      from: { path: layer(['adapters']) },
      to: { path: layer([...useCases, 'wiring', 'forms', ...authorities]) },
    },
    {
      name: 'use-cases-not-composition',
      comment: 'Use cases are handed their ports; only entries and the composition root pick adapters.',
      from: { path: layer([...useCases, 'forms', 'tax', 'xml', 'domain', 'ports', 'adapters', 'queue', ...authorities]) },
      to: { path: '^shared/wiring/' },
    },
    {
      name: 'names-not-manifest',
      comment:
        'A function\'s code takes the names it reads from shared/setting-names.ts, and from the manifest only types: importing the manifest puts its functions and routes in the bundle (BENCHMARKS.md, "Cold starts"). Only the fallbacks serve its routes, the API reference reads its own entry and transmit its queue\'s timeout.',
      from: {
        path: '^(shared|functions|receiver)/',
        pathNot:
          '^shared/manifest\\.ts$|^functions/(not-found|receiver-not-found)\\.ts$|^shared/(http/routes|openapi/reference-page|transmission/transmit-ticket)\\.ts$',
      },
      to: { path: '^shared/manifest\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ]),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$|^test/|^bench/|^cdk\\.out/|^client/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'], conditionNames: ['import', 'node', 'default'] },
  },
};
