import { EnvelopeSchema, ErrorEnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { Id } from './schemas.ts';

export const BASE = '/app-api/admin';
export const Errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
};
export const IdParams = Type.Object({ id: Id });
export const Done = { 200: EnvelopeSchema(Type.Boolean()), ...Errors };
export const noXsrf = { xsrf: false } as const;
export const tags = ['admin'];
