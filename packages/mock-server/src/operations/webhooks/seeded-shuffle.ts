import type { RandomBytes } from '@glm/domain';

/**
 * Shuffles `items` in place (Fisher–Yates), drawing four random bytes per step from `random`: with a
 * seeded source the same items come out in the same order every run.
 */
export function seededShuffle<T>(items: T[], random: RandomBytes): void {
  for (let i = items.length - 1; i > 0; i--) {
    const [a = 0, b = 0, c = 0, d = 0] = random(4);
    const j = (((a << 24) | (b << 16) | (c << 8) | d) >>> 0) % (i + 1);
    const swap = items[i];
    const other = items[j];
    if (swap === undefined || other === undefined) continue;
    items[i] = other;
    items[j] = swap;
  }
}
