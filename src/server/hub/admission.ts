import { isIP } from 'node:net';

/** Budgets for negotiations that have not connected yet (see docs/security.md, "Live hub"). */
export interface AdmissionLimits {
  /** Pending per anonymous client address (an IPv6 address counts as its /64). */
  pendingPerAddress: number;
  /** Pending per signed-in player. */
  pendingPerUser: number;
  /** All anonymous pending together; signed-in players draw on their own budget, never this one. */
  pendingAnonymous: number;
  pendingSignedIn: number;
  /** A negotiation not used to connect within this is forgotten. */
  ttlMs: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  pendingPerAddress: 20,
  pendingPerUser: 20,
  pendingAnonymous: 5000,
  pendingSignedIn: 5000,
  ttlMs: 10_000,
};

export interface Applicant {
  userId: number | null;
  address: string;
}

export interface Refusal {
  status: 429 | 503;
  code: string;
  message: string;
  retryAfterSeconds: number;
}

interface Pending<T> {
  value: T;
  owner: string;
  signedIn: boolean;
  expiresAt: number;
}

/**
 * Negotiations waiting for their WebSocket. Anonymous ones are capped per address and signed-in
 * ones per player, and each kind has its own total, so a flood of anonymous negotiations is
 * refused with 429 while players keep connecting. Entries sit in insertion order with one TTL, so
 * expiry only ever looks at the oldest ones.
 */
export class PendingNegotiations<T> {
  private readonly entries = new Map<string, Pending<T>>();
  private readonly perOwner = new Map<string, number>();
  private anonymous = 0;
  private signedIn = 0;

  constructor(private readonly limits: AdmissionLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isFinite(value) || value <= 0) throw new RangeError(`hub admission: ${name} must be a positive number`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Keeps `value` under `token`, or says why not. */
  admit(token: string, value: T, applicant: Applicant, now: number): Refusal | null {
    this.expire(now);
    const signedIn = applicant.userId !== null;
    const owner = signedIn ? `user:${applicant.userId}` : `ip:${addressBlock(applicant.address)}`;
    const retryAfterSeconds = Math.max(1, Math.ceil(this.limits.ttlMs / 1000));
    if ((this.perOwner.get(owner) ?? 0) >= (signedIn ? this.limits.pendingPerUser : this.limits.pendingPerAddress)) {
      const message = `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
      return { status: 429, code: 'too_many_requests', message, retryAfterSeconds };
    }
    if (signedIn ? this.signedIn >= this.limits.pendingSignedIn : this.anonymous >= this.limits.pendingAnonymous) {
      return { status: 503, code: 'hub_busy', message: 'Too many pending connections. Please try again shortly.', retryAfterSeconds };
    }
    this.entries.set(token, { value, owner, signedIn, expiresAt: now + this.limits.ttlMs });
    this.count(owner, signedIn, 1);
    return null;
  }

  /** Removes and answers the negotiation, if it exists and has not expired. */
  take(token: string, now: number): T | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    this.remove(token, entry);
    return entry.expiresAt < now ? undefined : entry.value;
  }

  /** Answers without removing (to check who it belongs to before taking it). */
  peek(token: string, now: number): T | undefined {
    const entry = this.entries.get(token);
    return entry === undefined || entry.expiresAt < now ? undefined : entry.value;
  }

  expire(now: number): void {
    for (const [token, entry] of this.entries) {
      if (entry.expiresAt >= now) break;
      this.remove(token, entry);
    }
  }

  clear(): void {
    this.entries.clear();
    this.perOwner.clear();
    this.anonymous = 0;
    this.signedIn = 0;
  }

  private remove(token: string, entry: Pending<T>): void {
    this.entries.delete(token);
    this.count(entry.owner, entry.signedIn, -1);
  }

  private count(owner: string, signedIn: boolean, delta: 1 | -1): void {
    const next = (this.perOwner.get(owner) ?? 0) + delta;
    if (next <= 0) this.perOwner.delete(owner);
    else this.perOwner.set(owner, next);
    if (signedIn) this.signedIn += delta;
    else this.anonymous += delta;
  }
}

/** One household or phone gets a whole IPv6 /64, so that is what one address means. */
function addressBlock(address: string): string {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address.toLowerCase();
  if (isIP(plain) !== 6) return plain;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
