import { z } from 'zod';
import { STAFF_CAPABILITIES, type StaffCapability } from '~/features/admin/capabilities';
import { sessionCookie } from '~/server/http/session-cookie';

export type HttpMethod = 'get' | 'post';

export interface EndpointDoc {
  method: HttpMethod;
  /** Path under /api-v2, e.g. `/region/index` (Hono's `:name` for a path parameter). */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Yii-style wrapper the body's fields are sent in, e.g. `BoardList` for `BoardList[price]`. */
  bodyWrapper?: string;
  response?: z.ZodType;
  /**
   * Who may call. `true`: a signed-in user (else 401). `'optional'`: anyone; the handler is told who is signed in,
   * if anyone, and may answer them more (their own lots, their unread count). Unset: anyone, and who is signed in
   * does not matter (the handler is not told). The OpenAPI document's `security` says the same (securityOf).
   */
  auth?: boolean | 'optional';
  /**
   * A back-office call (docs/backoffice.md "Roles"): needs a staff member whose role holds this capability (else 403)
   * and whose session has passed the second factor and is not idle (else 401 `admin.second_factor_required`).
   */
  staff?: StaffCapability;
}

const registry = new Map<string, EndpointDoc>();

/** Records an endpoint for the OpenAPI document; called by `endpoint()` so docs and validation share one schema. */
export function registerEndpoint(doc: EndpointDoc): void {
  registry.set(`${doc.method} ${doc.path}`, doc);
}

export function listEndpoints(): EndpointDoc[] {
  return [...registry.values()].sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
}

/** Where the document's shared schemas are collected while it is built: name → JSON Schema. */
type SchemaComponents = Record<string, unknown>;

const COMPONENT_REF = '#/components/schemas/';

/**
 * A zod schema as JSON Schema inside the document. zod writes what it names into the schema's own `$defs` — a
 * recursive schema (a category tree) and any schema given `.meta({ id })` — with refs `#/$defs/<id>` that mean
 * nothing once the schema sits inside an OpenAPI document; they are hoisted into `components.schemas` under
 * their id and the refs rewritten. A recursive schema without an id would be hoisted as `__schema0`, a name that
 * means nothing and that two trees would share: that is refused, as are two different schemas under one id.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: SchemaComponents): unknown {
  const { $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown> & {
    $defs?: Record<string, unknown>;
  };
  const named = (ref: string) => {
    const id = ref.slice('#/$defs/'.length);
    if (ref === '#' || !ref.startsWith('#/$defs/') || id.startsWith('__schema'))
      throw new Error(
        `A recursive schema needs a name in the OpenAPI document: give it .meta({ id: 'SomethingNode' }) (ref ${ref})`,
      );
    return `${COMPONENT_REF}${id}`;
  };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === '$ref' && typeof item === 'string' && !item.startsWith(COMPONENT_REF) ? named(item) : rewrite(item),
      ]),
    );
  };
  for (const [id, definition] of Object.entries($defs ?? {})) {
    named(`#/$defs/${id}`);
    const { $schema: _dialect, ...body } = rewrite(definition) as Record<string, unknown>;
    if (id in components && JSON.stringify(components[id]) !== JSON.stringify(body))
      throw new Error(`Two different schemas are named ${id} in the OpenAPI document (as ${io}): give one another id`);
    components[id] = body;
  }
  return rewrite(root);
}

/** Every error answer: `{code, reason, message, errors}` (docs/architecture.md "API conventions"). */
const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable machine-readable error code' },
    reason: {
      type: 'string',
      description: 'The precise reason within the code (a message key such as `offers.dates_taken`), when there is one',
    },
    message: { type: 'string', description: 'Message in the language asked for with Accept-Language' },
    errors: {
      type: 'object',
      description: 'Messages per field of the input',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    request_id: { type: 'string', description: 'Only on a server fault (5xx): the reference to quote' },
  },
};

/** The schemes `security` names: the access token of an API sign-in, or the web site's session cookie (docs/auth.md). */
function securitySchemes(cookieName: string) {
  return {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The access token of `POST /user/login` or `/user/signup` (1 hour; renewed with `POST /user/refresh`)',
    },
    cookie: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName,
      description:
        'The session cookie the web site sets when it signs in; an unsafe request carrying it must come from the site itself',
    },
  };
}

