/** Realistic snowflakes (timestamp-based, 18-19 digits), from an injectable clock. */
const DISCORD_EPOCH = 1_420_070_400_000n;

export class Snowflakes {
  private sequence = 0;

  constructor(private readonly now: () => number) {}

  next(): string {
    const ms = BigInt(this.now()) - DISCORD_EPOCH;
    this.sequence = (this.sequence + 1) & 0xfff;
    return ((ms << 22n) | (1n << 17n) | BigInt(this.sequence)).toString();
  }
}
