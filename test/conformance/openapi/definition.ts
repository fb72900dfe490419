/**
 * The service's own OpenAPI definitions (see SOURCES.md), loaded for the
 * validator: the public API (OpenAPI 3.0) as published, the Order-Service
 * Swagger 2.0 converted with swagger2openapi, and the routes the service
 * documents outside these files (additions.yaml). The corrections of
 * overrides.ts are applied before the validator compiles anything.
 */
import { readFileSync } from 'node:fs';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, OpenAPIValidator, type AjvCustomizer, type Operation } from 'openapi-backend';
import s2o from 'swagger2openapi';
import { parse } from 'yaml';
import { DATE_TIME, definitionFixes, withoutNulls } from './overrides.js';

const here = new URL('./', import.meta.url);
const load = (file: string): any => parse(readFileSync(new URL(file, here), 'utf8'));

/** Every definition serves its paths under `/v1` on the public hosts (see overrides.ts for the Order-Service's `basePath`). */
const API_ROOT = '/v1';

export interface Definition {
  /** File name, as in SOURCES.md. */
  file: string;
  api: OpenAPIBackend;
}

export interface Exchange {
  method: string;
  /** Full path as sent, `/v1/...`. */
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  answer: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** openapi-backend keys its validators by operationId, which the service's definitions leave out: name each `METHOD /path`. */
function nameOperations(document: any): any {
  for (const [path, item] of Object.entries<any>(document.paths ?? {})) {
    for (const method of METHODS) if (item[method]) item[method].operationId ??= `${method.toUpperCase()} ${path}`;
  }
  return document;
}

const ajvOpts = { strict: false, allErrors: true };
const customizeAjv: AjvCustomizer = (ajv) => {
  addFormats(ajv);
  ajv.addFormat('date-time', DATE_TIME);
  return ajv;
};

/**
 * The definition loaded, checked against the OpenAPI schema (`strict`) and dereferenced as openapi-backend does, with
 * a validator that compiles an operation's schemas when an exchange of it is first checked (openapi-backend's
 * `lazyCompileValidators`): compiling those of every operation up front took about 4 of the 4.7 s of CPU that loading
 * the three definitions cost, for the few dozen operations the tests reach. Not its `quick` mode, which compiles
 * lazily too but skips the document's check and dereferences another way.
 */
async function backend(file: string, document: any): Promise<Definition> {
  const definition = nameOperations(definitionFixes(file, document));
  const api = new OpenAPIBackend({ definition, apiRoot: API_ROOT, strict: true, validate: false, ajvOpts, customizeAjv });
  await api.init();
  api.validator = new OpenAPIValidator({ definition: api.definition, router: api.router, ajvOpts, customizeAjv, lazyCompileValidators: true });
  return { file, api };
}

/** The definitions in the order they are asked: the public API first, then the Order-Service, then the additions. */
export async function loadDefinitions(): Promise<Definition[]> {
  const swagger = await s2o.convertObj(load('OrderService.yaml'), { patch: true, warnOnly: true });
  const publicApi = load('violet_public_api.yaml');
  // The additions speak of the public definition's schemas and header parameters rather than restating them.
  const additions = { ...load('additions.yaml'), components: definitionFixes('violet_public_api.yaml', publicApi).components };
  return [
    await backend('violet_public_api.yaml', publicApi),
    await backend('OrderService.yaml', swagger.openapi),
    await backend('additions.yaml', additions),
  ];
}

export interface Match {
  definition: Definition;
  operation: Operation;
}

export function findOperation(definitions: Definition[], method: string, path: string): Match | undefined {
  for (const definition of definitions) {
    const operation = definition.api.router.matchOperation({ method: method.toLowerCase(), path, headers: {} });
    if (operation) return { definition, operation };
  }
  return undefined;
}

/** Problems of one request and its answer against the definition that holds its route (none = valid). */
export function problemsOf(definitions: Definition[], ex: Exchange): string[] {
  const where = `${ex.method} ${ex.path}`;
  const match = findOperation(definitions, ex.method, ex.path);
  if (!match) return [`${where}: no route in the definitions`];
  const { api } = match.definition;
  const request = { method: ex.method.toLowerCase(), path: ex.path, query: ex.query, headers: ex.headers, body: ex.body };
  const problems: string[] = [];
  const asked = api.validateRequest(request, match.operation);
  for (const e of asked.errors ?? []) problems.push(`${where} request ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  // The definitions describe only successful answers; error bodies are the interface's Error object (docs/contract.md).
  const described = Object.keys(match.operation.responses ?? {});
  if (ex.status < 300 && ![String(ex.status), '2XX', 'default'].some((s) => described.includes(s))) {
    problems.push(`${where} → ${ex.status}: the definition describes only ${described.join(', ')}`);
  } else if (ex.status < 300 && ex.status !== 204) {
    const answered = api.validateResponse(withoutNulls(ex.answer), match.operation, ex.status);
    for (const e of answered.errors ?? []) problems.push(`${where} → ${ex.status} ${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  }
  return problems.map((p) => `[${match.definition.file} ${match.operation.path}] ${p}`);
}
