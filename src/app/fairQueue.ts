/**
 * Work shared fairly among people: at most `concurrency` tasks run at once, and when many wait the
 * next to run is the oldest task of the person whose turn it is (round robin over people, those with
 * nothing running first), so one person asking for ten reviews does not make everyone else wait
 * behind all ten.
 */
export class FairQueue {
  /** Each person's waiting tasks: started with no argument, or failed with the error given. */
  private readonly waiting = new Map<string, Array<(fail?: Error) => void>>();
  /** People with tasks waiting, in the order their turns come. */
  private readonly turns: string[] = [];
  private running = 0;
  /** Tasks running, by person. */
  private readonly runningOf = new Map<string, number>();

  private closed = false;

  constructor(
    private readonly concurrency: number,
    /** Tasks one person may have waiting (not yet running) at once; more are refused. */
    private readonly perPerson: number,
    /** Tasks that may wait in all (so the last does not wait past any answer's window). */
    private readonly total = Number.POSITIVE_INFINITY,
  ) {}

  /** Tasks waiting (not yet running), everyone's. */
  get waitingAll(): number {
    let n = 0;
    for (const list of this.waiting.values()) n += list.length;
    return n;
  }

  /** How many tasks of `person` wait (not yet running). */
  waitingOf(person: string): number {
    return this.waiting.get(person)?.length ?? 0;
  }

  /** Whether `person` may queue another task now. */
  hasRoom(person: string): boolean {
    return !this.closed && this.waitingOf(person) < this.perPerson && this.waitingAll < this.total;
  }

  /** Stops: the tasks still waiting fail with `reason` (never start); running ones finish. */
  close(reason: Error): void {
    this.closed = true;
    const dropped = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.turns.length = 0;
    for (const start of dropped) start(reason);
  }

  /** Runs `task` in its turn; its result (or error) is the promise's. Callers check hasRoom first. */
  run<T>(person: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) {
        reject(new Error('the queue is closed'));
        return;
      }
      const start = (fail?: Error) => {
        if (fail) {
          reject(fail);
          return;
        }
        this.running++;
        this.runningOf.set(person, (this.runningOf.get(person) ?? 0) + 1);
        // A task that throws before its promise fails like one that rejects.
        Promise.resolve()
          .then(task)
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
      const list = this.waiting.get(person) as Array<(fail?: Error) => void>;
      const start = list.shift() as (fail?: Error) => void;
      if (list.length > 0) this.turns.push(person);
      else this.waiting.delete(person);
      start();
    }
  }
}
