/**
 * given/when/then for deciders: `given(decider, events).when(command).then(expectedEvents)` or
 * `.thenThrows(code)`. The state is built only through the decider's own evolve, so a test states the
 * history in events exactly as the log would hold them.
 */
import { expect } from 'chai';
import { foldEvents, type Decider } from '../../domain/decider.js';
import { DomainError, type ErrorCode } from '../../domain/error-codes.js';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface When<Event, State> {
  /** Asserts the exact events decided; returns them and the state after them. */
  then(expected: Event[]): { events: Event[]; state: State };
  /**
   * Asserts a DomainError with `code` (and, when given, `extra` members), or an error of class `type`.
   * Returns the error for further checks.
   */
  thenThrows(code: ErrorCode, extra?: Record<string, unknown>): DomainError;
  thenThrows<T extends ErrorClass>(type: T): InstanceType<T>;
}

export interface Given<Command, Event, State> {
  state: State;
  when(command: Command): When<Event, State>;
}

export function given<Command, Event, State>(decider: Decider<Command, Event, State>, events: Event[]): Given<Command, Event, State> {
  const state = foldEvents(decider, events);
  return {
    state,
    when(command) {
      const run = (): Event[] => decider.decide(command, state);
      return {
        then(expected) {
          const events = run();
          expect(events).to.deep.equal(expected);
          return { events, state: foldEvents(decider, events, state) };
        },
        thenThrows(expected: ErrorCode | ErrorClass, extra?: Record<string, unknown>) {
          let thrown: unknown;
          try {
            const events = run();
            expect.fail(`expected a throw, got events ${JSON.stringify(events)}`);
          } catch (err: unknown) {
            thrown = err;
          }
          if (typeof expected === 'string') {
            expect(thrown, String(thrown)).to.be.instanceOf(DomainError);
            const error = thrown as DomainError;
            expect(error.code).to.equal(expected);
            if (extra) expect(error.extra).to.deep.include(extra);
            return error;
          }
          expect(thrown, String(thrown)).to.be.instanceOf(expected);
          return thrown as never;
        },
      } as When<Event, State>;
    },
  };
}
