/**
 * Gates for driving an interleaving of the API and the workers deterministically: the service's test
 * hooks (RelayHooks, ProcessorHooks) call `at(point, job)`; a test that `hold`s that point for that
 * request id (or, for a request whose id the client does not choose, for its account id) sees it `reached` and decides when it goes on (`open`). Points nobody holds pass at once.
 */
import type { Job, ProgressMessage } from '../../domain/jobs.js';
import type { RelayHooks } from '../../api/relay.js';
import type { ProcessorHooks } from '../../workers/processor.js';

export type Point = 'beforeCharge' | 'afterCharge' | 'beforePublish' | 'settle';

export class Gate {
  private arrive!: () => void;
  private release!: () => void;
  /** Resolves when the held step is reached. */
  readonly reached = new Promise<void>((resolve) => { this.arrive = resolve; });
  /** Resolves when the test lets the step go on. */
  readonly opened = new Promise<void>((resolve) => { this.release = resolve; });
  arrived(): void { this.arrive(); }
  open(): void { this.release(); }
}

export class Gates {
  private readonly gates = new Map<string, Gate>();
  /** Which settle reasons the API went through, per request id. */
  readonly settles = new Map<string, string[]>();

  hold(point: Point, requestOrAccountId: string): Gate {
    const gate = new Gate();
    this.gates.set(`${point}|${requestOrAccountId}`, gate);
    return gate;
  }

  async at(point: Point, job: Pick<Job, 'requestId' | 'accountId'>): Promise<void> {
    const gate = this.gates.get(`${point}|${job.requestId}`) ?? this.gates.get(`${point}|${job.accountId}`);
    if (!gate) return;
    gate.arrived();
    await gate.opened;
  }

  /** Lets everything still held go on (after a test, so no job stays stuck). */
  openAll(): void {
    for (const gate of this.gates.values()) gate.open();
    this.gates.clear();
  }

  get hooks(): { relay: RelayHooks; processor: ProcessorHooks } {
    return {
      relay: {
        beforeSettle: async (job: Job, reason: string) => {
          this.settles.set(job.requestId, [...(this.settles.get(job.requestId) ?? []), reason]);
          await this.at('settle', job);
        },
      },
      processor: {
        beforeCharge: (job: Job) => this.at('beforeCharge', job),
        afterCharge: (job: Job) => this.at('afterCharge', job),
        beforePublish: (job: Job, message: ProgressMessage) => (message.kind === 'chunk' ? Promise.resolve() : this.at('beforePublish', job)),
      },
    };
  }
}
