/**
 * The decider shape every aggregate follows: `decide` turns a command and the current state into the
 * events to append (or throws a typed domain error); `evolve` folds one event into the state. Both are
 * pure, so the same events always give the same state and a decision can be replayed in a test.
 */
export interface Decider<Command, Event, State> {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
}

/** Folds events into a state, starting from `from` (default: the decider's initial state). */
export function foldEvents<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  events: Iterable<Event>,
  from: State = decider.initialState(),
): State {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

/** Compile-time exhaustiveness for `switch` over a tagged union. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
