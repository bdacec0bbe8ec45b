/**
 * The server's dependency rule (docs/architecture.md), as an ESLint rule of our own: it resolves each
 * relative import to the file it names and checks the layers of both ends, so a path's depth or
 * spelling cannot slip past it the way a path pattern can.
 *
 *   app → api → use-cases → read → data → platform → config.ts, clock.ts
 *
 * Nothing imports upward. Beside that: a repository imports no repository; a use case imports no
 * other resource's use case (shared steps live in use-cases/shared/); the shared steps throw domain
 * errors, never HTTP's, nor a surface's answers; a surface (api/<surface>/, use-cases/<surface>/,
 * read/views/<surface>/) imports no other surface, the shared steps import no surface, and a surface's
 * views are built only by that surface; reads, repositories and infrastructure other than
 * platform/http know nothing of HTTP; a migration imports nothing of the live code. And the use cases
 * write through one commit path (below).
 */
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../server/src');

/** Lower layers first: a file may import its own layer and any below it. */
const layers = ['base', 'platform', 'data', 'read', 'use-cases', 'api', 'app'];
const baseFiles = new Set(['config.ts', 'clock.ts']);

const isTest = (relative) => /\.test\.ts$/.test(relative) || relative.split('/')[0] === 'test';

/** Where a file under server/src sits: its layer and its path below server/src, or undefined outside. */
function locate(file) {
  const relative = path.relative(serverRoot, file).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [first] = relative.split('/');
  if (baseFiles.has(relative)) return { layer: 'base', relative };
  if (layers.includes(first)) return { layer: first, relative };
  return { layer: undefined, relative };
}

const isRepository = (relative) => /^data\/[^/]+\.repo\.ts$/.test(relative);
const isMigration = (relative) => relative.startsWith('data/migrations/');
/**
 * The steps a surface's endpoints share, which shape that surface's answers (so they are not in
 * use-cases/shared/): every other file of use-cases/<surface>/ holds one resource's endpoints.
 */
const surfaceSteps = new Set([
  'error-answers',
  'listed-people',
  'notification-answers',
  'notification-reads',
  'post-answers',
  'relationships',
  'repost-items',
  'user-answers',
]);
const resourceUseCase = (relative) => {
  const match = /^use-cases\/(?:sync|mastodon)\/([^/]+)\.ts$/.exec(relative);
  return match !== null && !surfaceSteps.has(match[1]);
};

const isSharedStep = (relative) => relative.startsWith('use-cases/shared/');
/** Where each surface words the domain's errors (use-cases/sync/, use-cases/mastodon/) and HTTP's errors. */
const isSurfaceErrorWording = (relative) =>
  relative === 'platform/http/errors.ts' || /^use-cases\/(sync|mastodon)\//.test(relative);

/**
 * The surface a file speaks for, by its folder: api/<surface>/, use-cases/<surface>/ (its endpoint
 * functions and its words for the domain's errors) and read/views/<surface>/ (its shapes).
 */
const surfaceOf = (relative) => /^(?:api|use-cases|read\/views)\/(sync|mastodon)\//.exec(relative)?.[1];
const viewsSurfaceOf = (relative) => /^read\/views\/(sync|mastodon)\//.exec(relative)?.[1];
/** Besides its own surface's folders, who may build a surface's views: the app wires Sync's live renderer. */
const mayImportViewsOf = (relative, surface) =>
  surfaceOf(relative) === surface || (surface === 'sync' && relative.startsWith('app/'));

/** Reads, repositories and infrastructure other than platform/http/ know nothing of HTTP. */
const knowsNoHttp = (file) =>
  file.layer === 'read' ||
  file.layer === 'data' ||
  (file.layer === 'platform' && !file.relative.startsWith('platform/http/'));

