import { Ajv, type ErrorObject } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Bodies are validated strictly (a number where a string belongs is refused, never coerced);
 * path and query parameters arrive as text, so they are coerced to the declared types.
 */
const strict = new Ajv({ allErrors: false, coerceTypes: false, useDefaults: true, strict: false });
const coercing = new Ajv({ allErrors: false, coerceTypes: true, useDefaults: true, strict: false });

/** Compiles one part of a route's schema now (schema-compilers.ts defers it to the route's first request). */
export const compileValidator = ({ schema, httpPart }: Parameters<FastifySchemaCompiler<object>>[0]) =>
  (httpPart === 'body' ? strict : coercing).compile(schema);

const typeNames: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
};

/** Turns one schema violation into a sentence a person can act on, naming the field. */
export function describeValidationError(error: ErrorObject, part: string): string {
  const location = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = location || (part === 'body' ? 'The request body' : `The ${part}`);
  switch (error.keyword) {
    case 'required':
      return `${location ? `${location}.` : ''}${String(error.params.missingProperty)} is required.`;
    case 'type':
      return `${where} must be ${typeNames[String(error.params.type)] ?? String(error.params.type)}.`;
    case 'minimum':
    case 'maximum':
      return `${where} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(error.params.limit)}.`;
    case 'maxLength':
      return `${where} must be at most ${String(error.params.limit)} characters.`;
    case 'anyOf':
    case 'const':
    case 'enum':
      return `${where} has a value that is not allowed.`;
    default:
      return `${where} ${error.message ?? 'is not valid'}.`;
  }
}
