import { setImmediate as nextTurn } from 'node:timers/promises';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { compileValidator } from './validation.js';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

/** Fastify reads `errors` off a validator that answered false, as it does off an Ajv function. */
type Validator = ((data: unknown) => boolean) & { errors?: ValidateFunction['errors'] };

/**
 * One answer a route serialises from a schema: the route's methods and URL, the status (`200`, `2xx`),
 * and the schema Fastify gave the serializer (test/answers.ts's entries are held to it).
 */
export interface SerializedAnswer {
  methods: string[];
  url: string;
  httpStatus: string;
  schema: unknown;
}

export interface DeferredSchemaCompilers {
  /**
   * Fastify's `schemaController` option: Sync's Ajv validators (validation.ts) and Fastify's own
   * serializers (fast-json-stringify), both compiled late. Given here rather than through
   * `setValidatorCompiler`, Fastify never loads the Ajv compiler it would otherwise build first.
   */
  schemaController: SchemaController;
  /** How many route schemas no request has needed yet. */
  readonly waiting: number;
  /**
   * Every route answer given a serializer, as Fastify declared it when the route was built: what the
   * route table alone does not tell (a test holds the Mastodon routes to declaring their answers).
   */
  readonly serializedAnswers: readonly SerializedAnswer[];
  /** Compiles every waiting schema, one per event-loop turn so that requests are answered in between. */
  compileWaiting(): Promise<void>;
}

/**
 * Route schemas compile when a request first needs them instead of while the server starts: compiling
 * every route's validators and response serializers was about a fifth of the CPU from spawn to the first
 * answer. The app compiles the rest in the background once its first answer is out (`compileWaiting`),
 * so a route's first request rarely pays for its own, and a schema that cannot compile is logged early.
 */
export function deferredSchemaCompilers(): DeferredSchemaCompilers {
  const waiting = new Set<() => unknown>();
  const serializedAnswers: SerializedAnswer[] = [];

  function onFirstUse<Compiled>(compile: () => Compiled): () => Compiled {
    let compiled: Compiled | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        waiting.delete(get);
      }
      return compiled;
    };
    waiting.add(get);
    return get;
  }

  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    const compile = SerializerSelector()(externalSchemas, options);
    return (route) => {
      const { method, url, httpStatus, schema } = route;
      // A route of several methods (`app.route({ method: ['PATCH', 'PUT'] })`) is handed its list.
      serializedAnswers.push({ methods: String(method).split(','), url, httpStatus, schema });
      const serializer = onFirstUse(() => compile(route));
      return (data) => serializer()(data);
    };
  };

  const validatorCompiler: FastifySchemaCompiler<object> = (route) => {
    const validator = onFirstUse(() => compileValidator(route));
    const validate: Validator = (data) => {
      const compiled = validator();
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    return validate;
  };

  return {
    schemaController: {
      compilersFactory: {
        // The type (from @fastify/ajv-compiler) describes Ajv's compile(schema). Fastify calls what the
        // factory returns with the route's schema definition, as it calls setValidatorCompiler's.
        buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
        buildSerializer,
      },
    },
    get waiting() {
      return waiting.size;
    },
    serializedAnswers,
    async compileWaiting() {
      for (const compile of waiting) {
        compile();
        await nextTurn();
      }
    },
  };
}
