import { appendFileSync } from 'node:fs';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Every answer against the OpenAPI document (issue 31 item 9, decision 264). The document is generated from each
 * route's `schema.response`, so an answer is declared when its route's `response` holds its status (or `4xx`,
 * `default`) with its real content type: JSON unless the entry names others through `content`
 * (`textAnswer('text/csv', …)`). The API test harness records each answer the suite sees and checks it here.
 */
export type SeenAnswer = { method: string; route: string; status: number; contentType: string };

const JSON_TYPES = new Set(['application/json', 'application/problem+json']);
const baseType = (value: string) => value.split(';')[0]!.trim().toLowerCase();

/** Why this answer is not in the document, or null when it is (hidden routes and bodiless answers aside). */
export function undeclaredAnswer(schema: FastifySchema | undefined, answer: SeenAnswer): string | null {
  if (!schema || (schema as { hide?: boolean }).hide) return null;
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  const status = String(answer.status);
  const entry =
    responses[status] ?? responses[`${status[0]}xx`] ?? responses[`${status[0]}XX`] ?? responses.default;
  const where = `${answer.method} ${answer.route}`;
  if (entry === undefined) {
    return `${where} answered ${answer.status} (${baseType(answer.contentType) || 'no body'}), which its schema.response does not declare: add ${answer.status}${answer.status >= 400 ? ` (spread errorResponses(${answer.status}))` : ''}`;
  }
  const actual = baseType(answer.contentType);
  if (!actual) return null;
  const content = (entry as { content?: Record<string, unknown> }).content;
  const declared =
    content && typeof content === 'object' ? Object.keys(content).map(baseType) : ['application/json'];
  if (declared.includes(actual) || (JSON_TYPES.has(actual) && declared.some((d) => JSON_TYPES.has(d))))
    return null;
  const helper = /^(text\/|application\/(xml|json))/.test(actual) ? 'textAnswer' : 'fileAnswer';
  return `${where} answered ${answer.status} as ${actual}, but declares ${declared.join(', ')}: use ${helper}(${helper === 'textAnswer' ? `'${actual}'` : `['${actual}']`}, …)`;
}

/**
 * Records every answer of `app` (call before `ready()`); `problems()` lists the undeclared ones, each once.
 * `OPENAPI_ANSWERS_REPORT=<file>` also appends them there as JSON lines, for a whole-suite survey.
 */
export function recordAnswers(app: FastifyInstance) {
  const problems = new Map<string, SeenAnswer>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return; // not found: no route to declare it
    const answer: SeenAnswer = {
      method: request.method,
      route,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? ''),
    };
    const problem = undeclaredAnswer(request.routeOptions.schema, answer);
    if (problem && !problems.has(problem)) {
      problems.set(problem, answer);
      const file = process.env.OPENAPI_ANSWERS_REPORT;
      if (file) appendFileSync(file, `${JSON.stringify({ problem, ...answer })}\n`);
    }
  });
  return { problems: () => [...problems.keys()] };
}
