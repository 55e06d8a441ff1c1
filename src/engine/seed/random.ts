import { base, en, Faker } from '@faker-js/faker';

/*
 * Deterministic randomness for the seed. Names, companies and e-mails come from a seeded Faker;
 * the bulk rows (millions of log lines) use a small seeded PRNG drawn from that Faker, because
 * Faker's generators cost far more per call than the seed's time budget allows. Nothing here
 * touches crypto or the clock, so one seed always gives the same rows (and the same ids).
 */

const ID_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, as ids.ts

/** sfc32: fast, good enough for test data, and trivially seedable. Values in [0, 1). */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seeds: [number, number, number, number]) {
    [this.a, this.b, this.c, this.d] = seeds.map((s) => s >>> 0) as [number, number, number, number];
    // Warm up so nearby seeds diverge.
    for (let i = 0; i < 16; i++) this.next();
  }

  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Pick by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of choices) total += w;
    let r = this.next() * total;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  /** k distinct items, in the input's order. */
  sample<T>(items: readonly T[], k: number): T[] {
    if (k >= items.length) return [...items];
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(Math.floor(this.next() * items.length));
    return items.filter((_, i) => chosen.has(i));
  }

  /** A prefixed id that looks like ids.ts's newId (24 base32 chars), but reproducible. */
  id(prefix: string): string {
    let out = '';
    for (let word = 0; word < 4; word++) {
      let v = Math.floor(this.next() * 1073741824); // 30 bits = 6 chars
      for (let i = 0; i < 6; i++) {
        out += ID_ALPHABET[v & 31];
        v >>>= 5;
      }
    }
    return `${prefix}_${out}`;
  }

  /** Random token text (API keys, secrets): base62, reproducible. */
  token(length: number): string {
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let out = '';
    for (let i = 0; i < length; i++) out += chars[Math.floor(this.next() * 62)];
    return out;
  }

  /**
   * Age as a fraction of a span, denser near 0 (recent): P(age < x) = sqrt(x). With the demo's
   * 200-day span about 7% of rows fall in the last day and 39% in the last 30 days, so every time
   * filter of the dashboard has rows and recent days look busier, like a growing product.
   */
  recentFraction(): number {
    const u = this.next();
    return u * u;
  }
}

interface SeedRandom {
  faker: Faker;
  rng: Rng;
}

/** A seeded Faker and a PRNG drawn from it: same seed, same everything. */
export function createRandom(seed: number): SeedRandom {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  const words = Array.from({ length: 4 }, () => faker.number.int({ min: 1, max: 0xffffffff })) as [
    number,
    number,
    number,
    number,
  ];
  return { faker, rng: new Rng(words) };
}

/**
 * FNV-1a hash of a string: stable per-key choices for reference data (capability statuses,
 * unsupported sync types) that must not depend on the order anything is generated in.
 */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