const SIGNED_IN = [{ bearer: [] }, { cookie: [] }];

/** An operation's `security`: signed in, optionally signed in (`{}` is "anonymous"), or none at all. */
function securityOf(doc: EndpointDoc) {
  if (doc.auth === true || doc.staff) return SIGNED_IN;
  if (doc.auth === 'optional') return [{}, ...SIGNED_IN];
  return [];
}

/** Hono's `/admin/deals/:id` as OpenAPI's `/admin/deals/{id}`, with the parameters it names. */
function templatePath(path: string) {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
  return { path: path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}'), names };
}

/** A stable, readable operation id from the method and path: `get /board-list/index` → `getBoardListIndex`. */
function operationIdOf(method: HttpMethod, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

function queryParameters(schema: z.ZodType, components: SchemaComponents) {
  const json = jsonSchema(schema, 'input', components) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(name.includes('[') || (property as { type?: string }).type === 'object'
      ? { style: 'deepObject', explode: true }
      : {}),
  }));
}

/**
 * The OpenAPI 3.1 document of every registered endpoint, generated from the zod schemas that validate them
 * (docs/architecture.md "API conventions": security, operation ids, hoisted schemas). `tests/api/openapi.test.ts`
 * and `npm run check:api-doc` (Redocly's lint, a typed client generated by openapi-typescript) keep it usable.
 */
export function buildOpenApiDocument(serverUrl: string) {
  const schemas: SchemaComponents = {};
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const doc of listEndpoints()) {
    const { path, names } = templatePath(doc.path);
    const operationId = operationIdOf(doc.method, doc.path);
    if (operationIds.has(operationId)) throw new Error(`Two endpoints make the operation id ${operationId}`);
    operationIds.add(operationId);
    const operation: Record<string, unknown> = {
      operationId,
      summary: doc.summary,
      tags: [doc.tag],
      security: securityOf(doc),
      parameters: [
        ...names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['en', 'sw', 'fr'] },
        },
        ...(doc.query ? queryParameters(doc.query, schemas) : []),
      ],
      responses: {
        '200': {
          description: 'Success',
          content: {
            'application/json': {
              schema: doc.response ? jsonSchema(doc.response, 'output', schemas) : { type: 'object' },
            },
          },
        },
        '4XX': { $ref: '#/components/responses/ClientError' },
      },
    };
    if (doc.staff)
      operation.description = `Back office: only staff whose role holds the \`${doc.staff}\` capability (${STAFF_CAPABILITIES[doc.staff].join(', ')}), past the second factor; anyone else gets 401 or 403.`;
    if (doc.body) {
      const inner = jsonSchema(doc.body, 'input', schemas);
      const schema = doc.bodyWrapper ? { type: 'object', properties: { [doc.bodyWrapper]: inner } } : inner;
      operation.requestBody = {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema,
            ...(doc.bodyWrapper ? { encoding: { [doc.bodyWrapper]: { style: 'deepObject', explode: true } } } : {}),
          },
          'application/json': { schema },
        },
      };
    }
    paths[path] = { ...paths[path], [doc.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mavuno API',
      version: '2',
      description:
        'The JSON API of the Mavuno marketplace. Bodies are form-encoded with Yii-style nested names (`BoardList[price]=5`, arrays as `x[]`) or JSON. Errors answer `{code, reason, message, errors}`; lists answer `{items, _meta}`. Sign in with `POST /user/login` and send `Authorization: Bearer <access_token>`.',
    },
    servers: [{ url: `${serverUrl}/api-v2` }],
    paths,
    components: {
      schemas: {
        Error: errorSchema,
        ...Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      },
      responses: {
        ClientError: {
          description:
            'Client error: bad input (400, 422), not signed in (401), refused (403), unknown (404), too many attempts (429)',
          content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}Error` } } },
        },
      },
      securitySchemes: securitySchemes(sessionCookie().name),
    },
  };
}
