import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPERATIONS, buildOpenApiDocument, routeOf, type Operation } from '@pressroom/contracts';

/*
 * Contract test: every answer the whole-stack suites receive through the harness's
 * `api()` is checked against the OpenAPI document — the status must be declared for
 * the operation, and a JSON body must match the declared schema.
 */

interface Matcher {
  operation: Operation;
  pattern: RegExp;
  params: number;
}

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: 'pressroom:problem', ...(document.components.schemas.Problem as object) });
const problemValidator = ajv.getSchema('pressroom:problem')!;
const validators = new Map<string, ValidateFunction>();

function patternOf(operation: Operation): RegExp {
  const route = routeOf(operation);
  if (route.startsWith('/^')) return new RegExp(route.slice(1, route.lastIndexOf('/')));
  return new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
}

// Literal paths win over parameterised ones (GET /pdf/presets before GET /pdf/{uid}).
const matchers: Matcher[] = OPERATIONS.map((operation) => ({
  operation,
  pattern: patternOf(operation),
  params: (operation.path.match(/\{/g) ?? []).length,
})).sort((a, b) => a.params - b.params);

function validatorFor(operation: Operation, status: number, schema: object): ValidateFunction {
  const key = `${operation.operationId} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Throws when `response` to `method path` breaks the contract. Reads a clone of JSON bodies only. */
export async function checkContract(method: string, path: string, response: Response): Promise<void> {
  // The API is also served under /v1 (the hosted service's docs use it), and express ignores a trailing slash.
  const pathname = new URL(path, 'http://x').pathname.replace(/^\/v1(?=\/)/, '').replace(/(.)\/$/, '$1');
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  // A CORS preflight and a conditional GET's 304 are HTTP's, not an operation's (docs/api.md, HTTP conventions).
  if (verb === 'options' || (verb === 'get' && response.status === 304)) return;
  const type = response.headers.get('content-type') ?? '';
  const where = `${method.toUpperCase()} ${pathname} → ${response.status}`;
  const body = async (): Promise<unknown> => (method.toUpperCase() === 'HEAD' ? undefined : JSON.parse(await response.clone().text()));
  // Like the router: the most specific path that matches decides; a method it lacks is a 405.
  const best = matchers.find((m) => m.pattern.test(pathname))?.operation.path;
  const matched = matchers.find((m) => m.operation.path === best && m.operation.method === verb);
  if (!matched) {
    // Unknown path or method, or a retired endpoint (UNDOCUMENTED_ROUTES): the only promise is a 404/405/410 problem.
    if (![404, 405, 410].includes(response.status) || !type.startsWith('application/problem+json')) {
      throw new Error(`Contract: ${where} matches no operation of the OpenAPI document (and is not a 404/405/410 problem).`);
    }
    return;
  }
  const object = document.paths[matched.operation.path]![verb];
  const declared = object.responses[String(response.status)];
  if (!declared) {
    const statuses = Object.keys(object.responses).join(', ');
    const detail = type.includes('json') ? ` ${(await response.clone().text()).slice(0, 300)}` : '';
    throw new Error(`Contract: ${where} is not a declared status of ${matched.operation.operationId} (${statuses}).${detail}`);
  }
  if (method.toUpperCase() === 'HEAD') return;
  if (type.startsWith('application/problem+json')) {
    const value = await body();
    if (!problemValidator(value)) throw new Error(`Contract: ${where} problem body: ${ajv.errorsText(problemValidator.errors)}`);
    return;
  }
  const schema = declared.content?.['application/json']?.schema;
  if (type.startsWith('application/json') && schema) {
    const validate = validatorFor(matched.operation, response.status, schema);
    const value = await body();
    if (!validate(value)) {
      throw new Error(
        `Contract: ${where} body does not match ${matched.operation.operationId}: ${ajv.errorsText(validate.errors)} ${JSON.stringify(value).slice(0, 300)}`,
      );
    }
  }
}
