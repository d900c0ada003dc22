import { EnvelopeSchema } from '@kaijiang/domain';
import { Type } from 'typebox';
import { GuardedErrors } from '../../schemas/common.ts';

export const BASE = '/app-api/admin';
export const Errors = GuardedErrors;
export const Done = { 200: EnvelopeSchema(Type.Boolean()), ...Errors };
export const noXsrf = { xsrf: false } as const;
export const tags = ['admin'];
