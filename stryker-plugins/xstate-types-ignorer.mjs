// A Stryker ignorer (stryker.config.json): leaves alone the `types` property of XState's
// `setup({ types: ... })`. It exists for TypeScript only; nothing reads it when a machine runs,
// so emptying it is a mutant no test can tell apart, and counting it would only blur the score.
// Written as a plain plugin value, as `declareValuePlugin(PluginKind.Ignore, …)` returns it.
const reason = "XState's setup types exist for TypeScript only: nothing reads them at run time";

function isSetupTypes(path) {
  if (!path.isObjectProperty() || path.node.computed) return false;
  if (path.node.key.type !== 'Identifier' || path.node.key.name !== 'types') return false;
  const call = path.parentPath?.parentPath;
  return Boolean(call?.isCallExpression() && call.node.callee.type === 'Identifier' && call.node.callee.name === 'setup');
}

export const strykerPlugins = [{ kind: 'Ignore', name: 'xstate-types', value: { shouldIgnore: (path) => (isSetupTypes(path) ? reason : undefined) } }];
