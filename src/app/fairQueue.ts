/**
 * Work shared fairly among people: at most `concurrency` tasks run at once, and when many wait the
 * next to run is the oldest task of the person whose turn it is (round robin over people, those with
 * nothing running first), so one person asking for ten reviews does not make everyone else wait
 * behind all ten.
 */
export class FairQueue {
  private readonly waiting = new Map<string, Array<() => void>>();
  /** People with tasks waiting, in the order their turns come. */
  private readonly turns: string[] = [];
  private running = 0;
  /** Tasks running, by person. */
  private readonly runningOf = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    /** Tasks one person may have waiting (not yet running) at once; more are refused. */
    private readonly perPerson: number,
  ) {}

  /** How many tasks of `person` wait (not yet running). */
  waitingOf(person: string): number {
    return this.waiting.get(person)?.length ?? 0;
  }

  /** Whether `person` may queue another task now. */
  hasRoom(person: string): boolean {
    return this.waitingOf(person) < this.perPerson;
  }

  /** Runs `task` in its turn; its result (or error) is the promise's. Callers check hasRoom first. */
  run<T>(person: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.runningOf.set(person, (this.runningOf.get(person) ?? 0) + 1);
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            const left = (this.runningOf.get(person) ?? 1) - 1;
            if (left > 0) this.runningOf.set(person, left);
            else this.runningOf.delete(person);
            // Just served: behind everyone else who waits.
            const at = this.turns.indexOf(person);
            if (at >= 0) this.turns.push(...this.turns.splice(at, 1));
            this.next();
          });
      };
      const list = this.waiting.get(person);
      if (list) list.push(start);
      else {
        this.waiting.set(person, [start]);
        this.turns.push(person);
      }
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.concurrency && this.turns.length > 0) {
      // The first in turn with nothing running yet; else the first in turn.
      const idle = this.turns.findIndex((p) => !this.runningOf.has(p));
      const person = this.turns.splice(Math.max(idle, 0), 1)[0] as string;
      const list = this.waiting.get(person) as Array<() => void>;
      const start = list.shift() as () => void;
      if (list.length > 0) this.turns.push(person);
      else this.waiting.delete(person);
      start();
    }
  }
}
