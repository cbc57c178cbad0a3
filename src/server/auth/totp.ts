import { generateSecret, generateURI, verify } from 'otplib';

export const MFA_ISSUER = 'ACC Casino';
const STEP_SECONDS = 30;

export const newMfaKey = (): string => generateSecret();

export const mfaUri = (userName: string, key: string): string =>
  generateURI({ issuer: MFA_ISSUER, label: userName, secret: key, period: STEP_SECONDS });

/**
 * Checks a six-digit code with one step of drift either way; answers the matched time step so the
 * caller can record it and refuse that step (and every earlier one) next time.
 */
export async function checkTotp(key: string, code: string, lastStep: number | null): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret: key,
      token: code,
      period: STEP_SECONDS,
      epochTolerance: STEP_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    // The functional API's result type also covers HOTP, whose valid result has no time step.
    if (!result.valid || !('timeStep' in result) || typeof result.timeStep !== 'number') return null;
    return result.timeStep;
  } catch {
    return null;
  }
}
