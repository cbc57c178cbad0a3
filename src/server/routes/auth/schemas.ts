/** JSON schemas shared by the account routes: strict bodies (no extras, no coercion, bounded strings). */

export const str = (maxLength: number, extra: Record<string, unknown> = {}) => ({ type: 'string', maxLength, ...extra }) as const;

export function body(properties: Record<string, unknown>, required: string[] = Object.keys(properties)) {
  return { type: 'object', additionalProperties: false, required, properties } as const;
}

/** Routes without a body still refuse one that carries fields. */
export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const LIMITS = {
  userName: 20,
  login: 254,
  email: 254,
  password: 128,
  mfaCode: 6,
  token: 128,
  sessionId: 64,
} as const;

export const userSchema = {
  type: 'object',
  required: ['id', 'userName', 'dateJoined', 'email', 'emailConfirmed', 'tfaEnabled'],
  properties: {
    id: { type: 'integer' },
    userName: { type: 'string' },
    dateJoined: { type: 'string' },
    email: { type: 'string' },
    emailConfirmed: { type: 'boolean' },
    tfaEnabled: { type: 'boolean' },
  },
} as const;

export const signedInSchema = {
  type: 'object',
  required: ['user', 'jwt', 'refreshToken', 'sessionId'],
  properties: { user: userSchema, jwt: { type: 'string' }, refreshToken: { type: 'string' }, sessionId: { type: 'string' } },
} as const;

export const successSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

export const mfaKeySchema = {
  type: 'object',
  required: ['mfaKey', 'uri'],
  properties: { mfaKey: { type: 'string' }, uri: { type: 'string' } },
} as const;
