/**
 * The web client's layers (docs/architecture.md, decision 040), as flat-config objects for
 * eslint.config.js:
 *
 *   app/ → features/<name>/ → entities/<name>/ → components/, lib/
 *
 * - components/ and lib/ are shared: they import no entity, feature or app code;
 * - entities/ (the caches features share) import no feature and not the app;
 * - a feature imports no other feature and not the app;
 * - app/ (router, layout, route screens) may import anything: it composes the features.
 *
 * Core `no-restricted-imports` checks `import`, `import type` and `export … from`; the same patterns
 * are applied to dynamic `import('…')` through `no-restricted-syntax`. The client's imports are
 * relative, so the patterns read the path's folders: one config object per depth of a file inside its
 * feature says how many `../` leave the feature's folder. Cycles between files or folders are
 * `scripts/check-imports.mjs`'s to find.
 */

const SEE = '(docs/architecture.md)';

const FEATURE = `A feature must not import another feature: move the shared part to entities/ or let app/ compose them ${SEE}.`;
const features = (message) => ({ regex: '(^|/)features(/|$)', message });
const app = (who) => ({
  regex: '(^|/)app(/|$)',
  message: `${who} must not import the app (app/): the app composes the layers below it, not the other way round ${SEE}.`,
});

/** Both rules with the same patterns: static imports and re-exports, then `import('…')`. */
function restrict(files, patterns) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns }],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(({ regex, message }) => ({
          // esquery's /regex/ may hold no slash: spell it \x2F.
          selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\x2F')}/]`,
          message,
        })),
      ],
    },
  };
}

/** How deep below `features/<name>/` the feature rules reach; deeper files fail the lint (see below). */
const FEATURE_DEPTH = 6;

/**
 * A file `depth` folders below `features/<name>/` leaves its feature's folder with `depth + 1` times
 * `../`, and the next folder is another feature (a path out of its own feature and back in is
 * flagged as well: it has no reason to exist). Climbing higher, back down into features/, is caught
 * by the folder's name.
 */
function featureRules(depth) {
  return restrict(
    [`web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    [
      { regex: `^(\\.\\./){${depth + 1}}(?!\\.\\.(/|$))[^/]`, message: FEATURE },
      features(FEATURE),
      app('A feature'),
    ],
  );
}

export const webLayers = [
  restrict(
    ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
    [
      {
        regex: '(^|/)entities(/|$)',
        message: `Shared code (components/, lib/) must not import entities/: it knows nothing of the app's caches; pass what it needs in as props or arguments ${SEE}.`,
      },
      features(
        `Shared code (components/, lib/) must not import a feature: pass what it needs in as props or arguments ${SEE}.`,
      ),
      app('Shared code (components/, lib/)'),
    ],
  ),
  restrict(
    ['web/src/entities/**/*.{ts,tsx}'],
    [
      features(
        `An entity (entities/) must not import a feature: features use entities, not the other way round; move the shared part into the entity ${SEE}.`,
      ),
      app('An entity (entities/)'),
    ],
  ),
  ...Array.from({ length: FEATURE_DEPTH + 1 }, (_, depth) => featureRules(depth)),
  {
    // A feature's folders deeper than the rules above would go unchecked: keep them shallower.
    files: [`web/src/features/*/${'*/'.repeat(FEATURE_DEPTH + 1)}**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: `eslint/web-layers.js checks feature files at most ${FEATURE_DEPTH} folders below features/<name>/: keep this one shallower or raise FEATURE_DEPTH.`,
        },
      ],
    },
  },
];
