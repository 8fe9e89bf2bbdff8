/** The one assertion every error test makes: status, code, problem+json, request id, and the problem schema. */
import { expect } from 'chai';
import { createSchemaRegistry } from '../../schemas/index.js';
import type { JsonResponse } from './service.js';

const schemas = createSchemaRegistry();

export function expectProblem(res: JsonResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(res.body.code).to.equal(code);
  expect(res.body.request_id).to.equal(res.headers.get('x-request-id'));
  expect(schemas.validateResponse('problem', res.body), JSON.stringify(res.body)).to.equal(null);
}
