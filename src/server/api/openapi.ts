import { z } from 'zod';
import { STAFF_CAPABILITIES, type StaffCapability } from '~/features/admin/capabilities';

export type HttpMethod = 'get' | 'post';

export interface EndpointDoc {
  method: HttpMethod;
  /** Path under /api-v2, e.g. `/region/index`. */
  path: string;
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Yii-style wrapper the body's fields are sent in, e.g. `BoardList` for `BoardList[price]`. */
  bodyWrapper?: string;
  response?: z.ZodType;
  /** Needs a signed-in user. */
  auth?: boolean;
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

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

const errorSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable machine-readable error code' },
    message: { type: 'string', description: 'Message in the language asked for with Accept-Language' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
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

/** The OpenAPI 3.1 document of every registered endpoint, generated from the zod schemas that validate them. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of listEndpoints()) {
    const operation: Record<string, unknown> = {
      summary: doc.summary,
      tags: [doc.tag],
      parameters: [
        {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          schema: { type: 'string', enum: ['en', 'sw', 'fr'] },
        },
        ...(doc.query ? queryParameters(doc.query) : []),
      ],
      responses: {
        '200': {
          description: 'Success',
          content: {
            'application/json': { schema: doc.response ? jsonSchema(doc.response, 'output') : { type: 'object' } },
          },
        },
        '4XX': { description: 'Client error', content: { 'application/json': { schema: errorSchema } } },
      },
    };
    if (doc.auth || doc.staff) operation.security = [{ bearer: [] }, { cookie: [] }];
    if (doc.staff)
      operation.description = `Back office: only staff whose role holds the \`${doc.staff}\` capability (${STAFF_CAPABILITIES[doc.staff].join(', ')}), past the second factor; anyone else gets 401 or 403.`;
    if (doc.body) {
      const inner = jsonSchema(doc.body, 'input');
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
    paths[doc.path] = { ...paths[doc.path], [doc.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mavuno API',
      version: '2',
      description:
        'The JSON API of the Mavuno marketplace. Bodies are form-encoded with Yii-style nested names (`BoardList[price]=5`, arrays as `x[]`) or JSON. Errors answer `{code, message, errors}`; lists answer `{items, _meta}`.',
    },
    servers: [{ url: `${serverUrl}/api-v2` }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'mavuno_session' },
      },
    },
    paths,
  };
}