function violation(from, to) {
  if (isMigration(from.relative)) {
    return 'A migration imports nothing of the live code: it must run the same way forever, whatever the code becomes. Copy what it needs into it.';
  }
  if (from.layer === undefined || to.layer === undefined) {
    const which = from.layer === undefined ? from.relative : to.relative;
    return `${which} is in no layer: put it in app/, api/, use-cases/, read/, data/ or platform/ (docs/architecture.md).`;
  }
  if (layers.indexOf(to.layer) > layers.indexOf(from.layer)) {
    return `The ${from.layer} layer must not import the ${to.layer} layer (${to.relative}): dependencies point down, app → api → use-cases → read → data → platform. Move the shared part down, or have the upper layer pass it in.`;
  }
  if (isRepository(from.relative) && isRepository(to.relative)) {
    return `A repository imports no repository (${to.relative}): each owns its tables. Let the use case call both.`;
  }
  if (from.layer === 'use-cases' && resourceUseCase(to.relative) && from.relative !== to.relative) {
    return `A use case imports no other resource's use case (${to.relative}): move the shared step to use-cases/shared/, or among the surface's own steps if it shapes the surface's answers.`;
  }
  if (isSharedStep(from.relative) && isSurfaceErrorWording(to.relative)) {
    return `The shared steps speak no surface's status codes or words (${to.relative}): throw a domain error (use-cases/shared/domain-errors.ts) and let each surface answer it (docs/decisions/122).`;
  }
  const fromSurface = surfaceOf(from.relative);
  const toSurface = surfaceOf(to.relative);
  if (fromSurface && toSurface && fromSurface !== toSurface) {
    return `A surface imports no other surface (${to.relative}): each translates the shared domain on its own (issue 39). Move what both need to use-cases/shared/ or read/.`;
  }
  if (isSharedStep(from.relative) && toSurface) {
    return `The shared steps belong to no surface (${to.relative}): return records or hydration results and let each surface shape its answer.`;
  }
  const toViews = viewsSurfaceOf(to.relative);
  if (toViews && !mayImportViewsOf(from.relative, toViews)) {
    return `read/views/${toViews}/ is ${toViews}'s own (${to.relative}): only api/${toViews}/ and use-cases/${toViews}/${toViews === 'sync' ? ' (and app/)' : ''} build its answers.`;
  }
  if (knowsNoHttp(from) && to.relative.startsWith('platform/http/')) {
    return `Only api/, use-cases/ (their errors) and platform/http/ know HTTP, not ${from.layer}/ (${to.relative}): throw or return a plain error and let the layer above map it to a status.`;
  }
  return undefined;
}

function resolveImport(importer, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const resolved = path.resolve(path.dirname(importer), specifier);
  return resolved.replace(/\.js$/, '.ts');
}

const dependencyRule = {
  meta: {
    type: 'problem',
    docs: { description: "The server's layers: app → api → use-cases → read → data → platform." },
    schema: [],
  },
  create(context) {
    const from = locate(context.filename);
    if (!from || isTest(from.relative)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      if (isMigration(from.relative) && !source.value.startsWith('.')) return;
      const target = resolveImport(context.filename, source.value);
      if (!target) return;
      const to = locate(target);
      if (!to) return;
      const message = violation(from, to);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

/**
 * The one commit path (docs/decisions/124): in the use cases, a write runs its transaction through
 * use-cases/shared/commit.ts and declares there what follows it, so none can publish a live message
 * before its change has committed, or tell a cache of a change that was rolled back, or forget either.
 * Anywhere else in use-cases/, opening a transaction, publishing, noting a change in the post cache,
 * queueing mail or moving rules', posts' and accounts' versions is refused.
 */
const commitPath =
  'go through the one commit path: commit(deps, async (trx, effects) => …) (use-cases/shared/commit.ts, docs/decisions/124)';
const onlyThroughCommit = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: `A use case opens no transaction itself: ${commitPath}.`,
  },
  {
    selector: "CallExpression[callee.property.name='publish'][callee.object.property.name='events']",
    message: `A use case publishes no live message itself: declare it with effects.publish, effects.notified or effects.counts and ${commitPath}.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^note(NewPost|EditedPost|NewComment|OwnReaction)$/]',
    message: `A use case tells the post cache through the effects it declares (effects.newPost, …): ${commitPath}.`,
  },
  {
    selector: "CallExpression[callee.name='enqueueMail']",
    message: `A use case queues mail with effects.mail, in its change's transaction: ${commitPath}.`,
  },
  {
    selector:
      'CallExpression:matches([callee.name=/^bump(Rules|Account)?Versions$/], [callee.property.name=/^bump(Rules|Account)?Versions$/])',
    message: `A use case moves rules' versions with effects.rulesChanged (which also tells every process), posts' with effects.postsChanged and accounts' with effects.accountChanged: ${commitPath}.`,
  },
];

export const serverLayers = [
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'sync-server': { rules: { layers: dependencyRule } } },
    rules: { 'sync-server/layers': 'error' },
  },
  {
    files: ['server/src/use-cases/**/*.ts'],
    ignores: ['server/src/use-cases/shared/commit.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...onlyThroughCommit] },
  },
];
